//! Choosing a new game: against the computer (colour, level) or for two players (turning
//! the board), then Start. Opened from the menu, from a pasted position and from a
//! reviewed record ("Play from here").

use crate::game::session::{Command, Mode, Session, Start};
use crate::online::wire::TimeControl;
use crate::settings::Settings;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Navigate, Panel};
use crate::ui::confirm::{Answer, answers};
use crate::ui::i18n::{Strings, level_key};
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::steady::SteadyHeight;
use crate::ui::widgets::{
    Cards, choice, clear_card, close_panel, column_choice, label, on_off, row, styled_button,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surakarta_engine::ai::Level;
use surakarta_engine::{Ruleset, Side};

pub(super) fn plugin(app: &mut App) {
    app.wake_on_change::<NewGameChoice>();
    app.init_resource::<NewGameChoice>()
        .add_systems(Startup, remember_choice.after(crate::persist::load))
        .add_systems(
            Update,
            keep_choice.run_if(resource_changed::<NewGameChoice>),
        )
        .add_systems(Update, play_from_review)
        .init_resource::<BackToOnline>()
        .add_systems(Update, back_to_online)
        .add_systems(OnEnter(Panel::NewGame), spawn)
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::NewGame).and_then(
                        resource_changed::<NewGameChoice>
                            .or_else(resource_changed::<Settings>)
                            .or_else(resource_changed::<Strings>)
                            .or_else(resource_changed::<BoardLayout>),
                    ),
                )
                .in_set(GameSet::Present),
        );
}

/// The review's "Play from here": a new game from the record as far as it is shown, in
/// its rules. Not from a position the game is over in (no stones left, no move): that
/// "game" would be over at once, and was kept and counted as a second win.
/// Settings opened from the online card to set the server: closed (Back, or the phone's
/// Back), the online card comes again, where the player was going (it had led to the
/// menu).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
enum BackToOnline {
    #[default]
    Off,
    /// Asked for; Settings opens at the end of the frame.
    Asked,
    /// Settings is open.
    InSettings,
}

fn back_to_online(mut back: ResMut<BackToOnline>, panel: Res<State<Panel>>, mut open: OpenNewGame) {
    let now = match (*back, panel.get()) {
        (BackToOnline::Off, _) => return,
        (_, Panel::Settings) => BackToOnline::InSettings,
        (BackToOnline::Asked, _) => BackToOnline::Asked,
        (BackToOnline::InSettings, Panel::None) => {
            open.open_online();
            BackToOnline::Off
        }
        (BackToOnline::InSettings, _) => BackToOnline::Off,
    };
    back.set_if_neq(now);
}

fn play_from_review(
    mut steps: MessageReader<crate::screens::review::ReviewStep>,
    practice: Res<crate::game::session::Practice>,
    mut new_game: OpenNewGame,
) {
    if steps
        .read()
        .any(|s| *s == crate::screens::review::ReviewStep::PlayHere)
        && can_play_from(&practice.0.game)
    {
        new_game.open_in(None, *practice.0.game.rules(), Start::Here);
    }
}

/// A new game can start from the position `game` shows: one not over by the rules.
pub fn can_play_from(game: &surakarta_engine::Game) -> bool {
    surakarta_engine::Game::from_position(*game.position(), *game.rules())
        .outcome()
        .is_none()
}

/// The card opens with the level and colour chosen last, also after a restart.
fn remember_choice(settings: Res<Settings>, mut choice: ResMut<NewGameChoice>) {
    choice.level = settings.level;
    choice.colour = settings.colour;
}

/// A level or colour chosen is kept in the settings (and so saved).
fn keep_choice(choice: Res<NewGameChoice>, mut settings: ResMut<Settings>) {
    if (settings.level, settings.colour) != (choice.level, choice.colour) {
        settings.level = choice.level;
        settings.colour = choice.colour;
    }
}

/// The choices on the new-game panel.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameChoice {
    pub two_players: bool,
    /// A game against a friend online (colour and rule set only).
    pub online: bool,
    /// `None`: a random colour.
    pub colour: Option<Side>,
    pub level: Level,
    pub rules: Ruleset,
    /// An online game's time limit (`None`: no clock).
    pub clock: Option<TimeControl>,
    /// Where the game starts: the start position, a pasted one, or a reviewed record.
    pub from: Start,
    /// Games started so far: varies a random colour.
    pub started: u64,
}

