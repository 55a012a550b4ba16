//! The Redis store: games shared by several instances behind a load balancer.
//!
//! A game is two keys, `surakarta:game:{id}` (a hash: rule set, creation time) and
//! `surakarta:game:{id}:events` (a list of event lines). An append is a Lua script, so the
//! check (the list is exactly `seq` long) and the write are one step for Redis, and the same
//! script publishes `{id} {seq} {event}` on the channel `surakarta:events`, which every
//! instance listens to and passes on to the players connected to it. Each append sets both
//! keys to expire after the idle time. How durable a commit is is Redis's setting:
//! `appendonly yes` with `appendfsync always` puts every move on disk before the answer
//! (docs/online.md).
//!
//! A Redis that stops answering must not stop the server: every command has a response
//! timeout, a connection attempt a connect timeout, and a lost connection is tried again
//! once, at once, when the next command needs it, rather than on a growing back-off that
//! every command waits behind. While Redis is away, requests are answered 503 at once;
//! the first one after it is back reconnects.

use super::{
    Appended, Beat, Failure, Heard, Made, NewGame, Said, Seated, StoreError, StoredGame, Tail,
    now_secs, outage,
};
use crate::table::clock::now_ms;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{AsyncCommands, Script};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

/// The longest a command may wait for Redis's answer.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(2);
/// The longest a connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);
/// The longest pause between two tries of the subscription.
const RESUBSCRIBE_AT_MOST: Duration = Duration::from_millis(500);

/// After Redis failed to answer, every command fails at once for as long as it stays
/// away (the breaker is open), and a ping asks again this often: a request while Redis
/// is away took 1,483 ms to be answered 503 (a connection attempt and its retries each
/// time), and every waiting request held a connection and a task meanwhile.
const PROBE_EVERY: Duration = Duration::from_millis(250);

/// How long after Redis was last seen failing claims are refused: an instance renews its
/// heartbeat every [`HEARTBEAT_LAPSES`] / 3, and each renewal may take the response
/// timeout; after an outage longer than the heartbeat's life every instance's key has
/// lapsed, and its players would count as gone until it renews. Once this has passed
/// since Redis answered again, every running instance has said it runs.
pub const PRESENCE_SETTLES: Duration = Duration::from_millis(
    HEARTBEAT_LAPSES.as_millis() as u64 / 3 + RESPONSE_TIMEOUT.as_millis() as u64,
);

/// The channel every instance listens on.
pub const CHANNEL: &str = "surakarta:events";

/// The channel on which an instance says that who is connected to a game changed on it
/// (the message is the game's id).
pub const PRESENCE_CHANNEL: &str = "surakarta:presence";

/// How long an instance counts as running after its last heartbeat.
pub const HEARTBEAT_LAPSES: Duration = Duration::from_secs(30);

fn presence_key(id: &str) -> String {
    format!("surakarta:presence:{id}")
}

fn alive_key(instance: &str) -> String {
    format!("surakarta:alive:{instance}")
}

const CREATE: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'ruleset', ARGV[1], 'created', ARGV[2])
redis.call('DEL', KEYS[2])
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[5])
return 1
";

const APPEND: &str = r"
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[6], ARGV[7])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1
";

/// [`APPEND`] and [`CREATE`] in one step (a rematch): keys the old game's two, the new
/// game's two and [`UPDATED`]; the new game's events from `ARGV[10]` on.
const APPEND_WITH_GAME: &str = r"
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[1]) then return 0 end
if redis.call('EXISTS', KEYS[3]) == 1 then return 2 end
redis.call('HSET', KEYS[3], 'ruleset', ARGV[8], 'created', ARGV[6])
redis.call('DEL', KEYS[4])
for i = 10, #ARGV do redis.call('RPUSH', KEYS[4], ARGV[i]) end
redis.call('EXPIRE', KEYS[3], ARGV[3])
redis.call('EXPIRE', KEYS[4], ARGV[3])
redis.call('ZADD', KEYS[5], ARGV[6], ARGV[9])
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[5], ARGV[6], ARGV[7])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1
";

