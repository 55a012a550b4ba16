//! Back: Android's back button (the logical key winit reports for it), the browser's back
//! key and Escape. It closes the card on screen (a panel over the menu goes back to the
//! menu); with none, it leaves a lesson or a review, goes on with a game from the menu
//! (or back to a lesson or puzzle left for it, unless Back itself left it: then on out),
//! asks before leaving a game in progress, and on Android, with nothing to lose, leaves the
//! way Android's launcher does: the app goes to the back, its process lives on (never
//! `AppExit`, see [`Platform::leave`]). In a browser the page is told whether Back would do
//! something, so that its back button does the same.

use crate::game::session::Session;
use crate::platform::Platform;
use crate::screens::lesson::LessonStep;
use crate::screens::review::ReviewStep;
use crate::shell::navigation::{GameSet, Navigator, Panel, Screen};
use bevy::input::keyboard::Key;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Back>()
        .init_resource::<BackedOut>()
        .add_systems(
            Update,
            (read_back_keys, go_back).chain().in_set(GameSet::Input),
        )
        .add_systems(OnExit(Screen::Menu), |mut out: ResMut<BackedOut>| {
            out.set_if_neq(BackedOut(false));
        });
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Last, say_if_back_is_wanted);
}

/// The player asked to go back.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Back;

fn read_back_keys(
    codes: Option<Res<ButtonInput<KeyCode>>>,
    keys: Option<Res<ButtonInput<Key>>>,
    mut back: MessageWriter<Back>,
) {
    // winit on Android reports the back button as the logical key only.
    let by_code =
        codes.is_some_and(|k| k.any_just_pressed([KeyCode::Escape, KeyCode::BrowserBack]));
    let by_key = keys.is_some_and(|k| k.any_just_pressed([Key::BrowserBack, Key::Escape]));
    if by_code || by_key {
        back.write(Back);
    }
}

/// The menu was reached by Back from a lesson or a puzzle: the player is on the way out,
/// and the next Back goes on out (to the game, or out of the app) rather than back into
/// what it left, which had made Back alone a loop that never left the app. Cleared when
/// the menu is left.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackedOut(pub bool);

/// Where Back leads from each screen and panel.
#[derive(bevy::ecs::system::SystemParam)]
struct Way<'w> {
    screen: Res<'w, State<Screen>>,
    panel: Res<'w, State<Panel>>,
    nav: Navigator<'w>,
    lessons: MessageWriter<'w, LessonStep>,
    puzzles: MessageWriter<'w, crate::puzzles::PuzzleStep>,
    reviews: MessageWriter<'w, ReviewStep>,
    platform: ResMut<'w, Platform>,
    out: ResMut<'w, BackedOut>,
    left: (
        Res<'w, crate::screens::lesson::LeftLesson>,
        Res<'w, crate::puzzles::LeftPuzzle>,
    ),
}

fn go_back(
    mut back: MessageReader<Back>,
    mut way: Way,
    session: Res<Session>,
    buttons: Query<(Entity, &crate::ui::widgets::ButtonId)>,
    mut commands: Commands,
) {
    if back.read().count() == 0 {
        return;
    }
    // A question someone waits for (a draw, a stop, a rematch) is answered: Back declines
    // it. Closed unanswered, the offer stood, the friend waited, and the question came
    // back over the board after their next move.
    if *way.panel.get() == Panel::Offer {
        if let Some((entity, _)) = buttons.iter().find(|(_, id)| id.0 == "offer.decline") {
            commands.trigger(crate::ui::press::Press { entity });
        }
        return;
    }
    if *way.panel.get() != Panel::None {
        way.nav.close();
        return;
    }
    let in_progress = session.in_progress();
    match way.screen.get() {
        Screen::Lesson => {
            way.lessons.write(LessonStep::Leave);
            way.out.set_if_neq(BackedOut(true));
        }
        Screen::Review => {
            way.reviews.write(ReviewStep::Close);
        }
        // From a puzzle to the puzzles' card.
        Screen::Puzzle => {
            way.nav.go(Screen::Menu);
            way.nav.open(Panel::Puzzles);
            way.out.set_if_neq(BackedOut(true));
        }
        // Reached by Back from a lesson or a puzzle: on out, to a game in progress (where
        // the next Back asks before leaving it), or out of the app.
        Screen::Menu if way.out.0 => {
            if in_progress {
                way.nav.go(Screen::Game);
            } else {
                way.platform.leave();
            }
        }
        // Where the menu's first entry leads: the game, or a lesson or puzzle left for
        // the menu.
        Screen::Menu => {
            use crate::screens::menu::{WayBack, way_back};
            match way_back(&session, &way.left.0, &way.left.1) {
                WayBack::Game => way.nav.go(Screen::Game),
                WayBack::Lesson => {
                    way.lessons.write(LessonStep::Resume);
                }
                WayBack::Puzzle => {
                    way.puzzles.write(crate::puzzles::PuzzleStep::Resume);
                }
            }
        }
        Screen::Game if in_progress => way.nav.open(Panel::Leave),
        Screen::Game => way.platform.leave(),
    }
}

/// Tells the web page (`window.__surakartaWantsBack`) whether Back would do something
/// (close a card, leave a lesson or a review, go from the menu to the board or a lesson or
/// puzzle left for it, ask before
/// leaving a game in progress), so that the browser's back button or gesture does that
/// instead of leaving the page. Only on the game screen with nothing to lose does Back
/// leave the page.
#[cfg(target_arch = "wasm32")]
fn say_if_back_is_wanted(
    screen: Res<State<Screen>>,
    panel: Res<State<Panel>>,
    session: Res<Session>,
    out: Res<BackedOut>,
    mut told: Local<Option<bool>>,
) {
    let on_the_way_out = *screen.get() == Screen::Menu && out.0 && !session.in_progress();
    let wanted = *panel.get() != Panel::None
        || (*screen.get() != Screen::Game && !on_the_way_out)
        || session.in_progress();
    if *told == Some(wanted) {
        return;
    }
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"__surakartaWantsBack".into(), &wanted.into());
        *told = Some(wanted);
    }
}
