//! What the bars say: whose turn it is (and the level played against), the stones left,
//! the rule set's counters, and a line for the review's place, a notice, a hint or a stone
//! that cannot move. They show the board as the player sees it: while a move is still on
//! its way the position before it, so that a result is announced when the stone lands.
//! In a two-player game whose board turns, they turn with it to face the player to move.

use crate::board::selection::Selection;
use crate::board::stones::Moving;
use crate::game::computer::Computer;
use crate::game::session::{Mode, MovePlayed, OnBoard, Session, Turn};
use crate::screens::review::{Review, better_line, review_line};
use crate::shell::awake::KeepAwake;
use crate::shell::navigation::{GameSet, Screen};
use crate::ui::i18n::Strings;
use crate::ui::i18n::level_key;
use crate::ui::layout::BoardLayout;
use crate::ui::notice::Notice;
use crate::ui::theme::Theme;
use crate::ui::widgets::{Card, OwnFacing};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surakarta_engine::ai::HintReason;
use surakarta_engine::{Outcome, Position, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            show_turn,
            show_counts,
            show_counters,
            show_notice,
            paint_swatch,
            quiet_before_a_game,
        )
            .in_set(StatusSystems)
            .in_set(GameSet::Present),
    )
    // Late, so a card opened this frame (a state entered in PostUpdate) is drawn facing the
    // right way from its first frame.
    .add_systems(
        PostUpdate,
        face_the_player.before(bevy::ui::UiSystems::Layout),
    )
    // A frame when the time left in another game, said in the bar, changes its face.
    .wake_after(next_elsewhere_change);
}

/// A line of the status bar (whose move, the counts, the counters, the notice).
#[derive(Component)]
pub struct StatusLine;

/// A node as laid out: its size and where it stands.
type Placed = (&'static ComputedNode, &'static UiGlobalTransform);

/// A panel's shade (its one child is the card).
type Shades<'w, 's> = Query<'w, 's, &'static Children, With<crate::ui::widgets::Card>>;