/// The latest time any instance said it runs (milliseconds since 1970), and the outages
/// found (a sorted set of `from to`, scored by `from`): keys [`UP`] and [`OUTAGES`]; the
/// time now, the gap that is an outage, the oldest end kept. Returns every outage kept.
const BEAT: &str = r"
local last = tonumber(redis.call('GET', KEYS[1]))
local now = tonumber(ARGV[1])
if last == nil or now > last then redis.call('SET', KEYS[1], ARGV[1]) end
if last ~= nil and now > last + tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[2], last, string.format('%d %d', last, now))
end
for _, o in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local to = tonumber(string.match(o, ' (%d+)$'))
  if to == nil or to < tonumber(ARGV[3]) then redis.call('ZREM', KEYS[2], o) end
end
return redis.call('ZRANGE', KEYS[2], 0, -1)
";

/// The latest time any instance said it runs.
const UP: &str = "surakarta:up";

/// The outages: when no instance ran, or Redis was away.
const OUTAGES: &str = "surakarta:outages";

/// A sorted set of every game's id by the time of its last event (seconds since 1970):
/// the games nobody has finished are found by it before their keys expire.
const UPDATED: &str = "surakarta:updated";

/// A connection to the Redis server (reconnects by itself); cheap to clone.
#[derive(Clone)]
pub struct RedisStore {
    client: redis::Client,
    conn: ConnectionManager,
    idle_secs: u64,
    scripts: std::sync::Arc<Scripts>,
    health: std::sync::Arc<Health>,
}

/// Whether Redis answers, as the commands found.
#[derive(Default)]
struct Health {
    /// Redis failed to answer and has not answered since (the breaker is open).
    down: AtomicBool,
    /// When it last failed to answer, in milliseconds since 1970 (0: never).
    failed_at: AtomicU64,
}

/// The Lua scripts, loaded into Redis on first use.
struct Scripts {
    create: Script,
    append: Script,
    append_with_game: Script,
    beat: Script,
}

fn meta_key(id: &str) -> String {
    format!("surakarta:game:{id}")
}

fn events_key(id: &str) -> String {
    format!("surakarta:game:{id}:events")
}

impl RedisStore {
    /// Connects; games expire after `idle` without an event.
    pub async fn connect(url: &str, idle: Duration) -> Result<RedisStore, StoreError> {
        let client = redis::Client::open(url)?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(CONNECT_TIMEOUT)
            .set_response_timeout(RESPONSE_TIMEOUT)
            // A reconnection tries twice, 100-200 ms apart, and gives up: commands that
            // come while Redis is away fail at once instead of queueing behind a back-off
            // (the defaults grow it a hundredfold a try, to a minute or two), and the
            // first command after Redis is back reconnects.
            .set_number_of_retries(1)
            .set_factor(2)
            .set_max_delay(100);
        let conn = client.get_connection_manager_with_config(config).await?;
        Ok(RedisStore {
            client,
            conn,
            idle_secs: idle.as_secs().max(1),
            scripts: std::sync::Arc::new(Scripts {
                create: Script::new(CREATE),
                append: Script::new(APPEND),
                append_with_game: Script::new(APPEND_WITH_GAME),
                beat: Script::new(BEAT),
            }),
            health: Default::default(),
        })
    }

    /// Runs a command unless Redis is known to be away (then fails at once, nothing
    /// changed); a command that finds Redis away opens the breaker, and a ping every
    /// [`PROBE_EVERY`] closes it once Redis answers.
    pub async fn guarded<T>(
        &self,
        command: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        if self.health.down.load(Ordering::Acquire) {
            return Err(StoreError {
                message: "redis: away (the last command found it so); asked again every 250 ms"
                    .into(),
                kind: Failure::Unreachable,
            });
        }
        let result = command.await;
        if let Err(e) = &result
            && e.kind != Failure::Refused
        {
            self.failed();
        }
        result
    }

