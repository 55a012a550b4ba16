//! The player's settings that the game screen obeys, and the two that change the whole
//! screen at once: the language (the strings) and the colours (the theme).

use crate::shell::awake::KeepAwake;
use crate::ui::i18n::{FontCut, Language, Strings};
use crate::ui::theme::{Theme, ThemeKind};
use bevy::prelude::*;
use surakarta_engine::Ruleset;

pub(super) fn plugin(app: &mut App) {
    app.wake_on_change::<Settings>();
    app.init_resource::<Settings>().add_systems(
        Update,
        (
            follow_language_setting
                .run_if(resource_changed::<Settings>.or_else(resource_changed::<FontCut>)),
            follow_theme_setting.run_if(resource_changed::<Settings>),
        )
            // After the buttons (pressed in Input), before anything is drawn from the
            // words and colours: a card rebuilt for the change has the new ones.
            .after(crate::shell::navigation::GameSet::Input)
            .before(crate::shell::navigation::GameSet::Rules),
    );
}

/// How fast moves are animated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AnimationSpeed {
    #[default]
    Normal,
    Fast,
    /// Moves appear at once.
    Off,
}

impl AnimationSpeed {
    /// Every speed, in the order the settings list them.
    pub const ALL: [AnimationSpeed; 3] = [
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
        AnimationSpeed::Off,
    ];

    /// The key of its name in the translation files.
    pub fn key(self) -> &'static str {
        match self {
            AnimationSpeed::Normal => "animation.normal",
            AnimationSpeed::Fast => "animation.fast",
            AnimationSpeed::Off => "animation.off",
        }
    }

    /// Playback speed factor, or `None` for no animation.
    pub fn factor(self) -> Option<f64> {
        match self {
            AnimationSpeed::Normal => Some(1.0),
            AnimationSpeed::Fast => Some(2.0),
            AnimationSpeed::Off => None,
        }
    }
}

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Settings {
    pub animation: AnimationSpeed,
    /// Show the routes of a selected stone's captures.
    pub route_preview: bool,
    /// A first tap on a target only shows the move; a second tap or Accept plays it.
    pub confirm_moves: bool,
    /// In two-player games, turn the board after each move to face the player to move.
    pub turn_board: bool,
    /// The language chosen in the settings; `None` follows the device.
    pub language: Option<Language>,
    /// The rule set of the next new game (one of `Ruleset::PRESETS`).
    pub rules: Ruleset,
    pub theme: ThemeKind,
    /// Move, capture and game-over sounds, where the build has sound.
    pub sound: bool,
    /// A tick when a step lands, a knock for a capture, a pattern at the end, where the
    /// device can vibrate.
    pub haptics: bool,
    /// The online games' server, `http(s)://host[:port]`; `None`: none set (in a browser,
    /// the page's own server is used).
    pub server: Option<String>,
    /// The ids of the tutorial's lessons passed.
    pub tutorial_passed: std::collections::BTreeSet<String>,
    /// The lesson the player is in, or left for the menu, not passed (its id): after a
    /// restart (the system may end the app at any time), the menu offers it first.
    pub tutorial_at: Option<String>,
    /// The computer's level last chosen on the new-game card.
    pub level: surakarta_engine::ai::Level,
    /// The colour last chosen on the new-game card; `None`: a random one.
    pub colour: Option<surakarta_engine::Side>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            animation: AnimationSpeed::Normal,
            route_preview: true,
            confirm_moves: false,
            turn_board: false,
            language: None,
            rules: Ruleset::default(),
            theme: ThemeKind::Classic,
            sound: true,
            haptics: true,
            server: None,
            tutorial_passed: Default::default(),
            tutorial_at: None,
            // A new player starts where the tutorial ends: against Beginner.
            level: surakarta_engine::ai::Level::Beginner,
            colour: Some(surakarta_engine::Side::Red),
        }
    }
}

impl Settings {
    /// The server online games are created on: the one set, or in a browser the page's
    /// own (the server that serves the web build serves the games too).
    pub fn online_server(&self) -> Option<String> {
        if self.server.is_some() {
            return self.server.clone();
        }
        #[cfg(target_arch = "wasm32")]
        {
            let origin = web_sys::window()?.location().origin().ok()?;
            crate::online::wire::server_address(&origin)
        }
        #[cfg(not(target_arch = "wasm32"))]
        None
    }

    /// The language the settings ask for, or the device's.
    pub fn chosen_language(&self) -> Language {
        self.language.unwrap_or_else(Language::from_device)
    }
}

/// The strings follow the language setting, once the font draws its letters: on the web,
/// Chinese chosen in the settings waits (in the language before it) for its letters to
/// come from the network, rather than showing empty buttons meanwhile.
fn follow_language_setting(
    settings: Res<Settings>,
    cut: Res<FontCut>,
    mut strings: ResMut<Strings>,
) {
    let wanted = settings.chosen_language();
    if strings.language != wanted && cut.draws(wanted) {
        *strings = Strings::for_language(wanted);
    }
}

fn follow_theme_setting(settings: Res<Settings>, mut theme: ResMut<Theme>) {
    if theme.kind != settings.theme {
        *theme = Theme::of(settings.theme);
    }
}
