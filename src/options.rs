//! Command-line options of the desktop app (used by tests, CI and screenshots).

use crate::shell::navigation::Panel;
use bevy::prelude::*;
use surakarta_engine::{Position, Square};

pub const USAGE: &str = "\
Usage: surakarta [--screenshot PATH [--play MOVE]] [--check-layout] [--size WxH]
                 [--fen POSITION]
                 [--select SQUARE] [--bench-frames N] [--bench-memory]
                 [--language TAG] [--panel NAME]
                 [--theme classic|high-contrast] [--lesson N] [--puzzle N]

  --screenshot PATH   render the game screen, save it as a PNG at PATH and exit
  --play MOVE         with --screenshot: then play MOVE and save each frame of it, 25 a
                      second, as PATH-000.png, PATH-001.png... (a capture's run round
                      the loops, for the README's animation)
  --check-layout      put every screen and card on screen in every language and both
                      themes, check the layout (nothing outside the window or its box,
                      no buttons over each other, no lone last word), print the faults
                      and exit (1 when there is any)
  --size WxH          window size in logical points (default 390x844, a phone in portrait)
  --fen POSITION      start from this position (two players on this device)
  --select SQUARE     select the stone on SQUARE, showing its targets and routes
  --panel NAME        show the menu or a panel: menu, new-game, settings, stats,
                      rules, records, leave, replace, end-game,
                      resign, offer, strategy, moves (over the game, or the
                      review of --record), online-games, puzzles, lessons
  --lesson N          put the tutorial's lesson N (1-9) on the board
  --lesson-state S    show that lesson asking, passed or failed (its explanation)
  --puzzle N          put puzzle N of the pack (1 is its first line) on the board
  --record PATH       review the game record in PATH (shown at its last move)
  --theme NAME        the colours: classic or high-contrast, as if chosen in the settings
  --language TAG      speak this language (en, zh-CN, ru, da), as if chosen in the
                      settings
  --bench-frames N    measure N frames idle and N while the computer thinks on Hard,
                      print median and 99th-percentile frame times, and exit
  --bench-memory      play a game against Hard down to the endgame tables, analyse it,
                      print the resident memory at the menu, after the game, after the
                      analysis, settled and at its peak (Linux), and exit";

#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Options {
    pub help: bool,
    pub screenshot: Option<String>,
    pub window_size: Option<Vec2>,
    pub fen: Option<Position>,
    pub select: Option<Square>,
    pub bench_frames: Option<u32>,
    /// Measure the resident memory of a session that reaches the endgame tables.
    pub bench_memory: bool,
    pub language: Option<crate::ui::i18n::Language>,
    /// A panel to show (`Panel::None`: the menu alone).
    pub panel: Option<Panel>,
    pub theme: Option<crate::ui::theme::ThemeKind>,
    /// A tutorial lesson, counted from 0.
    pub lesson: Option<usize>,
    /// The lesson shown answered: how a right or a wrong move is explained.
    pub lesson_state: Option<crate::game::tutorial::LessonState>,
    /// A puzzle of the pack, counted from 0.
    pub puzzle: Option<usize>,
    /// A game record file to review.
    pub record: Option<String>,
    /// With `--screenshot`: play this move once settled and save every frame of it.
    pub play: Option<surakarta_engine::Move>,
    /// Walk every screen and card in every language and theme and check their layout.
    pub check_layout: bool,
}

/// Cards that show only over a game in a certain state (a result, an online seat, an
/// online request that failed): a screen set up from the command line has none, so
/// `--panel` does not offer them.
const NEEDS_A_GAME: [Panel; 3] = [Panel::GameOver, Panel::Invite, Panel::Problem];

/// A command line the app cannot follow: what is wrong with it, for the person who typed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The options that set up a screen for a check (screenshots, the frame bench), which
/// only builds with the `dev` feature have.
const TOOL_FLAGS: [&str; 11] = [
    "--screenshot",
    "--bench-memory",
    "--check-layout",
    "--play",
    "--bench-frames",
    "--fen",
    "--select",
    "--panel",
    "--lesson",
    "--lesson-state",
    "--puzzle",
];