/// Behind the menu of an app that has no game yet (the first start, or the last game's
/// moves all taken back), the bars say nothing: "Your move" before anyone has chosen a
/// game would be untrue. In landscape a lesson's or puzzle's card stands in the side
/// panel over the status lines, and a panel's or the menu's card over their inner edge (but
/// for an online game's clocks): they go, rather than peek out from under it. In portrait
/// a line a panel's card reaches over goes too (a tall End card cut "...thinks it stands
/// better." in half on a 320x568 phone).
fn quiet_before_a_game(
    (screen, panel): (
        Res<State<Screen>>,
        Res<State<crate::shell::navigation::Panel>>,
    ),
    own: Res<Session>,
    (layout, cards): (
        Res<BoardLayout>,
        Query<(), With<crate::ui::top_card::TopCardBody>>,
    ),
    (shades, nodes): (Shades, Query<Placed, Without<StatusLine>>),
    mut lines: Query<(&mut Visibility, Placed), With<StatusLine>>,
) {
    let game = &own.game;
    let none_yet = *screen.get() == Screen::Menu
        && game.history().is_empty()
        && game.outcome().is_none()
        && !own.is_online();
    // Online the clocks stay in sight, under a card's edge or not.
    let over =
        *panel.get() != crate::shell::navigation::Panel::None || *screen.get() == Screen::Menu;
    let under_a_panel = over && !own.is_online();
    let under_a_card = !layout.portrait && (!cards.is_empty() || under_a_panel);
    // The panel's card (the shade's one child), top and bottom, in physical pixels.
    let card = shades
        .iter()
        .filter(|_| layout.portrait && under_a_panel)
        .filter_map(|children| nodes.get(*children.first()?).ok())
        .map(|(node, at)| {
            (
                at.translation.y - node.size().y / 2.0,
                at.translation.y + node.size().y / 2.0,
            )
        })
        .next();
    for (mut v, (node, at)) in &mut lines {
        let (top, bottom) = (
            at.translation.y - node.size().y / 2.0,
            at.translation.y + node.size().y / 2.0,
        );
        let covered =
            card.is_some_and(|(from, to)| node.size().y > 0.0 && bottom > from && top < to);
        let want = if none_yet || under_a_card || covered {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *v != want {
            *v = want;
        }
    }
}

/// Where the bars' texts are set.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StatusSystems;

/// "Red to move", "Your move", "Computer is thinking…".
#[derive(Component)]
pub struct TurnText;

/// The disc beside the turn, in the colour to move.
#[derive(Component)]
pub struct TurnSwatch;

/// Stones left on each side.
#[derive(Component)]
pub struct CountText;

/// The no-capture counter and the ply cap.
#[derive(Component)]
pub struct CounterText;

/// The review's place, a notice, the hint's reason, or nothing.
#[derive(Component)]
pub struct HintText;

/// A root of the bars, turned with the board in a two-player game.
#[derive(Component)]
pub struct Bars;

/// The game on the board as the player sees it.
#[derive(SystemParam)]
pub struct Seen<'w, 's> {
    board: OnBoard<'w>,
    turn: Option<Res<'w, State<Turn>>>,
    moving: Query<'w, 's, (), With<Moving>>,
    played: Res<'w, Messages<MovePlayed>>,
}

impl Seen<'_, '_> {
    /// The position shown and the result announced: while a stone is still on its way
    /// (from the frame its move is played until it lands), the position before its move
    /// and no result yet.
    pub fn now(&self) -> (&Position, Option<Outcome>) {
        let game = &self.board.session().game;
        match game.positions().iter().rev().nth(1) {
            Some(before) if self.moving() => (before, None),
            _ => (game.position(), game.outcome()),
        }
    }

    /// True from the frame a move is played until its stone lands.
    fn moving(&self) -> bool {
        self.played.iter_current_update_messages().len() > 0 || !self.moving.is_empty()
    }

    /// The game as the board shows it: while a stone is on its way, without its move (a
    /// copy, made only then).
    fn game(&self) -> std::borrow::Cow<'_, surakarta_engine::Game> {
        let game = &self.board.session().game;
        if self.moving() && !game.history().is_empty() {
            let mut before = game.clone();
            before.undo();
            std::borrow::Cow::Owned(before)
        } else {
            std::borrow::Cow::Borrowed(game)
        }
    }

    fn mode(&self) -> Mode {
        self.board.session().mode
    }
}

/// Puts `value` in the texts with marker `M`, touching only those that differ.
fn set_text<M: Component>(texts: &mut Query<&mut Text, With<M>>, value: &str) {
    for mut t in texts.iter_mut() {
        if t.0 != value {
            t.0 = value.to_owned();
        }
    }
}

fn show_turn(
    seen: Seen,
    computer: Res<Computer>,
    strings: Res<Strings>,
    time: Res<Time>,
    mut texts: Query<&mut Text, With<TurnText>>,
) {
    let (pos, outcome) = seen.now();
    let side = pos.side_to_move();
    // The computer's turn reads the same at every level, from the moment it is its turn
    // (a weak level may wait a moment before it plays, without searching).
    // A puzzle's replies are the puzzle's, not a computer's thinking.
    let computers_turn = !seen.board.practising()
        && matches!(seen.mode(), Mode::VsComputer { human, .. } if human != side);
    let thinking = computer.thinking()
        || computers_turn
        || seen
            .turn
            .as_ref()
            .is_some_and(|t| *t.get() == Turn::Thinking);
    // The computer's move on its way round the board: it has thought (a tester read
    // "Computer is thinking" with its stone already moving).
    let moves_now = computers_turn && seen.moving();
    let line = if let Some(o) = outcome {
        match o.winner {
            Some(Side::Red) => strings.get("over.red_wins"),
            Some(Side::Black) => strings.get("over.black_wins"),
            None if o.reason == surakarta_engine::EndReason::Aborted => strings.get("over.aborted"),
            None => strings.get("over.draw"),
        }
    } else if moves_now {
        strings.get("turn.computer_moves")
    } else if thinking {
        let dots = (time.elapsed_secs() * 2.5) as usize % 4;
        format!("{}{}", strings.get("turn.thinking"), ".".repeat(dots))
    } else if matches!(seen.mode(), Mode::VsComputer { human, .. } | Mode::Online { me: human } if human == side)
    {
        strings.get("turn.your_move")
    } else if matches!(seen.mode(), Mode::Online { .. }) {
        strings.get("turn.friend")
    } else {
        strings.fill("turn.to_move", &[("side", strings.side(side))])
    };
    set_text(&mut texts, &line);
}

