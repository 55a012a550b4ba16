//! A message for the player, shown once in the bar under the board (a save file that
//! could not be read, a server that could not be reached), until the player moves or
//! starts a game (`game/session.rs` clears it).

use super::i18n::{Language, Strings};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>().add_systems(
        Update,
        forget_on_new_words.run_if(resource_changed::<Strings>),
    );
}

/// A notice is written in the language of its moment: another language chosen, it goes
/// (never a line in the old language under the new one).
fn forget_on_new_words(
    strings: Res<Strings>,
    mut notice: ResMut<Notice>,
    mut seen: Local<Option<Language>>,
) {
    let was = seen.replace(strings.language);
    if was.is_some_and(|l| l != strings.language) && notice.0.is_some() {
        notice.0 = None;
    }
}

/// The message, if there is one.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice(pub Option<String>);

impl Notice {
    /// Takes the notice down if it says one of these (translation keys): what was said of
    /// something now over.
    pub fn clear_if_one_of(&mut self, keys: &[&str], strings: &crate::ui::i18n::Strings) {
        if self.says_one_of(keys, strings) {
            self.0 = None;
        }
    }

    /// True when the notice says one of these (translation keys).
    pub fn says_one_of(&self, keys: &[&str], strings: &crate::ui::i18n::Strings) -> bool {
        self.0
            .as_ref()
            .is_some_and(|n| keys.iter().any(|key| strings.get(key) == *n))
    }
}