impl Options {
    /// True when a check tool sets up the screen: such a run keeps nothing of the player's.
    pub fn is_tool(&self) -> bool {
        self.screenshot.is_some()
            || self.bench_frames.is_some()
            || self.bench_memory
            || self.fen.is_some()
            || self.lesson.is_some()
            || self.puzzle.is_some()
            || self.panel.is_some()
            || self.check_layout
    }

    /// The options of this command line, or what is wrong with it (to print beside
    /// [`USAGE`]).
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Options, UsageError> {
        Options::read(args).map_err(UsageError)
    }

    fn read(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if !cfg!(feature = "dev") && TOOL_FLAGS.contains(&flag.as_str()) {
                return Err(format!(
                    "{flag} is a tool for checks, in builds with the dev feature \
                     (cargo run --features dev)"
                ));
            }
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "-h" | "--help" => o.help = true,
                "--screenshot" => o.screenshot = Some(value()?),
                "--check-layout" => o.check_layout = true,
                "--bench-memory" => o.bench_memory = true,
                "--record" => o.record = Some(value()?),
                "--size" => {
                    let v = value()?;
                    let (w, h) = v
                        .split_once('x')
                        .ok_or_else(|| format!("--size is WxH, not {v:?}"))?;
                    let parse =
                        |s: &str| s.parse::<u32>().ok().filter(|n| (100..=8192).contains(n));
                    match (parse(w), parse(h)) {
                        (Some(w), Some(h)) => o.window_size = Some(Vec2::new(w as f32, h as f32)),
                        _ => {
                            return Err(format!(
                                "--size needs two numbers 100-8192, like 390x844, not {v:?}"
                            ));
                        }
                    }
                }
                "--fen" => {
                    let v = value()?;
                    o.fen = Some(v.parse().map_err(|e| format!("--fen {v:?}: {e}"))?);
                }
                "--select" => {
                    let v = value()?;
                    o.select = Some(v.parse().map_err(|e| format!("--select {v:?}: {e}"))?);
                }
                "--bench-frames" => {
                    let v = value()?;
                    o.bench_frames = Some(
                        v.parse()
                            .ok()
                            .filter(|n| *n > 0)
                            .ok_or_else(|| format!("--bench-frames needs a count, not {v:?}"))?,
                    );
                }
                "--panel" => {
                    let v = value()?;
                    let names: Vec<_> = std::iter::once(("menu", Panel::None))
                        .chain(
                            Panel::ALL
                                .iter()
                                .filter(|p| !NEEDS_A_GAME.contains(p))
                                .filter_map(|&p| Some((p.name()?, p))),
                        )
                        .collect();
                    o.panel = Some(one_of("--panel", &v, &names)?);
                }
                "--lesson" => {
                    let v = value()?;
                    let n = crate::game::tutorial::LESSONS.len();
                    o.lesson = Some(
                        v.parse::<usize>()
                            .ok()
                            .filter(|k| (1..=n).contains(k))
                            .ok_or_else(|| format!("--lesson is a number 1-{n}, not {v:?}"))?
                            - 1,
                    );
                }
                "--puzzle" => {
                    let v = value()?;
                    let n = crate::puzzles::pack().len();
                    o.puzzle = Some(
                        v.parse::<usize>()
                            .ok()
                            .filter(|k| (1..=n).contains(k))
                            .ok_or_else(|| format!("--puzzle is a number 1-{n}, not {v:?}"))?
                            - 1,
                    );
                }
                "--lesson-state" => {
                    use crate::game::tutorial::{LessonState, Miss};
                    let v = value()?;
                    o.lesson_state = Some(one_of(
                        "--lesson-state",
                        &v,
                        &[
                            ("asking", LessonState::Asking),
                            ("passed", LessonState::Passed),
                            ("failed", LessonState::Failed(Miss::Wrong)),
                        ],
                    )?);
                }
                "--theme" => {
                    let v = value()?;
                    o.theme = Some(crate::ui::theme::ThemeKind::from_id(&v).ok_or_else(|| {
                        format!("--theme is classic or high-contrast, not {v:?}")
                    })?);
                }
                "--language" => {
                    let v = value()?;
                    o.language =
                        Some(crate::ui::i18n::Language::from_tag(&v).ok_or_else(|| {
                            format!("--language is one of en, zh-CN, ru, da, not {v:?}")
                        })?);
                }
                "--play" => {
                    let v = value()?;
                    o.play = Some(v.parse().map_err(|e| format!("--play {v:?}: {e}"))?);
                }
                other => return Err(format!("unknown option {other:?}")),
            }
        }
        if o.play.is_some() && o.screenshot.is_none() {
            return Err("--play saves frames: it needs --screenshot PATH".into());
        }
        Ok(o)
    }
}