/// Stones left on each side.
fn show_counts(seen: Seen, strings: Res<Strings>, mut texts: Query<&mut Text, With<CountText>>) {
    let (pos, _) = seen.now();
    // A side's name and its count stay on one line (a no-break space): a narrow bar
    // breaks between the sides, never inside one.
    let count = |side| format!("{}\u{a0}{}", strings.side(side), pos.stones(side).count());
    let line = strings.fill(
        "count.stones",
        &[("red", count(Side::Red)), ("black", count(Side::Black))],
    );
    set_text(&mut texts, &line);
}

/// The level of a game against the computer, then the rule set's counters: plies since a
/// capture, plies played. (The level is on this short line, not with the counts, so that
/// the longest names fit a 360-point phone in every language.)
fn show_counters(
    seen: Seen,
    strings: Res<Strings>,
    link: Res<crate::online::Link>,
    watch: Res<crate::online::Watch>,
    review: Res<Review>,
    layout: Res<BoardLayout>,
    mut texts: Query<&mut Text, With<CounterText>>,
) {
    let (pos, _) = seen.now();
    let rules = seen.board.session().game.rules();
    let mut level = None;
    if let Mode::VsComputer { level: l, .. } = seen.mode()
        && !seen.board.practising()
    {
        level = Some(strings.get(level_key(l)));
    }
    // An online game's connection, where a computer game names its level, on a line of
    // its own: "Waiting for your friend to join" leaves no room for a counter beside it.
    let mut own_line = !layout.portrait;
    if matches!(seen.mode(), Mode::Online { .. }) && !seen.board.practising() {
        level = Some(link.line(&strings)).filter(|l| !l.is_empty());
        // Beside "Your move", waiting for the friend reads as a contradiction: the first
        // move may be played before they join, and the line says so.
        if let Mode::Online { me } = seen.mode()
            && link.waiting_for_friend()
            && matches!(link.line.status, crate::online::Status::Connected)
            && pos.side_to_move() == me
        {
            level = Some(strings.get("online.waiting_play_first"));
        }
        own_line = true;
    }
    // A game watched live: that it is (or how it ended), or the connection's trouble.
    if seen.board.practising() && watch.watching() {
        let shown = seen.board.session().game.history().len();
        level = Some(watch_line(&watch, &review, shown, &strings));
        own_line = true;
    }
    let mut counters = Vec::new();
    if let Some(limit) = rules.no_capture_limit {
        counters.push(strings.fill(
            "count.no_capture",
            &[
                ("n", pos.since_capture().to_string()),
                ("limit", limit.to_string()),
            ],
        ));
    }
    if let Some(limit) = rules.ply_limit {
        counters.push(strings.fill(
            "count.ply",
            &[("n", pos.plies().to_string()), ("limit", limit.to_string())],
        ));
    }
    let line = counters.join("     ");
    // Beside the board (landscape) the bar is narrow: the level gets a line of its own
    // rather than a break inside the counter's words.
    // A short word of the connection ("Online") shares the counter's line in portrait: a
    // line less in a bar that a 320-point phone has little room for.
    let short = |level: &str| layout.portrait && level.chars().count() <= 12;
    let line = match level {
        Some(level) if line.is_empty() => level,
        Some(level) if own_line && !short(&level) => format!("{level}\n{line}"),
        Some(level) => format!("{level} · {line}"),
        None => line,
    };
    set_text(&mut texts, &line);
}

