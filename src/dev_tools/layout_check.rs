//! `--check-layout`: walks every screen and card the app has, in every language and both
//! themes, at the window's size (`--size`), and checks what Bevy laid out there, as a
//! player would see it: no button or text outside the window (unless in a card's body
//! that scrolls and shows its thumb), no text wider or taller than its box or out of the
//! bar or card it stands in, no two buttons over each other, none of the game's own
//! buttons on the board's grid or loops, and no last line holding a lone word that the line
//! above had room for. Prints each fault and exits with an error when there is any; CI runs it at
//! a phone's portrait, a small phone's and a landscape size (`.ci/run`).

use super::layout_lines::{SLACK, line_begun_by_a_separator, lone_last_word};
use super::scenes::{Scene, scenes};
use crate::settings::Settings;
use crate::ui::i18n::Language;
use crate::ui::layout::BoardLayout;
use crate::ui::scroll::{ScrollArea, ScrollThumb};
use crate::ui::theme::ThemeKind;
use crate::ui::widgets::ButtonId;
use bevy::prelude::*;
use bevy::text::TextLayoutInfo;
use bevy::ui::UiGlobalTransform;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, walk.run_if(asked));
}

fn asked(options: Res<crate::options::Options>) -> bool {
    options.check_layout
}

/// Frames a scene is given to settle (the card spawned, its words laid out, a scroll
/// thumb placed) before it is looked at.
const SETTLE_FRAMES: u32 = 6;

/// Where the walk is.
#[derive(Default)]
struct Walk {
    scenes: Vec<Scene>,
    /// Index into every (theme, language, scene) triple.
    at: usize,
    /// Frames since the current one was set up.
    frames: u32,
    faults: Vec<String>,
    checked: usize,
}

impl Walk {
    fn triples(&self) -> usize {
        2 * Language::ALL.len() * self.scenes.len()
    }

    fn triple(&self, at: usize) -> (ThemeKind, Language, Scene) {
        let scenes = self.scenes.len();
        let languages = Language::ALL.len();
        let theme = [ThemeKind::Classic, ThemeKind::HighContrast][at / (scenes * languages)];
        let language = Language::ALL[(at / scenes) % languages];
        (theme, language, self.scenes[at % scenes])
    }
}

fn walk(world: &mut World, mut state: Local<Walk>) {
    world.write_message(bevy::window::RequestRedraw);
    if state.scenes.is_empty() {
        state.scenes = scenes();
    }
    if state.at >= state.triples() {
        return;
    }
    let (theme, language, scene) = state.triple(state.at);
    if state.frames == 2 {
        scene.then(world);
    }
    if state.frames == 0 {
        {
            let mut settings = world.resource_mut::<Settings>();
            if settings.theme != theme {
                settings.theme = theme;
            }
            if settings.language != Some(language) {
                settings.language = Some(language);
            }
        }
        scene.set_up(world);
    }
    state.frames += 1;
    if state.frames < SETTLE_FRAMES {
        return;
    }
    let window = world
        .query::<&Window>()
        .iter(world)
        .next()
        .map(|w| Vec2::new(w.width(), w.height()))
        .unwrap_or(Vec2::ONE);
    let at = format!(
        "{}x{} {} {:?} {}",
        window.x,
        window.y,
        language.tag(),
        theme,
        scene.name()
    );
    for fault in faults(world, window) {
        state.faults.push(format!("{at}: {fault}"));
    }
    state.checked += 1;
    state.frames = 0;
    state.at += 1;
    if state.at == state.triples() {
        for fault in &state.faults {
            eprintln!("layout: {fault}");
        }
        let verdict = format!(
            "layout: {} screens and cards checked at {}x{}, {} faults",
            state.checked,
            window.x,
            window.y,
            state.faults.len()
        );
        if state.faults.is_empty() {
            info!("{verdict}");
            world.write_message(AppExit::Success);
        } else {
            error!("{verdict}");
            world.write_message(AppExit::error());
        }
    }
}

