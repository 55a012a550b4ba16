//! The menu, Settings and Statistics, driven through the buttons' actions as a tap would.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::game::session::Mode;
use surakarta::game::statistics::Stats;
use surakarta::settings::{AnimationSpeed, Settings};
use surakarta::shell::navigation::{Panel, Screen};
use surakarta::ui::i18n::{FontCut, Language, Strings};
use surakarta_engine::ai::Level;
use surakarta_engine::{Ruleset, Side};

/// The menu is on screen, nothing over it.
fn on_menu(app: &App) -> bool {
    screen(app) == Screen::Menu && panel(app) == Panel::None
}

#[test]
fn the_menu_covers_the_board_and_continue_goes_back_to_the_game() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    play(&mut app, "b2", "c3");
    press(&mut app, "bar.menu");
    assert!(on_menu(&app));
    assert!(texts(&mut app).contains(&"Continue".to_owned()));
    // The board under the menu takes no taps.
    tap(&mut app, "b5");
    assert_eq!(session(&app).game.history().len(), 1);
    let selected = app
        .world()
        .resource::<surakarta::board::selection::Selection>()
        .stone;
    assert_eq!(selected, None, "nothing selected through the menu");
    press(&mut app, "menu.continue");
    assert_eq!(screen(&app), Screen::Game);
    play(&mut app, "b5", "b4");
}

#[test]
fn a_new_game_from_the_menu_uses_the_rules_chosen_in_settings() {
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    assert_eq!(panel(&app), Panel::Settings);
    // "Black first" (forty-move): shown selected, explained, applied to the next game.
    press(&mut app, "rules.forty-move");
    assert_eq!(
        app.world().resource::<Settings>().rules,
        Ruleset::from_id("forty-move").unwrap()
    );
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Black moves first"))
    );
    press(&mut app, "back");
    assert!(on_menu(&app));
    press(&mut app, "menu.two_players");
    assert_eq!(panel(&app), Panel::NewGame);
    assert!(
        buttons(&mut app).contains(&"newgame.turn_board".to_owned()),
        "two players' choices"
    );
    press(&mut app, "newgame.start");
    let s = session(&app);
    assert_eq!(s.mode, Mode::TwoPlayers);
    assert_eq!(*s.game.rules(), Ruleset::from_id("forty-move").unwrap());
    assert_eq!(s.game.side_to_move(), Side::Black, "Black moves first");
}

/// On the web the wasm starts with the font's western cut: Chinese chosen in the settings
/// waits, in the language before it, until the full font draws (no empty buttons), then
/// the whole screen speaks Chinese.
#[test]
fn chinese_waits_for_its_letters_and_then_speaks() {
    let mut app = app_with(None);
    app.insert_resource(FontCut::Western);
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    press(&mut app, "language.zh-CN");
    app.update();
    assert_eq!(
        app.world().resource::<Settings>().language,
        Some(Language::SimplifiedChinese),
        "the choice is taken"
    );
    assert_eq!(
        app.world().resource::<Strings>().language,
        Language::English
    );
    assert!(
        texts(&mut app).contains(&"Settings".to_owned()),
        "still in English"
    );
    // A western language needs nothing more.
    press(&mut app, "language.ru");
    app.update();
    assert_eq!(
        app.world().resource::<Strings>().language,
        Language::Russian
    );
    press(&mut app, "language.zh-CN");
    app.update();
    assert_eq!(
        app.world().resource::<Strings>().language,
        Language::Russian
    );
    // The letters come.
    app.insert_resource(FontCut::Full);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Strings>().language,
        Language::SimplifiedChinese
    );
    assert!(
        texts(&mut app).contains(&"设置".to_owned()),
        "the card in Chinese"
    );
}

#[test]
fn settings_change_the_game_and_survive_a_restart() {
    let dir = temp_dir("menus-settings");
    {
        let mut app = app_with(Some(dir.clone()));
        press(&mut app, "bar.menu");
        press(&mut app, "menu.settings");
        press(&mut app, "animation.off");
        press(&mut app, "settings.route_preview");
        press(&mut app, "settings.confirm_moves");
        press(&mut app, "language.da");
        // The panel itself now speaks Danish.
        assert!(texts(&mut app).contains(&"Indstillinger".to_owned()));
        assert_eq!(app.world().resource::<Strings>().get("button.menu"), "Menu");
    }
    let app = app_with(Some(dir.to_path_buf()));
    let s = app.world().resource::<Settings>();
    assert_eq!(s.animation, AnimationSpeed::Off);
    assert!(!s.route_preview);
    assert!(s.confirm_moves);
    assert_eq!(s.language, Some(Language::Danish));
    assert_eq!(
        app.world().resource::<Strings>().get("menu.settings"),
        "Indstillinger"
    );
}