impl Default for NewGameChoice {
    fn default() -> Self {
        NewGameChoice {
            two_players: false,
            online: false,
            colour: Some(Side::Red),
            level: Level::Beginner,
            rules: Ruleset::default(),
            clock: None,
            from: Start::Fresh,
            started: 0,
        }
    }
}

impl NewGameChoice {
    /// The mode this choice starts; `nonce` decides a random colour.
    pub fn mode(&self, nonce: u64) -> Mode {
        if self.two_players {
            return Mode::TwoPlayers;
        }
        let random = if rand::random::<bool>() ^ (nonce % 2 == 1) {
            Side::Red
        } else {
            Side::Black
        };
        Mode::VsComputer {
            human: self.colour.unwrap_or(random),
            level: self.level,
        }
    }
}

/// Opens the new-game panel, set for the game asked for (it sends the navigation's
/// message, so a system may hold it beside a [`Navigator`](crate::shell::navigation::Navigator)).
#[derive(SystemParam)]
pub struct OpenNewGame<'w> {
    choice: ResMut<'w, NewGameChoice>,
    settings: Res<'w, Settings>,
    navigate: MessageWriter<'w, Navigate>,
}

impl OpenNewGame<'_> {
    /// For a game from `from` in the rule set chosen in the settings; `two_players`
    /// picks the kind of game, `None` keeps the last one.
    pub fn open(&mut self, two_players: Option<bool>, from: Start) {
        let rules = self.settings.rules;
        self.open_in(two_players, rules, from);
    }

    /// For a fresh game against the computer at `level`, in the rule set chosen in the
    /// settings (the card opens set for it; the player still chooses the colour and Start).
    pub fn open_against(&mut self, level: Level) {
        self.choice.level = level;
        self.open(Some(false), Start::Fresh);
    }

    /// For a game against a friend online, in the rule set chosen in the settings.
    pub fn open_online(&mut self) {
        self.choice.online = true;
        self.choice.two_players = false;
        self.choice.rules = self.settings.rules;
        self.choice.from = Start::Fresh;
        self.navigate.write(Navigate::Open(Panel::NewGame));
    }

    /// For a game from `from` in `rules`.
    pub fn open_in(&mut self, two_players: Option<bool>, rules: Ruleset, from: Start) {
        if let Some(two) = two_players {
            self.choice.two_players = two;
        }
        self.choice.online = false;
        self.choice.rules = rules;
        self.choice.from = from;
        self.navigate.write(Navigate::Open(Panel::NewGame));
    }
}

/// The level `step` rungs up (or down) the ladder from `level`, staying on it.
fn climb(level: Level, step: isize) -> Level {
    let i = level.rank().saturating_sub(1) as isize + step;
    Level::ALL[i.clamp(0, Level::ALL.len() as isize - 1) as usize]
}