/// A watched game's line: how it ended (the whole record's end, whichever move the board
/// shows); that the game has gone on past the move shown (`shown` moves on the board, the
/// watcher stepped back: the turn above is the board's, not the live game's); or else the
/// connection.
pub fn watch_line(
    watch: &crate::online::Watch,
    review: &Review,
    shown: usize,
    strings: &Strings,
) -> String {
    match review.game.as_ref().and_then(|g| g.outcome()) {
        Some(outcome) => crate::game::ending_words::ending_line(outcome, strings),
        None if watch.behind(shown, review.total()) => strings.get("watch.behind"),
        None => watch.line(strings),
    }
}

/// "Your move in your other game as Red: 1:26 left. Menu, Your online games."
pub fn elsewhere_line(m: &crate::online::games::MoveElsewhere, strings: &Strings) -> String {
    strings.fill(
        "online_games.your_move_elsewhere",
        &[
            ("side", strings.side(m.side)),
            ("time", crate::bars::clock::face(m.left, m.control, strings)),
        ],
    )
}

/// When the words of [`elsewhere_line`] next change (its clock's next face), while it is
/// said.
fn next_elsewhere_change(
    listing: Res<crate::online::games::Listing>,
    games: Res<crate::online::OnlineGames>,
    own: Res<Session>,
) -> Option<std::time::Duration> {
    let m = listing.move_elsewhere(&games, &own)?;
    // Days a move, over an hour left: the face says hours and minutes, and changes with
    // the minute (not a frame a second for days).
    let correspondence = matches!(
        m.control,
        Some(crate::online::wire::TimeControl::Correspondence { .. })
    );
    if correspondence && m.left > std::time::Duration::from_secs(3600) {
        let into_minute = m.left.as_millis() % 60_000;
        return Some(std::time::Duration::from_millis(into_minute as u64 + 4));
    }
    Some(crate::online::clock::next_face_change(m.left))
}

/// What the line under the counts can say, most pressing first.
#[derive(SystemParam)]
struct Notes<'w> {
    review: Res<'w, Review>,
    analysis: Res<'w, crate::game::analysis::Analysis>,
    notice: Res<'w, Notice>,
    /// The player's other online games, as last heard.
    listing: Res<'w, crate::online::games::Listing>,
    games: Res<'w, crate::online::OnlineGames>,
    own: Res<'w, Session>,
    selection: Res<'w, Selection>,
    computer: Res<'w, Computer>,
    link: Res<'w, crate::online::Link>,
}

