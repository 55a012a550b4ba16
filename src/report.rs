//! What the app shows, as data: where each board point and button is on screen, the
//! position, whose turn it is. The web build publishes it every frame as
//! `window.__surakarta`, so the browser tests tap what a player would tap, found from the
//! app's own layout rather than from pixels that move when the page is resized.

use crate::computer::Computer;
use crate::hud::{PanelState, UiAction};
use crate::layout::BoardLayout;
use crate::selection::Selection;
use crate::session::{Mode, Session, Turn};
use crate::view::BoardCamera;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use serde_json::{Map, Value, json};
use surakarta_engine::Square;

pub(super) fn plugin(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Last, publish);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = app;
}

/// The report of the current frame. Coordinates are the window's logical points (CSS
/// pixels on the web) from its top-left corner.
pub fn report(world: &mut World) -> Value {
    let layout = *world.resource::<BoardLayout>();
    let rotation = world
        .query_filtered::<&Transform, With<BoardCamera>>()
        .iter(world)
        .next()
        .map_or(Quat::IDENTITY, |t| t.rotation);
    let points: Map<String, Value> = Square::all()
        .map(|sq| {
            let at = layout.world_to_screen(layout.point(sq), rotation);
            (sq.to_string(), json!([at.x, at.y]))
        })
        .collect();
    let mut buttons = Map::new();
    let mut query = world.query::<(
        &UiAction,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
    )>();
    for (action, node, transform, visible) in query.iter(world) {
        if !visible.get() || node.size().x <= 0.0 {
            continue;
        }
        let scale = node.inverse_scale_factor();
        let centre = transform.translation * scale;
        let size = node.size() * scale;
        buttons.insert(
            format!("{action:?}"),
            json!({"x": centre.x, "y": centre.y, "w": size.x, "h": size.y}),
        );
    }
    let session = world.resource::<Session>();
    let game = &session.game;
    let mode = match session.mode {
        Mode::VsComputer { human, level } => json!({
            "kind": "computer",
            "human": human.to_string(),
            "level": level.name(),
        }),
        Mode::TwoPlayers => json!({"kind": "two-players"}),
    };
    let history: Vec<String> = game.history().iter().map(|m| m.to_string()).collect();
    let outcome = game.outcome().map(|o| format!("{:?}", o.winner));
    let turn = world
        .get_resource::<State<Turn>>()
        .map(|t| format!("{:?}", t.get()));
    let tutorial = world.resource::<crate::tutorial::Tutorial>();
    let lesson = tutorial.lesson;
    let lesson_state = format!("{:?}", tutorial.state);
    let panels = world.resource::<PanelState>();
    let selection = world.resource::<Selection>();
    let computer = world.resource::<Computer>();
    let frame = world.get_resource::<FrameCount>().map_or(0, |f| f.0);
    let review = world.resource::<crate::review::Review>();
    let review = review
        .active()
        .then(|| json!([game.history().len(), review.total()]));
    let notice = world
        .get_resource::<crate::persist::Notice>()
        .and_then(|n| n.0.clone());
    json!({
        "frame": frame,
        "notice": notice,
        "thinking": computer.thinking(),
        "hinting": computer.hinting(),
        "selected": selection.stone.map(|s| s.to_string()),
        "hint": selection.hint.as_ref().map(|h| h.mv.to_string()),
        "window": [layout.window.x, layout.window.y],
        "spacing": layout.spacing,
        "points": points,
        "buttons": buttons,
        "position": game.position().to_string(),
        "history": history,
        "mode": mode,
        "turn": turn,
        "outcome": outcome,
        "new_game_open": panels.new_game,
        "panel": panels.top().map(crate::hud::OpenPanel::name),
        "lesson": lesson,
        "lesson_state": lesson_state,
        "review": review,
    })
}

#[cfg(target_arch = "wasm32")]
fn publish(world: &mut World) {
    let text = report(world).to_string();
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(value) = js_sys::JSON::parse(&text) {
        let _ = js_sys::Reflect::set(&window, &"__surakarta".into(), &value);
    }
}
