//! Game records: the player's game (copy, share, save, review), paste a record or a
//! position, and the saved games, newest first, each opening its review. A record shared
//! to the app opens here too.

use crate::game::record_words::{date_words, player_name, result_words};
use crate::game::records::{Pasted, Records};
use crate::game::session::{Session, Start};
use crate::panels::new_game::OpenNewGame;
use crate::platform::clipboard::Clipboard;
use crate::platform::{Opened, Platform, ShareOutcome};
use crate::screens::review::{ClosesTo, OpenReview};
use crate::shell::navigation::{GameSet, Navigator, Panel};
use crate::ui::i18n::Strings;
use crate::ui::layout::BoardLayout;
use crate::ui::press::Press;
use crate::ui::widgets::{
    Cards, back_row, button, choice, clear_card, label, paragraph, row, styled_button,
};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Panel::Records), (read_shelf, spawn).chain())
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::Records).and_then(
                        resource_changed::<Records>
                            .or_else(resource_changed::<Strings>)
                            .or_else(resource_changed::<BoardLayout>),
                    ),
                )
                .in_set(GameSet::Present),
        )
        .add_systems(Update, (hear_shares, open_shared).in_set(GameSet::Input));
}

/// What the last copy, save or paste did (tests look for it).
#[derive(Component)]
pub struct RecordsNote;

fn read_shelf(mut records: ResMut<Records>) {
    records.refresh();
    records.note = records.next_note.take();
}

