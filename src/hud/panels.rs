//! The panels over the board: choosing a new game, and the result when a game ends.

use crate::hud::widgets::{UiAction, button, styled_button};
use crate::i18n::Strings;
use crate::input::Overlay;
use crate::session::{Mode, Session, Turn};
use crate::settings::Settings;
use crate::theme::Theme;
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
}

impl Default for NewGameChoice {
    fn default() -> Self {
        NewGameChoice {
            two_players: false,
            colour: Some(Side::Red),
            level: Level::Medium,
            rules: Ruleset::default(),
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
            new_game: true,
            game_over_closed: false,
            choice: NewGameChoice::default(),
            games_started: 0,
            leave_prompt: false,
        }
    }
}

/// A panel on screen.
#[derive(Component)]
struct Panel;

fn game_over_shown(panels: &PanelState, turn: Option<&State<Turn>>) -> bool {
    !panels.game_over_closed && turn.is_some_and(|t| *t.get() == Turn::Over)
}

fn track_overlay(
    panels: Res<PanelState>,
    turn: Option<Res<State<Turn>>>,
    mut overlay: ResMut<Overlay>,
) {
    let covered =
        panels.new_game || panels.leave_prompt || game_over_shown(&panels, turn.as_deref());
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
    strings: Res<Strings>,
    theme: Res<Theme>,
    turn: Option<Res<State<Turn>>>,
    mut shown: Local<Option<(PanelState, bool, bool)>>,
) {
    let over = game_over_shown(&panels, turn.as_deref());
    let key = (panels.clone(), over, settings.turn_board);
    if shown.as_ref() == Some(&key) && !session.is_changed() && !strings.is_changed() {
        return;
    }
    *shown = Some(key);
    for e in &old {
        commands.entity(e).despawn();
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
    if panels.new_game {
        spawn_card(&mut commands, &theme, |c| {
            new_game_panel(c, &panels.choice, &settings, &strings, &theme)
        });
    } else if over && let Some(outcome) = session.game.outcome() {
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
            overlay
                .spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Stretch,
                        padding: UiRect::all(px(18)),
                        width: percent(90),
                        max_width: px(460),
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
            ..default()
        },
    )
}

fn row() -> impl Bundle {
    Node {
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
            for (l, key) in [
                (Level::Easy, "level.easy"),
                (Level::Medium, "level.medium"),
                (Level::Hard, "level.hard"),
            ] {
                r.spawn(choice(
                    UiAction::PickLevel(l),
                    strings.get(key),
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