fn spawn(
    mut cards: Cards,
    now: Res<NewGameChoice>,
    settings: Res<Settings>,
    clipboard: Res<crate::platform::clipboard::Clipboard>,
    layout: Res<BoardLayout>,
    session: Res<crate::game::session::Session>,
    link: Res<crate::online::Link>,
) {
    // In landscape the stepper is one row (Easier, the level, Harder): the card fits.
    let wide = !layout.portrait;
    // The player's clock running in the online game on the board: joining another does not
    // stop it (said above the Join button, as the list's switch asks first).
    let running = crate::online::games::clock_runs_for_me(&session, &link);
    let pastes = clipboard.available();
    let now = *now;
    let turn_board = settings.turn_board;
    let server = settings.online_server();
    let no_server = server.is_none();
    cards.spawn(
        (DespawnOnExit(Panel::NewGame), SteadyHeight),
        |c, strings, theme| {
            if now.online {
                c.spawn(label(strings.get("newgame.online"), 28.0, theme));
                // Without a server, what one is and how to get one comes first.
                if server.is_none() {
                    c.spawn(label(strings.get("online.no_server"), 15.0, theme));
                }
                super::choices::colour_row(c, now, strings, theme);
                super::choices::clock_rows(c, now, strings, theme);
                let rules = now.rules.preset_id().map_or_else(
                    || now.rules.to_string(),
                    |id| strings.get(&format!("rules.{id}")),
                );
                c.spawn(label(
                    strings.fill("newgame.online_rules", &[("rules", rules)]),
                    17.0,
                    theme,
                ));
                if let Some(s) = server {
                    let words = strings.fill("newgame.online_server", &[("server", s)]);
                    c.spawn(label(words, 15.0, theme));
                }
                // A friend's game instead: phones join by opening the link (or sharing it
                // to the app); elsewhere it can be pasted here.
                if pastes {
                    if running {
                        c.spawn(label(strings.get("newgame.join_clock_runs"), 15.0, theme));
                    }
                    c.spawn(row()).with_children(|r| {
                        r.spawn(choice(
                            "newgame.join",
                            strings.get("menu.join"),
                            false,
                            theme,
                        ))
                        .observe(
                            |_: On<Press>,
                             mut join: crate::online::Joiner,
                             mut panel: ResMut<NextState<Panel>>| {
                                join.paste();
                                (*panel).set_if_neq(Panel::None);
                            },
                        );
                    });
                }
                return;
            }
            c.spawn(label(strings.get("newgame.title"), 28.0, theme));
            c.spawn(row()).with_children(|r| {
                for (two, key) in [
                    (false, "newgame.vs_computer"),
                    (true, "newgame.two_players"),
                ] {
                    let (words, chosen) = (strings.get(key), now.two_players == two);
                    // In landscape side by side, as equals (their words wrapping): stacked,
                    // they left the level row under the fold.
                    let mut button = if wide {
                        r.spawn(column_choice(key, words, chosen, theme))
                    } else {
                        r.spawn(choice(key, words, chosen, theme))
                    };
                    button.observe(move |_: On<Press>, mut choice: ResMut<NewGameChoice>| {
                        choice.two_players = two;
                    });
                }
            });
            // The two kinds' choices share one place, the one not chosen kept hidden in it:
            // the card is as tall either way, and switching moves no button under the
            // finger (opened for two players, it had grown by the computer's rows).
            let visible = |shown: bool| {
                if shown {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                }
            };
            let cell = || Node {
                grid_row: GridPlacement::start(1),
                grid_column: GridPlacement::start(1),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Stretch,
                ..default()
            };
            c.spawn(Node {
                display: Display::Grid,
                grid_template_columns: vec![GridTrack::flex(1.0)],
                ..default()
            })
            .with_children(|stack| {
                stack
                    .spawn((cell(), visible(now.two_players)))
                    .with_children(|two| {
                        two.spawn(label(strings.get("newgame.two_players.note"), 15.0, theme));
                        let text = on_off(strings, "newgame.turn_board", turn_board);
                        two.spawn(row()).with_children(|r| {
                            r.spawn(choice("newgame.turn_board", text, turn_board, theme))
                                .observe(|_: On<Press>, mut settings: ResMut<Settings>| {
                                    settings.turn_board = !settings.turn_board;
                                });
                        });
                    });
                stack
                    .spawn((cell(), visible(!now.two_players)))
                    .with_children(|c| computer_rows(c, now, wide, strings, theme));
            });
        },
        |footer, strings, theme| {
            let cancel = Answer::new("newgame.cancel", strings.get("button.cancel"));
            if now.online && no_server {
                // Nothing to start without a server: the way to one instead.
                let go = Answer::new("newgame.settings", strings.get("online.to_settings"));
                let to_settings =
                    |_: On<Press>,
                     mut nav: crate::shell::navigation::Navigator,
                     mut back: ResMut<BackToOnline>,
                     mut scroll: ResMut<crate::ui::scroll::KeptScroll>| {
                        *back = BackToOnline::Asked;
                        // Opened at its end, where the server is set (a tester found the
                        // card at its top, the server below the fold).
                        scroll.open_at(100_000.0);
                        nav.open(Panel::Settings)
                    };
                return answers(footer, theme, cancel, close_panel, go, to_settings);
            }
            let go = Answer::new("newgame.start", strings.get("button.start"));
            answers(footer, theme, cancel, close_panel, go, start);
        },
    );
}

