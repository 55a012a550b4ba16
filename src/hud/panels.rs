//! The panels over the board: the menu (the title screen: Continue, new games, Settings,
//! Statistics), choosing a new game, the settings, the statistics, and the result when a
//! game ends.

use crate::hud::widgets::{UiAction, button, styled_button};
use crate::i18n::{Language, Strings, chosen_language};
use crate::input::Overlay;
use crate::persist::Stats;
use crate::records::Records;
use crate::review::Review;
use crate::session::{Aside, Mode, Session, Start, Turn};
use crate::settings::{AnimationSpeed, Settings};
use crate::theme::Theme;
use crate::tutorial::{LESSONS, LessonState, Tutorial};
use crate::{GameSet, Screen};
use bevy::prelude::*;
use surakarta_engine::ai::Level;
use surakarta_engine::{Ruleset, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelState>().add_systems(
        Update,
        (track_overlay, show_panels.run_if(in_state(Screen::Game)))
            .chain()
            .in_set(GameSet::Present),
    );
}

/// The choices on the new-game panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameChoice {
    pub two_players: bool,
    /// `None`: a random colour.
    pub colour: Option<Side>,
    pub level: Level,
    pub rules: Ruleset,
    /// Where the game starts: the start position, a pasted one, or a reviewed record.
    pub from: Start,
}

impl Default for NewGameChoice {
    fn default() -> Self {
        NewGameChoice {
            two_players: false,
            colour: Some(Side::Red),
            level: Level::Medium,
            rules: Ruleset::default(),
            from: Start::Fresh,
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

/// Which panels are open.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct PanelState {
    /// The menu, shown when the app starts.
    pub menu: bool,
    pub settings: bool,
    pub stats: bool,
    pub rules: bool,
    /// Game records: copy, save, paste, the saved games.
    pub records: bool,
    pub new_game: bool,
    /// The player closed the game-over panel to look at the board.
    pub game_over_closed: bool,
    pub choice: NewGameChoice,
    pub games_started: u64,
    /// "Leave this game?" after the back button during a game.
    pub leave_prompt: bool,
}

impl Default for PanelState {
    fn default() -> Self {
        PanelState {
            menu: true,
            settings: false,
            stats: false,
            rules: false,
            records: false,
            new_game: false,
            game_over_closed: false,
            choice: NewGameChoice::default(),
            games_started: 0,
            leave_prompt: false,
        }
    }
}

/// What the panels on screen were built from: the panels, the game-over state, and the
/// lesson with its state.
type ShownPanels = (PanelState, bool, Option<usize>, LessonState);

/// The panel on top, when several are open: each covers the ones after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenPanel {
    Leave,
    Settings,
    Stats,
    Rules,
    Records,
    NewGame,
    Menu,
}

impl OpenPanel {
    /// Its name in the web build's report.
    pub fn name(self) -> &'static str {
        match self {
            OpenPanel::Leave => "leave",
            OpenPanel::Settings => "settings",
            OpenPanel::Stats => "stats",
            OpenPanel::Rules => "rules",
            OpenPanel::Records => "records",
            OpenPanel::NewGame => "new-game",
            OpenPanel::Menu => "menu",
        }
    }
}

impl PanelState {
    /// Closes Settings, Statistics, Rules or Game records, back to the menu under them.
    pub fn back_to_menu(&mut self) {
        self.settings = false;
        self.stats = false;
        self.rules = false;
        self.records = false;
    }

    /// Closes every panel but a leave prompt: the board is wanted.
    pub fn close_all(&mut self) {
        self.back_to_menu();
        self.menu = false;
        self.new_game = false;
    }

    /// The panel the player sees (the game-over card aside, which shows only when none
    /// of these is open).
    pub fn top(&self) -> Option<OpenPanel> {
        [
            (self.leave_prompt, OpenPanel::Leave),
            (self.settings, OpenPanel::Settings),
            (self.stats, OpenPanel::Stats),
            (self.rules, OpenPanel::Rules),
            (self.records, OpenPanel::Records),
            (self.new_game, OpenPanel::NewGame),
            (self.menu, OpenPanel::Menu),
        ]
        .into_iter()
        .find_map(|(open, panel)| open.then_some(panel))
    }
}

