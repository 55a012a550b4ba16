//! Settings: the rule set of the next game, animation speed, the route preview, confirming
//! moves, turning the board, high contrast, sound (where the build has it), haptics (where
//! the device vibrates), and the language. Every change applies and is saved at once; the card keeps its place.

use crate::platform::Platform;
use crate::platform::clipboard::Clipboard;
use crate::settings::{AnimationSpeed, Settings};
use crate::shell::navigation::{GameSet, Panel};
use crate::ui::i18n::{Language, Strings};
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::theme::{Theme, ThemeKind};
use crate::ui::widgets::{Cards, back_row, choice, clear_card, label, on_off, row};
use bevy::prelude::*;
use surakarta_engine::Ruleset;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ServerNote>()
        .init_resource::<ServerCheck>()
        .add_systems(OnEnter(Panel::Settings), spawn)
        .add_systems(Update, take_server_check.in_set(GameSet::Rules))
        .add_systems(
            Update,
            forget_note_on_new_words
                .run_if(resource_changed::<Strings>)
                .before(GameSet::Present),
        )
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::Settings).and_then(
                        resource_changed::<Settings>
                            // The colours follow the setting a moment later.
                            .or_else(resource_changed::<Theme>)
                            .or_else(resource_changed::<ServerNote>)
                            .or_else(resource_changed::<Strings>)
                            .or_else(resource_changed::<BoardLayout>),
                    ),
                )
                .in_set(GameSet::Present),
        );
}

/// A setting that is on or off: its button's name and label key, and how to read and
/// flip it.
struct Toggle {
    key: &'static str,
    get: fn(&Settings) -> bool,
    flip: fn(&mut Settings),
}

const TOGGLES: [Toggle; 6] = [
    Toggle {
        key: "settings.sound",
        get: |s| s.sound,
        flip: |s| s.sound = !s.sound,
    },
    Toggle {
        key: "settings.haptics",
        get: |s| s.haptics,
        flip: |s| s.haptics = !s.haptics,
    },
    Toggle {
        key: "settings.route_preview",
        get: |s| s.route_preview,
        flip: |s| s.route_preview = !s.route_preview,
    },
    Toggle {
        key: "settings.confirm_moves",
        get: |s| s.confirm_moves,
        flip: |s| s.confirm_moves = !s.confirm_moves,
    },
    Toggle {
        key: "newgame.turn_board",
        get: |s| s.turn_board,
        flip: |s| s.turn_board = !s.turn_board,
    },
    Toggle {
        key: "settings.high_contrast",
        get: |s| s.theme == ThemeKind::HighContrast,
        flip: |s| {
            s.theme = match s.theme {
                ThemeKind::Classic => ThemeKind::HighContrast,
                ThemeKind::HighContrast => ThemeKind::Classic,
            }
        },
    },
];

/// What the card says of the last pasted server address: being checked, taken, or why not.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerNote(pub Option<String>);

/// The server's line is written in the language of its moment: another language chosen, it
/// goes (never an English line in a Russian card; the play-through found one).
fn forget_note_on_new_words(
    strings: Res<Strings>,
    mut note: ResMut<ServerNote>,
    mut seen: Local<Option<crate::ui::i18n::Language>>,
) {
    let was = seen.replace(strings.language);
    if was.is_some_and(|l| l != strings.language) && note.0.is_some() {
        note.0 = None;
    }
}

/// A pasted address being checked: its health asked (`GET /api/health`) before it is
/// taken, so that an address that is no game server is said at once, not at the first game.
#[derive(Resource, Default)]
pub struct ServerCheck(Option<(String, crate::online::http::Slot)>);

fn paste_server(
    _: On<Press>,
    mut clipboard: ResMut<Clipboard>,
    mut note: ResMut<ServerNote>,
    mut check: ResMut<ServerCheck>,
    waker: Res<crate::online::Waker>,
    strings: Res<Strings>,
) {
    let text = match clipboard.paste(&strings.get("settings.server_prompt")) {
        Ok(Some(text)) if !text.trim().is_empty() => text,
        Ok(_) => return,
        Err(_) => {
            note.0 = Some(strings.get("records.no_clipboard"));
            return;
        }
    };
    // An invite link or a link to watch names its server too (a tester pasted a watch
    // link and was told it was no address).
    let address = crate::online::wire::server_address(&text)
        .or_else(|| {
            crate::online::wire::read_invite(&text, None)
                .ok()
                .map(|(server, _)| server)
        })
        .or_else(|| crate::online::wire::read_watch_link(&text).map(|(server, _)| server));
    match address {
        Some(address) => {
            note.0 = Some(strings.fill("settings.server_checking", &[("server", address.clone())]));
            let waker = waker.clone();
            let url = format!("{address}/api/health");
            let slot = crate::online::http::into_slot(url, None, move || waker.wake());
            check.0 = Some((address, slot));
        }
        None => note.0 = Some(strings.get("settings.server_bad")),
    }
}

/// The checked address's answer: a game server's is taken (one whose store is failing
/// too, said so); anything else is said plainly and changes nothing.
/// "Forget it": the address goes, and the card says which (a tap meant for Paste beside
/// it is seen at once).
fn forget_server(
    _: On<Press>,
    mut settings: ResMut<Settings>,
    mut note: ResMut<ServerNote>,
    strings: Res<Strings>,
) {
    if let Some(server) = settings.server.take() {
        note.0 = Some(strings.fill("settings.server_forgotten", &[("server", server)]));
    }
}

