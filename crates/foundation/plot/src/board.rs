//! A track board drawn as the physical game is: squares numbered
//! boustrophedon from the bottom left, `columns` to a row, jumps
//! (ladders up, chutes down) as arrows, each square shaded by a value
//! with a colour bar beside it.
//!
//! The drawing is custom, on plotters' SVG backend: one filled rectangle
//! per square at [`Layout::cell_rect`], one arrow (a shaft and a
//! triangular head whose tip is the target square's
//! [`centre`](Layout::centre)) per jump.

use plotters::prelude::*;

use crate::style::{
    CHUTE, EMPTY, HPos, INK, LADDER, LEAST, MOST, VPos, heat, percent, text, text_on,
};
use crate::{Picture, PlotError};

/// What to draw.
#[derive(Clone, Debug)]
pub struct TrackBoard<'a> {
    /// The file stem of the picture.
    pub name: &'a str,
    /// The title drawn above the board.
    pub title: String,
    /// The last square; squares are 1 to `size`.
    pub size: u16,
    /// Squares per row.
    pub columns: u16,
    /// Jumps as `(from, to)`: a ladder if `to > from`, else a chute.
    pub jumps: &'a [(u16, u16)],
    /// The value of each square (index = square; index 0 is ignored),
    /// shaded from 0 (palest) to the largest value (darkest). A missing
    /// or non-finite value is drawn grey (the last square then reads
    /// "finish").
    pub values: &'a [f64],
    /// What the values are, for the colour bar.
    pub value_label: &'a str,
    /// A square to outline as the most popular.
    pub most: Option<u16>,
    /// A square to outline as the least popular.
    pub least: Option<u16>,
}

/// Where each square goes, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The last square.
    pub size: u16,
    /// Squares per row.
    pub columns: u16,
    /// Rows (the top one may be partly filled).
    pub rows: u16,
    /// The side of a square.
    pub cell: i32,
    /// The left edge of the board.
    pub left: i32,
    /// The top edge of the board.
    pub top: i32,
}

const TITLE_HEIGHT: i32 = 44;
const FOOTER_HEIGHT: i32 = 64;
const LEGEND_WIDTH: i32 = 130;
const MARGIN: i32 = 16;
/// How far into a square the outline of the most or least popular
/// square reaches, and labels start.
const OUTLINE: i32 = 5;

impl Layout {
    /// The layout of a board of `size` squares, `columns` to a row
    /// (`columns` at least 1).
    pub fn new(size: u16, columns: u16) -> Layout {
        let columns = columns.max(1);
        let rows = size.div_ceil(columns).max(1);
        let cell = (720 / i32::from(columns)).clamp(18, 64);
        Layout {
            size,
            columns,
            rows,
            cell,
            left: MARGIN,
            top: TITLE_HEIGHT,
        }
    }

    /// The picture's width and height.
    pub fn canvas(&self) -> (u32, u32) {
        let w = self.left + i32::from(self.columns) * self.cell + LEGEND_WIDTH + MARGIN;
        let h = self.top + i32::from(self.rows) * self.cell + FOOTER_HEIGHT;
        (w.max(480) as u32, h as u32)
    }

    /// Column (from the left) and row (from the bottom) of `square`
    /// (1 to `size`): row 0 runs left to right, row 1 right to left, and
    /// so on.
    pub fn grid(&self, square: u16) -> (u16, u16) {
        let i = square.saturating_sub(1);
        let row = i / self.columns;
        let along = i % self.columns;
        let col = if row.is_multiple_of(2) {
            along
        } else {
            self.columns - 1 - along
        };
        (col, row)
    }

    /// The filled rectangle of `square`, as (top left, bottom right),
    /// one pixel inside its slot so neighbours are told apart.
    pub fn cell_rect(&self, square: u16) -> ((i32, i32), (i32, i32)) {
        let (col, row) = self.grid(square);
        let x0 = self.left + i32::from(col) * self.cell;
        let y0 = self.top + (i32::from(self.rows) - 1 - i32::from(row)) * self.cell;
        ((x0 + 1, y0 + 1), (x0 + self.cell - 1, y0 + self.cell - 1))
    }