    fn failed(&self) {
        self.health.failed_at.store(now_ms(), Ordering::Release);
        if self.health.down.swap(true, Ordering::AcqRel) {
            return; // a probe runs already
        }
        tracing::warn!("redis does not answer: every request fails at once until it does");
        let store = self.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(PROBE_EVERY).await;
                let mut conn = store.conn.clone();
                let ping = tokio::time::timeout(RESPONSE_TIMEOUT, conn.ping::<String>()).await;
                store.health.failed_at.store(now_ms(), Ordering::Release);
                if let Ok(Ok(_)) = ping {
                    store.health.down.store(false, Ordering::Release);
                    tracing::info!("redis answers again");
                    return;
                }
            }
        });
    }

    /// When Redis was last found away (milliseconds since 1970; 0: never): an instance's
    /// connections cannot have been said to run while it was.
    pub fn failed_at(&self) -> u64 {
        self.health.failed_at.load(Ordering::Acquire)
    }

    /// Milliseconds left before who is connected is known again after Redis was away
    /// ([`PRESENCE_SETTLES`]); `None` once it is.
    pub fn presence_settling(&self) -> Option<u64> {
        let failed = self.failed_at();
        if failed == 0 {
            return None;
        }
        let settled = failed.saturating_add(PRESENCE_SETTLES.as_millis() as u64);
        let now = now_ms();
        (self.health.down.load(Ordering::Acquire) || now < settled)
            .then(|| settled.saturating_sub(now).max(1))
    }

    /// See [`super::Store::create`].
    pub async fn create(&self, id: &str, ruleset: &str, first: &str) -> Result<bool, StoreError> {
        let mut conn = self.conn.clone();
        let made: i64 = self
            .scripts
            .create
            .key(meta_key(id))
            .key(events_key(id))
            .key(UPDATED)
            .arg(ruleset)
            .arg(now_secs())
            .arg(first)
            .arg(self.idle_secs)
            .arg(id)
            .invoke_async(&mut conn)
            .await?;
        Ok(made == 1)
    }

    /// See [`super::Store::load`].
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let mut conn = self.conn.clone();
        let (ruleset, events): (Option<String>, Vec<String>) = redis::pipe()
            .atomic()
            .hget(meta_key(id), "ruleset")
            .lrange(events_key(id), 0, -1)
            .query_async(&mut conn)
            .await?;
        Ok(ruleset.map(|ruleset| StoredGame { ruleset, events }))
    }

    /// See [`super::Store::events_from`].
    pub async fn events_from(&self, id: &str, from: u64) -> Result<Option<Tail>, StoreError> {
        let mut conn = self.conn.clone();
        let from = isize::try_from(from).unwrap_or(isize::MAX);
        let (known, total, events): (bool, u64, Vec<String>) = redis::pipe()
            .atomic()
            .exists(meta_key(id))
            .llen(events_key(id))
            .lrange(events_key(id), from, -1)
            .query_async(&mut conn)
            .await?;
        Ok(known.then_some(Tail { total, events }))
    }

    /// See [`super::Store::append`].
    pub async fn append(&self, id: &str, seq: u64, event: &str) -> Result<Appended, StoreError> {
        let mut conn = self.conn.clone();
        let done: i64 = self
            .scripts
            .append
            .key(meta_key(id))
            .key(events_key(id))
            .key(UPDATED)
            .arg(seq)
            .arg(event)
            .arg(self.idle_secs)
            .arg(CHANNEL)
            .arg(format!("{id} {seq} {event}"))
            .arg(now_secs())
            .arg(id)
            .invoke_async(&mut conn)
            .await?;
        Ok(match done {
            1 => Appended::Done,
            0 => Appended::Conflict,
            _ => Appended::Gone,
        })
    }

    /// See [`super::Store::append_with_game`].
    pub async fn append_with_game(
        &self,
        id: &str,
        seq: u64,
        event: &str,
        new: &NewGame,
    ) -> Result<Made, StoreError> {
        let mut conn = self.conn.clone();
        let mut invocation = self.scripts.append_with_game.prepare_invoke();
        invocation
            .key(meta_key(id))
            .key(events_key(id))
            .key(meta_key(&new.id))
            .key(events_key(&new.id))
            .key(UPDATED)
            .arg(seq)
            .arg(event)
            .arg(self.idle_secs)
            .arg(CHANNEL)
            .arg(format!("{id} {seq} {event}"))
            .arg(now_secs())
            .arg(id)
            .arg(&new.ruleset)
            .arg(&new.id);
        for line in &new.events {
            invocation.arg(line);
        }
        let done: i64 = invocation.invoke_async(&mut conn).await?;
        Ok(match done {
            1 => Made::Done,
            0 => Made::Conflict,
            2 => Made::IdTaken,
            _ => Made::Gone,
        })
    }

    /// See [`super::Store::touch`].
    pub async fn touch(&self, ids: &[String]) -> Result<u64, StoreError> {
        let mut conn = self.conn.clone();
        let mut pipe = redis::pipe();
        let now = now_secs();
        for id in ids {
            pipe.expire(meta_key(id), self.idle_secs as i64)
                .expire(events_key(id), self.idle_secs as i64)
                .zadd(UPDATED, id, now)
                .ignore();
        }
        let _: () = pipe.query_async(&mut conn).await?;
        Ok(ids.len() as u64)
    }

    /// See [`super::Store::idle`]: by the sorted set of last events (seconds, so many
    /// games may share a score: a page goes on from `after` by score and id).
    pub async fn idle(
        &self,
        from: i64,
        to: i64,
        after: Option<(i64, String)>,
        limit: usize,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let mut conn = self.conn.clone();
        let lo = after.as_ref().map_or(from, |(at, _)| (*at).max(from));
        // The games of `after`'s second already seen are skipped: ask for enough more.
        let mut count = limit;
        loop {
            let page: Vec<(String, i64)> = redis::cmd("ZRANGEBYSCORE")
                .arg(UPDATED)
                .arg(lo)
                .arg(format!("({to}"))
                .arg("WITHSCORES")
                .arg("LIMIT")
                .arg(0)
                .arg(count)
                .query_async(&mut conn)
                .await?;
            let full = page.len() == count;
            let games: Vec<(i64, String)> = page
                .into_iter()
                .map(|(id, at)| (at, id))
                .filter(|game| after.as_ref().is_none_or(|a| game > a))
                .take(limit)
                .collect();
            if games.len() == limit || !full {
                return Ok(games);
            }
            count = count.saturating_mul(2);
        }
    }

    /// Forgets the games expired from the sorted set of last events (their keys expire by
    /// themselves).
    pub async fn forget_expired(&self) -> Result<u64, StoreError> {
        let mut conn = self.conn.clone();
        let before = now_secs().saturating_sub(self.idle_secs as i64);
        let gone: u64 = conn
            .zrembyscore(UPDATED, "-inf", format!("({before}"))
            .await?;
        Ok(gone)
    }

    /// See [`super::Store::beat`]: the time is this instance's, as its events' are.
    pub async fn beat(&self, gap: u64, keep: Duration) -> Result<Beat, StoreError> {
        let mut conn = self.conn.clone();
        let at = now_ms();
        let keep = u64::try_from(keep.as_millis()).unwrap_or(u64::MAX);
        let kept: Vec<String> = self
            .scripts
            .beat
            .key(UP)
            .key(OUTAGES)
            .arg(at)
            .arg(gap)
            .arg(at.saturating_sub(keep))
            .invoke_async(&mut conn)
            .await?;
        let mut outages: Vec<(u64, u64)> = kept.iter().filter_map(|o| outage(o)).collect();
        outages.sort_unstable();
        Ok(Beat { at, outages })
    }

    /// Says that this instance runs, for [`HEARTBEAT_LAPSES`].
    pub async fn heartbeat(&self, instance: &str) -> Result<(), StoreError> {
        self.guarded(async {
            let mut conn = self.conn.clone();
            let _: () = conn
                .set_ex(alive_key(instance), 1, HEARTBEAT_LAPSES.as_secs())
                .await?;
            Ok(())
        })
        .await
    }

    /// Writes this instance's connections to the game's seats, and tells the others.
    pub async fn set_presence(
        &self,
        instance: &str,
        id: &str,
        seated: Seated,
    ) -> Result<(), StoreError> {
        self.guarded(self.set_presence_now(instance, id, seated))
            .await
    }

    async fn set_presence_now(
        &self,
        instance: &str,
        id: &str,
        seated: Seated,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let value = format!(
            "{} {} {} {}",
            seated.connected[0], seated.connected[1], seated.since[0], seated.since[1]
        );
        let _: () = redis::pipe()
            .hset(presence_key(id), instance, value)
            .ignore()
            .expire(presence_key(id), self.idle_secs as i64)
            .ignore()
            .publish(PRESENCE_CHANNEL, id)
            .ignore()
            .query_async(&mut conn)
            .await?;
        Ok(())
    }

    /// The other instances' connections to the game's seats (all but `except`), and
    /// whether each still runs.
    pub async fn presence(&self, id: &str, except: &str) -> Result<Vec<Seated>, StoreError> {
        self.guarded(self.presence_now(id, except)).await
    }

    async fn presence_now(&self, id: &str, except: &str) -> Result<Vec<Seated>, StoreError> {
        let mut conn = self.conn.clone();
        let mut fields: Vec<(String, String)> = conn.hgetall(presence_key(id)).await?;
        fields.retain(|(instance, _)| instance != except);
        if fields.is_empty() {
            return Ok(Vec::new());
        }
        let mut pipe = redis::pipe();
        for (instance, _) in &fields {
            pipe.exists(alive_key(instance));
        }
        let alive: Vec<bool> = pipe.query_async(&mut conn).await?;
        Ok(fields
            .into_iter()
            .zip(alive)
            .filter_map(|((_, value), alive)| {
                let n: Vec<u64> = value.split(' ').filter_map(|w| w.parse().ok()).collect();
                let [red, black, red_since, black_since] = n[..] else {
                    return None;
                };
                Some(Seated {
                    connected: [red as u32, black as u32],
                    since: [red_since, black_since],
                    alive,
                })
            })
            .collect())
    }

    /// Listens for every instance's events until the server stops, reconnecting after a
    /// lost connection; `None` is sent after each (re)connection, when events may have
    /// been missed.
    pub fn listen(&self, heard: mpsc::Sender<Option<Said>>) {
        let client = self.client.clone();
        tokio::spawn(async move {
            let mut wait = Duration::from_millis(100);
            loop {
                match listen_once(&client, &heard).await {
                    Ok(()) => return, // nobody listens any more: the server stopped
                    Err(e) => tracing::warn!("redis subscription lost ({e}); reconnecting"),
                }
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(RESUBSCRIBE_AT_MOST);
            }
        });
    }

    /// Whether the Redis server answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        let mut conn = self.conn.clone();
        let _: String = conn.ping().await?;
        Ok(())
    }
}

