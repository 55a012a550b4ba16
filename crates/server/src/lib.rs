//! The online Surakarta server: games by link, with the engine as the referee.
//!
//! One process serves the web build and the game API (docs/online.md): a player creates
//! a game and gets a seat token and an invite; whoever opens the invite takes the other
//! seat; moves go over a WebSocket, are checked by the engine, committed to the store and
//! then sent to both players and every watcher. SQLite is the store of one instance, Redis
//! the store that several instances behind a load balancer share.
#![deny(missing_docs)]

mod http;
pub mod hub;
pub mod limits;
mod rematch;
pub mod store;
pub mod table;
mod ws;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use hub::{Hub, Timing};
use limits::{Addresses, Limits};
use serde::Deserialize;
use serde_json::json;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use store::{Store, StoreError};
use surakarta_engine::Side;
use surakarta_protocol::online::{CreateGame, ErrorCode, Refusal, SeatGranted};
use table::{Event, Refused, Table, new_game_id, new_token, plausible_id, side_name, token_hash};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

/// Where games are kept.
#[derive(Clone, Debug)]
pub enum StoreChoice {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A Redis server, `redis://host:port/db`.
    Redis(String),
}

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where games are kept.
    pub store: StoreChoice,
    /// The web build's folder, served at `/` (nothing outside it is ever served).
    pub web: Option<PathBuf>,
    /// What one address or connection may do.
    pub limits: Limits,
    /// A game without an event for this long is deleted.
    pub expire_after: Duration,
    /// How often expired games are deleted and unused ones unloaded.
    pub sweep_every: Duration,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a proxy
    /// or load balancer that sets it; never when clients reach the server directly).
    pub trust_forwarded_for: bool,
    /// A request's head, and its body, must arrive whole within this; a connection
    /// silent this long between requests is closed.
    pub request_timeout: Duration,
    /// How long a first move may wait, and how long a player must be away before a claim.
    pub timing: Timing,
}

impl Config {
    /// The defaults with this store.
    pub fn new(store: StoreChoice) -> Config {
        Config {
            store,
            web: None,
            limits: Limits::default(),
            expire_after: Duration::from_secs(30 * 24 * 3600),
            sweep_every: Duration::from_secs(600),
            trust_forwarded_for: false,
            request_timeout: Duration::from_secs(10),
            timing: Timing::default(),
        }
    }
}

/// What every request shares.
pub(crate) struct App {
    hub: Arc<Hub>,
    limits: Limits,
    addresses: Arc<Addresses>,
    trust_forwarded_for: bool,
}

/// Opens the configured store.
pub async fn open_store(config: &Config) -> Result<Store, StoreError> {
    match &config.store {
        StoreChoice::Sqlite(path) => Ok(Store::Sqlite(store::sqlite::SqliteStore::open(
            path,
            config.expire_after,
        )?)),
        StoreChoice::Redis(url) => {
            let s = store::redis::RedisStore::connect(url, config.expire_after).await?;
            s.ping().await?;
            Ok(Store::Redis(s))
        }
    }
}

