//! The menu, Settings and Statistics, driven through the buttons' actions as a tap would.

mod common;

use bevy::prelude::*;
use common::*;
use surakarta::hud::{PanelState, UiAction};
use surakarta::i18n::{Language, Strings};
use surakarta::persist::Stats;
use surakarta::session::Mode;
use surakarta::settings::{AnimationSpeed, Settings};
use surakarta_engine::{Ruleset, Side};

fn panels(app: &App) -> PanelState {
    app.world().resource::<PanelState>().clone()
}

fn texts(app: &mut App) -> Vec<String> {
    app.world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect()
}

#[test]
fn the_menu_covers_the_board_and_continue_goes_back_to_the_game() {
    let mut app = app();
    animations_off(&mut app);
    set_game(&mut app, START, Mode::TwoPlayers);
    play(&mut app, "b2", "c3");
    press(&mut app, UiAction::OpenMenu);
    assert!(panels(&app).menu);
    assert!(texts(&mut app).contains(&"Continue".to_owned()));
    // The board under the menu takes no taps.
    tap(&mut app, "b5");
    assert_eq!(session(&app).game.history().len(), 1);
    let selected = app
        .world()
        .resource::<surakarta::selection::Selection>()
        .stone;
    assert_eq!(selected, None, "nothing selected through the menu");
    press(&mut app, UiAction::Continue);
    assert!(!panels(&app).menu);
    play(&mut app, "b5", "b4");
}

#[test]
fn a_new_game_from_the_menu_uses_the_rules_chosen_in_settings() {
    let mut app = app();
    press(&mut app, UiAction::OpenMenu);
    press(&mut app, UiAction::OpenSettings);
    assert!(panels(&app).settings);
    // "Black first" (forty-move): shown selected, explained, applied to the next game.
    let forty = Ruleset::PRESETS
        .iter()
        .position(|p| p.id == "forty-move")
        .unwrap();
    press(&mut app, UiAction::SetRules(forty));
    assert_eq!(
        app.world().resource::<Settings>().rules,
        Ruleset::from_id("forty-move").unwrap()
    );
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("Black moves first"))
    );
    press(&mut app, UiAction::BackToMenu);
    assert!(panels(&app).menu && !panels(&app).settings);
    press(&mut app, UiAction::NewGameFor { two_players: true });
    let p = panels(&app);
    assert!(p.new_game && !p.menu && p.choice.two_players);
    press(&mut app, UiAction::Start);
    let s = session(&app);
    assert_eq!(s.mode, Mode::TwoPlayers);
    assert_eq!(*s.game.rules(), Ruleset::from_id("forty-move").unwrap());
    assert_eq!(s.game.side_to_move(), Side::Black, "Black moves first");
}