#[test]
fn statistics_show_each_levels_results() {
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.statistics");
    assert_eq!(panel(&app), Panel::Stats);
    assert!(texts(&mut app).contains(&"No games against the computer yet.".to_owned()));
    {
        let mut stats = app.world_mut().resource_mut::<Stats>();
        let easy = stats.0.entry("Easy".into()).or_default();
        easy.wins = 3;
        easy.losses = 1;
        stats.0.entry("Hard".into()).or_default().draws = 2;
    }
    // Shown the next time the panel opens.
    press(&mut app, "back");
    press(&mut app, "menu.statistics");
    let shown = texts(&mut app);
    assert!(
        shown.contains(&"Easy:  3\u{a0}– 0\u{a0}– 1".to_owned()),
        "{shown:?}"
    );
    assert!(shown.contains(&"Hard:  0\u{a0}– 2\u{a0}– 0".to_owned()));
    // Only the levels played: no line of noughts for the other six.
    assert!(!shown.iter().any(|t| t.starts_with("Medium:")), "{shown:?}");
    let lines: Vec<_> = shown.iter().filter(|t| t.contains("\u{a0}– ")).collect();
    assert_eq!(lines.len(), 3, "legend, Easy and Hard: {lines:?}");
    press(&mut app, "back");
    assert!(on_menu(&app));
}

#[test]
fn back_closes_settings_to_the_menu_then_the_menu() {
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    app.init_resource::<ButtonInput<KeyCode>>();
    let back = |app: &mut App| {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Escape);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::Escape);
        keys.clear();
        app.update();
    };
    back(&mut app);
    assert!(on_menu(&app));
    back(&mut app);
    assert_eq!(screen(&app), Screen::Game);
}

#[test]
fn androids_back_button_comes_as_the_logical_key_and_closes_the_panel() {
    use bevy::input::keyboard::Key;
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.rules");
    app.init_resource::<ButtonInput<Key>>();
    app.world_mut()
        .resource_mut::<ButtonInput<Key>>()
        .press(Key::BrowserBack);
    app.update();
    app.update();
    assert!(on_menu(&app), "{:?} {:?}", screen(&app), panel(&app));
}

#[test]
fn the_rules_screen_explains_the_rule_set_new_games_use() {
    let strings = Strings::english();
    let standard =
        surakarta::panels::rules::rules_text(&Ruleset::default(), &strings, &Default::default())
            .join("\n");
    assert!(standard.contains("straight or diagonally"));
    assert!(standard.contains("Red moves first."));
    assert!(standard.contains("Draw after 50 moves in a row without a capture."));
    assert!(standard.contains("has come up 3 times"));
    assert!(standard.contains("the game is drawn"));
    assert!(standard.contains("Rule set: Standard."));
    let forty = Ruleset::from_id("forty-move").unwrap();
    let text =
        surakarta::panels::rules::rules_text(&forty, &strings, &Default::default()).join("\n");
    assert!(text.contains("Black moves first."));
    assert!(text.contains("Draw after 40 moves"));
    assert!(!text.contains("come up"), "no repetition rule in this set");
    assert!(text.contains("A player who cannot move loses."));
    let straight: Ruleset = "standard,diagonal_steps=off".parse().unwrap();
    assert!(
        surakarta::panels::rules::rules_text(&straight, &strings, &Default::default())[1]
            .contains("straight only")
    );

    // On screen, from the menu, for the rule set chosen in Settings.
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().rules = forty;
    press(&mut app, "bar.menu");
    press(&mut app, "menu.rules");
    assert_eq!(panel(&app), Panel::Rules);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t.contains("Black moves first.")),
        "{shown:?}"
    );
    press(&mut app, "back");
    assert!(on_menu(&app));
}

#[test]
fn high_contrast_repaints_the_board_and_the_stones() {
    use surakarta::ui::theme::{Theme, ThemeKind};
    let mut app = app();
    set_game(&mut app, START, Mode::TwoPlayers);
    // Every colour drawn on the board (the stones are the only red).
    let stone_colours = |app: &mut App| -> Vec<Color> {
        let handles: Vec<Handle<ColorMaterial>> = app
            .world_mut()
            .query::<&MeshMaterial2d<ColorMaterial>>()
            .iter(app.world())
            .map(|m| m.0.clone())
            .collect();
        let materials = app.world().resource::<Assets<ColorMaterial>>();
        handles
            .iter()
            .filter_map(|h| materials.get(h).map(|m| m.color))
            .collect()
    };
    let before = stone_colours(&mut app);
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    press(&mut app, "settings.high_contrast");
    assert_eq!(
        app.world().resource::<Settings>().theme,
        ThemeKind::HighContrast
    );
    let theme = app.world().resource::<Theme>().clone();
    assert_eq!(theme, Theme::of(ThemeKind::HighContrast));
    assert_eq!(theme.background, Color::srgb(1.0, 1.0, 1.0));
    let after = stone_colours(&mut app);
    assert!(!after.is_empty());
    assert_ne!(before, after, "the stones take the new colours");
    assert!(after.contains(&theme.red), "red stones in the new red");
    assert!(!before.contains(&theme.red));
    // Each stone in its own side's colour, not the other's (swapped colours fail here).
    let stones: Vec<(Side, Vec<Entity>)> = app
        .world_mut()
        .query::<(&surakarta::board::stones::Stone, &Children)>()
        .iter(app.world())
        .map(|(s, c)| (s.side, c.iter().collect()))
        .collect();
    assert_eq!(stones.len(), 24);
    for (side, parts) in stones {
        let colours: Vec<Color> = parts
            .iter()
            .filter_map(|&e| app.world().get::<MeshMaterial2d<ColorMaterial>>(e))
            .filter_map(|m| app.world().resource::<Assets<ColorMaterial>>().get(&m.0))
            .map(|m| m.color)
            .collect();
        assert!(
            colours.contains(&theme.stone(side).0),
            "{side:?}: {colours:?}"
        );
        assert!(!colours.contains(&theme.stone(side.other()).0), "{side:?}");
    }
    assert!(
        after.contains(&theme.inner),
        "the inner loops in the new colour"
    );
    // The Settings card itself, open all along, is in the new colours too.
    assert_ne!(theme.panel, Theme::default().panel);
    assert_eq!(card_fills(&mut app), [theme.panel]);
    press(&mut app, "settings.high_contrast");
    assert_eq!(*app.world().resource::<Theme>(), Theme::default());
    assert_eq!(card_fills(&mut app), [Theme::default().panel]);
}