/// Serves on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let store = open_store(&config).await?;
    let hub = Hub::new(store.clone(), config.timing);
    // Before any game is loaded: the outage this start ends is known first.
    hub.keep_beating().await;
    if let Store::Redis(redis) = &store {
        // This instance runs: its connections count for the others while it says so.
        let (beat, instance) = (redis.clone(), hub.instance().to_owned());
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(store::redis::HEARTBEAT_LAPSES / 3);
            loop {
                tick.tick().await;
                if let Err(e) = beat.heartbeat(&instance).await {
                    tracing::warn!("heartbeat: {e}");
                }
            }
        });
        let (heard, mut queue) = tokio::sync::mpsc::channel(1024);
        redis.listen(heard);
        let hub = hub.clone();
        tokio::spawn(async move {
            // Each event is passed on by its own task: one game waiting for its lock (or
            // for Redis) holds up no other game's events.
            while let Some(message) = queue.recv().await {
                let hub = hub.clone();
                tokio::spawn(async move { hub.said(message).await });
            }
        });
    }
    {
        let hub = hub.clone();
        let (every, idle) = (config.sweep_every, config.expire_after);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            // Games idle since before this have been looked at (at the start: none has).
            let mut swept_to = store::now_secs().saturating_sub(idle.as_secs() as i64);
            loop {
                tick.tick().await;
                // A game someone is connected to never expires, however long it waits.
                if let Err(e) = hub.store().touch(hub.watched()).await {
                    tracing::warn!("marking watched games as used: {e}");
                    continue;
                }
                // A game nobody finished ends with a result before it expires, and then
                // stays as long again for its players to see how it ended.
                match conclude_idle(&hub, swept_to, ending_after(idle, every)).await {
                    Ok((to, 0)) => swept_to = to,
                    Ok((to, n)) => {
                        swept_to = to;
                        tracing::info!("{n} unfinished games ended before they expire");
                    }
                    Err(e) => {
                        tracing::warn!("ending unfinished games: {e}");
                        continue; // nothing expires before they are ended
                    }
                }
                let unused = match hub.store().expire(idle).await {
                    Ok(0) => idle.min(Duration::from_secs(300)),
                    Ok(n) => {
                        tracing::info!("{n} idle games expired");
                        // Nor answered from memory: every game nobody listens to is read
                        // again from the store when next asked for.
                        Duration::ZERO
                    }
                    Err(e) => {
                        tracing::warn!("expiring games: {e}");
                        idle.min(Duration::from_secs(300))
                    }
                };
                hub.unload_unused(unused);
            }
        });
    }
    let addresses = Arc::new(Addresses::default());
    let last = hub.clone();
    let app = router(hub, &config, addresses.clone());
    tracing::info!("listening on {}", listener.local_addr()?);
    let serving = http::Serving {
        head_timeout: config.request_timeout,
        // Behind a proxy every connection is the proxy's: WebSockets are counted per
        // forwarded address instead (ws.rs).
        per_address: (!config.trust_forwarded_for).then_some(config.limits.connections_per_address),
        addresses,
        most: config.limits.connections,
    };
    http::serve(listener, app, serving, shutdown).await;
    // The last word: a restart is then known to have begun the outage now.
    let gap = u64::try_from(hub::OUTAGE_AFTER.as_millis()).unwrap_or(u64::MAX);
    if let Err(e) = last.beat(gap).await {
        tracing::warn!("saying that this instance stops: {e}");
    }
    Ok(())
}

/// How long a game may wait for an event before it is ended as unfinished: a tenth of
/// the time after which it would expire, or two sweeps if that is more, sooner (27 days
/// of the default 30), so that it is ended while it is still stored (Redis expires its
/// keys by itself, to the second).
pub fn ending_after(expire_after: Duration, sweep_every: Duration) -> Duration {
    expire_after.saturating_sub((expire_after / 10).max(sweep_every * 2))
}

/// Ends the unfinished games whose last event lies between `from` (seconds since 1970)
/// and `idle` ago, a page at a time; returns where the next sweep begins and how many
/// were ended.
async fn conclude_idle(
    hub: &Hub,
    from: i64,
    idle: Duration,
) -> Result<(i64, u64), store::StoreError> {
    const PAGE: usize = 200;
    let to = store::now_secs().saturating_sub(idle.as_secs() as i64);
    let (mut after, mut ended) = (None, 0);
    loop {
        let page = hub.store().idle(from, to, after.take(), PAGE).await?;
        for (_, id) in &page {
            if hub.conclude(id).await? {
                ended += 1;
            }
        }
        if page.len() < PAGE {
            return Ok((to.max(from), ended));
        }
        after = page.last().cloned();
    }
}

