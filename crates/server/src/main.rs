//! `surakarta-server`: the online game server (docs/online.md).

use clap::Parser;
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use surakarta_server::hub::Timing;
use surakarta_server::limits::Limits;
use surakarta_server::{Config, StoreChoice};

/// Serves the web build and the online game API.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The SQLite file games are kept in (created if missing).
    #[arg(long, default_value = "games.sqlite")]
    db: PathBuf,
    /// Keep games in Redis instead, shared with other instances: redis://host:port/db.
    #[arg(long)]
    store: Option<String>,
    /// The web build's folder (web/build.sh's output), served at /.
    #[arg(long)]
    web: Option<PathBuf>,
    /// Delete a game after this many seconds without a move or any other event (and
    /// nobody connected); a game not over is first ended, a tenth of it (at least two
    /// sweeps) sooner: the side to move loses it, or, before each side has moved, it ends
    /// without a result.
    #[arg(long, default_value_t = 30 * 24 * 3600)]
    expire_after: u64,
    /// How often, in seconds, unfinished games are ended and expired ones deleted.
    #[arg(long, default_value_t = 600)]
    sweep_every: u64,
    /// Largest message a connection may send, in bytes.
    #[arg(long, default_value_t = Limits::default().message_bytes)]
    max_message_bytes: usize,
    /// Messages a connection may send per second, on average.
    #[arg(long, default_value_t = Limits::default().messages_per_second)]
    messages_per_second: f64,
    /// Messages a connection may send at once.
    #[arg(long, default_value_t = Limits::default().message_burst)]
    message_burst: f64,
    /// WebSocket connections one address may hold open.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    connections_per_address: usize,
    /// Games one address may create at once...
    #[arg(long, default_value_t = Limits::default().games_burst)]
    games_burst: f64,
    /// ...and then per minute.
    #[arg(long, default_value_t = Limits::default().games_per_minute)]
    games_per_minute: f64,
    /// Watchers one game takes.
    #[arg(long, default_value_t = Limits::default().watchers_per_game)]
    watchers_per_game: usize,
    /// Game states (GET /api/games/ID) one address may read at once...
    #[arg(long, default_value_t = Limits::default().reads_burst)]
    reads_burst: f64,
    /// ...and then per second.
    #[arg(long, default_value_t = Limits::default().reads_per_second)]
    reads_per_second: f64,
    /// Behind a proxy: the client's address is the last X-Forwarded-For entry.
    #[arg(long)]
    trust_forwarded_for: bool,
    /// Seconds a request's head or body may take to arrive, and a kept-alive connection
    /// may stay silent between requests.
    #[arg(long, default_value_t = 10)]
    request_timeout: u64,
    /// Seconds each side may take over its first move in a live game before the game is
    /// aborted.
    #[arg(long, default_value_t = 30)]
    first_move_within: u64,
    /// Seconds a player of a live game must be away before the other may claim it.
    #[arg(long, default_value_t = 30)]
    claim_after: u64,
    /// The same in a game without a time limit.
    #[arg(long, default_value_t = 300)]
    claim_after_untimed: u64,
    /// Start nothing: ask the server listening at --listen for GET /api/health (an
    /// unspecified address such as 0.0.0.0 asks the loopback) and exit 0 if it answers 200
    /// within 5 s, 1 otherwise. A container's health check (deploy/Containerfile), where
    /// there is no curl.
    #[arg(long)]
    check_health: bool,
}

/// `--check-health`: one `GET /api/health` to `listen` over plain HTTP/1.1.
fn check_health(listen: SocketAddr) -> ExitCode {
    let mut addr = listen;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr.ip() {
            IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::LOCALHOST),
        });
    }
    let asked = (|| -> std::io::Result<String> {
        let limit = Duration::from_secs(5);
        let mut stream = TcpStream::connect_timeout(&addr, limit)?;
        stream.set_read_timeout(Some(limit))?;
        stream.set_write_timeout(Some(limit))?;
        write!(
            stream,
            "GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )?;
        let mut answer = Vec::new();
        // The answer is a few dozen bytes: more is not a health answer.
        stream.take(64 * 1024).read_to_end(&mut answer)?;
        Ok(String::from_utf8_lossy(&answer).into_owned())
    })();
    match asked {
        Ok(answer) => {
            let status = answer.lines().next().unwrap_or_default();
            let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
            if status.split(' ').nth(1) == Some("200") {
                println!("{addr}: healthy {}", body.trim());
                ExitCode::SUCCESS
            } else {
                eprintln!("{addr}: {status} {}", body.trim());
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("{addr}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "surakarta_server=info".into()),
        )
        .init();
    let args = Args::parse();
    if args.check_health {
        return check_health(args.listen);
    }
    let store = match args.store {
        Some(url) if url.starts_with("redis://") || url.starts_with("rediss://") => {
            StoreChoice::Redis(url)
        }
        Some(other) => {
            eprintln!("--store {other:?}: give a redis:// address, or --db for a SQLite file");
            return ExitCode::from(2);
        }
        None => StoreChoice::Sqlite(args.db),
    };
    if let Some(web) = &args.web
        && !web.is_dir()
    {
        eprintln!(
            "--web {}: not a folder (build it with web/build.sh)",
            web.display()
        );
        return ExitCode::from(2);
    }
    // Every connection is a file descriptor: the soft limit goes up to the hard one, and
    // the server holds that many connections less those kept for its own files.
    let nofile = match surakarta_server::limits::raise_nofile() {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!("reading the limit on open files: {e}");
            1024
        }
    };
    let connections = surakarta_server::limits::connection_cap(nofile);
    tracing::info!("open files: {nofile}; connections held at most: {connections}");
    let config = Config {
        store,
        web: args.web,
        limits: Limits {
            message_bytes: args.max_message_bytes,
            messages_per_second: args.messages_per_second,
            message_burst: args.message_burst,
            connections_per_address: args.connections_per_address,
            games_burst: args.games_burst,
            games_per_minute: args.games_per_minute,
            connections,
            watchers_per_game: args.watchers_per_game,
            reads_burst: args.reads_burst,
            reads_per_second: args.reads_per_second,
        },
        expire_after: Duration::from_secs(args.expire_after),
        sweep_every: Duration::from_secs(args.sweep_every.max(1)),
        trust_forwarded_for: args.trust_forwarded_for,
        request_timeout: Duration::from_secs(args.request_timeout.max(1)),
        timing: Timing {
            first_move: Duration::from_secs(args.first_move_within.max(1)),
            claim_live: Duration::from_secs(args.claim_after),
            claim_untimed: Duration::from_secs(args.claim_after_untimed),
        },
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        // A longer queue of connections waiting to be accepted than the usual 1024, for
        // the moment many players reconnect at once (after a restart).
        let socket = match args.listen {
            SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
            SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
        };
        socket.set_reuseaddr(true)?;
        socket.bind(args.listen)?;
        let listener = socket.listen(4096)?;
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        surakarta_server::serve(listener, config, shutdown).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("surakarta-server: {e}");
            ExitCode::FAILURE
        }
    }
}