async fn listen_once(
    client: &redis::Client,
    heard: &mpsc::Sender<Option<Said>>,
) -> Result<(), StoreError> {
    use futures_util::StreamExt;
    let timed_out = |_| StoreError::new("redis: no answer to subscribing");
    let mut pubsub = tokio::time::timeout(CONNECT_TIMEOUT, client.get_async_pubsub())
        .await
        .map_err(timed_out)??;
    tokio::time::timeout(
        RESPONSE_TIMEOUT,
        pubsub.subscribe(&[CHANNEL, PRESENCE_CHANNEL]),
    )
    .await
    .map_err(timed_out)??;
    if heard.send(None).await.is_err() {
        return Ok(());
    }
    let mut messages = pubsub.on_message();
    while let Some(msg) = messages.next().await {
        let Ok(text) = msg.get_payload::<String>() else {
            continue;
        };
        if msg.get_channel_name() == PRESENCE_CHANNEL {
            if heard.send(Some(Said::Presence(text))).await.is_err() {
                return Ok(());
            }
            continue;
        }
        let mut parts = text.splitn(3, ' ');
        let (Some(id), Some(seq), Some(event)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let Ok(seq) = seq.parse() else { continue };
        let message = Heard {
            id: id.to_owned(),
            seq,
            event: event.to_owned(),
        };
        if heard.send(Some(Said::Event(message))).await.is_err() {
            return Ok(());
        }
    }
    Err(StoreError::new("the subscription ended"))
}
