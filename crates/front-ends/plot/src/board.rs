//! A track board drawn as the physical game is: squares numbered
//! boustrophedon from the bottom left, `columns` to a row, jumps
//! (ladders up, chutes down) as arrows, each square shaded by a value
//! with a colour bar beside it.
//!
//! The drawing is custom, on plotters' SVG backend: one filled rectangle
//! per square at `tabula_picture::board::Layout::cell_rect`, one arrow (a shaft and a
//! triangular head whose tip is the target square's centre) per jump.
//! A ring board ([`RingBoard`]) goes round the edge of a square.

use plotters::prelude::*;

use crate::style::{
    CHUTE, EMPTY, HPos, INK, LADDER, LEAST, MOST, VPos, heat, percent, text, text_on,
};
use tabula_picture::board::{LEGEND_WIDTH, Layout, MARGIN, RingBoard, TITLE_HEIGHT, TrackBoard};

use crate::{PlotError, Svg};

/// Draws the track board `b` under `title`.
pub(crate) fn track(name: &str, title: &str, b: &TrackBoard) -> Result<Svg, PlotError> {
    Track { title, board: b }.picture(name)
}

/// A track board being drawn, under its title.
struct Track<'a> {
    title: &'a str,
    board: &'a TrackBoard,
}

impl std::ops::Deref for Track<'_> {
    type Target = TrackBoard;
    fn deref(&self) -> &TrackBoard {
        self.board
    }
}

