//! The phones' screen readers (TalkBack, VoiceOver): the game's accessibility tree
//! (`board/accessibility.rs`, the buttons of `ui/widgets.rs`) handed to AccessKit's Android
//! and iOS adapters, and their activations handed back to the game.
//!
//! On the desktop Bevy's `bevy_winit` does this through `accesskit_winit`, which has no
//! adapter a phone can use (its Android one needs GameActivity, this app runs under
//! NativeActivity; it has no iOS one). So on a phone the app does it itself, in the same
//! shape as `bevy_winit` (0.19, `accessibility.rs`):
//!
//! - [`AccessTree`] builds the tree from the ECS: the primary window is the root, named by
//!   its title; every entity with an [`AccessibilityNode`] sits under its parent when the
//!   parent is accessible too, and under the root otherwise (bevy_ui's bounds of a node are
//!   relative to that parent, so the shape has to be the same), the root's in reading order
//!   (top row first, each row from the left; the order of the screen reader's swipes);
//!   focus is on the root, as the game moves no input focus. One change for the phones: a live region's words are
//!   also its value, since both adapters announce a live region's value (the game's
//!   announcer sets only its label, which the desktop's adapters read).
//! - [`follow_tree`] builds it after each frame's accessibility updates and keeps what
//!   changed since the last one in [`TreeChanges`], which the phone's module hands to its
//!   adapter (`update_if_active`: nothing while no screen reader listens).
//! - The adapter's handlers are a [`Bridge`]: it answers a screen reader that starts
//!   listening with the whole tree as last built, and queues what the screen reader asks
//!   (a double tap is a `Click` on the node it has in focus); [`deliver_requests`] hands
//!   those to the game as Bevy's [`ActionRequest`] messages, the same path the desktop's
//!   activations take (`act_on_requests` makes them taps and presses).
//!
//! This module builds on every target, so the tests run it headless (`tests/accessibility.rs`
//! puts a [`ScreenReader`] under the app and acts as the adapter would); only the phones'
//! modules (`android.rs`, `ios.rs`) install one for real. The desktop keeps bevy_winit's.

use accesskit::{ActionHandler, ActivationHandler, Node, NodeId, Role, Tree, TreeId, TreeUpdate};
use bevy::a11y::{AccessibilityNode, AccessibilitySystems, ActionRequest};
use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

#[cfg(target_os = "android")]
mod android;
#[cfg(target_os = "android")]
use android as phone;
#[cfg(target_os = "ios")]
mod ios;
#[cfg(target_os = "ios")]
use ios as phone;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ActionRequest>()
        .init_resource::<TreeChanges>()
        .add_systems(
            PreUpdate,
            deliver_requests.run_if(resource_exists::<ScreenReader>),
        )
        .add_systems(
            PostUpdate,
            follow_tree
                .run_if(resource_exists::<ScreenReader>)
                .in_set(PhoneTree)
                .after(AccessibilitySystems::Update),
        );
    // The phone's adapter: put under the app once, then handed each frame's changes.
    #[cfg(any(target_os = "android", target_os = "ios"))]
    app.add_systems(
        Update,
        phone::install.run_if(not(resource_exists::<ScreenReader>)),
    )
    .add_systems(
        PostUpdate,
        phone::hand_over
            .after(PhoneTree)
            .run_if(resource_exists::<ScreenReader>),
    );
}

/// Where the phone's tree is built each frame; the phones' modules hand it over after.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PhoneTree;

/// A screen reader's adapter is under the app: the tree is followed and its requests are
/// delivered. The phones' modules insert it once their adapter is made.
#[derive(Resource, Clone, Default)]
pub struct ScreenReader(pub Bridge);

/// What the adapter and the game share: the tree as last built and the screen reader's
/// requests not yet delivered. The adapter's handlers run on the phone's UI thread (the
/// main thread on iOS, Android's UI thread), the game's systems on its own: neither holds
/// the lock while calling the other.
#[derive(Clone, Default)]
pub struct Bridge(Arc<Mutex<Shared>>);

#[derive(Default)]
struct Shared {
    /// The whole tree as last built.
    tree: Option<TreeUpdate>,
    /// The screen reader's requests, oldest first.
    requests: VecDeque<accesskit::ActionRequest>,
}

impl Bridge {
    fn lock(&self) -> MutexGuard<'_, Shared> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The whole tree as last built, with its root (what a screen reader that starts
    /// listening is given).
    pub fn whole_tree(&self) -> Option<TreeUpdate> {
        self.lock().tree.clone()
    }

    /// Keeps `tree` as the tree now, and says what changed since the last one (`None`:
    /// nothing).
    fn keep(&self, tree: TreeUpdate) -> Option<TreeUpdate> {
        let mut shared = self.lock();
        let changes = match &shared.tree {
            Some(before) => changes(before, &tree),
            None => Some(tree.clone()),
        };
        if changes.is_some() {
            shared.tree = Some(tree);
        }
        changes
    }

    /// The requests not yet delivered, oldest first.
    fn take_requests(&self) -> Vec<accesskit::ActionRequest> {
        self.lock().requests.drain(..).collect()
    }
}

/// A screen reader starts listening: the whole tree, or, before the first frame, the root
/// alone (a window with no name yet; the first frame's changes then bring the rest).
impl ActivationHandler for Bridge {
    fn request_initial_tree(&mut self) -> Option<TreeUpdate> {
        self.whole_tree()
    }
}