/// Lays the buttons on screen out as a column of 300 x 48 point rows from the top, the
/// way the UI would (tests run without Bevy's UI layout), topmost last: what a finger
/// would find where.
fn lay_out_buttons(app: &mut App) -> Vec<(String, Vec2)> {
    use bevy::ui::{ComputedNode, UiGlobalTransform, UiStack};
    let buttons: Vec<(Entity, String)> = app
        .world_mut()
        .query::<(Entity, &surakarta::ui::widgets::ButtonId)>()
        .iter(app.world())
        .map(|(e, b)| (e, b.0.clone()))
        .collect();
    let mut placed = Vec::new();
    for (i, (entity, name)) in buttons.iter().enumerate() {
        let centre = Vec2::new(195.0, 100.0 + 60.0 * i as f32);
        app.world_mut().entity_mut(*entity).insert((
            ComputedNode {
                size: Vec2::new(300.0, 48.0),
                ..ComputedNode::DEFAULT
            },
            UiGlobalTransform::from_translation(centre),
            InheritedVisibility::VISIBLE,
        ));
        placed.push((name.clone(), centre));
    }
    app.insert_resource(UiStack {
        partition: std::iter::once(0..buttons.len()).collect(),
        uinodes: buttons.iter().map(|(e, _)| *e).collect(),
    });
    placed
}

#[test]
fn a_tap_on_a_button_presses_it_even_within_one_frame_and_a_drag_does_not() {
    use bevy::input::touch::TouchPhase;
    let mut app = app();
    press(&mut app, "bar.menu");
    let at = |placed: &[(String, Vec2)], name: &str| {
        placed
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| *p)
            .unwrap()
    };
    // A drag that starts on Settings scrolls; it does not open Settings.
    let placed = lay_out_buttons(&mut app);
    let settings = at(&placed, "menu.settings");
    drag(&mut app, settings, settings + Vec2::new(0.0, -60.0));
    app.update();
    assert!(on_menu(&app), "a drag is no tap");
    // Down and up within the same frame, as a brisk tap or a quick click comes.
    send_touches(
        &mut app,
        &[
            (TouchPhase::Started, settings),
            (TouchPhase::Ended, settings),
        ],
    );
    app.update();
    app.update();
    assert_eq!(panel(&app), Panel::Settings);
    // A press that slides off its button onto another presses neither.
    let placed = lay_out_buttons(&mut app);
    let (back, other) = (at(&placed, "back"), at(&placed, "animation.off"));
    send_touches(&mut app, &[(TouchPhase::Started, back)]);
    app.update();
    send_touches(&mut app, &[(TouchPhase::Ended, other)]);
    app.update();
    app.update();
    assert_eq!(panel(&app), Panel::Settings);
    assert_ne!(
        app.world().resource::<Settings>().animation,
        AnimationSpeed::Off
    );
}

/// A double tap on End's Resign does not resign: the second tap lands on the "Resign?"
/// card's Resign, opened under the finger, and presses nothing; a tap there once the
/// card has been seen a moment resigns.
#[test]
fn a_double_tap_does_not_answer_the_card_it_opened() {
    use bevy::ui::{ComputedNode, UiGlobalTransform, UiStack};
    let mut app = app();
    go_to(&mut app, Screen::Game);
    play(&mut app, "b2", "b3");
    press(&mut app, "bar.end");
    assert_eq!(panel(&app), Panel::EndGame);
    let placed = lay_out_buttons(&mut app);
    let at = placed
        .iter()
        .find(|(n, _)| n == "end.resign")
        .map(|(_, p)| *p)
        .unwrap();
    touch(&mut app, at);
    app.update();
    assert_eq!(panel(&app), Panel::Resign);
    // The card's Resign where End's Resign was.
    let put_confirm_at = |app: &mut App| {
        let confirm = app
            .world_mut()
            .query::<(Entity, &surakarta::ui::widgets::ButtonId)>()
            .iter(app.world())
            .find(|(_, b)| b.0 == "resign.confirm")
            .map(|(e, _)| e)
            .unwrap();
        app.world_mut().entity_mut(confirm).insert((
            ComputedNode {
                size: Vec2::new(300.0, 48.0),
                ..ComputedNode::DEFAULT
            },
            UiGlobalTransform::from_translation(at),
            InheritedVisibility::VISIBLE,
        ));
        app.insert_resource(UiStack {
            partition: std::iter::once(0..1).collect(),
            uinodes: vec![confirm],
        });
    };
    put_confirm_at(&mut app);
    touch(&mut app, at);
    app.update();
    assert_eq!(panel(&app), Panel::Resign, "the second tap pressed nothing");
    assert_eq!(own_game(&app).game.outcome(), None);
    // Read, then tapped: the player resigns.
    std::thread::sleep(std::time::Duration::from_millis(450));
    put_confirm_at(&mut app);
    touch(&mut app, at);
    assert!(
        run_until(&mut app, 3.0, |a| own_game(a).game.outcome().is_some()),
        "a deliberate tap resigns"
    );
}

