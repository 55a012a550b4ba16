//! The game through a screen reader: each board point says its name and what stands on
//! it; a selected stone's targets are said, on the points and aloud; a move played is said;
//! activating points (the screen reader's double tap) plays a game without seeing it; the
//! buttons are buttons named by their words.

mod common;

use bevy::a11y::{AccessibilityNode, ActionRequest};
use bevy::prelude::*;
use common::*;
use surakarta::board::Point;
use surakarta::board::accessibility::Spoken;
use surakarta::game::session::Mode;
use surakarta_engine::Square;

fn said_of(app: &mut App, name: &str) -> String {
    let sq: Square = name.parse().unwrap();
    app.world_mut()
        .query::<(&Point, &AccessibilityNode)>()
        .iter(app.world())
        .find(|(p, _)| p.0 == sq)
        .and_then(|(_, n)| n.label().map(str::to_owned))
        .unwrap_or_else(|| panic!("{name} says nothing"))
}

fn spoken(app: &App) -> String {
    app.world().resource::<Spoken>().0.clone()
}

/// The screen reader activates `name`'s point.
fn activate(app: &mut App, name: &str) {
    let sq: Square = name.parse().unwrap();
    let entity = app
        .world_mut()
        .query::<(Entity, &Point)>()
        .iter(app.world())
        .find(|(_, p)| p.0 == sq)
        .map(|(e, _)| e)
        .unwrap();
    activate_entity(app, entity);
}

/// The screen reader activates the node of `entity`.
fn activate_entity(app: &mut App, entity: Entity) {
    app.world_mut()
        .write_message(ActionRequest(accesskit::ActionRequest {
            action: accesskit::Action::Click,
            target_tree: accesskit::TreeId::ROOT,
            target_node: accesskit::NodeId(entity.to_bits()),
            data: None,
        }));
    app.update();
}

#[test]
fn every_point_says_its_name_and_what_stands_on_it() {
    let mut app = app();
    set_game(&mut app, START, Mode::TwoPlayers);
    let points = app
        .world_mut()
        .query::<(&Point, &AccessibilityNode)>()
        .iter(app.world())
        .count();
    assert_eq!(points, 36);
    assert_eq!(said_of(&mut app, "a1"), "a1: red stone");
    assert_eq!(said_of(&mut app, "c3"), "c3: empty");
    assert_eq!(said_of(&mut app, "f6"), "f6: black stone");
    // In the player's language.
    app.world_mut()
        .resource_mut::<surakarta::settings::Settings>()
        .language = Some(surakarta::ui::i18n::Language::Danish);
    app.update();
    app.update();
    assert_eq!(said_of(&mut app, "a1"), "a1: rød brik");
}

#[test]
fn a_selected_stones_targets_are_said_and_the_move_played_is_announced() {
    let mut app = app();
    set_game(&mut app, START, Mode::TwoPlayers);
    activate(&mut app, "b2");
    app.update();
    assert_eq!(
        spoken(&app),
        "b2 selected. Steps: a3, b3, c3. Captures: none."
    );
    assert_eq!(said_of(&mut app, "b2"), "b2: red stone, selected");
    assert_eq!(
        said_of(&mut app, "c3"),
        "c3: empty, the selected stone can step here"
    );
    assert_eq!(said_of(&mut app, "d3"), "d3: empty");

    activate(&mut app, "c3");
    assert!(run_until(&mut app, 3.0, |a| session(a)
        .game
        .history()
        .len()
        == 1));
    app.update();
    assert_eq!(spoken(&app), "Red played b2-c3");
    assert!(run_until(&mut app, 3.0, |a| said_of(a, "c3") == "c3: red stone"));
    assert_eq!(said_of(&mut app, "b2"), "b2: empty");

    // A capture says where it took.
    set_game(&mut app, "5b/6/6/1r2b1/6/6 r 0 0", Mode::TwoPlayers);
    activate(&mut app, "b3");
    app.update();
    assert!(spoken(&app).ends_with("Captures: e3."), "{}", spoken(&app));
    assert_eq!(
        said_of(&mut app, "e3"),
        "e3: black stone, the selected stone can capture here"
    );
    activate(&mut app, "e3");
    assert!(run_until(&mut app, 3.0, |a| session(a)
        .game
        .history()
        .len()
        == 1));
    app.update();
    assert_eq!(spoken(&app), "Red played b3xe3, a capture on e3");
}

#[test]
fn buttons_are_buttons_named_by_their_words_and_activating_one_presses_it() {
    let mut app = app();
    for _ in 0..3 {
        app.update();
    }
    let menu = app
        .world_mut()
        .query::<(
            Entity,
            &surakarta::ui::widgets::ButtonId,
            &AccessibilityNode,
        )>()
        .iter(app.world())
        .find(|(_, id, _)| id.0 == "bar.menu")
        .map(|(e, _, n)| (e, n.role(), n.label().map(str::to_owned)));
    let (entity, role, label) = menu.expect("the menu button is in the tree");
    assert_eq!(role, accesskit::Role::Button);
    assert_eq!(label.as_deref(), Some("Menu"));
    activate_entity(&mut app, entity);
    app.update();
    assert_eq!(screen(&app), surakarta::shell::navigation::Screen::Menu);
}

/// A button laid out of the way is not read out: the claim button waits hidden in the top
/// bar of every game ("Friend away: claim victory"), and a screen reader had listed it
/// with the game's buttons. The menu button beside it is spoken.
#[test]
fn a_hidden_button_is_hidden_from_the_screen_reader() {
    let mut app = app();
    for _ in 0..3 {
        app.update();
    }
    let hidden = |app: &mut App, button: &str| {
        app.world_mut()
            .query::<(&surakarta::ui::widgets::ButtonId, &AccessibilityNode)>()
            .iter(app.world())
            .find(|(id, _)| id.0 == button)
            .map(|(_, n)| n.is_hidden())
    };
    assert_eq!(hidden(&mut app, "bar.claim"), Some(true));
    assert_eq!(hidden(&mut app, "bar.menu"), Some(false));
}
