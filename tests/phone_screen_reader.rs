//! The tree a phone's screen reader (TalkBack, VoiceOver) is handed, and its activations
//! coming back (`src/platform/screen_reader`): this test stands where AccessKit's adapter
//! stands on a phone, headless. The tree holds what a blind player hears: the board's
//! points with their names and stones, the bar's buttons by their words, an open card's
//! buttons, the live region's words; a double tap (a `Click` the adapter hands over) on a
//! point or a button reaches the game; and each frame's changes, applied to what the
//! screen reader had, give the tree now.

mod common;

use accesskit::{Action, ActionHandler, ActivationHandler, Node, NodeId, Role, TreeUpdate};
use bevy::prelude::*;
use common::*;
use std::collections::{HashMap, HashSet};
use surakarta::board::Point;
use surakarta::board::accessibility::{Announcer, Spoken};
use surakarta::game::session::Mode;
use surakarta::platform::screen_reader::{Bridge, ScreenReader, TreeChanges, tree_of};
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::widgets::ButtonId;
use surakarta_engine::Square;

/// The app with a screen reader's bridge under it, as a phone's module puts it there.
fn listened_to() -> (App, Bridge) {
    let mut app = app();
    let bridge = Bridge::default();
    app.insert_resource(ScreenReader(bridge.clone()));
    app.update();
    (app, bridge)
}

/// The tree the screen reader has: the whole one it is given when it starts listening.
fn heard(bridge: &Bridge) -> TreeUpdate {
    bridge.clone().request_initial_tree().expect("a tree")
}

fn node_of(tree: &TreeUpdate, entity: Entity) -> &Node {
    let id = NodeId(entity.to_bits());
    tree.nodes
        .iter()
        .find(|(n, _)| *n == id)
        .map(|(_, node)| node)
        .unwrap_or_else(|| panic!("{entity} is not in the tree"))
}

fn point(app: &mut App, name: &str) -> Entity {
    let sq: Square = name.parse().unwrap();
    app.world_mut()
        .query::<(Entity, &Point)>()
        .iter(app.world())
        .find(|(_, p)| p.0 == sq)
        .map(|(e, _)| e)
        .unwrap()
}

fn button(app: &mut App, id: &str) -> Entity {
    app.world_mut()
        .query::<(Entity, &ButtonId)>()
        .iter(app.world())
        .find(|(_, b)| b.0 == id)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no button {id}"))
}

/// The words a button shows (its text's).
fn words_of(app: &App, entity: Entity) -> String {
    app.world()
        .get::<Children>(entity)
        .into_iter()
        .flatten()
        .filter_map(|c| app.world().get::<Text>(*c))
        .map(|t| t.0.clone())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The screen reader's double tap on `entity`'s node, through the adapter's handler.
fn double_tap(app: &mut App, bridge: &Bridge, entity: Entity) {
    bridge.clone().do_action(accesskit::ActionRequest {
        action: Action::Click,
        target_tree: accesskit::TreeId::ROOT,
        target_node: NodeId(entity.to_bits()),
        data: None,
    });
    app.update();
}

/// Every node is the root or the child of exactly one node, every child is in the tree:
/// what AccessKit's adapters require of a tree.
fn assert_well_formed(tree: &TreeUpdate) {
    let root = tree.tree.as_ref().expect("a whole tree has its root").root;
    let ids: HashSet<NodeId> = tree.nodes.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids.len(), tree.nodes.len(), "a node twice");
    let mut parents: HashMap<NodeId, usize> = HashMap::new();
    for (_, node) in &tree.nodes {
        for child in node.children() {
            assert!(ids.contains(child), "a child not in the tree");
            *parents.entry(*child).or_default() += 1;
        }
    }
    for id in &ids {
        let expected = usize::from(*id != root);
        assert_eq!(parents.get(id).copied().unwrap_or(0), expected, "{id:?}");
    }
    assert!(ids.contains(&tree.focus));
}