#[test]
fn the_strategy_screen_says_what_its_boards_show() {
    use surakarta::panels::strategy::{lesson_text, lessons};
    use surakarta::ui::diagram::Mark;
    use surakarta_engine::{Leg, Position};
    let pictures: Vec<(&str, Option<(Position, Mark)>)> = lessons()
        .into_iter()
        .map(|(key, p)| (key, p.map(|(fen, mark)| (fen.parse().unwrap(), mark))))
        .collect();
    let board = |key: &str| {
        pictures
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, p)| *p)
            .unwrap()
    };
    // The block: the route runs c2, d2, e2, f2 before its first loop.
    let (pos, Mark::Capture(mv)) = board("strategy.block") else {
        panic!("the block shows a capture")
    };
    let route = pos.preferred_route(mv).unwrap();
    let before_loop: Vec<String> = route
        .legs()
        .take_while(|leg| !matches!(leg, Leg::Loop { .. }))
        .filter_map(|leg| match leg {
            Leg::Line { to, .. } => Some(to.to_string()),
            Leg::Loop { .. } => None,
        })
        .collect();
    assert_eq!(before_loop, ["c2", "d2", "e2", "f2"], "{route:?}");
    // The corner: its stone has no capture, however many targets stand on the circuits.
    let (_, Mark::Steps(corner, _)) = board("strategy.corners") else {
        panic!("the corner shows steps")
    };
    let crowded: Position = "bbbbbb/bbbbbb/6/6/6/r5 r 0 0".parse().unwrap();
    assert!(crowded.capture_targets(corner).is_empty());
    // The opening: nothing to capture.
    let (start, _) = board("strategy.opening");
    assert!(start.moves().iter().all(|m| !m.capture));
    // The open route: after the capture, the other side takes back at once.
    let (pos, Mark::Capture(mv)) = board("strategy.open_route") else {
        panic!("the open route shows a capture")
    };
    let after = pos.after(mv);
    assert!(after.moves().iter().any(|m| m.capture && m.to == mv.to));

    // On screen, from the menu, in the rule set's numbers.
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.strategy");
    assert_eq!(panel(&app), Panel::Strategy);
    let shown = texts(&mut app);
    let settings = app.world().resource::<Settings>().clone();
    for (key, _) in lessons() {
        let text = lesson_text(key, &Strings::english(), &settings);
        assert!(shown.contains(&text), "{key} missing");
    }
    assert!(shown.iter().any(|t| t.contains("after 50 moves in a row")));
    press(&mut app, "back");
    assert!(on_menu(&app));
}

#[test]
fn the_level_stepper_climbs_the_ladder_and_the_game_is_played_at_the_level_shown() {
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.vs_computer");
    assert_eq!(panel(&app), Panel::NewGame);
    let shown = |app: &mut App| {
        let t = texts(app);
        let rank = t
            .iter()
            .find(|t| t.starts_with("Level ") && t.contains(" of "));
        (rank.cloned(), t)
    };
    let (rank, _) = shown(&mut app);
    // A new player's first choice: Beginner, where the tutorial's end points.
    assert_eq!(rank.as_deref(), Some("Level 1 of 8"), "Beginner first");
    // Up to Medium and down to the bottom: Easier stops at Beginner, and pressing it
    // again changes nothing.
    for _ in 0..4 {
        press(&mut app, "newgame.harder");
    }
    assert_eq!(shown(&mut app).0.as_deref(), Some("Level 5 of 8"));
    assert!(texts(&mut app).contains(&"Medium".to_owned()));
    for _ in 0..6 {
        press(&mut app, "newgame.easier");
    }
    let (rank, t) = shown(&mut app);
    assert_eq!(rank.as_deref(), Some("Level 1 of 8"));
    assert!(t.contains(&"Beginner".to_owned()), "{t:?}");
    press(&mut app, "newgame.easier");
    assert_eq!(shown(&mut app).0.as_deref(), Some("Level 1 of 8"));
    // A screen reader hears the faded Easier as unavailable, Harder as a button to press.
    assert_eq!(unavailable(&mut app, "newgame.easier"), Some(true));
    assert_eq!(unavailable(&mut app, "newgame.harder"), Some(false));
    // Up one rung, and the game starts at the level the card showed.
    press(&mut app, "newgame.harder");
    assert!(texts(&mut app).contains(&"Novice".to_owned()));
    press(&mut app, "newgame.start");
    match session(&app).mode {
        Mode::VsComputer { level, .. } => assert_eq!(level, Level::Novice),
        other => panic!("a game against the computer, not {other:?}"),
    }
}