/// One node as laid out: its rectangle in the window's points, whether it is drawn.
#[derive(Clone, Copy, Debug)]
struct Laid {
    rect: Rect,
}

fn laid(node: &ComputedNode, at: &UiGlobalTransform) -> Laid {
    let scale = node.inverse_scale_factor();
    let centre = at.translation * scale;
    let half = node.size() * scale / 2.0;
    Laid {
        rect: Rect::from_center_half_size(centre, half),
    }
}

/// The faults of what is on screen now.
fn faults(world: &mut World, window: Vec2) -> Vec<String> {
    let mut faults = Vec::new();
    let screen = Rect::from_corners(Vec2::ZERO, window);
    let inside = |r: Rect, of: Rect| {
        r.min.x >= of.min.x - SLACK
            && r.min.y >= of.min.y - SLACK
            && r.max.x <= of.max.x + SLACK
            && r.max.y <= of.max.y + SLACK
    };
    // What clips a node: the nearest scrolling area or node that clips above it.
    let mut nodes = world.query::<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        Option<&ChildOf>,
        &Node,
        Option<&BackgroundColor>,
    )>();
    // Each node: where it is laid, whether it is drawn with a size, its parent, whether
    // it clips, whether it is displayed, whether it paints a background.
    type Row = (Entity, Laid, bool, Option<Entity>, bool, bool, bool);
    let all: Vec<Row> = nodes
        .iter(world)
        .map(|(e, computed, at, visible, parent, node, background)| {
            let clips = node.overflow.x != OverflowAxis::Visible
                || node.overflow.y != OverflowAxis::Visible;
            (
                e,
                laid(computed, at),
                visible.get() && computed.size().x > 0.0 && computed.size().y > 0.0,
                parent.map(ChildOf::parent),
                clips,
                node.display != Display::None,
                background.is_some_and(|b| b.0.alpha() > 0.0),
            )
        })
        .collect();
    let find = |e: Entity| all.iter().find(|n| n.0 == e);
    // A node is shown when it and everything above it are displayed and visible.
    let shown = |e: Entity| {
        let mut at = Some(e);
        while let Some(here) = at {
            match find(here) {
                Some(n) if n.2 && n.5 => at = n.3,
                Some(_) => return false,
                None => at = None,
            }
        }
        true
    };
    // The rect of the nearest node above `e` that `is` holds for.
    let nearest_above = |e: Entity, is: fn(&Row) -> bool| {
        let mut at = find(e).and_then(|n| n.3);
        while let Some(here) = at {
            let n = find(here)?;
            if is(n) {
                return Some(n.1.rect);
            }
            at = n.3;
        }
        None
    };
    // What clips a node: the nearest node above it that clips (a card's scrolling body).
    let clipper = |e: Entity| nearest_above(e, |n| n.4);
    // The box a node is seen to stand in: the nearest painted node above it (a bar, a
    // card, a button).
    let painted = |e: Entity| nearest_above(e, |n| n.6);
    let root = |e: Entity| {
        let mut at = e;
        while let Some(parent) = find(at).and_then(|n| n.3) {
            at = parent;
        }
        at
    };

    // The status bar, grown with what it says, never over the board's loops (on a
    // 320x568 phone a notice and the claim button had covered the far rank). In portrait,
    // on the screens whose board it stands above (a lesson's or puzzle's card covers it).
    let layout = *world.resource::<crate::ui::layout::BoardLayout>();
    let on_board = matches!(
        world
            .get_resource::<State<crate::shell::navigation::Screen>>()
            .map(|s| *s.get()),
        Some(crate::shell::navigation::Screen::Game | crate::shell::navigation::Screen::Review)
    );
    if layout.portrait && on_board {
        let mut bars = world.query_filtered::<Entity, With<crate::bars::frame::StatusBar>>();
        for bar in bars.iter(world).collect::<Vec<_>>() {
            let Some(n) = find(bar) else { continue };
            if shown(bar) && n.1.rect.max.y > layout.board_top() + SLACK {
                faults.push(format!(
                    "the status bar reaches down to {:.0}, over the board's loops from {:.0}",
                    n.1.rect.max.y,
                    layout.board_top()
                ));
            }
        }
    }

    // Buttons: inside the window (or their clipping card's body, which must be), and
    // none over another of the same layer.
    let mut buttons = world.query::<(Entity, &ButtonId)>();
    let buttons: Vec<(Entity, String)> = buttons
        .iter(world)
        .map(|(e, id)| (e, id.0.clone()))
        .filter(|(e, _)| shown(*e))
        .collect();
    for (e, id) in &buttons {
        let Some(n) = find(*e) else { continue };
        let rect = n.1.rect;
        match clipper(*e) {
            None if !inside(rect, screen) => {
                faults.push(format!("button {id} lies outside the window: {rect:?}"));
            }
            None => {}
            Some(room) if !inside(room, screen) => {
                faults.push(format!("button {id} is in a card that runs off the window"));
            }
            Some(room) => {
                // Cut by a body that does not scroll it into reach: out of reach.
                let seen = rect.intersect(room);
                let cut = seen.is_empty() || seen.height() < rect.height() - SLACK;
                if cut && !scrolls(world, *e) {
                    faults.push(format!("button {id} is cut off by its card: {rect:?}"));
                }
            }
        }
    }
    // The game's own buttons (the bars', not a card's) off the board: its grid and its
    // loops, each loop's circle sampled every 5 degrees (the review's Moves once stood on
    // the bottom loops beside the board).
    let bars = world
        .query_filtered::<Entity, With<crate::bars::status::Bars>>()
        .iter(world)
        .find(|e| shown(*e));
    if let (Some(bars), Some(layout)) = (bars, world.get_resource::<BoardLayout>()) {
        let on_screen = |p: Vec2| layout.world_to_screen(p, Quat::IDENTITY);
        let corners =
            ["a1", "f1", "a6", "f6"].map(|s| layout.point(s.parse().expect("a corner's name")));
        let mut drawn: Vec<Vec2> = Vec::new();
        for corner in corners {
            for radius in [1.0, 2.0] {
                for step in 0..72 {
                    let angle = (step as f32 * 5.0).to_radians();
                    let p = corner + Vec2::from_angle(angle) * radius * layout.spacing;
                    drawn.push(on_screen(p));
                }
            }
        }
        let grid = Rect::from_corners(on_screen(corners[0]), on_screen(corners[3]));
        for (e, id) in &buttons {
            let Some(n) = find(*e) else { continue };
            if root(*e) != bars {
                continue;
            }
            let rect = n.1.rect.inflate(-SLACK);
            if !rect.intersect(grid).is_empty() || drawn.iter().any(|p| rect.contains(*p)) {
                faults.push(format!("button {id} stands on the board: {:?}", n.1.rect));
            }
        }
    }
    // What of a button is seen: the part its card's body does not clip away.
    let seen = |e: Entity| {
        let rect = find(e).map(|n| n.1.rect)?;
        let seen = match clipper(e) {
            Some(room) => rect.intersect(room),
            None => rect,
        };
        (!seen.is_empty()).then_some(seen)
    };
    for (i, (a, id_a)) in buttons.iter().enumerate() {
        for (b, id_b) in &buttons[i + 1..] {
            let (Some(ra), Some(rb)) = (seen(*a), seen(*b)) else {
                continue;
            };
            if root(*a) != root(*b) {
                continue;
            }
            let both = ra.intersect(rb);
            if !both.is_empty() && both.width() > SLACK && both.height() > SLACK {
                faults.push(format!("buttons {id_a} and {id_b} overlap"));
            }
        }
    }

    // Texts: inside the window (or their clipping card's body), inside their box, and no
    // lone last word the line above had room for.
    let mut texts = world.query::<(Entity, &Text, &TextLayoutInfo, &ComputedNode, &TextFont)>();
    let texts: Vec<(Entity, String, TextLayoutInfo, Vec2, f32, f32)> = texts
        .iter(world)
        .filter(|(_, text, ..)| !text.0.trim().is_empty())
        .map(|(e, text, info, node, font)| {
            let size = match font.font_size {
                bevy::text::FontSize::Px(px) => px,
                _ => 16.0,
            };
            (
                e,
                text.0.clone(),
                info.clone(),
                node.size() * node.inverse_scale_factor(),
                node.inverse_scale_factor(),
                size,
            )
        })
        .collect();
    for (e, words, info, boxed, scale, font_size) in &texts {
        if !shown(*e) {
            continue;
        }
        let Some(n) = find(*e) else { continue };
        let short: String = words
            .chars()
            .take(40)
            .collect::<String>()
            .replace('\n', " ");
        let room = clipper(*e);
        if room.is_none() && !inside(n.1.rect, screen) {
            faults.push(format!(
                "text {short:?} lies outside the window: {:?}",
                n.1.rect
            ));
        }
        if let Some(room) = room
            && !inside(room, screen)
        {
            faults.push(format!(
                "text {short:?} is in a card that runs off the window"
            ));
        }
        // Out of the bar or card it stands in, though inside the window: the status line
        // beside the board once ran out of its bar over the board.
        // (In a card's scrolling body the body's clip is what counts, above.)
        if let Some(around) = painted(*e)
            && room.is_none()
            && inside(n.1.rect, screen)
            && !inside(n.1.rect, around)
        {
            faults.push(format!(
                "text {short:?} runs out of the box it stands in: {:?}, the box {around:?}",
                n.1.rect
            ));
        }
        // A wrapped line's width counts the space it broke at: a space's width is slack.
        let drawn = info.size * *scale;
        if drawn.x > boxed.x + SLACK.max(font_size * 0.3) || drawn.y > boxed.y + SLACK {
            faults.push(format!(
                "text {short:?} is {:.0}x{:.0}, its box {:.0}x{:.0}",
                drawn.x, drawn.y, boxed.x, boxed.y
            ));
        }
        if let Some(fault) = lone_last_word(words, info, *scale, boxed.x, *font_size) {
            faults.push(format!("text {short:?}: {fault}"));
        } else if (world.get::<bevy::ui::widget::Label>(*e).is_some()
            || world
                .get::<ChildOf>(*e)
                .is_some_and(|p| world.get::<Button>(p.parent()).is_some()))
            && crate::ui::lines::mend_for(words, info, boxed.x / *scale, *font_size).is_some()
        {
            // A card's last word alone though it fits a line with the one before it
            // (`ui/lines.rs` joins them): the mend did not take.
            faults.push(format!(
                "text {short:?}: its last word stands alone on its line"
            ));
        }
        if let Some(line) = line_begun_by_a_separator(words, info) {
            faults.push(format!(
                "text {short:?}: its line {} begins with a separator (break before it \
                 with a no-break space)",
                line + 1
            ));
        }
    }
    faults
}

/// True when `e` sits in a scrolling card body whose thumb shows that it scrolls.
fn scrolls(world: &mut World, e: Entity) -> bool {
    let mut at = Some(e);
    let mut area = None;
    while let Some(here) = at {
        if world.get::<ScrollArea>(here).is_some() {
            area = Some(here);
            break;
        }
        at = world.get::<ChildOf>(here).map(ChildOf::parent);
    }
    let Some(area) = area else { return false };
    let mut thumbs = world.query::<(&ScrollThumb, &Visibility)>();
    thumbs
        .iter(world)
        .any(|(thumb, v)| thumb.area() == area && *v != Visibility::Hidden)
}