    /// The centre of `square`.
    pub fn centre(&self, square: u16) -> (i32, i32) {
        let ((x0, y0), _) = self.cell_rect(square);
        let half = self.cell / 2;
        (x0 - 1 + half, y0 - 1 + half)
    }

    /// Whether squares are big enough to show their numbers.
    pub fn shows_numbers(&self) -> bool {
        self.cell >= 24
    }

    /// Whether squares are big enough to show their values too.
    pub fn shows_notes(&self) -> bool {
        self.cell >= 44
    }

    /// The pixel size of a square's number.
    pub fn number_size(&self) -> f64 {
        (f64::from(self.cell) * 0.22).max(8.0)
    }

    /// The pixel size of a square's value (its percentage, or "finish").
    pub fn note_size(&self) -> f64 {
        f64::from(self.cell) * 0.22 * 0.9
    }

    /// The box, as (top left, bottom right), that `square`'s number is
    /// written in, at the square's top left corner, inside the outline
    /// of a most or least popular square. It is drawn on a plate of the
    /// square's colour above the arrows, so no arrow hides it.
    pub fn number_box(&self, square: u16) -> ((i32, i32), (i32, i32)) {
        let ((x0, y0), _) = self.cell_rect(square);
        let size = self.number_size();
        let digits = square.to_string().len() as f64;
        let w = (0.62 * size * digits).ceil() as i32 + 4;
        let h = size.ceil() as i32 + 2;
        (
            (x0 + OUTLINE, y0 + OUTLINE),
            (x0 + OUTLINE + w, y0 + OUTLINE + h),
        )
    }

    /// The box, as (top left, bottom right), that `note` (a square's
    /// value) is written in, centred on `square`'s bottom edge, drawn
    /// like [`number_box`](Layout::number_box) above the arrows.
    pub fn note_box(&self, square: u16, note: &str) -> ((i32, i32), (i32, i32)) {
        let ((x0, _), (x1, y1)) = self.cell_rect(square);
        let size = self.note_size();
        let w = ((0.6 * size * note.chars().count() as f64).ceil() as i32 + 6)
            .min(x1 - x0 - 2 * OUTLINE);
        let h = size.ceil() as i32 + 2;
        let mid = (x0 + x1) / 2;
        (
            (mid - w / 2, y1 - OUTLINE - h),
            (mid - w / 2 + w, y1 - OUTLINE),
        )
    }
}

