//! A picture of a position, as SVG: the board from X's side (its points
//! 13 to 24 along the top, 12 to 1 along the bottom, its home board at
//! the bottom right), the checkers stacked on their points (a number on
//! the top one past five), the bar in the middle, the borne-off checkers
//! and the pip counts at the right.
//!
//! ```
//! use tabula_backgammon::{board::Position, picture::svg};
//!
//! let picture = svg(&Position::start(), "The starting position");
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("<circle").count(), 30);
//! ```

use std::fmt::Write as _;

use crate::board::{BAR, OFF, Position};

const POINT: f64 = 40.0;
const HEIGHT: f64 = 420.0;
const TRIANGLE: f64 = 160.0;
const RADIUS: f64 = 17.0;
const MARGIN: f64 = 20.0;

/// X's colours and O's.
const FILL: [&str; 2] = ["#f6f1e4", "#2b2b2b"];
const INK: [&str; 2] = ["#2b2b2b", "#f6f1e4"];

/// The left edge of X's point `p` (1 to 24), and whether it is on top.
fn column(p: usize) -> (f64, bool) {
    let (slot, top) = if p >= 13 {
        (p - 13, true)
    } else {
        (12 - p, false)
    };
    // Six points, the bar, six points.
    let x = MARGIN + POINT * (slot as f64 + if slot >= 6 { 1.0 } else { 0.0 });
    (x, top)
}

fn checker(out: &mut String, cx: f64, cy: f64, seat: usize, label: Option<u8>) {
    let _ = write!(
        out,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{RADIUS}" fill="{}" stroke="#555" stroke-width="1.5"/>"##,
        FILL[seat]
    );
    if let Some(n) = label {
        let _ = write!(
            out,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="14" text-anchor="middle" fill="{}">{n}</text>"#,
            cy + 5.0,
            INK[seat]
        );
    }
}

/// Up to five checkers of `seat` stacked from `(cx, base)` inward, the
/// count on the last when there are more.
fn stack(out: &mut String, cx: f64, base: f64, down: bool, seat: usize, count: u8) {
    let shown = count.min(5);
    for i in 0..shown {
        let offset = RADIUS + 2.0 * RADIUS * f64::from(i);
        let cy = if down { base + offset } else { base - offset };
        let label = (i + 1 == shown && count > 5).then_some(count);
        checker(out, cx, cy, seat, label);
    }
}

/// The position as an SVG document, with `title` above the board.
pub fn svg(position: &Position, title: &str) -> String {
    let board_w = POINT * 13.0;
    let width = MARGIN * 2.0 + board_w + 90.0;
    let top = 48.0;
    let height = top + HEIGHT + 28.0;
    let bottom = top + HEIGHT;
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif"><title>{}</title><rect width="{width}" height="{height}" fill="white"/><text x="{MARGIN}" y="24" font-size="16">{}</text><rect x="{MARGIN}" y="{top}" width="{board_w}" height="{HEIGHT}" fill="#c9a66b" stroke="#5a3d1e" stroke-width="3"/>"##,
        escape(title),
        escape(title)
    );
    // The bar.
    let _ = write!(
        out,
        r##"<rect x="{:.1}" y="{top}" width="{POINT}" height="{HEIGHT}" fill="#5a3d1e"/>"##,
        MARGIN + 6.0 * POINT
    );
    for p in 1..=24 {
        let (x, on_top) = column(p);
        let colour = if p % 2 == 0 { "#8b2e16" } else { "#e8dcc0" };
        let (base, tip) = if on_top {
            (top, top + TRIANGLE)
        } else {
            (bottom, bottom - TRIANGLE)
        };
        let _ = write!(
            out,
            r#"<polygon points="{x:.1},{base:.1} {:.1},{base:.1} {:.1},{tip:.1}" fill="{colour}"/>"#,
            x + POINT,
            x + POINT / 2.0
        );
        let label_y = if on_top { top - 4.0 } else { bottom + 16.0 };
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{label_y:.1}" font-size="12" text-anchor="middle">{p}</text>"#,
            x + POINT / 2.0
        );
        let cx = x + POINT / 2.0;
        let (x_count, o_count) = (position.checkers[0][p], position.checkers[1][25 - p]);
        for (seat, count) in [(0, x_count), (1, o_count)] {
            if count > 0 {
                stack(&mut out, cx, base, on_top, seat, count);
            }
        }
    }
    // The bar: X's checkers wait below the middle, O's above.
    let bar_x = MARGIN + 6.5 * POINT;
    let middle = top + HEIGHT / 2.0;
    for (seat, down) in [(0, true), (1, false)] {
        let n = position.checkers[seat][BAR];
        if n > 0 {
            let base = if down { middle + 4.0 } else { middle - 4.0 };
            stack(&mut out, bar_x, base, down, seat, n);
        }
    }
    // Borne off and pips, at the right: O's at the top, X's at the bottom.
    let tray = MARGIN + board_w + 12.0;
    for (seat, name, y) in [(1, "O", top + 20.0), (0, "X", bottom - 36.0)] {
        let _ = write!(
            out,
            r#"<text x="{tray:.1}" y="{y:.1}" font-size="13">{name}: {} off</text><text x="{tray:.1}" y="{:.1}" font-size="13">{} pips</text>"#,
            position.checkers[seat][OFF],
            y + 18.0,
            position.pips(seat)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