impl Track<'_> {
    fn picture(&self, name: &str) -> Result<Svg, PlotError> {
        if self.size == 0 {
            return Err(PlotError::Data {
                picture: name.into(),
                message: "the board has no squares".into(),
            });
        }
        let layout = Layout::new(self.size, self.columns);
        let (w, h) = layout.canvas();
        // Room for the title (20 px text, about 10 px a character) and the key.
        let title = 32 + 10 * self.title.chars().count() as u32;
        crate::draw_svg(name, self.title, (w.max(title).max(560), h), |root| {
            self.draw(root, &layout)
        })
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        layout: &Layout,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.draw(&Text::new(
            self.title.to_string(),
            (layout.left, 12),
            text(20.0, INK, HPos::Left, VPos::Top),
        ))?;
        let max = (1..=self.size)
            .filter_map(|s| self.value(s))
            .fold(0.0_f64, f64::max);
        let scale = |v: f64| if max > 0.0 { v / max } else { 0.0 };
        let cell = layout.cell;
        // The squares.
        for square in 1..=self.size {
            let (a, b) = layout.cell_rect(square);
            let fill = self.value(square).map_or(EMPTY, |v| heat(scale(v)));
            root.draw(&Rectangle::new([a, b], fill.filled()))?;
        }
        // The jumps, as arrows, under the squares' numbers and values.
        let width = (cell / 12).max(2) as u32;
        for &(from, to) in &self.jumps {
            if !(1..=self.size).contains(&from) || !(1..=self.size).contains(&to) {
                continue;
            }
            let colour = if to > from { LADDER } else { CHUTE };
            let (start, tip) = (layout.centre(from), layout.centre(to));
            let (head, base) = arrow_head(start, tip, f64::from(cell));
            root.draw(&Circle::new(
                start,
                (cell / 10).max(2),
                colour.mix(0.85).filled(),
            ))?;
            root.draw(&PathElement::new(
                vec![start, base],
                colour.mix(0.75).stroke_width(width),
            ))?;
            root.draw(&Polygon::new(head.to_vec(), colour.mix(0.9).filled()))?;
        }
        // Each square's number and value, on a plate of the square's own
        // colour, so an arrow passing under them never hides them.
        for square in 1..=self.size {
            let fill = self.value(square).map_or(EMPTY, |v| heat(scale(v)));
            if layout.shows_numbers() {
                let (a, b) = layout.number_box(square);
                root.draw(&Rectangle::new([a, b], fill.mix(0.85).filled()))?;
                root.draw(&Text::new(
                    square.to_string(),
                    (a.0 + 2, a.1 + 1),
                    text(layout.number_size(), text_on(fill), HPos::Left, VPos::Top),
                ))?;
            }
            let note = match self.value(square) {
                Some(v) => Some(percent(v)),
                None if square == self.size => Some("finish".to_string()),
                None => None,
            };
            if layout.shows_notes()
                && let Some(note) = note
            {
                let (a, b) = layout.note_box(square, &note);
                root.draw(&Rectangle::new([a, b], fill.mix(0.85).filled()))?;
                root.draw(&Text::new(
                    note,
                    ((a.0 + b.0) / 2, b.1 - 1),
                    text(
                        layout.note_size(),
                        text_on(fill),
                        HPos::Center,
                        VPos::Bottom,
                    ),
                ))?;
            }
        }
        // The most and least popular squares, outlined.
        for (square, colour) in [(self.most, MOST), (self.least, LEAST)] {
            if let Some(s) = square.filter(|s| (1..=self.size).contains(s)) {
                let (a, b) = layout.cell_rect(s);
                root.draw(&Rectangle::new(
                    [(a.0 + 2, a.1 + 2), (b.0 - 2, b.1 - 2)],
                    colour.stroke_width(4),
                ))?;
            }
        }
        self.draw_legend(root, layout, max)?;
        Ok(())
    }

    fn draw_legend<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        layout: &Layout,
        max: f64,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        // The colour bar, 0 at the bottom.
        let x0 = layout.left + i32::from(layout.columns) * layout.cell + 24;
        let height = (i32::from(layout.rows) * layout.cell).min(420);
        let (top, bottom) = (layout.top + 18, layout.top + 18 + height - 18);
        root.draw(&Text::new(
            self.value_label.to_string(),
            (x0 - 4, layout.top),
            text(12.0, INK, HPos::Left, VPos::Top),
        ))?;
        let steps = 60;
        let span = bottom - top;
        for k in 0..steps {
            let y1 = bottom - span * k / steps;
            let y0 = bottom - span * (k + 1) / steps;
            let t = (f64::from(k) + 0.5) / f64::from(steps);
            root.draw(&Rectangle::new([(x0, y0), (x0 + 18, y1)], heat(t).filled()))?;
        }
        for k in 0..=4 {
            let y = bottom - span * k / 4;
            root.draw(&PathElement::new(
                vec![(x0 + 18, y), (x0 + 22, y)],
                INK.stroke_width(1),
            ))?;
            root.draw(&Text::new(
                percent(max * f64::from(k) / 4.0),
                (x0 + 25, y),
                text(11.0, INK, HPos::Left, VPos::Center),
            ))?;
        }
        // The key to outlines and arrows, under the board.
        let y = layout.top + i32::from(layout.rows) * layout.cell + 14;
        let mut x = layout.left;
        for (square, colour, what) in [
            (self.most, MOST, "most popular"),
            (self.least, LEAST, "least popular"),
        ] {
            if let Some(s) = square {
                let label = match self.value(s) {
                    Some(v) => format!("{what}: square {s} ({})", percent(v)),
                    None => format!("{what}: square {s}"),
                };
                root.draw(&Rectangle::new(
                    [(x, y), (x + 14, y + 14)],
                    colour.stroke_width(3),
                ))?;
                root.draw(&Text::new(
                    label.clone(),
                    (x + 22, y + 7),
                    text(12.0, INK, HPos::Left, VPos::Center),
                ))?;
                x += 30 + 7 * label.chars().count() as i32;
            }
        }
        let y2 = y + 24;
        x = layout.left;
        for (colour, label) in [(LADDER, "ladder (up)"), (CHUTE, "chute (down)")] {
            root.draw(&PathElement::new(
                vec![(x, y2 + 7), (x + 16, y2 + 7)],
                colour.stroke_width(3),
            ))?;
            root.draw(&Polygon::new(
                vec![(x + 22, y2 + 7), (x + 14, y2 + 2), (x + 14, y2 + 12)],
                colour.filled(),
            ))?;
            root.draw(&Text::new(
                label,
                (x + 28, y2 + 7),
                text(12.0, INK, HPos::Left, VPos::Center),
            ))?;
            x += 130;
        }
        Ok(())
    }
}

/// The head of an arrow from `start` to `tip` on squares of side `cell`:
/// its three corners (the tip first) and the middle of its base, where
/// the shaft ends.
fn arrow_head(start: (i32, i32), tip: (i32, i32), cell: f64) -> ([(i32, i32); 3], (i32, i32)) {
    let (dx, dy) = (f64::from(tip.0 - start.0), f64::from(tip.1 - start.1));
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (long, half) = ((cell * 0.32).min(len * 0.6), cell * 0.16);
    let bx = f64::from(tip.0) - ux * long;
    let by = f64::from(tip.1) - uy * long;
    let corner = |s: f64| {
        (
            (bx - uy * half * s).round() as i32,
            (by + ux * half * s).round() as i32,
        )
    };
    (
        [tip, corner(1.0), corner(-1.0)],
        (bx.round() as i32, by.round() as i32),
    )
}

/// The side of a ring board's square.
const RING_CELL: i32 = 64;

/// Draws the ring board `b` under `title`.
pub(crate) fn ring(name: &str, title: &str, b: &RingBoard) -> Result<Svg, PlotError> {
    Ring { title, board: b }.picture(name)
}