impl TrackBoard<'_> {
    /// Draws the board.
    pub fn picture(&self) -> Result<Picture, PlotError> {
        if self.size == 0 {
            return Err(PlotError::Data {
                picture: self.name.into(),
                message: "the board has no squares".into(),
            });
        }
        let layout = Layout::new(self.size, self.columns);
        let (w, h) = layout.canvas();
        // Room for the title (20 px text, about 10 px a character) and the key.
        let title = 32 + 10 * self.title.chars().count() as u32;
        crate::draw_svg(self.name, &self.title, (w.max(title).max(560), h), |root| {
            self.draw(root, &layout)
        })
    }

    fn value(&self, square: u16) -> Option<f64> {
        self.values
            .get(usize::from(square))
            .copied()
            .filter(|v| v.is_finite())
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
        layout: &Layout,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.draw(&Text::new(
            self.title.clone(),
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
        for &(from, to) in self.jumps {
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

/// A ring board drawn as a Monopoly-style board is: squares round the
/// edge of a square, the first in the bottom right corner, the rest going
/// clockwise (left along the bottom, up the left side, right along the
/// top, down the right side), each shaded by a value, with its number,
/// the start of its label and its value.
#[derive(Clone, Debug)]
pub struct RingBoard<'a> {
    /// The file stem of the picture.
    pub name: &'a str,
    /// The title drawn above the board.
    pub title: String,
    /// Each square's label (index = square, from 0); may be shorter than
    /// `values`.
    pub labels: &'a [String],
    /// Each square's value, shaded from 0 (palest) to the largest
    /// (darkest); a non-finite value is drawn grey.
    pub values: &'a [f64],
    /// What the values are, for the colour bar.
    pub value_label: &'a str,
}

/// The side of a ring board's square.
const RING_CELL: i32 = 64;

impl RingBoard<'_> {
    /// Cells along one side of the ring for `n` squares.
    pub fn side(n: usize) -> usize {
        n.div_ceil(4) + 1
    }

    /// Column and row (from the top left) of square `i` of `n`.
    pub fn grid(n: usize, i: usize) -> (usize, usize) {
        let k = RingBoard::side(n);
        let (edge, off) = (i / (k - 1), i % (k - 1));
        match edge {
            0 => (k - 1 - off, k - 1),
            1 => (0, k - 1 - off),
            2 => (off, 0),
            _ => (k - 1, off),
        }
    }

    /// The top of the colour scale for `values`: the largest, unless it
    /// stands out (more than twice the next largest, as Jail does in
    /// Monopoly), when the next largest is the top, so the differences
    /// between the other squares show; the outliers are drawn at the top
    /// colour and marked.
    pub fn scale(values: &[f64]) -> f64 {
        let mut finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        finite.sort_by(|a, b| b.total_cmp(a));
        match finite.as_slice() {
            [top, second, ..] if *second > 0.0 && *top > 2.0 * second => *second,
            [top, ..] => *top,
            [] => 0.0,
        }
    }

    /// A square's name in lines of at most 12 characters, split between
    /// words (at most three lines; a longer word is cut with "…").
    pub fn wrap(label: &str) -> Vec<String> {
        const WIDTH: usize = 12;
        let mut lines: Vec<String> = Vec::new();
        for word in label.split_whitespace() {
            let word: String = if word.chars().count() > WIDTH {
                word.chars().take(WIDTH - 1).chain(['…']).collect()
            } else {
                word.to_string()
            };
            match lines.last_mut() {
                Some(line) if line.chars().count() + 1 + word.chars().count() <= WIDTH => {
                    line.push(' ');
                    line.push_str(&word);
                }
                _ => lines.push(word),
            }
        }
        if lines.len() > 3 {
            lines.truncate(3);
            if let Some(last) = lines.last_mut() {
                last.push('…');
            }
        }
        lines
    }

    /// Draws the board.
    pub fn picture(&self) -> Result<Picture, PlotError> {
        let n = self.values.len();
        if n < 2 {
            return Err(PlotError::Data {
                picture: self.name.into(),
                message: "a ring needs at least two squares".into(),
            });
        }
        let k = RingBoard::side(n) as i32;
        let w = MARGIN * 2 + k * RING_CELL + LEGEND_WIDTH;
        let h = TITLE_HEIGHT + k * RING_CELL + MARGIN;
        let title = 32 + 10 * self.title.chars().count() as u32;
        crate::draw_svg(
            self.name,
            &self.title,
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
            self.title.clone(),
            (MARGIN, 12),
            text(20.0, INK, HPos::Left, VPos::Top),
        ))?;
        let max = RingBoard::scale(self.values);
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

#[cfg(test)]
mod ring_tests {
    use super::RingBoard;

    #[test]
    fn names_wrap_between_words_and_an_outlier_leaves_the_scale() {
        assert_eq!(
            RingBoard::wrap("Pennsylvania Railroad"),
            vec!["Pennsylvania", "Railroad"]
        );
        assert_eq!(
            RingBoard::wrap("Community Chest 2"),
            vec!["Community", "Chest 2"]
        );
        assert_eq!(RingBoard::wrap("Go"), vec!["Go"]);
        let mut values = vec![0.02, 0.03, 0.025];
        assert_eq!(RingBoard::scale(&values), 0.03);
        values.push(0.13);
        assert_eq!(RingBoard::scale(&values), 0.03);
    }

    #[test]
    fn forty_squares_go_round_an_eleven_by_eleven_ring() {
        assert_eq!(RingBoard::side(40), 11);
        assert_eq!(RingBoard::grid(40, 0), (10, 10));
        assert_eq!(RingBoard::grid(40, 10), (0, 10));
        assert_eq!(RingBoard::grid(40, 20), (0, 0));
        assert_eq!(RingBoard::grid(40, 30), (10, 0));
        assert_eq!(RingBoard::grid(40, 39), (10, 9));
        let values = vec![0.025; 40];
        let labels = vec!["Go".to_string()];
        let p = RingBoard {
            name: "ring",
            title: "t".into(),
            labels: &labels,
            values: &values,
            value_label: "v",
        }
        .picture()
        .unwrap();
        assert!(p.svg.contains("Go"));
    }
}