#[test]
fn after_a_game_the_menu_leads_with_the_same_kind_of_game_again() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    // Nothing begun on the board: the first entry goes there and says so, not "Continue".
    press(&mut app, "bar.menu");
    let before = card_buttons_in_order(&mut app);
    assert_eq!(before[0], "menu.continue");
    assert!(texts(&mut app).contains(&"To the board".to_owned()));
    assert!(!texts(&mut app).contains(&"Continue".to_owned()));
    // Every entry in its place from the start; Moves and the watchers' link faded, and
    // pressing them does nothing.
    assert_eq!(unavailable(&mut app, "menu.moves"), Some(true));
    assert_eq!(unavailable(&mut app, "menu.watchers"), Some(true));
    assert_eq!(unavailable(&mut app, "menu.online_games"), Some(true));
    assert_eq!(unavailable(&mut app, "menu.rules"), Some(false));
    press(&mut app, "menu.moves");
    assert_eq!(panel(&app), Panel::None);
    press(&mut app, "menu.continue");
    assert_eq!(screen(&app), Screen::Game);
    play(&mut app, "b2", "c3");
    press(&mut app, "bar.menu");
    assert!(texts(&mut app).contains(&"Continue".to_owned()));
    let during = card_buttons_in_order(&mut app);
    assert_eq!(during, before, "the entries keep their places");
    assert_eq!(
        during[..5],
        [
            "menu.continue",
            "menu.moves",
            "menu.watchers",
            "menu.vs_computer",
            "menu.two_players"
        ]
    );
    assert_eq!(unavailable(&mut app, "menu.moves"), Some(false));
    assert_eq!(main_button(&mut app), "menu.continue");
    // Over: the same entries in the same order (Continue leads back to the finished
    // board); a new game of the same kind is the main button.
    let over = surakarta_engine::Game::from_position(
        "6/6/6/6/6/5r b 0 0".parse().unwrap(),
        Ruleset::default(),
    );
    go_to(&mut app, Screen::Game);
    set_session(&mut app, over, Mode::TwoPlayers);
    go_to(&mut app, Screen::Menu);
    let order = card_buttons_in_order(&mut app);
    assert_eq!(order, during, "the entries keep their places");
    assert_eq!(main_button(&mut app), "menu.two_players");
    // It leads to a finished board, and says so: not "Continue".
    assert_eq!(button_words(&mut app, "menu.continue"), "To the board");
    let vs = Mode::VsComputer {
        human: Side::Red,
        level: Level::Easy,
    };
    let over = surakarta_engine::Game::from_position(
        "6/6/6/6/6/5r b 0 0".parse().unwrap(),
        Ruleset::default(),
    );
    go_to(&mut app, Screen::Game);
    set_session(&mut app, over.clone(), vs);
    go_to(&mut app, Screen::Menu);
    assert_eq!(main_button(&mut app), "menu.vs_computer");
    // After a game with a friend online, another with a friend (it was "Against the
    // computer").
    go_to(&mut app, Screen::Game);
    set_session(&mut app, over, Mode::Online { me: Side::Red });
    go_to(&mut app, Screen::Menu);
    assert_eq!(main_button(&mut app), "menu.online");
}

/// Whether a screen reader hears the button as unavailable (`None`: no such button).
fn unavailable(app: &mut App, id: &str) -> Option<bool> {
    app.world_mut()
        .query::<(
            &surakarta::ui::widgets::ButtonId,
            &bevy::a11y::AccessibilityNode,
        )>()
        .iter(app.world())
        .find(|(b, _)| b.0 == id)
        .map(|(_, n)| n.is_disabled())
}

#[test]
fn the_new_game_card_remembers_the_level_and_colour_after_a_restart() {
    let dir = temp_dir("choice");
    {
        let mut app = app_with(Some(dir.to_path_buf()));
        press(&mut app, "bar.menu");
        press(&mut app, "menu.vs_computer");
        for _ in 0..4 {
            press(&mut app, "newgame.easier");
        }
        press(&mut app, "newgame.black");
        press(&mut app, "newgame.cancel");
        app.update();
        saves_written();
    }
    let mut app = app_with(Some(dir.to_path_buf()));
    press(&mut app, "bar.menu");
    press(&mut app, "menu.vs_computer");
    let choice = *app
        .world()
        .resource::<surakarta::panels::new_game::NewGameChoice>();
    assert_eq!(
        (choice.level, choice.colour),
        (Level::Beginner, Some(Side::Black))
    );
    assert!(texts(&mut app).contains(&"Level 1 of 8".to_owned()));
}

/// A button pressed by a finger acts during the frame's input systems: the card rebuilt
/// for the change is drawn in the new colours and words in that same frame.
#[test]
fn a_setting_changed_by_a_tap_restyles_its_card_in_the_same_frame() {
    use surakarta::shell::navigation::GameSet;
    use surakarta::ui::theme::{Theme, ThemeKind};
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    app.add_systems(
        Update,
        (|mut s: ResMut<Settings>| {
            s.theme = ThemeKind::HighContrast;
            s.language = Some(Language::Danish);
        })
        .run_if(bevy::ecs::schedule::common_conditions::run_once)
        .in_set(GameSet::Input),
    );
    app.update();
    assert_eq!(
        card_fills(&mut app),
        [Theme::of(ThemeKind::HighContrast).panel]
    );
    assert!(texts(&mut app).contains(&"Indstillinger".to_owned()));
}