#[test]
fn settings_change_the_game_and_survive_a_restart() {
    let dir = temp_dir("menus-settings");
    {
        let mut app = app_with(Some(dir.clone()));
        press(&mut app, UiAction::OpenMenu);
        press(&mut app, UiAction::OpenSettings);
        press(&mut app, UiAction::SetAnimation(AnimationSpeed::Off));
        press(&mut app, UiAction::ToggleRoutePreview);
        press(&mut app, UiAction::ToggleConfirmMoves);
        press(&mut app, UiAction::SetLanguage(Language::Danish));
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
    press(&mut app, UiAction::OpenMenu);
    press(&mut app, UiAction::OpenStats);
    assert!(panels(&app).stats);
    assert!(texts(&mut app).contains(&"No games against the computer yet.".to_owned()));
    {
        let mut stats = app.world_mut().resource_mut::<Stats>();
        let easy = stats.0.entry("Easy".into()).or_default();
        easy.wins = 3;
        easy.losses = 1;
        stats.0.entry("Hard".into()).or_default().draws = 2;
    }
    app.update();
    app.update();
    let shown = texts(&mut app);
    assert!(shown.contains(&"Easy:  3 – 0 – 1".to_owned()), "{shown:?}");
    assert!(shown.contains(&"Medium:  0 – 0 – 0".to_owned()));
    assert!(shown.contains(&"Hard:  0 – 2 – 0".to_owned()));
    press(&mut app, UiAction::BackToMenu);
    assert!(panels(&app).menu && !panels(&app).stats);
}

#[test]
fn back_closes_settings_to_the_menu_then_the_menu() {
    let mut app = app();
    press(&mut app, UiAction::OpenMenu);
    press(&mut app, UiAction::OpenSettings);
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
    assert!(!panels(&app).settings && panels(&app).menu);
    back(&mut app);
    assert!(!panels(&app).menu);
}

#[test]
fn the_rules_screen_explains_the_rule_set_new_games_use() {
    let strings = Strings::english();
    let standard = surakarta::hud::rules_text(&Ruleset::default(), &strings).join("\n");
    assert!(standard.contains("straight or diagonally"));
    assert!(standard.contains("Red moves first."));
    assert!(standard.contains("Draw after 50 moves in a row without a capture."));
    assert!(standard.contains("has come up 3 times"));
    assert!(standard.contains("the game is drawn"));
    assert!(standard.contains("Rule set: Standard."));
    let forty = Ruleset::from_id("forty-move").unwrap();
    let text = surakarta::hud::rules_text(&forty, &strings).join("\n");
    assert!(text.contains("Black moves first."));
    assert!(text.contains("Draw after 40 moves"));
    assert!(!text.contains("come up"), "no repetition rule in this set");
    assert!(text.contains("A player who cannot move loses."));
    let straight: Ruleset = "standard,diagonal_steps=off".parse().unwrap();
    assert!(surakarta::hud::rules_text(&straight, &strings)[1].contains("straight only"));

    // On screen, from the menu, for the rule set chosen in Settings.
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().rules = forty;
    press(&mut app, UiAction::OpenMenu);
    press(&mut app, UiAction::OpenRules);
    assert!(panels(&app).rules);
    let shown = texts(&mut app);
    assert!(
        shown.iter().any(|t| t.contains("Black moves first.")),
        "{shown:?}"
    );
    press(&mut app, UiAction::BackToMenu);
    assert!(panels(&app).menu && !panels(&app).rules);
}

#[test]
fn high_contrast_repaints_the_board_and_the_stones() {
    use surakarta::theme::{Theme, ThemeKind};
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
    press(&mut app, UiAction::OpenMenu);
    press(&mut app, UiAction::OpenSettings);
    press(&mut app, UiAction::ToggleHighContrast);
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
    assert!(
        after.contains(&theme.inner),
        "the inner loops in the new colour"
    );
    press(&mut app, UiAction::ToggleHighContrast);
    assert_eq!(*app.world().resource::<Theme>(), Theme::default());
}

fn press_button_by_finger(app: &mut App, action: UiAction, moved: f32) {
    let button = app
        .world_mut()
        .query::<(Entity, &UiAction)>()
        .iter(app.world())
        .find(|(_, a)| **a == action)
        .map(|(e, _)| e)
        .expect("the button is on screen");
    app.world_mut()
        .entity_mut(button)
        .insert(Interaction::Pressed);
    let at = Vec2::new(195.0, 400.0);
    drag(app, at, at + Vec2::new(0.0, moved));
    app.update();
}

#[test]
fn a_button_acts_when_the_finger_lifts_and_a_drag_scrolls_the_card_instead() {
    let mut app = app();
    press(&mut app, UiAction::OpenMenu);
    // A drag that starts on Settings scrolls; it does not open Settings.
    press_button_by_finger(&mut app, UiAction::OpenSettings, -60.0);
    assert!(!panels(&app).settings);
    let scrolled: Vec<f32> = app
        .world_mut()
        .query::<&bevy::ui::ScrollPosition>()
        .iter(app.world())
        .map(|p| p.0.y)
        .collect();
    assert!(scrolled.iter().any(|y| *y > 50.0), "{scrolled:?}");
    // A tap opens it.
    press_button_by_finger(&mut app, UiAction::OpenSettings, 0.0);
    assert!(panels(&app).settings);
}