/// The value of `flag` named `v` among `names`, or an error that lists them.
fn one_of<T: Copy>(flag: &str, v: &str, names: &[(&str, T)]) -> Result<T, String> {
    names
        .iter()
        .find(|(name, _)| *name == v)
        .map(|&(_, value)| value)
        .ok_or_else(|| {
            let all: Vec<&str> = names.iter().map(|(name, _)| *name).collect();
            format!("{flag} is one of {}, not {v:?}", all.join(", "))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::from_args(args.iter().map(|s| s.to_string())).map_err(|e| e.0)
    }

    #[cfg(feature = "dev")]
    #[test]
    fn screenshot_flags_parse() {
        let o = parse(&[
            "--screenshot",
            "a.png",
            "--size",
            "844x390",
            "--fen",
            "6/6/6/6/b4r/6 r 0 0",
            "--select",
            "f2",
        ])
        .unwrap();
        assert_eq!(o.screenshot.as_deref(), Some("a.png"));
        assert_eq!(o.window_size, Some(Vec2::new(844.0, 390.0)));
        assert_eq!(o.select.map(|s| s.to_string()), Some("f2".into()));
        let o = parse(&["--screenshot", "c.png", "--play", "b3xe3"]).unwrap();
        assert_eq!(o.play.map(|m| m.to_string()).as_deref(), Some("b3xe3"));
        assert_eq!(
            parse(&["--play", "b3xe3"]).unwrap_err(),
            "--play saves frames: it needs --screenshot PATH"
        );
        assert!(parse(&["--screenshot", "c.png", "--play", "b3*e3"]).is_err());
    }

    #[cfg(feature = "dev")]
    #[test]
    fn bad_flags_are_explained() {
        assert!(parse(&["--size", "big"]).unwrap_err().contains("WxH"));
        assert!(parse(&["--size", "10x10"]).is_err());
        assert!(parse(&["--fen", "nonsense"]).unwrap_err().contains("--fen"));
        assert!(parse(&["--select", "z9"]).is_err());
        assert!(
            parse(&["--screenshot"])
                .unwrap_err()
                .contains("needs a value")
        );
        assert!(parse(&["--frobnicate"]).is_err());
        assert!(
            parse(&["--language", "klingon"])
                .unwrap_err()
                .contains("zh-CN")
        );
        assert_eq!(
            parse(&["--language", "ru"]).unwrap().language,
            Some(crate::ui::i18n::Language::Russian)
        );
    }

    #[cfg(not(feature = "dev"))]
    #[test]
    fn a_players_build_refuses_the_check_tools_and_says_why() {
        let err = parse(&["--screenshot", "a.png"]).unwrap_err();
        assert!(err.contains("dev feature"), "{err}");
        assert_eq!(
            parse(&["--language", "da"]).unwrap().language,
            Some(crate::ui::i18n::Language::Danish)
        );
    }

    #[cfg(feature = "dev")]
    #[test]
    fn named_values_are_read_and_a_wrong_name_lists_the_right_ones() {
        let o = parse(&["--panel", "records", "--lesson-state", "failed"]).unwrap();
        assert_eq!(o.panel, Some(Panel::Records));
        assert_eq!(
            o.lesson_state,
            Some(crate::game::tutorial::LessonState::Failed(
                crate::game::tutorial::Miss::Wrong
            ))
        );
        assert_eq!(
            parse(&["--panel", "help"]).unwrap_err(),
            "--panel is one of menu, new-game, settings, stats, rules, records, leave, replace, end-game, resign, offer, strategy, moves, online-games, puzzles, lessons, not \"help\""
        );
        assert!(
            parse(&["--lesson-state", "won"])
                .unwrap_err()
                .contains("asking, passed, failed")
        );
    }
}