/// Frames a capture round the loops takes to land, from the tap that plays it.
fn frames_to_land(app: &mut App) -> u32 {
    set_game(app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(app, "f2");
    tap(app, "a2");
    app.update();
    let mut frames = 0;
    while turn(app) == surakarta::game::session::Turn::Animating {
        app.update();
        frames += 1;
        assert!(frames < 2000, "the stone never landed");
    }
    assert_eq!(
        session(app).game.history().len(),
        1,
        "the capture was played"
    );
    frames
}

#[test]
fn the_route_preview_and_animation_settings_pressed_change_the_board() {
    let mut app = app();
    let open_settings = |app: &mut App| {
        press(app, "bar.menu");
        press(app, "menu.settings");
    };
    // Route preview on (the default): a selected stone's capture shows its route.
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "f2");
    app.update();
    assert_eq!(drawn_routes(&mut app), ["f2xa2"]);
    // Tapped again, the stone is let go.
    tap(&mut app, "f2");
    app.update();
    assert!(drawn_routes(&mut app).is_empty());
    // Off, pressed in Settings: the capture's ring stays, its route is not drawn.
    open_settings(&mut app);
    press(&mut app, "settings.route_preview");
    assert!(!app.world().resource::<Settings>().route_preview);
    go_to(&mut app, Screen::Game);
    set_game(&mut app, "6/6/6/6/b4r/6 r 0 0", Mode::TwoPlayers);
    tap(&mut app, "f2");
    app.update();
    let selected = app
        .world()
        .resource::<surakarta::board::selection::Selection>()
        .stone
        .map(|s| s.to_string());
    assert_eq!(
        selected.as_deref(),
        Some("f2"),
        "{:?} {:?}",
        screen(&app),
        panel(&app)
    );
    assert!(
        drawn_routes(&mut app).is_empty(),
        "no route with the preview off"
    );
    let rings: Vec<String> = app
        .world_mut()
        .query::<&surakarta::board::preview::CaptureTarget>()
        .iter(app.world())
        .map(|t| t.0.to_string())
        .collect();
    assert_eq!(rings, ["a2"], "the target is still marked");
    tap(&mut app, "f2");

    // Animation: Normal, then Fast pressed in Settings: the same capture lands in fewer
    // frames (each frame is 16 ms of game time here).
    let normal = frames_to_land(&mut app);
    open_settings(&mut app);
    press(&mut app, "animation.fast");
    assert_eq!(
        app.world().resource::<Settings>().animation,
        AnimationSpeed::Fast
    );
    go_to(&mut app, Screen::Game);
    let fast = frames_to_land(&mut app);
    assert!(
        fast < normal && fast > 0,
        "fast {fast} frames, normal {normal}"
    );
}

#[test]
fn black_and_random_pressed_in_the_new_game_card_start_games_with_those_colours() {
    let mut app = app();
    let start_vs_computer = |app: &mut App, colour: &str| -> Side {
        press(app, "bar.menu");
        press(app, "menu.vs_computer");
        for _ in 0..7 {
            press(app, "newgame.easier");
        }
        press(app, colour);
        press(app, "newgame.start");
        if panel(app) == Panel::Replace {
            // A game in progress is asked about first.
            press(app, "replace.start");
        }
        match session(app).mode {
            Mode::VsComputer { human, level } => {
                assert_eq!(level, Level::Beginner);
                human
            }
            other => panic!("{other:?}"),
        }
    };
    // Black: the computer has Red and moves first; then it is the player's turn.
    assert_eq!(start_vs_computer(&mut app, "newgame.black"), Side::Black);
    assert!(run_until(&mut app, 20.0, |a| {
        session(a).game.history().len() == 1 && turn(a) == surakarta::game::session::Turn::Waiting
    }));
    // Random: each start draws a colour; twenty starts give both.
    let sides: std::collections::BTreeSet<String> = (0..20)
        .map(|_| start_vs_computer(&mut app, "newgame.random").to_string())
        .collect();
    assert_eq!(sides.len(), 2, "{sides:?}");
    let choice = *app
        .world()
        .resource::<surakarta::panels::new_game::NewGameChoice>();
    assert_eq!(choice.colour, None, "Random stays chosen");
}

#[test]
fn the_board_turns_for_two_players_only_when_the_new_game_card_says_so() {
    use std::f32::consts::PI;
    let toggle_says = |app: &mut App| {
        texts(app)
            .into_iter()
            .find(|t| t.starts_with("Turn the words"))
            .expect("the two players' card offers to turn the words")
    };
    let mut app = app();
    for turning in [true, false] {
        press(&mut app, "bar.menu");
        press(&mut app, "menu.two_players");
        // The toggle shows the setting as it is, and a tap flips it.
        let before = app.world().resource::<Settings>().turn_board;
        assert_eq!(before, !turning, "the previous round's choice is kept");
        assert!(toggle_says(&mut app).ends_with(if before { "On" } else { "Off" }));
        press(&mut app, "newgame.turn_board");
        assert_eq!(app.world().resource::<Settings>().turn_board, turning);
        assert!(
            toggle_says(&mut app).ends_with(if turning { "On" } else { "Off" }),
            "the card says what was chosen: {}",
            toggle_says(&mut app)
        );
        press(&mut app, "newgame.start");
        if buttons(&mut app).contains(&"replace.start".to_owned()) {
            press(&mut app, "replace.start");
        }
        play_settled(&mut app, "b2", "c3");
        // Black to move: with turning on, the words make their half turn to face Black
        // across the table; the board stays as it lies.
        let faces_black = run_until(&mut app, 3.0, |a| {
            turns::<surakarta::bars::status::Bars>(a)
                .iter()
                .all(|x| (x - PI).abs() < 0.01)
        });
        assert_eq!(faces_black, turning, "turning {turning}");
        assert!(camera_angle(&mut app) < 0.01, "the board stays still");
    }
}

