//! Boards as data: a track board ([`TrackBoard`], squares numbered
//! boustrophedon from the bottom left, jumps as arrows) and a ring board
//! ([`RingBoard`], squares round the edge of a square), each square
//! shaded by a value; and where their squares go ([`Layout`],
//! [`RingBoard::grid`]), which pages that let a user click a square need
//! as much as the drawing does.

use serde::{Deserialize, Serialize};

use crate::{Drawing, Picture};

/// A track board drawn as the physical game is: squares numbered
/// boustrophedon from the bottom left, `columns` to a row, jumps
/// (ladders up, chutes down) as arrows, each square shaded by a value
/// with a colour bar beside it, under the picture's title.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrackBoard {
    /// The last square; squares are 1 to `size` (the drawing refuses 0:
    /// "the board has no squares").
    pub size: u16,
    /// Squares per row.
    pub columns: u16,
    /// Jumps as `(from, to)`: a ladder if `to > from`, else a chute.
    pub jumps: Vec<(u16, u16)>,
    /// The value of each square (index = square; index 0 is ignored),
    /// shaded from 0 (palest) to the largest value (darkest). A missing
    /// or non-finite value is drawn grey (the last square then reads
    /// "finish").
    pub values: Vec<f64>,
    /// What the values are, for the colour bar.
    pub value_label: String,
    /// A square to outline as the most popular.
    pub most: Option<u16>,
    /// A square to outline as the least popular.
    pub least: Option<u16>,
}

impl TrackBoard {
    /// The picture `name` of the board under `title`.
    pub fn picture(self, name: &str, title: &str) -> Picture {
        Picture {
            name: name.into(),
            title: title.into(),
            drawing: Drawing::TrackBoard(self),
        }
    }

    /// The value of `square`, if it has a finite one.
    pub fn value(&self, square: u16) -> Option<f64> {
        self.values
            .get(usize::from(square))
            .copied()
            .filter(|v| v.is_finite())
    }
}

/// Where each square goes, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// The height above a board, for its title.
pub const TITLE_HEIGHT: i32 = 44;
const FOOTER_HEIGHT: i32 = 64;
/// The width right of a board, for its colour bar.
pub const LEGEND_WIDTH: i32 = 130;
/// The margin left of a board.
pub const MARGIN: i32 = 16;
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

/// A ring board drawn as a Monopoly-style board is: squares round the
/// edge of a square, the first in the bottom right corner, the rest going
/// clockwise (left along the bottom, up the left side, right along the
/// top, down the right side), each shaded by a value, with its number,
/// the start of its label and its value, under the picture's title.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RingBoard {
    /// Each square's label (index = square, from 0); may be shorter than
    /// `values`.
    pub labels: Vec<String>,
    /// Each square's value, shaded from 0 (palest) to the largest
    /// (darkest); a non-finite value is drawn grey. At least two squares
    /// (the drawing refuses fewer: "a ring needs at least two squares").
    pub values: Vec<f64>,
    /// What the values are, for the colour bar.
    pub value_label: String,
}

impl RingBoard {
    /// The picture `name` of the board under `title`.
    pub fn picture(self, name: &str, title: &str) -> Picture {
        Picture {
            name: name.into(),
            title: title.into(),
            drawing: Drawing::RingBoard(self),
        }
    }

    /// Cells along one side of the ring for `n` squares.
    pub fn side(n: usize) -> usize {
        n.div_ceil(4) + 1
    }

    /// Column and row (from the top left) of square `i` of `n`.
    pub fn grid(n: usize, i: usize) -> (usize, usize) {
        let k = RingBoard::side(n.max(1));
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
            labels,
            values,
            value_label: "v".into(),
        }
        .picture("ring", "t");
        assert_eq!((p.name.as_str(), p.title.as_str()), ("ring", "t"));
    }
}