/// The routes: the API under `/api`, the web build everywhere else. `addresses` keeps
/// the per-address counts (shared with the connection loop).
pub(crate) fn router(hub: Arc<Hub>, config: &Config, addresses: Arc<Addresses>) -> Router {
    let app = Arc::new(App {
        hub,
        limits: config.limits.clone(),
        addresses,
        trust_forwarded_for: config.trust_forwarded_for,
    });
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/{*rest}", any(no_such_api))
        .layer(DefaultBodyLimit::max(4096))
        // A body sent slowly (or a store that does not answer) holds a connection no
        // longer than a head may take.
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            config.request_timeout,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(app);
    match &config.web {
        Some(dir) => api.fallback_service(
            Router::new()
                .fallback_service(
                    ServeDir::new(dir)
                        .precompressed_br()
                        .precompressed_gzip()
                        .append_index_html_on_directories(true),
                )
                .layer(axum::middleware::map_response(web_caching))
                .layer(axum::middleware::from_fn_with_state(
                    Arc::new(std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone())),
                    inside_web,
                )),
        ),
        None => api.fallback(|| async { error(StatusCode::NOT_FOUND, "nothing here") }),
    }
}

/// Refuses (404) a request for a file of the web build that is a symbolic link, or lies
/// under one, to anything outside the folder: `ServeDir` refuses `..` and other escapes in
/// the address, but follows links, and nothing outside the folder is ever served. Each
/// file `ServeDir` may open for the address is looked at (the file, its `.br` and `.gz`
/// beside it, and a folder's `index.html` with both).
async fn inside_web(
    State(root): State<Arc<PathBuf>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let Some(path) = web_path(&root, request.uri().path()) else {
        return next.run(request).await; // ServeDir refuses it itself
    };
    let index = path.join("index.html");
    let mut candidates = Vec::with_capacity(6);
    for base in [&path, &index] {
        candidates.push(base.clone());
        for extension in [".br", ".gz"] {
            let mut name = base.clone().into_os_string();
            name.push(extension);
            candidates.push(PathBuf::from(name));
        }
    }
    for candidate in candidates {
        if let Ok(real) = tokio::fs::canonicalize(&candidate).await
            && !real.starts_with(root.as_path())
        {
            tracing::warn!(
                "{}: a link out of the web folder, not served",
                path.display()
            );
            return error(StatusCode::NOT_FOUND, "nothing here");
        }
    }
    next.run(request).await
}

/// The file an address names under `root`, percent-decoded as `ServeDir` reads it; `None`
/// for an address `ServeDir` refuses anyway (`..`, backslashes, NUL, bad UTF-8).
fn web_path(root: &std::path::Path, address: &str) -> Option<PathBuf> {
    let mut bytes = Vec::with_capacity(address.len());
    let mut raw = address.bytes();
    while let Some(b) = raw.next() {
        if b == b'%' {
            let hex = [raw.next()?, raw.next()?];
            let hex = std::str::from_utf8(&hex).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
        } else {
            bytes.push(b);
        }
    }
    let decoded = String::from_utf8(bytes).ok()?;
    let mut path = root.to_path_buf();
    for part in decoded.split('/') {
        if part == ".." || part.contains('\\') || part.contains('\0') {
            return None;
        }
        if !part.is_empty() && part != "." {
            path.push(part);
        }
    }
    Some(path)
}

/// How the web build's files may be kept (docs/web.md, "Serving it"). A file whose name
/// carries its content's hash (web/build.sh: `surakarta_bg.0123456789abcdef.wasm`) never
/// changes under that name: kept a year without asking again. Everything else (the page,
/// `sw.js`, the manifest, the icons and sounds) is asked for again each time and answered
/// 304 Not Modified when unchanged, so a new build reaches the next visit. Each answer may
/// be brotli, gzip or plain by the request's Accept-Encoding, which `Vary` tells shared
/// caches.
async fn web_caching(uri: axum::http::Uri, mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    let status = response.status();
    let keep = if !(status.is_success() || status == StatusCode::NOT_MODIFIED) {
        "no-store"
    } else if content_hashed(uri.path()) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(keep));
    response
}

