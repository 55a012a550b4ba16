//! What one address or one connection may do: open connections, games created, messages.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The largest request head (request line and headers) read, in bytes; a larger one is
/// answered 431. The API's requests carry a few hundred bytes of headers and a browser's
/// a few KiB (cookies included); hyper's own default is 400 KiB, which let every request
/// hold that much memory while its head arrived. hyper takes no less than 8 KiB.
pub const HEAD_BYTES: usize = 16 * 1024;

/// File descriptors kept for everything but clients' connections: the SQLite file, its
/// WAL and shared memory, the Redis connections, the listener, standard streams, the web
/// build's files being sent, and the connections being refused (answered 503 and closed).
/// The cap on connections is the descriptor limit less these, so that the server says
/// "busy" before `accept` fails with "Too many open files" (issue 62: two addresses holding
/// slow connections made 155 such failures at the usual limit of 1,024).
pub const FDS_KEPT: usize = 128;

/// The most connections the server holds at once with `nofile` file descriptors.
pub fn connection_cap(nofile: u64) -> usize {
    usize::try_from(nofile)
        .unwrap_or(usize::MAX)
        .saturating_sub(FDS_KEPT)
        .max(1)
}

/// Raises the soft limit on open files to the hard one (the usual soft limit, 1,024, is
/// a few hundred games); returns the limit now in force.
#[cfg(unix)]
pub fn raise_nofile() -> std::io::Result<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given, which lives here.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: setrlimit reads the struct it is given, which lives here.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit.rlim_cur = limit.rlim_max;
        }
    }
    #[allow(
        clippy::unnecessary_cast,
        reason = "rlim_t is u64 on Linux, not everywhere"
    )]
    let limit = limit.rlim_cur as u64;
    Ok(limit)
}

/// Watchers one game takes by default: every move is sent to each of a game's
/// connections in turn, and 10,000 watchers on one game raised its players' p99 from
/// 48 ms to 614 ms (issue 62); at 500 the players' moves wait for a twentieth of that.
pub const WATCHERS_PER_GAME: usize = 500;

/// The limits (flags of the server; docs/online.md gives the defaults and why).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest message a connection may send, in bytes; larger ones are refused.
    pub message_bytes: usize,
    /// Messages a connection may send each second, on average (moves that are played do
    /// not count: the turns bound them)...
    pub messages_per_second: f64,
    /// ...and at once.
    pub message_burst: f64,
    /// WebSocket connections open at once from one address.
    pub connections_per_address: usize,
    /// Games one address may create in a row...
    pub games_burst: f64,
    /// ...and then each minute.
    pub games_per_minute: f64,
    /// Connections the server holds at once, of every address ([`connection_cap`] of the
    /// descriptor limit); one more is answered 503 and closed.
    pub connections: usize,
    /// Watchers one game takes; one more is told so and closed.
    pub watchers_per_game: usize,
    /// Game states (`GET /api/games/{id}`) one address may read at once...
    pub reads_burst: f64,
    /// ...and then each second (a client polling a game reads once every few seconds; a
    /// socket gets every change without asking).
    pub reads_per_second: f64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            message_bytes: 2048,
            messages_per_second: 10.0,
            message_burst: 30.0,
            connections_per_address: 1000,
            games_burst: 500.0,
            games_per_minute: 30.0,
            connections: connection_cap(1024),
            watchers_per_game: WATCHERS_PER_GAME,
            reads_burst: 120.0,
            reads_per_second: 20.0,
        }
    }
}

/// The address the limits count: an IPv4 address as it is (also when it comes mapped into
/// IPv6), an IPv6 address as its /64 network, the smallest block a home or a phone gets:
/// otherwise one client could take a fresh address for every connection.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

/// A token bucket: `burst` tokens, refilled at `rate` a second.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn full(burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            at: Instant::now(),
        }
    }

    /// Gives a token back (a message that turned out not to count).
    pub fn give_back(&mut self, burst: f64) {
        self.tokens = (self.tokens + 1.0).min(burst);
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, rate: f64, burst: f64) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * rate;
        self.tokens = (self.tokens + refill).min(burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Per-address counts shared by every request.
#[derive(Default)]
pub struct Addresses {
    connections: Mutex<HashMap<IpAddr, usize>>,
    creations: Mutex<HashMap<IpAddr, Bucket>>,
    reads: Mutex<HashMap<IpAddr, Bucket>>,
}

/// An open connection's place in its address's count; given back when dropped.
pub struct Slot {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = lock(&self.addresses.connections);
        if let Some(n) = open.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Addresses {
    /// A connection slot for `ip`, unless it has `most` open already.
    pub fn connect(self: &Arc<Self>, ip: IpAddr, most: usize) -> Option<Slot> {
        let mut open = lock(&self.connections);
        let n = open.entry(ip).or_insert(0);
        if *n >= most {
            return None;
        }
        *n += 1;
        Some(Slot {
            addresses: self.clone(),
            ip,
        })
    }

    /// Whether `ip` may create a game now (and counts it).
    pub fn may_create(&self, ip: IpAddr, limits: &Limits) -> bool {
        take(
            &self.creations,
            ip,
            limits.games_burst,
            limits.games_per_minute / 60.0,
        )
    }

    /// Whether `ip` may read a game's state now (and counts it).
    pub fn may_read(&self, ip: IpAddr, limits: &Limits) -> bool {
        take(&self.reads, ip, limits.reads_burst, limits.reads_per_second)
    }
}

/// Takes a token of `ip`'s bucket in `buckets` (`burst`, refilled at `rate` a second).
fn take(buckets: &Mutex<HashMap<IpAddr, Bucket>>, ip: IpAddr, full: f64, rate: f64) -> bool {
    {
        let mut buckets = lock(buckets);
        if buckets.len() > 100_000 {
            // Forget addresses whose bucket has filled up again.
            buckets.retain(|_, b| b.tokens + b.at.elapsed().as_secs_f64() * rate < full);
        }
        buckets
            .entry(ip)
            .or_insert_with(|| Bucket::full(full))
            .take(rate, full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_refills() {
        let mut b = Bucket::full(3.0);
        assert!(b.take(0.0, 3.0) && b.take(0.0, 3.0) && b.take(0.0, 3.0));
        assert!(!b.take(0.0, 3.0));
        b.at -= std::time::Duration::from_secs(2);
        assert!(b.take(1.0, 3.0), "two seconds at one a second");
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_network() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(canonical(a), canonical(b));
        assert_eq!(canonical(a), "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        assert_ne!(canonical(a), canonical(other));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(canonical(mapped), "10.0.0.1".parse::<IpAddr>().unwrap());
        let four: IpAddr = "10.0.0.1".parse().unwrap();
        assert_eq!(canonical(four), four);
        let limits = Limits {
            games_burst: 1.0,
            games_per_minute: 0.0,
            ..Limits::default()
        };
        let addresses = Addresses::default();
        assert!(addresses.may_create(canonical(a), &limits));
        assert!(
            !addresses.may_create(canonical(b), &limits),
            "another address of the same /64 shares the budget"
        );
        assert!(addresses.may_create(canonical(other), &limits));
    }

    #[test]
    fn connection_slots_are_counted_per_address_and_given_back() {
        let a = Arc::new(Addresses::default());
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let one = a.connect(ip, 2).unwrap();
        let _two = a.connect(ip, 2).unwrap();
        assert!(a.connect(ip, 2).is_none());
        assert!(a.connect(other, 2).is_some());
        drop(one);
        assert!(a.connect(ip, 2).is_some());
    }
}
