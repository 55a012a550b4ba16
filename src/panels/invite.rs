//! The invite to an online game: the link to send a friend, and Share (the phone's share
//! sheet, `navigator.share` in a browser) or Copy (the clipboard, on desktops and in
//! browsers without a share sheet). Opened when the game has been created, and from the
//! menu while the friend's seat is free. The same card gives the link that lets anyone
//! watch the game (`online/watch.rs`), from the menu's "Invite watchers" once both seats
//! are taken: before, a watcher given the game's code could take the free seat.

use crate::game::session::{Seat, Session};
use crate::online::Link;
use crate::platform::clipboard::{Clipboard, ClipboardError};
use crate::platform::{Platform, ShareOutcome, Shared};
use crate::shell::navigation::{GameSet, Navigator, Panel};
use crate::ui::i18n::Strings;
use crate::ui::notice::Notice;
use crate::ui::press::Press;
use crate::ui::widgets::{Cards, button, clear_card, label, paragraph, row};
use bevy::prelude::*;
use bevy::text::TextLayoutInfo;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InviteNote>()
        .init_resource::<Inviting>()
        .add_systems(OnEnter(Panel::Invite), (forget, spawn).chain())
        .add_systems(OnExit(Panel::Invite), |mut i: ResMut<Inviting>| {
            *i = Inviting::Friend
        })
        .add_systems(
            Update,
            (clear_card, spawn)
                .chain()
                .run_if(
                    in_state(Panel::Invite).and_then(
                        resource_changed::<InviteNote>
                            .or_else(resource_changed::<Inviting>)
                            .or_else(crate::ui::widgets::words_or_layout_changed),
                    ),
                )
                .in_set(GameSet::Present),
        )
        .add_systems(
            Update,
            (hear_share, close_when_joined).run_if(in_state(Panel::Invite)),
        )
        .add_systems(PostUpdate, fit_link.after(bevy::ui::UiSystems::PostLayout));
}

/// The friend has taken the other seat: the invite has done its job, and the card gives
/// the board back, saying why.
fn close_when_joined(
    link: Res<Link>,
    inviting: Res<Inviting>,
    mut nav: Navigator,
    mut notice: ResMut<Notice>,
    strings: Res<Strings>,
) {
    if *inviting == Inviting::Friend && !link.waiting_for_friend() {
        notice.0 = Some(strings.get("online.friend_joined"));
        nav.close();
    }
}

/// Whom the card's link is for.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Inviting {
    /// The friend who takes the other seat.
    #[default]
    Friend,
    /// Anyone who would watch, read only.
    Watchers,
}