/// A ring board being drawn, under its title.
struct Ring<'a> {
    title: &'a str,
    board: &'a RingBoard,
}

impl std::ops::Deref for Ring<'_> {
    type Target = RingBoard;
    fn deref(&self) -> &RingBoard {
        self.board
    }
}

impl Ring<'_> {
    fn picture(&self, name: &str) -> Result<Svg, PlotError> {
        let n = self.values.len();
        if n < 2 {
            return Err(PlotError::Data {
                picture: name.into(),
                message: "a ring needs at least two squares".into(),
            });
        }
        let k = RingBoard::side(n) as i32;
        let w = MARGIN * 2 + k * RING_CELL + LEGEND_WIDTH;
        let h = TITLE_HEIGHT + k * RING_CELL + MARGIN;
        let title = 32 + 10 * self.title.chars().count() as u32;
        crate::draw_svg(
            name,
            self.title,
            ((w as u32).max(title), h as u32),
            |root| self.draw(root, k),
        )
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        k: i32,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.draw(&Text::new(
            self.title.to_string(),
            (MARGIN, 12),
            text(20.0, INK, HPos::Left, VPos::Top),
        ))?;
        let max = RingBoard::scale(&self.values);
        let n = self.values.len();
        for (i, &v) in self.values.iter().enumerate() {
            let (col, row) = RingBoard::grid(n, i);
            let x0 = MARGIN + col as i32 * RING_CELL;
            let y0 = TITLE_HEIGHT + row as i32 * RING_CELL;
            let fill = if v.is_finite() {
                heat(if max > 0.0 { (v / max).min(1.0) } else { 0.0 })
            } else {
                EMPTY
            };
            let off_scale = v.is_finite() && v > max;
            root.draw(&Rectangle::new(
                [(x0 + 1, y0 + 1), (x0 + RING_CELL - 1, y0 + RING_CELL - 1)],
                fill.filled(),
            ))?;
            let ink = text_on(fill);
            root.draw(&Text::new(
                i.to_string(),
                (x0 + 4, y0 + 3),
                text(11.0, ink, HPos::Left, VPos::Top),
            ))?;
            if let Some(label) = self.labels.get(i) {
                let lines = RingBoard::wrap(label);
                let first = y0 + RING_CELL / 2 - 5 * (lines.len() as i32 - 1);
                for (l, line) in lines.iter().enumerate() {
                    root.draw(&Text::new(
                        line.clone(),
                        (x0 + RING_CELL / 2, first + 10 * l as i32),
                        text(9.0, ink, HPos::Center, VPos::Center),
                    ))?;
                }
            }
            if v.is_finite() {
                // A value above the colour scale is marked: its colour is
                // the scale's top, not its own.
                let shown = if off_scale {
                    format!("{} ▲", percent(v))
                } else {
                    percent(v)
                };
                root.draw(&Text::new(
                    shown,
                    (x0 + RING_CELL / 2, y0 + RING_CELL - 3),
                    text(11.0, ink, HPos::Center, VPos::Bottom),
                ))?;
            }
        }
        // The colour bar, right of the ring.
        let x0 = MARGIN + k * RING_CELL + 24;
        let (top, bottom) = (TITLE_HEIGHT + 18, TITLE_HEIGHT + (k * RING_CELL).min(420));
        root.draw(&Text::new(
            self.value_label.to_string(),
            (x0 - 4, TITLE_HEIGHT),
            text(12.0, INK, HPos::Left, VPos::Top),
        ))?;
        let steps = 60;
        let span = bottom - top;
        for s in 0..steps {
            let y1 = bottom - span * s / steps;
            let y0 = bottom - span * (s + 1) / steps;
            let t = (f64::from(s) + 0.5) / f64::from(steps);
            root.draw(&Rectangle::new([(x0, y0), (x0 + 18, y1)], heat(t).filled()))?;
        }
        if self.values.iter().any(|&v| v.is_finite() && v > max) {
            root.draw(&Text::new(
                "▲ above the scale",
                (x0 - 4, bottom + 14),
                text(11.0, INK, HPos::Left, VPos::Top),
            ))?;
        }
        for s in 0..=4 {
            let y = bottom - span * s / 4;
            root.draw(&PathElement::new(
                vec![(x0 + 18, y), (x0 + 22, y)],
                INK.stroke_width(1),
            ))?;
            root.draw(&Text::new(
                percent(max * f64::from(s) / 4.0),
                (x0 + 25, y),
                text(11.0, INK, HPos::Left, VPos::Center),
            ))?;
        }
        Ok(())
    }
}