/// A panel on screen.
#[derive(Component)]
struct Panel;

/// A panel's card, which scrolls when it is taller than the screen.
#[derive(Component)]
pub struct ScrollCard;

fn game_over_shown(panels: &PanelState, turn: Option<&State<Turn>>) -> bool {
    !panels.game_over_closed && turn.is_some_and(|t| *t.get() == Turn::Over)
}

/// A lesson's result is on screen: the board waits for Next or Try again.
fn lesson_answered(tutorial: &Tutorial) -> bool {
    tutorial.active() && tutorial.state != LessonState::Asking
}

fn track_overlay(
    panels: Res<PanelState>,
    turn: Option<Res<State<Turn>>>,
    tutorial: Res<Tutorial>,
    aside: Res<Aside>,
    review: Res<Review>,
    mut overlay: ResMut<Overlay>,
) {
    // A record under review is stepped through with its own buttons, not played.
    let covered = lesson_answered(&tutorial)
        || review.active()
        || panels.top().is_some()
        || (!aside.active() && game_over_shown(&panels, turn.as_deref()));
    if overlay.0 != covered {
        overlay.0 = covered;
    }
}

#[allow(clippy::too_many_arguments)]
fn show_panels(
    mut commands: Commands,
    old: Query<Entity, With<Panel>>,
    panels: Res<PanelState>,
    session: Res<Session>,
    settings: Res<Settings>,
    stats: Res<Stats>,
    strings: Res<Strings>,
    theme: Res<Theme>,
    turn: Option<Res<State<Turn>>>,
    tutorial: Res<Tutorial>,
    aside: Res<Aside>,
    records: Res<Records>,
    clipboard: Res<crate::clipboard::Clipboard>,
    mut shown: Local<Option<ShownPanels>>,
) {
    let over = !aside.active() && game_over_shown(&panels, turn.as_deref());
    let key = (panels.clone(), over, tutorial.lesson, tutorial.state);
    let unchanged = !session.is_changed()
        && !strings.is_changed()
        && !settings.is_changed()
        && !stats.is_changed()
        && !records.is_changed()
        && !aside.is_changed()
        && !theme.is_changed();
    if shown.as_ref() == Some(&key) && unchanged {
        return;
    }
    *shown = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    if let Some(index) = tutorial.lesson
        && !panels.menu
    {
        lesson_card(
            &mut commands,
            index,
            tutorial.state,
            &settings,
            &strings,
            &theme,
        );
    }
    if panels.leave_prompt {
        spawn_card(&mut commands, &theme, |card| {
            card.spawn(label(strings.get("leave.title"), 26.0, &theme));
            card.spawn(label(strings.get("leave.body"), 17.0, &theme));
            card.spawn(row()).with_children(|r| {
                r.spawn(button(
                    UiAction::Stay,
                    strings.get("leave.stay"),
                    &theme,
                    20.0,
                    true,
                ));
                r.spawn(button(
                    UiAction::Leave,
                    strings.get("leave.leave"),
                    &theme,
                    20.0,
                    true,
                ));
            });
        });
        return;
    }
    match panels.top() {
        Some(OpenPanel::Settings) => spawn_card(&mut commands, &theme, |c| {
            settings_panel(c, &settings, &strings, &theme)
        }),
        Some(OpenPanel::Stats) => spawn_card(&mut commands, &theme, |c| {
            stats_panel(c, &stats, &strings, &theme)
        }),
        Some(OpenPanel::Rules) => spawn_card(&mut commands, &theme, |c| {
            rules_panel(c, &settings.rules, &strings, &theme)
        }),
        Some(OpenPanel::Records) => {
            let real = aside.real(&session);
            spawn_card(&mut commands, &theme, |c| {
                records_panel(c, real, &records, &clipboard, &strings, &theme)
            });
        }
        Some(OpenPanel::NewGame) => spawn_card(&mut commands, &theme, |c| {
            new_game_panel(c, &panels.choice, &settings, &strings, &theme)
        }),
        Some(OpenPanel::Menu) => {
            let in_progress =
                session.game.outcome().is_none() && !session.game.history().is_empty();
            spawn_card(&mut commands, &theme, |c| {
                menu_panel(c, in_progress, &strings, &theme)
            });
        }
        Some(OpenPanel::Leave) | None => {}
    }
    if panels.top().is_none()
        && over
        && let Some(outcome) = session.game.outcome()
    {
        let title = match (outcome.winner, session.mode) {
            (None, _) => strings.get("over.draw"),
            (Some(w), Mode::VsComputer { human, .. }) if w == human => strings.get("over.you_win"),
            (Some(_), Mode::VsComputer { .. }) => strings.get("over.you_lose"),
            (Some(Side::Red), Mode::TwoPlayers) => strings.get("over.red_wins"),
            (Some(Side::Black), Mode::TwoPlayers) => strings.get("over.black_wins"),
        };
        let reason = strings.get(&format!("reason.{}", outcome.reason.id()));
        spawn_card(&mut commands, &theme, |card| {
            card.spawn((GameOverTitle, label(title, 34.0, &theme)));
            card.spawn(label(reason, 18.0, &theme));
            card.spawn(row()).with_children(|r| {
                r.spawn(button(
                    UiAction::CloseGameOver,
                    strings.get("button.close"),
                    &theme,
                    18.0,
                    true,
                ));
                r.spawn(button(
                    UiAction::OpenNewGame,
                    strings.get("button.new_game"),
                    &theme,
                    18.0,
                    true,
                ));
            });
        });
    }
}

