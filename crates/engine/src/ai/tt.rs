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
    slots: Box<[Slot]>,
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

/// `len` empty slots in memory the system hands over zeroed: a page of the table becomes
/// resident only when a search first writes to it. A 16 MB table filled with empty slots
/// at once held 16 MB from the app's start, whether it ever searched or not
/// (`docs/measurements.md`).
fn empty_slots(len: usize) -> Box<[Slot]> {
    let layout = std::alloc::Layout::array::<Slot>(len.max(1)).expect("a table fits in memory");
    // SAFETY: the layout has a size (at least one slot); every field of a Slot is an
    // integer, so all-zero bytes are a valid Slot, and the empty one (`Slot::default()`);
    // the box frees the block with the same layout, that of `len.max(1)` slots.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len.max(1)))
    }
}

impl Table {
    /// A table of about `megabytes` MB (a power of two of 16-byte slots).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let len = wanted.next_power_of_two() / if wanted.is_power_of_two() { 1 } else { 2 };
        Table {
            slots: empty_slots(len),
            mask: len - 1,
            age: 0,
        }
    }

    /// Empties the table. Its pages go back to the system, and come back one by one as a
    /// search writes to them.
    pub fn clear(&mut self) {
        self.slots = empty_slots(self.slots.len());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_or_cleared_table_knows_nothing_and_keeps_what_it_is_told() {
        let mut t = Table::new(1);
        assert!((0..5000u64).all(|k| t.probe(k * 7919).is_none()));
        let mv = Move {
            from: Square::new(1).unwrap(),
            to: Square::new(8).unwrap(),
            capture: true,
        };
        t.store(12345, Some(mv), -250, 7, Bound::Lower);
        let hit = t.probe(12345).expect("a stored position is found");
        assert_eq!((hit.mv, hit.score, hit.depth), (Some(mv), -250, 7));
        assert_eq!(hit.bound, Bound::Lower);
        t.clear();
        assert!(t.probe(12345).is_none());
        assert_eq!(t.slots.len(), Table::new(1).slots.len());
    }
}
