//! `surakarta-server --check-health`: the container's health check (deploy/Containerfile),
//! the binary asking a running server for `GET /api/health`, since the image has no curl.

mod common;

use common::*;
use std::process::{Command, Output};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The binary run as the health check against `listen`.
async fn check(listen: String) -> Output {
    tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_surakarta-server"))
            .args(["--listen", &listen, "--check-health"])
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_running_server_is_healthy_and_nothing_else_is() {
    let server = Server::start().await;
    let healthy = check(server.addr.to_string()).await;
    assert!(healthy.status.success(), "{healthy:?}");
    let said = String::from_utf8_lossy(&healthy.stdout);
    assert!(
        said.contains("healthy") && said.contains("\"ok\""),
        "{said}"
    );
    // The address the server listens on in a container, 0.0.0.0: asked on the loopback.
    let port = server.addr.port();
    assert!(check(format!("0.0.0.0:{port}")).await.status.success());

    // Nobody listening: unhealthy, with the reason.
    drop(server);
    let port = free_port();
    let nobody = check(format!("127.0.0.1:{port}")).await;
    assert_eq!(nobody.status.code(), Some(1), "{nobody:?}");
    assert!(!nobody.stderr.is_empty());

    // A server whose store fails answers 503: unhealthy too.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (mut tcp, _) = listener.accept().await.unwrap();
        // The whole request head first: a socket closed with unread bytes is reset, and
        // the client would read the reset instead of the answer.
        let mut head = Vec::new();
        let mut chunk = [0; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            match tcp.read(&mut chunk).await {
                Ok(0) | Err(_) => break,
                Ok(n) => head.extend_from_slice(&chunk[..n]),
            }
        }
        let body = r#"{"error":"the server cannot reach its store just now","code":"unavailable"}"#;
        let answer = format!(
            "HTTP/1.1 503 Service Unavailable\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        tcp.write_all(answer.as_bytes()).await.unwrap();
        let _ = tcp.shutdown().await;
        // Until the client has read the answer and closed its end.
        let _ = tcp.read(&mut chunk).await;
    });
    let failing = check(addr.to_string()).await;
    assert_eq!(failing.status.code(), Some(1), "{failing:?}");
    assert!(String::from_utf8_lossy(&failing.stderr).contains("503"));
}
