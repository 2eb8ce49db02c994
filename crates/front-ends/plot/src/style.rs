//! Colours, fonts and number formats shared by every picture.

use plotters::prelude::*;
use plotters::style::colors::colormaps::DerivedColorMap;
pub use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::PlotError;

/// Sampled values.
pub const SAMPLED: RGBColor = RGBColor(70, 130, 180);
/// Exact values.
pub const EXACT: RGBColor = RGBColor(178, 34, 34);
/// Ladders.
pub const LADDER: RGBColor = RGBColor(0, 128, 0);
/// Chutes.
pub const CHUTE: RGBColor = RGBColor(200, 0, 0);
/// The most popular square's outline (on the darkest shade).
pub const MOST: RGBColor = RGBColor(0, 200, 255);
/// The least popular square's outline (on the palest shade).
pub const LEAST: RGBColor = RGBColor(0, 0, 0);
/// Markers: mean, mode, median.
pub const MARKS: [RGBColor; 3] = [
    RGBColor(0, 0, 0),
    RGBColor(128, 0, 128),
    RGBColor(230, 120, 0),
];
/// Text.
pub const INK: RGBColor = RGBColor(30, 30, 30);
/// Cells without a value.
pub const EMPTY: RGBColor = RGBColor(225, 225, 225);

/// The font family of every text.
pub const FONT: &str = "sans-serif";

/// A sequential scale, pale yellow (0) to dark red (1), for how often.
pub fn heat(t: f64) -> RGBColor {
    let map = DerivedColorMap::new(&[
        RGBColor(255, 255, 204),
        RGBColor(254, 217, 118),
        RGBColor(253, 141, 60),
        RGBColor(227, 26, 28),
        RGBColor(128, 0, 38),
    ]);
    map.get_color(unit(t))
}

/// A diverging scale, red (0, lost) through white (0.5) to blue (1, won).
pub fn diverging(t: f64) -> RGBColor {
    let map = DerivedColorMap::new(&[
        RGBColor(202, 0, 32),
        RGBColor(244, 165, 130),
        RGBColor(247, 247, 247),
        RGBColor(146, 197, 222),
        RGBColor(5, 113, 176),
    ]);
    map.get_color(unit(t))
}

/// `t` clamped to [0, 1], NaN as 0: the colour maps need a number in range.
fn unit(t: f64) -> f64 {
    if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) }
}

/// Black or white, whichever reads better on `c`.
pub fn text_on(c: RGBColor) -> RGBColor {
    let luma = 0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2);
    if luma < 140.0 { WHITE } else { INK }
}

/// A probability as a percentage with enough digits to tell small ones
/// apart: `4.3%`, `0.65%`.
pub fn percent(p: f64) -> String {
    let v = p * 100.0;
    if !v.is_finite() {
        "-".into()
    } else if v != 0.0 && v.abs() < 10.0 {
        format!("{v:.2}%")
    } else {
        format!("{v:.1}%")
    }
}

pub use tabula_core::text::group;

/// A text style of `size` pixels in `color`, anchored at `pos`.
pub fn text(size: f64, color: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    TextStyle {
        font: (FONT, size).into_font(),
        color: color.to_backend_color(),
        pos: Pos::new(h, v),
    }
}

/// Turns a drawing error into a [`PlotError`] naming the picture.
pub fn draw_error<E: std::fmt::Display>(picture: &str) -> impl Fn(E) -> PlotError + '_ {
    move |e| PlotError::Draw {
        picture: picture.to_string(),
        message: e.to_string(),
    }
}