/// The line under the counts: the review's place, a notice, the hint (or that one is being
/// looked for), or that the selected stone cannot move.
fn show_notice(
    seen: Seen,
    notes: Notes,
    (strings, theme): (Res<Strings>, Res<Theme>),
    mut texts: Query<&mut Text, With<HintText>>,
    mut colours: Query<&mut TextColor, With<HintText>>,
) {
    // The review's place as the board shows it: the move named when its stone lands, with
    // the turn and the counts above (not while it runs, beside the position before it).
    let game = &*seen.game();
    let stuck = notes
        .selection
        .stone
        .is_some_and(|from| !game.moves().iter().any(|m| m.from == from));
    // The player's move in another online game, its clock running: said for as long as it
    // holds, above the game on the board's own notices (a game there was lost on time while
    // "Your friend has joined." stood here), and above a review's place once it runs low.
    let elsewhere = notes
        .listing
        .move_elsewhere(&notes.games, &notes.own)
        .map(|m| (elsewhere_line(&m, &strings), m.low));
    let reviewing = notes.review.game.is_some();
    // Its clock low, in the theme's red, as that clock is drawn on its own board (a tester
    // watched "0:01.4 left" go by in the bar's grey).
    let red = elsewhere.as_ref().is_some_and(|(_, low)| *low);
    let colour = if red { theme.red } else { theme.bar_text };
    for mut c in &mut colours {
        if c.0 != colour {
            c.0 = colour;
        }
    }
    // What the friend on the board's game did (joined, left, came back) is said with it,
    // a line above: behind it a tester's friend left and came back unsaid.
    let friend_news = notes.notice.says_one_of(
        &[
            "online.friend_joined",
            "online.friend_left",
            "online.friend_back",
            "online.friend_reconnecting",
        ],
        &strings,
    );
    let line = if let Some((line, low)) = &elsewhere
        && (*low || !reviewing)
    {
        match &notes.notice.0 {
            Some(news) if friend_news && !reviewing => format!("{news}\n{line}"),
            _ => line.clone(),
        }
    } else if let Some(line) = review_line(&notes.review, game, &notes.analysis, &strings)
        && let Some(friend) = notes.own.online.as_ref().map(|seat| seat.side.other())
        && notes.review.closes_to == crate::screens::review::ClosesTo::Game
        && notes.link.rematch_offered_by(friend)
    {
        // The player's own game under review, and the friend offers a rematch: its card
        // is the game's, behind the review (a tester saw the offer only after Close).
        format!("{}\n{line}", strings.get("online.rematch_on_review"))
    } else if let Some(line) = review_line(&notes.review, game, &notes.analysis, &strings) {
        // The analysis's better move, drawn on the board, named here beside the move it
        // would replace.
        notes
            .selection
            .hint
            .as_ref()
            .and_then(|h| better_line(&notes.review, game, &notes.analysis, h.mv, &strings))
            .unwrap_or(line)
    } else if let Some((line, _)) = elsewhere {
        line
    } else if let Some(away) = notes.listing.rematch_elsewhere() {
        strings.fill(
            "online_games.rematch_elsewhere",
            &[("side", strings.side(away.kept.seat.side))],
        )
    } else if let Some(n) = &notes.notice.0 {
        n.clone()
    } else if let Some(ended) = &notes.listing.ended {
        ended.clone()
    } else if let Some(h) = &notes.selection.hint {
        strings.get(match h.reason {
            HintReason::Captures => "hint.captures",
            HintReason::Escapes => "hint.escapes",
            HintReason::Threatens => "hint.threatens",
            HintReason::Improves => "hint.improves",
        })
    } else if notes.computer.hinting() {
        strings.get("hint.thinking")
    } else if stuck {
        strings.get("select.no_moves")
    } else {
        String::new()
    };
    set_text(&mut texts, &line);
}

/// The swatch beside the turn: the colour to move, or the winner's; none beside a draw.
fn paint_swatch(
    seen: Seen,
    theme: Res<Theme>,
    mut swatch: Query<(&mut BackgroundColor, &mut Node), With<TurnSwatch>>,
) {
    let (pos, outcome) = seen.now();
    let colour = match outcome {
        Some(o) => o.winner.map_or(Color::NONE, |w| theme.stone(w).0),
        None => theme.stone(pos.side_to_move()).0,
    };
    // Taken out of the line beside a draw, so that the words stay centred.
    let display = if colour == Color::NONE {
        Display::None
    } else {
        Display::Flex
    };
    for (mut bg, mut node) in &mut swatch {
        if bg.0 != colour {
            bg.0 = colour;
        }
        if node.display != display {
            node.display = display;
        }
    }
}

/// The cards that face the player to move: all but those that face someone of their own.
type TurnedCards = (With<Card>, Without<OwnFacing>, Without<Bars>);

/// In a two-player game the bars turn as the board turns, so the player to move reads
/// them the right way up from their side of the table; a single player's stay upright. So
/// do the cards that player opens over their game (the menu, end the game, resign, new
/// game…), unless a card faces someone else of its own accord (a draw offer faces the
/// player who answers).
fn face_the_player(
    table: Res<crate::board::view::TableTurn>,
    mut bars: Query<&mut UiTransform, With<Bars>>,
    mut cards: Query<&mut UiTransform, TurnedCards>,
) {
    let angle = table.0;
    let rotation = Rot2::radians(angle);
    for mut t in bars.iter_mut().chain(cards.iter_mut()) {
        if t.rotation != rotation {
            t.rotation = rotation;
        }
    }
}