/// The headline of the game-over panel (tests look for it).
#[derive(Component)]
pub struct GameOverTitle;

fn spawn_card(
    commands: &mut Commands,
    theme: &Theme,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    commands
        .spawn((
            Panel,
            DespawnOnExit(Screen::Game),
            GlobalZIndex(10),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.1, 0.08, 0.05, 0.35)),
        ))
        .with_children(|overlay| {
            // A card taller than the screen (a short phone, a long language) scrolls.
            overlay
                .spawn((
                    ScrollCard,
                    ScrollPosition::default(),
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Stretch,
                        padding: UiRect::all(px(18)),
                        width: percent(90),
                        max_width: px(460),
                        max_height: percent(96),
                        overflow: Overflow::scroll_y(),
                        row_gap: px(6),
                        border_radius: BorderRadius::all(px(18)),
                        ..default()
                    },
                    BackgroundColor(theme.panel),
                ))
                .with_children(fill);
        });
}

fn label(text: String, size: f32, theme: &Theme) -> impl Bundle {
    (
        Text::new(text),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(theme.bar_text),
        TextLayout::justify(Justify::Center),
        Node {
            margin: UiRect::vertical(px(4)),
            flex_shrink: 0.0,
            ..default()
        },
    )
}

/// Running text, left-aligned, in the card's ink.
fn paragraph(text: String, theme: &Theme) -> impl Bundle {
    (
        Text::new(text),
        TextFont {
            font_size: FontSize::Px(15.0),
            ..default()
        },
        TextColor(theme.bar_text),
        Node {
            margin: UiRect::vertical(px(3)),
            flex_shrink: 0.0,
            ..default()
        },
    )
}

/// Back to the menu, at the foot of Settings, Statistics and Rules.
fn back_row(card: &mut ChildSpawnerCommands, strings: &Strings, theme: &Theme) {
    card.spawn(row()).with_children(|r| {
        r.spawn(button(
            UiAction::BackToMenu,
            strings.get("button.back"),
            theme,
            20.0,
            true,
        ));
    });
}

/// The translation key of a level's name.
fn level_key(level: Level) -> &'static str {
    match level {
        Level::Easy => "level.easy",
        Level::Medium => "level.medium",
        Level::Hard => "level.hard",
    }
}