fn spawn(
    mut cards: Cards,
    session: Res<Session>,
    records: Res<Records>,
    clipboard: Res<Clipboard>,
    platform: Res<Platform>,
) {
    let records = &*records;
    let can_share = platform.can_share;
    let game = &session.game;
    let result = game.outcome().map_or_else(
        || cards.strings().get("records.in_progress"),
        // An aborted game's token is "*", the notation's mark: said in words.
        |o| match o.result_token() {
            "*" => cards.strings().get("records.no_result"),
            token => token.to_owned(),
        },
    );
    let has_moves = !game.history().is_empty();
    // A game with nothing in it yet (after the puzzles or lessons, a new game unplayed) is
    // not offered to copy, save or share: "This game: in progress, moves: 0" said nothing.
    let has_game = has_moves || game.outcome().is_some();
    let this_game = if has_game {
        cards.strings().fill(
            "records.this_game",
            &[
                (
                    "moves",
                    crate::screens::review::moves_spanned(
                        game.start().plies(),
                        game.history().len(),
                    )
                    .to_string(),
                ),
                ("result", result),
            ],
        )
    } else {
        cards.strings().get("records.no_game")
    };
    let clipboard = clipboard.available();
    cards.spawn(
        // Saving adds a note and an entry: the card grows downwards, its buttons stay.
        (DespawnOnExit(Panel::Records), crate::ui::steady::SteadyTop),
        |c, strings, theme| {
            c.spawn(label(strings.get("records.title"), 28.0, theme));
            c.spawn(label(this_game, 17.0, theme));
            c.spawn(row()).with_children(|r| {
                if !has_game {
                    return;
                }
                if clipboard {
                    r.spawn(button(
                        "records.copy",
                        strings.get("records.copy"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(copy);
                }
                if can_share {
                    r.spawn(button(
                        "records.share",
                        strings.get("records.share"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(share);
                }
                r.spawn(button(
                    "records.save",
                    strings.get("records.save"),
                    theme,
                    crate::ui::widgets::BUTTON_FONT,
                    true,
                ))
                .observe(save);
                if has_moves {
                    let text = strings.get("records.review");
                    r.spawn(button("records.review", text, theme, 18.0, true))
                        .observe(review_own);
                }
            });
            if clipboard {
                c.spawn(row()).with_children(|r| {
                    let text = strings.get("records.paste");
                    r.spawn(choice("records.paste", text, false, theme))
                        .observe(paste);
                });
            }
            if let Some(note) = &records.note {
                // Centred, as the card's other words are (a tester read it left-aligned).
                c.spawn((
                    RecordsNote,
                    crate::ui::scroll::BringIntoView::default(),
                    label(note.clone(), 15.0, theme),
                ));
            }
            c.spawn(label(strings.get("records.saved_title"), 20.0, theme));
            if records.saved.is_empty() {
                c.spawn(paragraph(strings.get("records.none"), theme));
            }
            for (i, saved) in records.saved.iter().enumerate() {
                let text = match &saved.record {
                    Ok(record) => strings.fill(
                        "records.entry",
                        &[
                            (
                                "date",
                                date_words(record.header("Date").unwrap_or(""), strings),
                            ),
                            (
                                "red",
                                player_name(record.header("Red").unwrap_or("?"), strings),
                            ),
                            (
                                "black",
                                player_name(record.header("Black").unwrap_or("?"), strings),
                            ),
                            (
                                "result",
                                result_words(
                                    record.header("Result").unwrap_or("*"),
                                    record.header("Termination"),
                                    strings,
                                ),
                            ),
                            (
                                "moves",
                                crate::screens::review::moves_spanned(
                                    record
                                        .header("Start")
                                        .and_then(|s| s.parse::<surakarta_engine::Position>().ok())
                                        .map_or(0, |p| p.plies()),
                                    record.moves.len(),
                                )
                                .to_string(),
                            ),
                        ],
                    ),
                    Err(_) => strings.fill("records.unreadable", &[("name", saved.name.clone())]),
                };
                c.spawn(row()).with_children(|r| {
                    let id = format!("records.saved.{i}");
                    r.spawn(styled_button(
                        id,
                        text,
                        theme.bar,
                        theme.bar_text,
                        15.0,
                        true,
                    ))
                    .observe(
                        move |_: On<Press>,
                              mut records: ResMut<Records>,
                              strings: Res<Strings>,
                              mut open: MessageWriter<OpenReview>| {
                            if let Some((game, bottom, own)) = records.open_saved(i, &strings) {
                                open.write(OpenReview(game, ClosesTo::Records, bottom, own));
                            }
                        },
                    );
                });
            }
        },
        back_row,
    );
}

fn copy(
    _: On<Press>,
    session: Res<Session>,
    mut records: ResMut<Records>,
    mut clipboard: ResMut<Clipboard>,
    strings: Res<Strings>,
) {
    records.copy(&session, &mut clipboard, &strings);
}

fn save(_: On<Press>, session: Res<Session>, mut records: ResMut<Records>, strings: Res<Strings>) {
    records.save_now(&session, &strings);
}

fn review_own(_: On<Press>, session: Res<Session>, mut open: MessageWriter<OpenReview>) {
    open.write(OpenReview(
        session.game.clone(),
        ClosesTo::Records,
        session.player_side(),
        session.own_side(),
    ));
}

fn share(
    _: On<Press>,
    session: Res<Session>,
    mut records: ResMut<Records>,
    mut platform: ResMut<Platform>,
    strings: Res<Strings>,
) {
    records.share(&session, &mut platform, &strings);
}

fn hear_shares(
    mut outcomes: MessageReader<ShareOutcome>,
    mut records: ResMut<Records>,
    strings: Res<Strings>,
) {
    for outcome in outcomes.read() {
        records.shared(outcome, &strings);
    }
}

fn paste(
    _: On<Press>,
    mut records: ResMut<Records>,
    mut clipboard: ResMut<Clipboard>,
    strings: Res<Strings>,
    mut opener: Opener,
) {
    let pasted = records.paste(&mut clipboard, &strings);
    opener.open(pasted);
}

/// A record shared to the app opens for review, a position as a new game's start; what
/// is neither shows on this card, saying why. The player's game is never touched.
fn open_shared(
    mut opened: MessageReader<Opened>,
    mut records: ResMut<Records>,
    strings: Res<Strings>,
    mut opener: Opener,
    mut nav: Navigator,
    panel: Res<State<Panel>>,
    mut join: crate::online::Joiner,
) {
    let Some(last) = opened.read().last() else {
        return;
    };
    // An invite link opened with the app (or shared to it) joins the friend's game;
    // A watching link opens the game to watch.
    let online = crate::online::wire::read_invite(&last.0, None).is_ok()
        || crate::online::wire::read_watch_link(&last.0).is_some();
    if online && join.join(&last.0) {
        return;
    }
    match records.opened(last, *panel.get() == Panel::Records, &strings) {
        Some(pasted) => opener.open(Some(pasted)),
        None => nav.open(Panel::Records),
    }
}

/// Opens what was pasted or shared: a record for review, a position as a new game's start.
#[derive(bevy::ecs::system::SystemParam)]
struct Opener<'w> {
    review: MessageWriter<'w, OpenReview>,
    new_game: OpenNewGame<'w>,
}

impl Opener<'_> {
    fn open(&mut self, pasted: Option<Pasted>) {
        match pasted {
            Some(Pasted::Record(game, bottom, own)) => {
                self.review
                    .write(OpenReview(*game, ClosesTo::Records, bottom, own));
            }
            Some(Pasted::Position(position)) => {
                self.new_game.open(None, Start::Position(position));
            }
            None => {}
        }
    }
}
