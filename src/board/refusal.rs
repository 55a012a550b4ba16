//! The board's "no": a tap on a point the selected stone cannot go to is answered with a
//! short double tick (where the device can vibrate and haptics are on) and one line, in
//! the bar, naming the rule that says no ("A capture must go round at least one loop").
//! An opponent's stone tapped says what it could take (the board draws it: `preview.rs`).

use super::selection::{Refused, Selection};
use crate::game::session::OnBoard;
use crate::platform::{Haptic, Platform};
use crate::settings::Settings;
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::GameSet;
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use bevy::prelude::*;
use surakarta_engine::Refusal;

pub(super) fn plugin(app: &mut App) {
    app.wake_on::<Refused>();
    app.add_message::<Refused>().add_systems(
        Update,
        (say_no, say_threats.run_if(resource_changed::<Selection>)).in_set(GameSet::Present),
    );
}

fn say_no(
    mut refused: MessageReader<Refused>,
    settings: Res<Settings>,
    strings: Res<Strings>,
    mut notice: ResMut<Notice>,
    mut platform: ResMut<Platform>,
) {
    let Some(Refused(why)) = refused.read().last().copied() else {
        return;
    };
    notice.0 = Some(strings.get(&format!("refusal.{}", why.id())));
    if settings.haptics {
        platform.haptic(Haptic::Refused);
    }
}

/// The opponent's stone looked at: what it could take, in a line.
fn say_threats(
    selection: Res<Selection>,
    board: OnBoard,
    strings: Res<Strings>,
    mut notice: ResMut<Notice>,
    mut said: Local<(Option<surakarta_engine::Square>, Option<String>)>,
) {
    // A move proposed (Accept and Cancel on the bar): a "no" or a threat said before it
    // is over, not left beside the move it is not about.
    if selection.pending.is_some() {
        let keys = Refusal::ALL.map(|r| format!("refusal.{}", r.id()));
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        notice.clear_if_one_of(&keys, &strings);
        if notice.0.is_some() && notice.0 == said.1 {
            notice.0 = None;
        }
    }
    if said.0 == selection.threats {
        return;
    }
    said.0 = selection.threats;
    let Some(stone) = selection.threats else {
        return;
    };
    let position = board.session().game.position();
    let Some(side) = position.at(stone) else {
        return;
    };
    let targets: Vec<String> = threats(position, stone)
        .iter()
        .map(|sq| sq.to_string())
        .collect();
    let args = [
        ("side", strings.side(side)),
        ("stone", stone.to_string()),
        ("targets", targets.join(", ")),
    ];
    let line = if targets.is_empty() {
        strings.fill("threats.none", &args)
    } else {
        strings.fill("threats.some", &args)
    };
    said.1 = Some(line.clone());
    notice.0 = Some(line);
}

/// The stones the stone on `stone` could capture if its side were to move.
pub fn threats(
    position: &surakarta_engine::Position,
    stone: surakarta_engine::Square,
) -> Vec<surakarta_engine::Square> {
    let Some(side) = position.at(stone) else {
        return Vec::new();
    };
    position
        .with_side_to_move(side)
        .moves()
        .as_slice()
        .iter()
        .filter(|m| m.capture && m.from == stone)
        .map(|m| m.to)
        .collect()
}