fn row() -> impl Bundle {
    Node {
        flex_shrink: 0.0,
        flex_direction: FlexDirection::Row,
        justify_content: JustifyContent::Center,
        flex_wrap: FlexWrap::Wrap,
        ..default()
    }
}

fn choice(action: UiAction, text: String, selected: bool, theme: &Theme) -> impl Bundle {
    let (bg, fg) = if selected {
        (theme.button, theme.button_text)
    } else {
        (theme.bar, theme.bar_text)
    };
    styled_button(action, text, bg, fg, 17.0, true)
}

fn new_game_panel(
    card: &mut ChildSpawnerCommands,
    now: &NewGameChoice,
    settings: &Settings,
    strings: &Strings,
    theme: &Theme,
) {
    card.spawn(label(strings.get("newgame.title"), 28.0, theme));
    card.spawn(row()).with_children(|r| {
        r.spawn(choice(
            UiAction::PickTwoPlayers(false),
            strings.get("newgame.vs_computer"),
            !now.two_players,
            theme,
        ));
        r.spawn(choice(
            UiAction::PickTwoPlayers(true),
            strings.get("newgame.two_players"),
            now.two_players,
            theme,
        ));
    });
    if now.two_players {
        card.spawn(row()).with_children(|r| {
            let state = strings.get(if settings.turn_board {
                "on.on"
            } else {
                "on.off"
            });
            let text = format!("{}: {state}", strings.get("newgame.turn_board"));
            r.spawn(choice(
                UiAction::ToggleTurnBoard,
                text,
                settings.turn_board,
                theme,
            ));
        });
    } else {
        card.spawn(label(strings.get("newgame.colour"), 17.0, theme));
        card.spawn(row()).with_children(|r| {
            for (c, key) in [
                (Some(Side::Red), "side.red"),
                (Some(Side::Black), "side.black"),
                (None, "newgame.random"),
            ] {
                r.spawn(choice(
                    UiAction::PickColour(c),
                    strings.get(key),
                    now.colour == c,
                    theme,
                ));
            }
        });
        card.spawn(label(strings.get("newgame.level"), 17.0, theme));
        card.spawn(row()).with_children(|r| {
            for l in Level::ALL {
                r.spawn(choice(
                    UiAction::PickLevel(l),
                    strings.get(level_key(l)),
                    now.level == l,
                    theme,
                ));
            }
        });
    }
    card.spawn(row()).with_children(|r| {
        r.spawn(button(
            UiAction::CloseNewGame,
            strings.get("button.cancel"),
            theme,
            20.0,
            true,
        ));
        r.spawn(button(
            UiAction::Start,
            strings.get("button.start"),
            theme,
            20.0,
            true,
        ));
    });
}

/// The menu: Continue (when a game is in progress), new games, Settings, Statistics.
fn menu_panel(
    card: &mut ChildSpawnerCommands,
    in_progress: bool,
    strings: &Strings,
    theme: &Theme,
) {
    card.spawn(label(strings.get("app.title"), 36.0, theme));
    let mut entries = Vec::new();
    if in_progress {
        entries.push((UiAction::Continue, "menu.continue"));
    }
    entries.extend([
        (
            UiAction::NewGameFor { two_players: false },
            "newgame.vs_computer",
        ),
        (
            UiAction::NewGameFor { two_players: true },
            "newgame.two_players",
        ),
        (UiAction::StartTutorial, "menu.tutorial"),
        (UiAction::OpenRecords, "menu.records"),
        (UiAction::OpenRules, "menu.rules"),
        (UiAction::OpenSettings, "menu.settings"),
        (UiAction::OpenStats, "menu.statistics"),
    ]);
    for (i, (action, key)) in entries.into_iter().enumerate() {
        // The first entry is the one most players want: drawn as the main button.
        let (bg, fg) = if i == 0 {
            (theme.button, theme.button_text)
        } else {
            (theme.bar, theme.bar_text)
        };
        card.spawn(row()).with_children(|r| {
            r.spawn(styled_button(action, strings.get(key), bg, fg, 20.0, true));
        });
    }
}