fn take_server_check(
    mut check: ResMut<ServerCheck>,
    mut settings: ResMut<Settings>,
    mut note: ResMut<ServerNote>,
    strings: Res<Strings>,
) {
    let Some(answer) = check
        .0
        .as_ref()
        .and_then(|(_, slot)| crate::online::http::take(slot))
    else {
        return;
    };
    let Some((server, _)) = check.0.take() else {
        return;
    };
    let says = |body: &str, key: &str| {
        serde_json::from_str::<serde_json::Value>(body)
            .ok()
            .is_some_and(|v| v.get(key).is_some())
    };
    let words = |key: &str, status: Option<u16>| {
        let mut fill = vec![("server", server.clone())];
        if let Some(status) = status {
            fill.push(("status", status.to_string()));
        }
        strings.fill(key, &fill)
    };
    note.0 = Some(match answer {
        Ok((200, body)) if says(&body, "status") => {
            settings.server = Some(server.clone());
            words("settings.server_ok", None)
        }
        // A game server whose store is failing answers 503 with its error: still ours.
        Ok((503, body)) if says(&body, "error") => {
            settings.server = Some(server.clone());
            words("settings.server_trouble", None)
        }
        Ok((status, _)) => words("settings.server_not_ours", Some(status)),
        Err(e) => {
            info!("{server}: {e}");
            words("settings.server_unreachable", None)
        }
    });
}

fn spawn(
    mut cards: Cards,
    settings: Res<Settings>,
    platform: Res<Platform>,
    clipboard: Res<Clipboard>,
    note: Res<ServerNote>,
) {
    let pastes = clipboard.available();
    let settings = &*settings;
    let vibrates = platform.can_vibrate;
    cards.spawn(
        DespawnOnExit(Panel::Settings),
        |c, strings, theme| {
            c.spawn(label(strings.get("settings.title"), 28.0, theme));
            c.spawn(label(strings.get("settings.rules"), 16.0, theme));
            c.spawn(row()).with_children(|r| {
                for preset in Ruleset::PRESETS.iter() {
                    let id = format!("rules.{}", preset.id);
                    let rules = preset.rules;
                    r.spawn(choice(
                        id.clone(),
                        strings.get(&id),
                        settings.rules == rules,
                        theme,
                    ))
                    .observe(move |_: On<Press>, mut s: ResMut<Settings>| s.rules = rules);
                }
            });
            let about = settings.rules.preset_id().map_or(String::new(), |id| {
                strings.get(&format!("rules.{id}.about"))
            });
            c.spawn(label(about, 14.0, theme));
            c.spawn(label(strings.get("settings.animation"), 16.0, theme));
            c.spawn(row()).with_children(|r| {
                for speed in AnimationSpeed::ALL {
                    let chosen = settings.animation == speed;
                    r.spawn(choice(speed.key(), strings.get(speed.key()), chosen, theme))
                        .observe(move |_: On<Press>, mut s: ResMut<Settings>| s.animation = speed);
                }
            });
            let shown = TOGGLES
                .iter()
                .filter(|t| t.key != "settings.sound" || crate::shell::sound::AVAILABLE)
                .filter(|t| t.key != "settings.haptics" || vibrates);
            for toggle in shown {
                let on = (toggle.get)(settings);
                let flip = toggle.flip;
                c.spawn(row()).with_children(|r| {
                    let text = on_off(strings, toggle.key, on);
                    r.spawn(choice(toggle.key, text, on, theme))
                        .observe(move |_: On<Press>, mut s: ResMut<Settings>| flip(&mut s));
                });
            }
            c.spawn(label(strings.get("settings.language"), 16.0, theme));
            let current = settings.chosen_language();
            c.spawn(row()).with_children(|r| {
                for language in Language::ALL {
                    // Each language is named in itself, so a player lost in a foreign one
                    // finds theirs.
                    let name = Strings::for_language(language).get("language.name");
                    let id = format!("language.{}", language.tag());
                    r.spawn(choice(id, name, current == language, theme))
                        .observe(move |_: On<Press>, mut s: ResMut<Settings>| {
                            s.language = Some(language);
                        });
                }
            });
            // The online games' server: pasted where there is a clipboard; phones learn it
            // from the first invite link they open.
            c.spawn(label(strings.get("settings.server"), 16.0, theme));
            let server = match (&settings.server, settings.online_server()) {
                (Some(s), _) => s.clone(),
                (None, Some(page)) => strings.fill("settings.server_page", &[("server", page)]),
                (None, None) => strings.get("settings.server_none"),
            };
            c.spawn(label(server, 15.0, theme));
            c.spawn(row()).with_children(|r| {
                if pastes {
                    r.spawn(choice(
                        "settings.server_paste",
                        strings.get("settings.server_paste"),
                        false,
                        theme,
                    ))
                    .observe(paste_server);
                }
                if settings.server.is_some() {
                    r.spawn(choice(
                        "settings.server_clear",
                        strings.get("settings.server_clear"),
                        false,
                        theme,
                    ))
                    .observe(forget_server);
                }
            });
            if let Some(note) = &note.0 {
                c.spawn(label(note.clone(), 15.0, theme));
            }
        },
        back_row,
    );
}
