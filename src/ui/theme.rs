//! Colours of the game, after DESIGN.md: sand and ink, teal small loops, terracotta large
//! loops, red and black stones.

use bevy::prelude::*;
use surakarta_engine::{Circuit, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Theme>()
        .add_systems(Startup, apply_clear_colour)
        .add_systems(Update, apply_clear_colour.run_if(resource_changed::<Theme>));
}

/// The palettes a player can choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThemeKind {
    /// Sand and ink, teal and terracotta loops (DESIGN.md).
    #[default]
    Classic,
    /// White and black, saturated loops and stones, for low vision and bright sunlight.
    HighContrast,
}

impl ThemeKind {
    /// The name used in the settings file.
    pub fn id(self) -> &'static str {
        match self {
            ThemeKind::Classic => "classic",
            ThemeKind::HighContrast => "high-contrast",
        }
    }

    pub fn from_id(id: &str) -> Option<ThemeKind> {
        [ThemeKind::Classic, ThemeKind::HighContrast]
            .into_iter()
            .find(|k| k.id() == id)
    }
}

/// The palette in use.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Theme {
    pub kind: ThemeKind,
    pub background: Color,
    pub ink: Color,
    pub inner: Color,
    pub outer: Color,
    pub red: Color,
    pub red_light: Color,
    pub black: Color,
    pub black_light: Color,
    pub ring: Color,
    pub shadow: Color,
    pub highlight: Color,
    pub bar: Color,
    pub bar_text: Color,
    pub button: Color,
    pub button_text: Color,
    pub panel: Color,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            kind: ThemeKind::Classic,
            background: Color::srgb(0.949, 0.906, 0.812),
            ink: Color::srgb(0.29, 0.24, 0.19),
            inner: Color::srgb(0.05, 0.50, 0.50),
            outer: Color::srgb(0.77, 0.36, 0.22),
            red: Color::srgb(0.75, 0.13, 0.12),
            red_light: Color::srgb(0.90, 0.36, 0.30),
            black: Color::srgb(0.13, 0.13, 0.15),
            black_light: Color::srgb(0.36, 0.36, 0.40),
            ring: Color::srgb(0.80, 0.78, 0.72),
            shadow: Color::srgba(0.18, 0.12, 0.05, 0.28),
            highlight: Color::srgb(0.98, 0.78, 0.20),
            bar: Color::srgb(0.905, 0.850, 0.735),
            bar_text: Color::srgb(0.22, 0.18, 0.14),
            button: Color::srgb(0.29, 0.24, 0.19),
            button_text: Color::srgb(0.97, 0.94, 0.87),
            panel: Color::srgb(0.98, 0.96, 0.91),
        }
    }
}

impl Theme {
    /// The palette of a kind.
    pub fn of(kind: ThemeKind) -> Theme {
        match kind {
            ThemeKind::Classic => Theme::default(),
            ThemeKind::HighContrast => Theme {
                kind,
                background: Color::srgb(1.0, 1.0, 1.0),
                ink: Color::srgb(0.0, 0.0, 0.0),
                inner: Color::srgb(0.0, 0.33, 0.60),
                outer: Color::srgb(0.85, 0.33, 0.0),
                red: Color::srgb(0.82, 0.0, 0.0),
                red_light: Color::srgb(1.0, 0.40, 0.35),
                black: Color::srgb(0.0, 0.0, 0.0),
                black_light: Color::srgb(0.50, 0.50, 0.50),
                ring: Color::srgb(1.0, 1.0, 1.0),
                shadow: Color::srgba(0.0, 0.0, 0.0, 0.35),
                highlight: Color::srgb(1.0, 0.72, 0.0),
                bar: Color::srgb(0.90, 0.90, 0.90),
                bar_text: Color::srgb(0.0, 0.0, 0.0),
                button: Color::srgb(0.0, 0.0, 0.0),
                button_text: Color::srgb(1.0, 1.0, 1.0),
                panel: Color::srgb(1.0, 1.0, 1.0),
            },
        }
    }

    pub fn circuit(&self, c: Circuit) -> Color {
        match c {
            Circuit::Inner => self.inner,
            Circuit::Outer => self.outer,
        }
    }

    /// A circuit's colour mixed into the ink, for the lines it runs along.
    pub fn line(&self, c: Option<Circuit>) -> Color {
        match c {
            None => self.ink,
            Some(c) => self.ink.mix(&self.circuit(c), 0.55),
        }
    }

    pub fn stone(&self, side: Side) -> (Color, Color) {
        match side {
            Side::Red => (self.red, self.red_light),
            Side::Black => (self.black, self.black_light),
        }
    }
}

fn apply_clear_colour(theme: Res<Theme>, clear: Option<ResMut<ClearColor>>) {
    if let Some(mut clear) = clear {
        clear.0 = theme.background;
    }
}