fn on_off(strings: &Strings, key: &str, on: bool) -> String {
    let state = strings.get(if on { "on.on" } else { "on.off" });
    format!("{}: {state}", strings.get(key))
}

fn settings_panel(
    card: &mut ChildSpawnerCommands,
    settings: &Settings,
    strings: &Strings,
    theme: &Theme,
) {
    card.spawn(label(strings.get("settings.title"), 28.0, theme));
    card.spawn(label(strings.get("settings.rules"), 16.0, theme));
    card.spawn(row()).with_children(|r| {
        for (i, preset) in surakarta_engine::Ruleset::PRESETS.iter().enumerate() {
            r.spawn(choice(
                UiAction::SetRules(i),
                strings.get(&format!("rules.{}", preset.id)),
                settings.rules == preset.rules,
                theme,
            ));
        }
    });
    let about = settings.rules.preset_id().map_or(String::new(), |id| {
        strings.get(&format!("rules.{id}.about"))
    });
    card.spawn(label(about, 14.0, theme));
    card.spawn(label(strings.get("settings.animation"), 16.0, theme));
    card.spawn(row()).with_children(|r| {
        for speed in AnimationSpeed::ALL {
            r.spawn(choice(
                UiAction::SetAnimation(speed),
                strings.get(speed.key()),
                settings.animation == speed,
                theme,
            ));
        }
    });
    let mut toggles = vec![
        (
            UiAction::ToggleRoutePreview,
            "settings.route_preview",
            settings.route_preview,
        ),
        (
            UiAction::ToggleConfirmMoves,
            "settings.confirm_moves",
            settings.confirm_moves,
        ),
        (
            UiAction::ToggleTurnBoard,
            "newgame.turn_board",
            settings.turn_board,
        ),
        (
            UiAction::ToggleHighContrast,
            "settings.high_contrast",
            settings.theme == crate::theme::ThemeKind::HighContrast,
        ),
    ];
    if crate::sound::AVAILABLE {
        toggles.insert(0, (UiAction::ToggleSound, "settings.sound", settings.sound));
    }
    for (action, key, on) in toggles {
        card.spawn(row()).with_children(|r| {
            r.spawn(choice(action, on_off(strings, key, on), on, theme));
        });
    }
    card.spawn(label(strings.get("settings.language"), 16.0, theme));
    let current = chosen_language(settings);
    card.spawn(row()).with_children(|r| {
        for language in Language::ALL {
            // Each language is named in itself, so a player lost in a foreign one finds theirs.
            let name = Strings::for_language(language).get("language.name");
            r.spawn(choice(
                UiAction::SetLanguage(language),
                name,
                current == language,
                theme,
            ));
        }
    });
    back_row(card, strings, theme);
}

fn stats_panel(card: &mut ChildSpawnerCommands, stats: &Stats, strings: &Strings, theme: &Theme) {
    card.spawn(label(strings.get("stats.title"), 28.0, theme));
    if stats.0.values().all(|t| t.wins + t.draws + t.losses == 0) {
        card.spawn(label(strings.get("stats.empty"), 17.0, theme));
    } else {
        card.spawn(label(strings.get("stats.legend"), 15.0, theme));
        for level in Level::ALL {
            let t = stats.0.get(level.name()).copied().unwrap_or_default();
            let line = strings.fill(
                "stats.line",
                &[
                    ("level", strings.get(level_key(level))),
                    ("wins", t.wins.to_string()),
                    ("draws", t.draws.to_string()),
                    ("losses", t.losses.to_string()),
                ],
            );
            card.spawn(label(line, 20.0, theme));
        }
    }
    back_row(card, strings, theme);
}

