//! What the buttons do: open and close panels, start games, change settings, step
//! through the tutorial, and pass moves, undo and hints on to the game as commands.

use crate::hud::panels::PanelState;
use crate::hud::widgets::UiAction;
use crate::session::{Command, Start};
use crate::tutorial::{self, LESSONS, Tutorial};
use bevy::prelude::*;

/// What the tutorial's buttons change.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Lessons<'w> {
    tutorial: ResMut<'w, Tutorial>,
    aside: ResMut<'w, crate::session::Aside>,
    session: ResMut<'w, crate::session::Session>,
    selection: ResMut<'w, crate::selection::Selection>,
    turn: ResMut<'w, NextState<crate::session::Turn>>,
}

impl Lessons<'_> {
    fn start(&mut self, index: usize, panels: &mut PanelState) {
        if index >= LESSONS.len() {
            self.leave(panels);
            return;
        }
        tutorial::start_lesson(
            index,
            &mut self.tutorial,
            &mut self.aside,
            &mut self.session,
            &mut self.selection,
            panels,
            &mut self.turn,
        );
    }

    fn leave(&mut self, panels: &mut PanelState) {
        tutorial::leave(
            &mut self.tutorial,
            &mut self.aside,
            &mut self.session,
            &mut self.selection,
            panels,
            &mut self.turn,
        );
    }
}

pub(super) fn act(
    mut actions: MessageReader<UiAction>,
    mut panels: ResMut<PanelState>,
    mut commands: MessageWriter<Command>,
    mut settings: ResMut<crate::settings::Settings>,
    mut lessons: Lessons,
    mut exit: MessageWriter<AppExit>,
) {
    for action in actions.read() {
        match *action {
            UiAction::StartTutorial => {
                let first = Tutorial::next_unpassed(&settings.tutorial_passed);
                lessons.start(first, &mut panels);
            }
            UiAction::NextLesson => {
                let next = lessons.tutorial.lesson.map_or(0, |i| i + 1);
                lessons.start(next, &mut panels);
            }
            UiAction::RetryLesson => {
                let this = lessons.tutorial.lesson.unwrap_or(0);
                lessons.start(this, &mut panels);
            }
            UiAction::LeaveTutorial => lessons.leave(&mut panels),
            UiAction::OpenNewGame => {
                panels.choice.rules = settings.rules;
                panels.choice.from = Start::Fresh;
                panels.new_game = true;
            }
            UiAction::OpenMenu => {
                // The menu during a lesson leaves the tutorial first.
                if lessons.tutorial.active() {
                    lessons.leave(&mut panels);
                }
                panels.menu = true;
            }
            UiAction::Continue => panels.menu = false,
            UiAction::NewGameFor { two_players } => {
                panels.menu = false;
                panels.choice.two_players = two_players;
                panels.choice.rules = settings.rules;
                panels.choice.from = Start::Fresh;
                panels.new_game = true;
            }
            UiAction::OpenSettings => panels.settings = true,
            UiAction::OpenStats => panels.stats = true,
            UiAction::OpenRules => panels.rules = true,
            UiAction::BackToMenu => panels.back_to_menu(),
            UiAction::SetAnimation(speed) => settings.animation = speed,
            UiAction::ToggleRoutePreview => settings.route_preview = !settings.route_preview,
            UiAction::ToggleConfirmMoves => settings.confirm_moves = !settings.confirm_moves,
            UiAction::ToggleSound => settings.sound = !settings.sound,
            UiAction::ToggleHighContrast => {
                use crate::theme::ThemeKind;
                settings.theme = match settings.theme {
                    ThemeKind::Classic => ThemeKind::HighContrast,
                    ThemeKind::HighContrast => ThemeKind::Classic,
                };
            }
            UiAction::SetLanguage(language) => settings.language = Some(language),
            UiAction::SetRules(i) => {
                if let Some(preset) = surakarta_engine::Ruleset::PRESETS.get(i) {
                    settings.rules = preset.rules;
                }
            }
            UiAction::CloseNewGame => panels.new_game = false,
            UiAction::Start => {
                panels.new_game = false;
                panels.game_over_closed = false;
                let choice = panels.choice;
                commands.write(Command::NewGame {
                    mode: choice.mode(panels.games_started),
                    rules: choice.rules,
                    from: choice.from,
                });
                panels.choice.from = Start::Fresh;
                panels.games_started += 1;
            }
            UiAction::Undo => {
                panels.game_over_closed = false;
                commands.write(Command::Undo);
            }
            UiAction::Hint => {
                commands.write(Command::Hint);
            }
            UiAction::Accept => {
                commands.write(Command::Accept);
            }
            UiAction::Cancel => {
                commands.write(Command::Cancel);
            }
            UiAction::CloseGameOver => panels.game_over_closed = true,
            UiAction::PickTwoPlayers(two) => panels.choice.two_players = two,
            UiAction::PickColour(c) => panels.choice.colour = c,
            UiAction::PickLevel(l) => panels.choice.level = l,
            UiAction::ToggleTurnBoard => settings.turn_board = !settings.turn_board,
            UiAction::Stay => panels.leave_prompt = false,
            UiAction::Leave => {
                panels.leave_prompt = false;
                exit.write(AppExit::Success);
            }
            // Game records and their review: records.rs.
            UiAction::OpenRecords
            | UiAction::CopyRecord
            | UiAction::SaveRecord
            | UiAction::ReviewCurrent
            | UiAction::PasteRecord
            | UiAction::OpenSaved(_)
            | UiAction::ReviewFirst
            | UiAction::ReviewPrev
            | UiAction::ReviewNext
            | UiAction::ReviewLast
            | UiAction::ReviewPlayHere
            | UiAction::ReviewClose => {}
        }
    }
}