/// A stand-in HTTP server on 127.0.0.1 that answers every request with `status` and
/// `body`; its address.
fn answering(status: &'static str, body: &'static str) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                head.push(byte[0]);
            }
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = stream.flush();
        }
    });
    address
}

#[test]
fn a_server_address_pasted_in_settings_is_checked_before_it_is_used() {
    use surakarta::platform::clipboard::Clipboard;
    let mut app = app();
    let paste = |app: &mut App, text: &str| {
        *app.world_mut().resource_mut::<Clipboard>() = Clipboard::Memory(Some(text.to_owned()));
        press(app, "settings.server_paste");
    };
    let server = |app: &App| app.world().resource::<Settings>().server.clone();
    let says = |app: &mut App, start: &str| texts(app).iter().any(|t| t.starts_with(start));
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    *app.world_mut().resource_mut::<Clipboard>() = Clipboard::Memory(None);
    app.update();
    assert!(texts(&mut app).contains(&"None set".to_owned()));
    assert!(!buttons(&mut app).contains(&"settings.server_clear".to_owned()));
    // A game server's address, with its trailing slash: checked, then taken.
    let game_server = answering("200 OK", r#"{"status":"ok"}"#);
    paste(&mut app, &format!("{game_server}/ "));
    assert!(
        run_until(&mut app, 10.0, |a| server(a).as_deref()
            == Some(game_server.as_str())),
        "{:?}",
        texts(&mut app)
    );
    app.update();
    assert!(says(
        &mut app,
        &format!("{game_server} answers: it is a Surakarta server")
    ));
    assert!(texts(&mut app).contains(&game_server));
    // Words that are no address change nothing and say why.
    paste(&mut app, "ftp://example.org");
    assert_eq!(server(&app).as_deref(), Some(game_server.as_str()));
    assert!(
        says(&mut app, "That is not a server address"),
        "{:?}",
        texts(&mut app)
    );
    // A web server that is no game server: said plainly, with its answer; nothing changes.
    let other = answering("501 Not Implemented", "");
    paste(&mut app, &other);
    assert!(
        run_until(&mut app, 10.0, |a| says(
            a,
            &format!("{other} answered, but it is not a Surakarta server (HTTP 501)")
        )),
        "{:?}",
        texts(&mut app)
    );
    assert_eq!(server(&app).as_deref(), Some(game_server.as_str()));
    // Nobody there: said so; nothing changes.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", l.local_addr().unwrap())
    };
    paste(&mut app, &closed);
    assert!(
        run_until(&mut app, 10.0, |a| says(
            a,
            &format!("{closed} could not be reached")
        )),
        "{:?}",
        texts(&mut app)
    );
    assert_eq!(server(&app).as_deref(), Some(game_server.as_str()));
    // An invite link names its server: that server is checked and taken.
    let second = answering("200 OK", r#"{"status":"ok"}"#);
    paste(&mut app, &format!("{second}/?join=abcdefghij"));
    assert!(run_until(&mut app, 10.0, |a| server(a).as_deref()
        == Some(second.as_str())));
    // Forget it: none set again, said, and its button goes.
    press(&mut app, "settings.server_clear");
    assert_eq!(server(&app), None);
    assert!(texts(&mut app).contains(&"None set".to_owned()));
    let said =
        format!("{second} forgotten: online games need an address again (Paste an address).");
    assert!(texts(&mut app).contains(&said), "{said}");
    assert!(!buttons(&mut app).contains(&"settings.server_clear".to_owned()));
}

#[test]
fn a_long_card_scrolls_under_a_finger_and_stops_at_its_top() {
    use bevy::ui::ScrollPosition;
    let mut app = app();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    let scrolled = |app: &mut App| {
        let ys: Vec<f32> = app
            .world_mut()
            .query_filtered::<&ScrollPosition, With<surakarta::ui::scroll::ScrollArea>>()
            .iter(app.world())
            .map(|s| s.y)
            .collect();
        assert_eq!(ys.len(), 1, "one scrolling body on the settings card");
        ys[0]
    };
    assert_eq!(scrolled(&mut app), 0.0);
    let start = Vec2::new(195.0, 600.0);
    // A finger drawn up 120 points brings the card's lower part up by as much.
    drag(&mut app, start, start - Vec2::new(0.0, 120.0));
    assert_eq!(scrolled(&mut app), 120.0);
    // Drawn down 50: back by 50. Drawn down far: at the top, not beyond it.
    drag(&mut app, start, start + Vec2::new(0.0, 50.0));
    assert_eq!(scrolled(&mut app), 70.0);
    drag(&mut app, start, start + Vec2::new(0.0, 400.0));
    assert_eq!(scrolled(&mut app), 0.0);
    // The drag pressed nothing on the way.
    assert_eq!(panel(&app), Panel::Settings);
}

/// The mouse: a pointer that jumps to a button and presses it in the same frame does not
/// scroll the card (a play-through's quick click on the menu scrolled it instead of
/// pressing); held and moved, it scrolls.
#[test]
fn a_mouse_scrolls_a_card_only_when_held_and_moved() {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    use bevy::ui::ScrollPosition;
    let mut app = app();
    // The mouse's buttons as a window's app keeps them.
    app.add_plugins(bevy::input::InputPlugin);
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<bevy::window::PrimaryWindow>>()
        .single(app.world())
        .unwrap();
    let scrolled = |app: &mut App| {
        app.world_mut()
            .query_filtered::<&ScrollPosition, With<surakarta::ui::scroll::ScrollArea>>()
            .iter(app.world())
            .map(|s| s.y)
            .next()
            .unwrap()
    };
    let moved = |app: &mut App, y: f32, dy: f32| {
        app.world_mut().write_message(CursorMoved {
            window,
            position: Vec2::new(195.0, y),
            delta: Some(Vec2::new(0.0, dy)),
        });
    };
    let button = |app: &mut App, state| {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    };
    // Jumped 300 points up and pressed, in one frame: no scroll.
    moved(&mut app, 300.0, -300.0);
    button(&mut app, ButtonState::Pressed);
    app.update();
    assert_eq!(scrolled(&mut app), 0.0, "a jump is no drag");
    // Held, then moved up 100: the card follows.
    moved(&mut app, 200.0, -100.0);
    app.update();
    assert_eq!(scrolled(&mut app), 100.0);
    button(&mut app, ButtonState::Released);
    app.update();
}

/// With no server set, the online game's card says what a server is and how to get one,
/// and leads to Settings instead of a Start that can start nothing.
#[test]
fn an_online_game_without_a_server_leads_to_settings() {
    let mut app = app();
    assert_eq!(app.world().resource::<Settings>().server, None);
    go_to(&mut app, Screen::Menu);
    press(&mut app, "menu.online");
    assert_eq!(panel(&app), Panel::NewGame);
    assert!(
        texts(&mut app).iter().any(|t| t.starts_with(
            "No server for online games is set. Online games go through a game server"
        )),
        "{:?}",
        texts(&mut app)
    );
    assert!(!buttons(&mut app).contains(&"newgame.start".to_owned()));
    press(&mut app, "newgame.settings");
    assert_eq!(panel(&app), Panel::Settings);
    // Opened at its end, where the server is set (it opened at its top, the server below
    // the fold).
    app.update();
    let scrolled = app
        .world_mut()
        .query_filtered::<&bevy::ui::ScrollPosition, With<surakarta::ui::scroll::ScrollArea>>()
        .iter(app.world())
        .map(|s| s.y)
        .fold(0.0_f32, f32::max);
    assert!(scrolled > 0.0, "Settings opened at its top");
    // Back from there is back to the online card the player came from (it was the menu),
    // by the card's Back and by the phone's.
    press(&mut app, "back");
    app.update();
    app.update();
    assert_eq!(panel(&app), Panel::NewGame);
    assert!(
        app.world()
            .resource::<surakarta::panels::new_game::NewGameChoice>()
            .online
    );
    press(&mut app, "newgame.settings");
    app.world_mut().write_message(surakarta::shell::back::Back);
    app.update();
    app.update();
    app.update();
    assert_eq!(panel(&app), Panel::NewGame);
    // Settings from the menu goes back to the menu, as before.
    press(&mut app, "newgame.cancel");
    press(&mut app, "menu.settings");
    press(&mut app, "back");
    app.update();
    app.update();
    assert_eq!((screen(&app), panel(&app)), (Screen::Menu, Panel::None));
}

/// A notice is in the language of its moment: another language chosen, it goes.
#[test]
fn a_notice_does_not_outlive_its_language() {
    let mut app = app();
    app.world_mut()
        .resource_mut::<surakarta::ui::notice::Notice>()
        .0 = Some("Your friend is not connected.".into());
    app.update();
    press(&mut app, "bar.menu");
    press(&mut app, "menu.settings");
    press(&mut app, "language.zh-CN");
    app.update();
    assert_eq!(
        app.world().resource::<surakarta::ui::notice::Notice>().0,
        None
    );
}

/// "Join with a link or code" with nothing on the clipboard says so, on a card: not a
/// silent return to the menu.
#[test]
fn joining_with_an_empty_clipboard_says_so() {
    use surakarta::platform::clipboard::Clipboard;
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().server = Some("http://127.0.0.1:9".into());
    *app.world_mut().resource_mut::<Clipboard>() = Clipboard::Memory(None);
    go_to(&mut app, Screen::Menu);
    press(&mut app, "menu.online");
    press(&mut app, "newgame.join");
    assert!(run_until(&mut app, 2.0, |a| panel(a) == Panel::Problem));
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("The clipboard holds no link")),
        "{:?}",
        texts(&mut app)
    );
}

/// What the server's check said is written in the language of its moment: another
/// language chosen, the line goes (the play-through read it in English on a Russian card).
#[test]
fn the_server_checks_line_goes_when_the_language_changes() {
    use surakarta::panels::settings::ServerNote;
    let mut app = app();
    let said =
        "http://127.0.0.1:8096 answers: it is a Surakarta server, and online games go there.";
    app.world_mut().resource_mut::<ServerNote>().0 = Some(said.into());
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<ServerNote>().0.as_deref(),
        Some(said)
    );
    app.world_mut().resource_mut::<Settings>().language = Some(Language::Russian);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Strings>().language,
        Language::Russian
    );
    assert_eq!(app.world().resource::<ServerNote>().0, None);
}
