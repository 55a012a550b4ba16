pub(crate) use list::*;
pub(crate) use map::*;
pub(crate) use set::*;

mod list;
mod map;
mod set;