/// True for a file name with a part of exactly 16 lowercase hexadecimal digits between
/// dots: web/build.sh's content hash.
fn content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() >= 3
        && parts[1..parts.len() - 1].iter().any(|p| {
            p.len() == 16
                && p.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
}

pub(crate) fn error(status: StatusCode, message: impl Into<String>) -> Response {
    let message: String = message.into();
    let code = match status {
        StatusCode::BAD_REQUEST => ErrorCode::BadRequest,
        StatusCode::NOT_FOUND => ErrorCode::NotFound,
        StatusCode::CONFLICT => ErrorCode::Conflict,
        StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::TooLarge,
        StatusCode::TOO_MANY_REQUESTS => ErrorCode::RateLimited,
        StatusCode::SERVICE_UNAVAILABLE => ErrorCode::Unavailable,
        StatusCode::REQUEST_TIMEOUT => ErrorCode::Timeout,
        _ => ErrorCode::Other,
    };
    let body = Refusal {
        error: message,
        code: Some(code),
    };
    (status, axum::Json(body)).into_response()
}

fn store_failed(e: StoreError) -> Response {
    tracing::error!("store: {e}");
    if e.unknown() {
        let body = Refusal {
            error: "the server's store did not answer in time: what you asked may or may not have been done; read the game again before trying again".into(),
            code: Some(ErrorCode::OutcomeUnknown),
        };
        return (StatusCode::SERVICE_UNAVAILABLE, axum::Json(body)).into_response();
    }
    error(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server cannot reach its store just now; nothing changed, try again",
    )
}

/// The client's address as the limits count it ([`limits::canonical`]): the peer's, or
/// the proxy's word for it when trusted.
pub(crate) fn client_ip(
    peer: SocketAddr,
    headers: &HeaderMap,
    trust_forwarded_for: bool,
) -> IpAddr {
    if trust_forwarded_for {
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|v| v.trim().parse::<IpAddr>().ok())
            .next_back();
        if let Some(ip) = forwarded {
            return limits::canonical(ip);
        }
    }
    limits::canonical(peer.ip())
}

/// `200` when the store would take a move now (SQLite writes and commits a row: a full
/// disk fails it), `503` at once otherwise (a Redis that does not answer within 2 s too).
async fn health(State(app): State<Arc<App>>) -> Response {
    match tokio::time::timeout(Duration::from_secs(2), app.hub.store().probe()).await {
        Ok(Ok(())) => axum::Json(json!({ "status": "ok" })).into_response(),
        Ok(Err(e)) => store_failed(e),
        Err(_) => store_failed(StoreError::new("no answer within 2 s")),
    }
}