/// What the screen reader asks (a double tap: `Click` on its focused node) waits for the
/// next frame.
impl ActionHandler for Bridge {
    fn do_action(&mut self, request: accesskit::ActionRequest) {
        self.lock().requests.push_back(request);
    }
}

/// The screen reader stopped (iOS says so): the tree is kept, and given whole when it
/// starts again.
impl accesskit::DeactivationHandler for Bridge {
    fn deactivate_accessibility(&mut self) {}
}

/// What changed in the tree since the last frame, for the phone's adapter to take.
#[derive(Resource, Default)]
pub struct TreeChanges(pub Option<TreeUpdate>);

/// The game's accessibility tree as the phones' adapters take it.
#[derive(bevy::ecs::system::SystemParam)]
pub struct AccessTree<'w, 's> {
    window: Query<'w, 's, (Entity, &'static Window), With<PrimaryWindow>>,
    nodes: Query<
        'w,
        's,
        (
            Entity,
            &'static AccessibilityNode,
            Option<&'static Children>,
            Option<&'static ChildOf>,
        ),
    >,
    accessible: Query<'w, 's, (), With<AccessibilityNode>>,
}

impl AccessTree<'_, '_> {
    /// The whole tree, root first; `None` without a primary window.
    pub fn build(&self) -> Option<TreeUpdate> {
        let (window_entity, window) = self.window.single().ok()?;
        let root_id = NodeId(window_entity.to_bits());
        let mut nodes = Vec::with_capacity(self.nodes.iter().len() + 1);
        let mut top = Vec::new();
        for (entity, accessible, children, child_of) in &self.nodes {
            let id = NodeId(entity.to_bits());
            let mut node = (**accessible).clone();
            match child_of {
                Some(child_of) if self.accessible.contains(child_of.parent()) => {}
                _ => top.push(id),
            }
            let accessible_children: Vec<NodeId> = children
                .into_iter()
                .flatten()
                .filter(|c| self.accessible.contains(**c))
                .map(|c| NodeId(c.to_bits()))
                .collect();
            if !accessible_children.is_empty() {
                node.set_children(accessible_children);
            }
            if node.live().is_some_and(|live| live != accesskit::Live::Off)
                && node.value().is_none()
                && let Some(label) = node.label().map(str::to_owned)
            {
                node.set_value(label);
            }
            nodes.push((id, node));
        }
        // In reading order, the top row first, each row from the left: the order of the
        // screen reader's swipes (the ECS gives them in no lasting order).
        let place = |id: &NodeId| {
            let node = nodes.iter().find(|(n, _)| n == id).map(|(_, node)| node);
            node.and_then(|node| {
                let bounds = node.bounds()?;
                let on_screen = match node.transform() {
                    Some(transform) => transform.transform_rect_bbox(bounds),
                    None => bounds,
                };
                let (x, y) = (
                    (on_screen.x0 + on_screen.x1) / 2.0,
                    (on_screen.y0 + on_screen.y1) / 2.0,
                );
                Some((y.round() as i64, x.round() as i64))
            })
        };
        // Nodes with no place (the live region) last.
        top.sort_by_cached_key(|id| (place(id).unwrap_or((i64::MAX, i64::MAX)), id.0));
        let mut root = Node::new(Role::Window);
        root.set_label(window.title.clone());
        root.set_children(top);
        nodes.insert(0, (root_id, root));
        Some(TreeUpdate {
            nodes,
            tree: Some(Tree::new(root_id)),
            tree_id: TreeId::ROOT,
            focus: root_id,
        })
    }
}

/// The tree of `world` now (tests read it as a screen reader would).
pub fn tree_of(world: &mut World) -> Option<TreeUpdate> {
    let mut state = SystemState::<AccessTree>::new(world);
    state.get(world).ok()?.build()
}

/// What `after` changes of `before`, as an update AccessKit applies to `before`: the nodes
/// new or changed (a parent that lost a child is changed, so the child goes with it), the
/// focus, and the tree's root when it moved. `None` when nothing changed.
pub fn changes(before: &TreeUpdate, after: &TreeUpdate) -> Option<TreeUpdate> {
    let old: HashMap<NodeId, &Node> = before.nodes.iter().map(|(id, n)| (*id, n)).collect();
    let nodes: Vec<(NodeId, Node)> = after
        .nodes
        .iter()
        .filter(|(id, node)| old.get(id) != Some(&node))
        .cloned()
        .collect();
    let tree = (before.tree != after.tree)
        .then(|| after.tree.clone())
        .flatten();
    if nodes.is_empty() && tree.is_none() && before.focus == after.focus {
        return None;
    }
    Some(TreeUpdate {
        nodes,
        tree,
        tree_id: after.tree_id,
        focus: after.focus,
    })
}

/// Builds the tree after the frame's accessibility updates and keeps what changed
/// (`None` when nothing did).
pub fn follow_tree(tree: AccessTree, reader: Res<ScreenReader>, mut out: ResMut<TreeChanges>) {
    let Some(tree) = tree.build() else {
        return;
    };
    // The phone's module takes it in the same frame (`PhoneTree`, then its own system):
    // each frame's changes are against the tree the adapter already has.
    out.0 = reader.0.keep(tree);
}

/// The screen reader's requests, as Bevy's [`ActionRequest`] messages for the game.
pub fn deliver_requests(reader: Res<ScreenReader>, mut requests: MessageWriter<ActionRequest>) {
    for request in reader.0.take_requests() {
        requests.write(ActionRequest(request));
    }
}