/// Game records: the player's game (copy, save, review), paste a record or a position,
/// and the saved games, newest first, each opening its review.
fn records_panel(
    card: &mut ChildSpawnerCommands,
    real: &Session,
    records: &Records,
    clipboard: &crate::clipboard::Clipboard,
    strings: &Strings,
    theme: &Theme,
) {
    card.spawn(label(strings.get("records.title"), 28.0, theme));
    let game = &real.game;
    let result = game.outcome().map_or_else(
        || strings.get("records.in_progress"),
        |o| o.result_token().to_owned(),
    );
    card.spawn(label(
        strings.fill(
            "records.this_game",
            &[
                ("moves", game.history().len().to_string()),
                ("result", result),
            ],
        ),
        17.0,
        theme,
    ));
    card.spawn(row()).with_children(|r| {
        if clipboard.available() {
            r.spawn(button(
                UiAction::CopyRecord,
                strings.get("records.copy"),
                theme,
                18.0,
                true,
            ));
        }
        r.spawn(button(
            UiAction::SaveRecord,
            strings.get("records.save"),
            theme,
            18.0,
            true,
        ));
        if !game.history().is_empty() {
            r.spawn(button(
                UiAction::ReviewCurrent,
                strings.get("records.review"),
                theme,
                18.0,
                true,
            ));
        }
    });
    if clipboard.available() {
        card.spawn(row()).with_children(|r| {
            r.spawn(choice(
                UiAction::PasteRecord,
                strings.get("records.paste"),
                false,
                theme,
            ));
        });
    }
    if let Some(note) = &records.note {
        card.spawn((RecordsNote, paragraph(note.clone(), theme)));
    }
    card.spawn(label(strings.get("records.saved_title"), 20.0, theme));
    if records.saved.is_empty() {
        card.spawn(paragraph(strings.get("records.none"), theme));
    }
    for (i, saved) in records.saved.iter().enumerate() {
        let text = match &saved.record {
            Ok(record) => strings.fill(
                "records.entry",
                &[
                    ("date", record.header("Date").unwrap_or("").to_owned()),
                    ("red", record.header("Red").unwrap_or("?").to_owned()),
                    ("black", record.header("Black").unwrap_or("?").to_owned()),
                    ("result", record.header("Result").unwrap_or("*").to_owned()),
                    ("moves", record.moves.len().to_string()),
                ],
            ),
            Err(_) => strings.fill("records.unreadable", &[("name", saved.name.clone())]),
        };
        card.spawn(row()).with_children(|r| {
            r.spawn(styled_button(
                UiAction::OpenSaved(i),
                text,
                theme.bar,
                theme.bar_text,
                15.0,
                true,
            ));
        });
    }
    back_row(card, strings, theme);
}

/// What the last copy, save or paste did (tests look for it).
#[derive(Component)]
pub struct RecordsNote;

/// The rules in words, for the rule set new games use: the board, stepping, capturing
/// round the loops, and how this rule set ends a game.
pub fn rules_text(rules: &surakarta_engine::Ruleset, strings: &Strings) -> Vec<String> {
    use surakarta_engine::NoMoves;
    let mut out = vec![
        strings.get("rules.board"),
        strings.get(if rules.diagonal_steps {
            "rules.step.diagonal"
        } else {
            "rules.step.straight"
        }),
        strings.get("rules.capture"),
    ];
    let mut end = vec![
        strings.get(match rules.first {
            Side::Red => "rules.first.red",
            Side::Black => "rules.first.black",
        }),
        strings.get("rules.win"),
    ];
    if let Some(n) = rules.no_capture_limit {
        end.push(strings.fill("rules.no_capture", &[("n", n.to_string())]));
    }
    if let Some(n) = rules.ply_limit {
        end.push(strings.fill("rules.ply_limit", &[("n", n.to_string())]));
    }
    if let Some(n) = rules.repetition {
        end.push(strings.fill("rules.repetition", &[("n", n.to_string())]));
    }
    end.push(strings.get(match rules.no_moves {
        NoMoves::Loses => "rules.no_moves.loses",
        NoMoves::Draw => "rules.no_moves.draw",
    }));
    // Chinese sentences end in a full-width stop and need no space between them.
    let gap = if strings.language == Language::SimplifiedChinese {
        ""
    } else {
        " "
    };
    out.push(end.join(gap));
    if let Some(id) = rules.preset_id() {
        let name = strings.get(&format!("rules.{id}"));
        out.push(strings.fill("rules.current", &[("name", name)]));
    }
    out
}