/// `before` with `changes` applied, as AccessKit applies an update.
fn applied(before: &TreeUpdate, changes: &TreeUpdate) -> HashMap<NodeId, Node> {
    let mut nodes: HashMap<NodeId, Node> = before.nodes.iter().cloned().collect();
    nodes.extend(changes.nodes.iter().cloned());
    // What no node reaches any more is gone.
    let root = before.tree.as_ref().unwrap().root;
    let mut reached = HashMap::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let node = nodes[&id].clone();
        stack.extend(node.children().iter().copied());
        reached.insert(id, node);
    }
    reached
}

#[test]
fn the_phones_tree_holds_the_points_the_bar_and_an_open_cards_buttons() {
    let (mut app, bridge) = listened_to();
    set_game(&mut app, START, Mode::TwoPlayers);
    let tree = heard(&bridge);
    assert_well_formed(&tree);
    let root = tree.tree.as_ref().unwrap().root;
    let (_, window) = &tree.nodes[0];
    assert_eq!(tree.nodes[0].0, root);
    assert_eq!(window.role(), Role::Window);
    assert_eq!(tree.focus, root);

    // The 36 points, each a button that says its name and its stone, where it is drawn.
    let points: Vec<&Node> = tree
        .nodes
        .iter()
        .map(|(_, n)| n)
        .filter(|n| {
            // "a1: red stone": a square's name, then what is on it.
            let named = |l: &str| {
                let b = l.as_bytes();
                l.len() > 4
                    && matches!(b[0], b'a'..=b'f')
                    && matches!(b[1], b'1'..=b'6')
                    && &l[2..4] == ": "
            };
            n.label().is_some_and(named) && n.role() == Role::Button
        })
        .collect();
    assert_eq!(points.len(), 36);
    for (name, says) in [
        ("a1", "a1: red stone"),
        ("c3", "c3: empty"),
        ("f6", "f6: black stone"),
    ] {
        let entity = point(&mut app, name);
        let node = node_of(&tree, entity);
        assert_eq!(node.label(), Some(says));
        assert!(node.supports_action(Action::Click));
        let bounds = node.bounds().expect("a point has its place");
        assert!(bounds.width() > 0.0 && bounds.height() > 0.0);
    }

    // Swipes go in reading order: the top row of the board from the left, then the next.
    let order: Vec<&str> = window
        .children()
        .iter()
        .filter_map(|id| tree.nodes.iter().find(|(n, _)| n == id))
        .filter_map(|(_, n)| n.label())
        .filter_map(|l| l.split_once(": ").map(|(name, _)| name))
        .filter(|name| name.len() == 2)
        .collect();
    assert_eq!(&order[..7], ["a6", "b6", "c6", "d6", "e6", "f6", "a5"]);
    assert_eq!(order.last(), Some(&"f1"));

    // The bar's buttons by their words.
    let menu = button(&mut app, "bar.menu");
    let node = node_of(&tree, menu);
    assert_eq!((node.role(), node.label()), (Role::Button, Some("Menu")));

    // An open card's buttons, each by its words; gone again once it is closed.
    double_tap(&mut app, &bridge, menu);
    app.update();
    assert_eq!(screen(&app), Screen::Menu);
    let tree = heard(&bridge);
    assert_well_formed(&tree);
    let card = card_buttons_in_order(&mut app);
    assert!(card.contains(&"menu.continue".to_owned()), "{card:?}");
    for id in &card {
        let entity = button(&mut app, id);
        let node = node_of(&tree, entity);
        assert_eq!(node.role(), Role::Button, "{id}");
        let words = words_of(&app, entity);
        assert!(!words.is_empty(), "{id} has no words");
        assert_eq!(node.label(), Some(words.as_str()), "{id}");
    }
    let continue_button = button(&mut app, "menu.continue");
    double_tap(&mut app, &bridge, continue_button);
    app.update();
    assert_eq!((screen(&app), panel(&app)), (Screen::Game, Panel::None));
    let tree = heard(&bridge);
    assert_well_formed(&tree);
    let id = NodeId(continue_button.to_bits());
    assert!(tree.nodes.iter().all(|(n, _)| *n != id), "the card is gone");
}