async fn no_such_api() -> Response {
    error(StatusCode::NOT_FOUND, "no such API; see docs/online.md")
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let request: CreateGame = if body.iter().all(u8::is_ascii_whitespace) {
        CreateGame::default()
    } else {
        let parsed = serde_json::from_slice::<serde_json::Value>(&body).and_then(|v| match v {
            serde_json::Value::Object(_) => serde_json::from_value(v),
            _ => Err(serde::de::Error::custom("not a JSON object")),
        });
        match parsed {
            Ok(r) => r,
            Err(e) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "the body must be {{\"ruleset\": ..., \"seat\": \"red\" | \"black\" | \"random\", \"clock\": {{\"initial\": SECONDS, \"increment\": SECONDS}} | {{\"days\": DAYS}}}}: {e}"
                    ),
                );
            }
        }
    };
    let seat = match request.seat.as_str() {
        "red" => Side::Red,
        "black" => Side::Black,
        "random" => {
            if rand::random() {
                Side::Red
            } else {
                Side::Black
            }
        }
        other => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("seat {other:?}: it is red, black or random"),
            );
        }
    };
    if let Err(Refused(why)) = Table::new(String::new(), &request.ruleset) {
        return error(StatusCode::BAD_REQUEST, why);
    }
    if let Some(Err(why)) = request.clock.map(|c| c.check()) {
        return error(StatusCode::BAD_REQUEST, why);
    }
    let ip = client_ip(peer, &headers, app.trust_forwarded_for);
    if !app.addresses.may_create(ip, &app.limits) {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            "too many games created from this address; wait a minute",
        );
    }
    let token = new_token();
    let events: Vec<Event> = request
        .clock
        .map(Event::Clock)
        .into_iter()
        .chain([Event::Seat(seat, token_hash(&token))])
        .collect();
    let first_move = u64::try_from(app.hub.timing().first_move.as_millis()).unwrap_or(u64::MAX);
    for _ in 0..8 {
        let Ok(mut table) = Table::new(new_game_id(), &request.ruleset) else {
            break;
        };
        table.first_move_ms(first_move);
        let now = table::clock::now_ms();
        if events.iter().any(|e| table.apply_at(e, Some(now)).is_err()) {
            break;
        }
        match app.hub.create(&table, &events, now).await {
            Ok(true) => {
                tracing::info!(game = %table.id, ruleset = %table.ruleset, "game created");
                let body = SeatGranted {
                    id: Some(table.id.clone()),
                    seat: side_name(seat).into(),
                    token,
                    invite: Some(format!("/?join={}", table.id)),
                };
                return (StatusCode::CREATED, axum::Json(body)).into_response();
            }
            Ok(false) => continue, // the id was taken: draw another
            Err(e) => return store_failed(e),
        }
    }
    error(StatusCode::INTERNAL_SERVER_ERROR, "could not create a game")
}

async fn show(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let ip = client_ip(peer, &headers, app.trust_forwarded_for);
    if !app.addresses.may_read(ip, &app.limits) {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            "too many games read from this address; wait a moment (a game's socket sends every change)",
        );
    }
    match find(&app, &id).await {
        Ok(cell) => (
            [(header::CONTENT_TYPE, "application/json")],
            cell.state().await.body.to_string(),
        )
            .into_response(),
        Err(r) => r,
    }
}

async fn find(app: &App, id: &str) -> Result<Arc<hub::Cell>, Response> {
    if !plausible_id(id) {
        return Err(error(StatusCode::NOT_FOUND, "no such game"));
    }
    match app.hub.get(id).await {
        Ok(Some(cell)) => Ok(cell),
        Ok(None) => Err(error(StatusCode::NOT_FOUND, "no such game")),
        Err(e) => Err(store_failed(e)),
    }
}

async fn join(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let cell = match find(&app, &id).await {
        Ok(cell) => cell,
        Err(r) => return r,
    };
    let token = new_token();
    let hash = token_hash(&token);
    let taken = app
        .hub
        .act(&cell, |t| match t.free_seat() {
            Some(side) => Ok(Event::Seat(side, hash)),
            None => Err(Refused("both seats are taken".into())),
        })
        .await;
    match taken {
        Ok(event) => {
            let seat = match event {
                Event::Seat(side, _) => side_name(side),
                _ => "",
            };
            tracing::info!(game = %id, seat, "seat taken");
            let seat = seat.into();
            axum::Json(SeatGranted {
                id: None,
                seat,
                token,
                invite: None,
            })
            .into_response()
        }
        Err(hub::ActError::Refused(Refused(why))) => error(StatusCode::CONFLICT, why),
        Err(hub::ActError::Gone) => error(StatusCode::NOT_FOUND, "no such game"),
        Err(hub::ActError::Store(e)) => store_failed(e),
    }
}

/// The WebSocket's query: a seat token there is refused (it goes in `hello`).
#[derive(Deserialize)]
pub(crate) struct WsQuery {
    token: Option<String>,
}