fn rules_panel(
    card: &mut ChildSpawnerCommands,
    rules: &surakarta_engine::Ruleset,
    strings: &Strings,
    theme: &Theme,
) {
    use crate::hud::diagram::{Mark, diagram};
    card.spawn(label(strings.get("rules.title"), 28.0, theme));
    let fen = |f: &str| f.to_owned();
    // The board and its circuits; a stone's steps; a capture round a loop.
    let start = surakarta_engine::Position::start(rules.first).to_string();
    let pictures = [
        Some((start, Mark::None)),
        "c3".parse().ok().map(|from| {
            (
                fen("6/6/2b3/2r3/6/6 r 0 0"),
                Mark::Steps(from, rules.diagonal_steps),
            )
        }),
        "b3xe3"
            .parse()
            .ok()
            .map(|mv| (fen("6/6/6/1r2b1/6/6 r 0 0"), Mark::Capture(mv))),
    ];
    for (i, paragraph_text) in rules_text(rules, strings).into_iter().enumerate() {
        card.spawn(paragraph(paragraph_text, theme));
        if let Some(Some((position, mark))) = pictures.get(i) {
            diagram(card, theme, 200.0, position, *mark);
        }
    }
    back_row(card, strings, theme);
}

/// The lesson at the top of the screen: what to do, or how it went, and its buttons. The
/// board below stays free for the move.
fn lesson_card(
    commands: &mut Commands,
    index: usize,
    state: LessonState,
    settings: &Settings,
    strings: &Strings,
    theme: &Theme,
) {
    let lesson = LESSONS[index];
    let key = |part: &str| format!("tut.{}.{part}", lesson.id);
    let heading = strings.fill(
        "tut.lesson",
        &[
            ("n", (index + 1).to_string()),
            ("total", LESSONS.len().to_string()),
            ("title", strings.get(&key("title"))),
        ],
    );
    let mut body = strings.get(&key(match state {
        LessonState::Asking => "ask",
        LessonState::Passed => "done",
        LessonState::Failed => "wrong",
    }));
    // The last lesson ends with how the chosen rule set ends games.
    if state == LessonState::Passed && index + 1 == LESSONS.len() {
        let rules = rules_text(&settings.rules, strings);
        if let Some(end) = rules.get(3) {
            body = format!("{body}\n{end}");
        }
    }
    commands
        .spawn((
            Panel,
            DespawnOnExit(Screen::Game),
            GlobalZIndex(8),
            Node {
                position_type: PositionType::Absolute,
                top: px(6),
                left: px(6),
                right: px(6),
                justify_content: JustifyContent::Center,
                ..default()
            },
        ))
        .with_children(|top| {
            top.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Stretch,
                    padding: UiRect::all(px(12)),
                    width: percent(100),
                    max_width: px(520),
                    row_gap: px(4),
                    border_radius: BorderRadius::all(px(16)),
                    ..default()
                },
                BackgroundColor(theme.panel),
            ))
            .with_children(|card| {
                card.spawn(label(heading, 18.0, theme));
                card.spawn(paragraph(body, theme));
                card.spawn(row()).with_children(|r| {
                    r.spawn(choice(
                        UiAction::LeaveTutorial,
                        strings.get("button.menu"),
                        false,
                        theme,
                    ));
                    match state {
                        LessonState::Asking => {}
                        LessonState::Failed => {
                            r.spawn(button(
                                UiAction::RetryLesson,
                                strings.get("button.try_again"),
                                theme,
                                17.0,
                                true,
                            ));
                        }
                        LessonState::Passed => {
                            let last = index + 1 == LESSONS.len();
                            r.spawn(button(
                                UiAction::NextLesson,
                                strings.get(if last { "button.done" } else { "button.next" }),
                                theme,
                                17.0,
                                true,
                            ));
                        }
                    }
                });
            });
        });
}
