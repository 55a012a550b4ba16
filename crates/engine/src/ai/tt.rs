//! The transposition table: what earlier searches learned about a position.

use crate::moves::Move;
use crate::square::Square;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// from (6 bits), to (6 bits), capture (1 bit), present (1 bit)
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    age: u8,
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    age: u8,
}

fn pack(m: Option<Move>) -> u16 {
    match m {
        None => 0,
        Some(m) => {
            (m.from.index() as u16)
                | (m.to.index() as u16) << 6
                | u16::from(m.capture) << 12
                | 1 << 13
        }
    }
}

fn unpack(v: u16) -> Option<Move> {
    if v & (1 << 13) == 0 {
        return None;
    }
    let from = Square::new((v & 63) as u8)?;
    let to = Square::new((v >> 6 & 63) as u8)?;
    Some(Move {
        from,
        to,
        capture: v & (1 << 12) != 0,
    })
}

impl Table {
    /// A table of about `megabytes` MB (a power of two of 16-byte slots).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let len = wanted.next_power_of_two() / if wanted.is_power_of_two() { 1 } else { 2 };
        Table {
            slots: vec![Slot::default(); len],
            mask: len - 1,
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.age = 0;
    }

    /// Marks a new search, so older entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Asks the processor to bring `key`'s slot towards the core, so that a probe of it
    /// after the node's moves are listed does not stall on memory: a table of many
    /// megabytes is read at random, and a quarter of a search's time went to waiting for
    /// that read (`docs/measurements.md`). A hint only: it reads nothing.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let slot: *const Slot = &self.slots[key as usize & self.mask];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that reads no memory and cannot fault; SSE, which
        // it needs, is part of every x86-64 processor.
        unsafe {
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(slot.cast())
        };
        #[cfg(target_arch = "aarch64")]
        // SAFETY: PRFM is a hint that reads no memory, writes nothing and cannot fault
        // (the phones' processors).
        unsafe {
            core::arch::asm!(
                "prfm pldl1keep, [{slot}]",
                slot = in(reg) slot,
                options(nostack, readonly, preserves_flags)
            )
        };
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        let _ = slot;
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let s = &self.slots[key as usize & self.mask];
        (s.key == key && s.bound != 0).then(|| Hit {
            mv: unpack(s.mv),
            score: i32::from(s.score),
            depth: i32::from(s.depth),
            bound: match s.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let age = self.age;
        let s = &mut self.slots[key as usize & self.mask];
        let replace = s.key == key || s.age != age || depth >= i32::from(s.depth) || s.bound == 0;
        if !replace {
            return;
        }
        let mv = if mv.is_none() && s.key == key {
            s.mv
        } else {
            pack(mv)
        };
        *s = Slot {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            age,
        };
    }
}
