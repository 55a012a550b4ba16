//! The HTTP/1.1 server loop: each accepted connection served by hyper with timeouts.
//!
//! `axum::serve` serves connections with hyper's defaults and no timer, so a client that
//! sends half a request head, or holds a keep-alive connection open and silent, keeps it
//! for as long as it likes; a few thousand such connections take every file descriptor
//! and the server refuses everyone. Here, as axum's documentation suggests for servers
//! that need the settings, hyper's own HTTP/1 builder serves each connection, with a timer:
//!
//! - a request head (the first one, and each next one on a kept-alive connection) must
//!   arrive whole within `head_timeout`, or the connection is closed: slow heads and idle
//!   keep-alive connections end there;
//! - a request head is at most [`HEAD_BYTES`] (answered 431 beyond);
//! - a request body must arrive within the same time (the API's bodies are under 4 KiB),
//!   or the request is answered 408 (see [`crate::router`]);
//! - one address holds at most `connections_per_address` connections of any kind
//!   (HTTP and WebSocket); behind a trusted proxy every connection comes from the proxy,
//!   so only WebSockets are counted, per forwarded address, as before.
//!
//! - the server holds at most `most` connections at once (the descriptor limit less those
//!   it keeps for itself, `limits::connection_cap`); one more is answered 503 and closed.
//!
//! A WebSocket, once upgraded, leaves hyper and keeps its own pings and silence limit
//! (`ws.rs`).

use crate::error;
use crate::limits::{Addresses, HEAD_BYTES, Slot, canonical};
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::StatusCode;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// A connection's place in its address's count, in each of its requests: a WebSocket
/// keeps it once upgraded (the upgraded connection outlives hyper's part of it).
/// It carries the connection's place in the server's count as well.
#[derive(Clone)]
pub(crate) struct Held(pub Option<Arc<Slot>>, pub Arc<Open>);

/// How connections are served.
pub(crate) struct Serving {
    /// A request head (or body) must arrive whole within this.
    pub head_timeout: Duration,
    /// Connections one address may hold open; `None`: not counted here (behind a proxy).
    pub per_address: Option<usize>,
    /// Where the per-address counts are kept.
    pub addresses: Arc<Addresses>,
    /// Connections held at once, of every address; one more is answered 503.
    pub most: usize,
}

/// Connections being answered 503 at once, at most: each holds a descriptor for up to two
/// seconds, out of the [`crate::limits::FDS_KEPT`]; beyond, a connection is closed unanswered.
const REFUSING_AT_MOST: usize = crate::limits::FDS_KEPT / 2;

/// One of the connections the server holds; given back when dropped. A WebSocket keeps
/// it once upgraded, as it keeps its [`Held`] slot.
pub(crate) struct Open(Arc<AtomicUsize>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Counts one more in `count`, unless it holds `most` already.
fn open(count: &Arc<AtomicUsize>, most: usize) -> Option<Open> {
    count
        .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < most).then_some(n + 1)
        })
        .ok()
        .map(|_| Open(count.clone()))
}

/// Serves `router` on `listener` until `shutdown` completes, then lets each connection
/// finish its request (at most a few seconds).
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    serving: Serving,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let (closing, closed) = tokio::sync::watch::channel(());
    let (held, refusing) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    if !connection_error(&e) {
                        // Out of file descriptors, most likely: wait for some to be freed
                        // rather than spin.
                        tracing::warn!("accepting a connection: {e}");
                        tokio::time::sleep(Duration::from_millis(250)).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let head_timeout = serving.head_timeout;
        let Some(open_one) = open(&held, serving.most) else {
            // Full: "busy" (503) while descriptors last, before `accept` runs out of them.
            if let Some(refusal) = open(&refusing, REFUSING_AT_MOST) {
                tokio::spawn(async move {
                    let _refusal = refusal;
                    refuse(
                        tcp,
                        head_timeout,
                        StatusCode::SERVICE_UNAVAILABLE,
                        "the server is full just now; try again in a moment",
                    )
                    .await;
                });
            }
            continue;
        };
        let slot = match serving.per_address {
            None => None,
            Some(most) => match serving.addresses.connect(canonical(peer.ip()), most) {
                Some(slot) => Some(slot),
                None => {
                    tokio::spawn(refuse(
                        tcp,
                        serving.head_timeout,
                        StatusCode::TOO_MANY_REQUESTS,
                        "too many connections from this address",
                    ));
                    continue;
                }
            },
        };
        // Moves are small messages that must go at once: without TCP_NODELAY, Nagle's
        // algorithm and the peer's delayed ACK hold one back for up to 40 ms.
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY: {e}");
        }
        let slot = slot.map(Arc::new);
        let held = slot.clone();
        let open_one = Arc::new(open_one);
        let counted = open_one.clone();
        let service =
            router
                .clone()
                .map_request(move |mut request: axum::http::Request<Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(peer));
                    request
                        .extensions_mut()
                        .insert(Held(held.clone(), counted.clone()));
                    request.map(Body::new)
                });
        let mut closed = closed.clone();
        tokio::spawn(async move {
            let (_slot, _open) = (slot, open_one);
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(head_timeout)
                .max_buf_size(HEAD_BYTES)
                .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
                .with_upgrades();
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(e) = result {
                        tracing::trace!("connection from {peer}: {e}");
                    }
                }
                _ = closed.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(Duration::from_secs(5), connection).await;
                }
            }
        });
    }
    drop(closed);
    // Tell every connection, then wait (briefly) for them to answer what they are serving.
    let _ = closing.send(());
    let _ = tokio::time::timeout(Duration::from_secs(5), closing.closed()).await;
}

/// Answers a connection over a limit: one `status` with `Connection: close` (a client is
/// told why rather than cut off), within the head timeout.
async fn refuse(
    tcp: tokio::net::TcpStream,
    head_timeout: Duration,
    status: StatusCode,
    why: &'static str,
) {
    let service =
        hyper::service::service_fn(move |_request: axum::http::Request<Incoming>| async move {
            let mut response = error(status, why);
            response.headers_mut().insert(
                axum::http::header::CONNECTION,
                axum::http::HeaderValue::from_static("close"),
            );
            Ok::<_, std::convert::Infallible>(response)
        });
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(head_timeout)
        .max_buf_size(HEAD_BYTES)
        .keep_alive(false)
        .serve_connection(TokioIo::new(tcp), service);
    let _ = tokio::time::timeout(head_timeout.min(Duration::from_secs(2)), connection).await;
}

/// Errors of one connection that was being accepted, not of the listener.
fn connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    )
}