#[test]
fn a_double_tap_on_points_plays_a_move_and_the_live_region_says_it() {
    let (mut app, bridge) = listened_to();
    set_game(&mut app, START, Mode::TwoPlayers);
    let announcer = app
        .world_mut()
        .query_filtered::<Entity, With<Announcer>>()
        .single(app.world())
        .unwrap();

    let b2 = point(&mut app, "b2");
    double_tap(&mut app, &bridge, b2);
    app.update();
    let tree = heard(&bridge);
    assert_eq!(node_of(&tree, b2).label(), Some("b2: red stone, selected"));
    let c3 = point(&mut app, "c3");
    assert_eq!(
        node_of(&tree, c3).label(),
        Some("c3: empty, the selected stone can step here")
    );
    // The live region: polite, its words also its value (what the phones announce).
    let said = node_of(&tree, announcer);
    assert_eq!(said.live(), Some(accesskit::Live::Polite));
    assert_eq!(
        said.value(),
        Some("b2 selected. Steps: a3, b3, c3. Captures: none.")
    );

    double_tap(&mut app, &bridge, c3);
    assert!(run_until(&mut app, 3.0, |a| session(a)
        .game
        .history()
        .len()
        == 1));
    assert!(run_until(&mut app, 3.0, |_| heard(&bridge)
        .nodes
        .iter()
        .any(|(_, n)| n.label() == Some("c3: red stone"))));
    let tree = heard(&bridge);
    assert_eq!(node_of(&tree, b2).label(), Some("b2: empty"));
    assert_eq!(
        node_of(&tree, announcer).value(),
        Some(app.world().resource::<Spoken>().0.as_str())
    );
    assert_eq!(node_of(&tree, announcer).value(), Some("Red played b2-c3"));
}

#[test]
fn each_frames_changes_bring_the_screen_readers_tree_to_the_games() {
    let (mut app, bridge) = listened_to();
    set_game(&mut app, START, Mode::TwoPlayers);
    app.update();
    // A frame where nothing changed hands nothing over.
    assert!(app.world().resource::<TreeChanges>().0.is_none());

    let mut had = heard(&bridge);
    let all = had.nodes.len();
    let b2 = point(&mut app, "b2");
    double_tap(&mut app, &bridge, b2);
    let changes = app.world().resource::<TreeChanges>().0.clone();
    let changes = changes.expect("selecting a stone changes the tree");
    assert!(changes.tree.is_none());
    assert!(changes.nodes.len() < all / 2, "only what changed");
    let now = tree_of(app.world_mut()).unwrap();
    assert_eq!(applied(&had, &changes), now.nodes.into_iter().collect());
    had = heard(&bridge);

    // A card opened and closed: its nodes come and go with their parent's change. Each
    // frame's changes are checked against what the screen reader had before it.
    let follow = |app: &mut App, had: &mut TreeUpdate| {
        if let Some(changes) = app.world().resource::<TreeChanges>().0.clone() {
            let now = heard(&bridge);
            assert_eq!(applied(had, &changes), now.nodes.iter().cloned().collect());
            *had = now;
        }
    };
    let menu = button(&mut app, "bar.menu");
    double_tap(&mut app, &bridge, menu);
    follow(&mut app, &mut had);
    for _ in 0..3 {
        app.update();
        follow(&mut app, &mut had);
    }
    assert_eq!(screen(&app), Screen::Menu);
    let continue_button = button(&mut app, "menu.continue");
    assert!(
        had.nodes
            .iter()
            .any(|(id, _)| *id == NodeId(continue_button.to_bits()))
    );
    double_tap(&mut app, &bridge, continue_button);
    follow(&mut app, &mut had);
    for _ in 0..3 {
        app.update();
        follow(&mut app, &mut had);
    }
    assert_eq!(screen(&app), Screen::Game);
    assert!(
        had.nodes
            .iter()
            .all(|(id, _)| *id != NodeId(continue_button.to_bits()))
    );
    assert_well_formed(&had);
}