impl Inviting {
    /// The link, and the keys of the card's title, its words and the shared message.
    fn of(self, seat: &Seat) -> (String, [&'static str; 3]) {
        match self {
            Inviting::Friend => (
                seat.invite(),
                ["invite.title", "invite.body", "invite.message"],
            ),
            Inviting::Watchers => (
                seat.watch_link(),
                ["watch.title", "watch.body", "watch.message"],
            ),
        }
    }
}

/// What the last Share or Copy did.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct InviteNote(pub Option<String>);

/// The height of one line of the card's 16-point words, in points: the room the answer to
/// Share and Copy keeps.
const NOTE_LINE: f32 = 23.5;

/// The invite's link on the card (tests read it).
#[derive(Component)]
pub struct InviteLink;

fn forget(mut note: ResMut<InviteNote>) {
    note.0 = None;
}

fn spawn(
    mut cards: Cards,
    session: Res<Session>,
    note: Res<InviteNote>,
    inviting: Res<Inviting>,
    clipboard: Res<Clipboard>,
    platform: Res<Platform>,
) {
    let Some(seat) = &session.online else {
        return;
    };
    let inviting = *inviting;
    let (link, [title, body, _]) = inviting.of(seat);
    let (can_share, can_copy) = (platform.can_share, clipboard.available());
    let note = note.0.clone();
    cards.spawn(
        DespawnOnExit(Panel::Invite),
        |c, strings, theme| {
            c.spawn(label(strings.get(title), 28.0, theme));
            c.spawn(paragraph(strings.get(body), theme));
            c.spawn((InviteLink, label(link, LINK_SIZE, theme)));
            c.spawn(row()).with_children(|r| {
                if can_share {
                    r.spawn(button(
                        "invite.share",
                        strings.get("invite.share"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(share);
                }
                if can_copy {
                    r.spawn(button(
                        "invite.copy",
                        strings.get("invite.copy"),
                        theme,
                        crate::ui::widgets::BUTTON_FONT,
                        true,
                    ))
                    .observe(copy);
                }
            });
            // Centred under the buttons it answers, as the card's other words are; its line
            // kept when it is empty, so that the buttons below stay under the finger when
            // "Link copied." comes (the card is centred on the screen).
            c.spawn(label(note.unwrap_or_default(), 16.0, theme))
                .entry::<Node>()
                .and_modify(|mut node| node.min_height = px(NOTE_LINE));
        },
        |footer, strings, theme| {
            footer.spawn(row()).with_children(|r| {
                r.spawn(button(
                    "invite.close",
                    strings.get("invite.to_board"),
                    theme,
                    crate::ui::widgets::BUTTON_FONT,
                    true,
                ))
                .observe(to_board);
            });
        },
    );
}

/// The link's size on the card, in points, and the least it is made to keep it on one line.
const LINK_SIZE: f32 = 17.0;
const LEAST_LINK_SIZE: f32 = 12.0;

/// The link on one line: made smaller (down to [`LEAST_LINK_SIZE`]) when the layout wrapped
/// it; a link too long even then is drawn at its size broken before its query
/// ([`link_lines`]). Testers read "https://host/" and "?join=ID" on two lines as broken.
fn fit_link(
    mut links: Query<(&mut Text, &mut TextFont, &TextLayoutInfo, &ComputedNode), LinkLaid>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (mut text, mut font, info, node) in &mut links {
        let lines = info.glyphs.iter().map(|g| g.line_index + 1).max();
        if lines.unwrap_or(0) < 2 || text.0.contains('\n') {
            continue;
        }
        let FontSize::Px(size) = font.font_size else {
            continue;
        };
        // All its glyphs side by side, against the width it has.
        let drawn: f32 = info
            .glyphs
            .iter()
            .map(|g| g.atlas_info.rect.width().max(1.0))
            .sum::<f32>()
            * 1.15;
        let room = node.size().x;
        let fitted = (size * room / drawn.max(1.0) * 2.0).floor() / 2.0;
        if size > LEAST_LINK_SIZE && fitted >= LEAST_LINK_SIZE {
            font.font_size = FontSize::Px(fitted.min(size - 0.5));
        } else {
            text.0 = link_lines(&text.0);
            font.font_size = FontSize::Px(LINK_SIZE);
        }
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The invite's link as laid out anew.
type LinkLaid = (With<InviteLink>, Changed<TextLayoutInfo>);

/// A link too long for one line, as the card draws it: broken before its query
/// ("https://host/" and "?watch=ID" each whole on a line), never by the layout inside the
/// host or after the "?". Copy and Share give the link itself.
fn link_lines(link: &str) -> String {
    match link.find('?') {
        Some(at) if at > 0 => {
            format!("{}\n{}", &link[..at], &link[at..])
        }
        _ => link.to_owned(),
    }
}

/// "To the board" says where it goes: the card closes over the game's board, even when it
/// was opened from the menu ("Invite watchers"), where the player's clock may be running.
fn to_board(_: On<Press>, mut nav: Navigator) {
    nav.close();
    nav.go(crate::shell::navigation::Screen::Game);
}

fn share(
    _: On<Press>,
    session: Res<Session>,
    inviting: Res<Inviting>,
    mut platform: ResMut<Platform>,
    strings: Res<Strings>,
) {
    if let Some(seat) = &session.online {
        let (link, [title, _, message]) = inviting.of(seat);
        let text = strings.fill(message, &[("link", link)]);
        platform.share(strings.get(title), text);
    }
}

fn copy(
    _: On<Press>,
    session: Res<Session>,
    inviting: Res<Inviting>,
    mut clipboard: ResMut<Clipboard>,
    mut note: ResMut<InviteNote>,
    strings: Res<Strings>,
) {
    let Some(seat) = &session.online else {
        return;
    };
    note.0 = Some(match clipboard.copy(&inviting.of(seat).0) {
        Ok(()) => strings.get("invite.copied"),
        Err(ClipboardError::Unavailable) => strings.get("records.no_clipboard"),
        Err(ClipboardError::Failed(e)) => strings.fill("records.not_copied", &[("error", e)]),
    });
}

fn hear_share(
    mut outcomes: MessageReader<ShareOutcome>,
    mut note: ResMut<InviteNote>,
    strings: Res<Strings>,
) {
    for outcome in outcomes.read() {
        note.0 = match &outcome.0 {
            Ok(Shared::Sheet) => None,
            Ok(Shared::Copied) => Some(strings.get("invite.copied")),
            Err(e) => Some(strings.fill("records.not_shared", &[("error", e.to_string())])),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::link_lines;

    #[test]
    fn a_link_too_long_for_one_line_breaks_before_its_query() {
        assert_eq!(
            link_lines("https://surakarta.example.org/?watch=k3mpq8x2ra"),
            "https://surakarta.example.org/\n?watch=k3mpq8x2ra"
        );
        // Without a query: the layout's to break.
        assert_eq!(
            link_lines("https://surakarta.example.org/play"),
            "https://surakarta.example.org/play"
        );
    }
}