/// Against the computer: the colour, and the level as a stepper.
fn computer_rows(
    c: &mut ChildSpawnerCommands,
    now: NewGameChoice,
    wide: bool,
    strings: &crate::ui::i18n::Strings,
    theme: &crate::ui::theme::Theme,
) {
    super::choices::colour_row(c, now, strings, theme);
    // The ladder of levels as a stepper: the level's name and its rung ("Level 5
    // of 8", which says what it is: no heading), one rung easier or harder. At
    // either end the button is faded and does nothing.
    let name = strings.get(level_key(now.level));
    let rank = strings.fill(
        "newgame.rank",
        &[
            ("rank", now.level.rank().to_string()),
            ("count", Level::ALL.len().to_string()),
        ],
    );
    // The level's name and rank on their own lines, then Easier and Harder side by
    // side: the longest names fit a 320-point phone in every language. In landscape
    // all in one row, the name between the buttons.
    let level = |c: &mut ChildSpawnerCommands| {
        c.spawn(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            flex_shrink: 0.0,
            margin: UiRect::horizontal(px(8)),
            // Between the buttons, as wide as the longest name: Easier and Harder stay
            // where the finger left them whichever level is named (they moved by 10
            // points between "Beginner" and "Intermediate").
            min_width: if wide { px(150) } else { Val::Auto },
            ..default()
        })
        .with_children(|l| {
            l.spawn(label(name.clone(), 22.0, theme));
            l.spawn(label(rank.clone(), 14.0, theme));
        });
    };
    if !wide {
        level(c);
    }
    c.spawn(row()).with_children(|r| {
        let step_button = |r: &mut ChildSpawnerCommands, step: isize, key: &str| {
            let can = climb(now.level, step) != now.level;
            // Quiet, as a step and not a choice made: drawn dark, "Harder" read as the
            // level chosen or the card's main button (a tester's).
            let ink = if can {
                theme.bar_text
            } else {
                theme.bar_text.with_alpha(0.35)
            };
            let bg = theme.bar;
            let mut button = r.spawn(styled_button(
                key,
                strings.get(key),
                bg,
                ink,
                crate::ui::widgets::BUTTON_FONT,
                true,
            ));
            if can {
                button.observe(move |_: On<Press>, mut choice: ResMut<NewGameChoice>| {
                    choice.level = climb(choice.level, step);
                });
            } else {
                // A screen reader says it is unavailable, as the fading shows.
                let mut spoken = accesskit::Node::new(accesskit::Role::Button);
                spoken.set_label(strings.get(key));
                spoken.set_disabled();
                button.insert(bevy::a11y::AccessibilityNode::from(spoken));
            }
        };
        step_button(r, -1, "newgame.easier");
        if wide {
            level(r);
        }
        step_button(r, 1, "newgame.harder");
    });
}

/// Starts the game chosen on the panel.
#[derive(SystemParam)]
pub struct Starter<'w> {
    choice: ResMut<'w, NewGameChoice>,
    commands: MessageWriter<'w, Command>,
    panel: ResMut<'w, NextState<Panel>>,
    settings: Res<'w, Settings>,
    ask: MessageWriter<'w, crate::online::ask::Ask>,
    notice: ResMut<'w, crate::ui::notice::Notice>,
    strings: Res<'w, crate::ui::i18n::Strings>,
}

impl Starter<'_> {
    /// The new game replaces the player's game, at once (an online one once the server
    /// has made it: `online/`).
    pub fn start(&mut self) {
        let choice = &mut self.choice;
        if choice.online {
            match self.settings.online_server() {
                Some(server) => {
                    self.ask.write(crate::online::ask::Ask::Create {
                        server,
                        rules: choice.rules,
                        colour: choice.colour,
                        clock: choice.clock,
                    });
                }
                None => self.notice.0 = Some(self.strings.get("online.no_server")),
            }
            choice.online = false;
            (*self.panel).set_if_neq(Panel::None);
            return;
        }
        self.commands.write(Command::NewGame {
            mode: choice.mode(choice.started),
            rules: choice.rules,
            from: choice.from,
        });
        choice.from = Start::Fresh;
        choice.started += 1;
        (*self.panel).set_if_neq(Panel::None);
    }
}

/// Start: at once, or after asking when a game in progress would be lost.
fn start(_: On<Press>, session: Res<Session>, mut starter: Starter) {
    if session.in_progress() {
        (*starter.panel).set_if_neq(Panel::Replace);
    } else {
        starter.start();
    }
}
