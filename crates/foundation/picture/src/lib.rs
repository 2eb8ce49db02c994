//! Pictures of results as data: what to draw, not how.
//!
//! A command's report describes its pictures with the types here: a race
//! board shaded by how often each square is landed on
//! ([`board::TrackBoard`]), a Monopoly-style ring ([`board::RingBoard`]),
//! distributions with their exact values overlaid, bars, outcome strips
//! and result matrices ([`chart`]), paths on a map ([`plane`]), or a
//! game's own SVG ([`Drawing::Svg`]). Each is a [`Picture`]: a file name,
//! a caption and a [`Drawing`]. The front ends draw them (`tabula-plot`
//! turns each into SVG); a game's crate builds them without any drawing
//! library.
//!
//! ```
//! use tabula_picture::chart::Matrix;
//! use tabula_picture::{Drawing, Picture};
//!
//! // Two agents' record against each other: (a, b, a's wins, b's wins, draws).
//! let m = Matrix::from_pairs(
//!     vec!["cautious".into(), "random".into()],
//!     [("cautious", "random", 70, 20, 10)],
//! );
//! let picture: Picture = m.picture("results", "cautious against random");
//! assert_eq!(picture.file_name(), "results.svg");
//! let Drawing::Matrix(m) = &picture.drawing else { panic!("a matrix") };
//! assert_eq!(m.cells[0][1].map(|r| r.wins), Some(70));
//! assert_eq!(m.cells[1][0].map(|r| r.wins), Some(20));
//! ```
//!
//! Nothing here can fail: a picture whose data cannot be drawn (a board
//! of no squares, an outcome strip of no pairs) is refused by the
//! drawing, which says why.
#![deny(missing_docs)]

use serde::{Deserialize, Serialize};

pub mod board;
pub mod chart;
pub mod plane;

/// One picture: what it shows and under which name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Picture {
    /// The file stem, e.g. `board` for `board.svg`.
    pub name: String,
    /// A one-line caption (the HTML report's figure is named by it). The
    /// drawings of boards, bars, outcome strips, panels, matrices and
    /// planes write it above themselves; a lone distribution writes its
    /// own [`title`](chart::Distribution::title).
    pub title: String,
    /// What to draw.
    pub drawing: Drawing,
}

impl Picture {
    /// The file name it is written under: `NAME.svg`.
    pub fn file_name(&self) -> String {
        format!("{}.svg", self.name)
    }
}

/// What a picture draws: one variant per kind of drawing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Drawing {
    /// One distribution, its own title above it, `size` pixels (width,
    /// height).
    Distribution {
        /// The distribution.
        distribution: chart::Distribution,
        /// Width and height in pixels.
        size: (u32, u32),
    },
    /// Several distributions stacked one above the other, each with its
    /// own title, under the picture's title: one panel per strategy, say.
    Panels {
        /// The panels, top first (at least one).
        panels: Vec<chart::Distribution>,
        /// The width in pixels.
        width: u32,
    },
    /// Bars: sampled values with their standard errors, exact values
    /// where known.
    Bars {
        /// What the values are, beside the y-axis.
        y_label: String,
        /// The bars, left to right (at least one).
        bars: Vec<chart::Bar>,
    },
    /// Each pair's games as one strip split into first named won, tied,
    /// second named won.
    Outcomes {
        /// The pairs, top first (at least one).
        rows: Vec<chart::PairShares>,
    },
    /// A round-robin's results as a heat map.
    Matrix(chart::Matrix),
    /// A grid of numbers over two whole-number axes as a heat map (a
    /// policy: the turn total at which Pig's optimal play stops, for each
    /// pair of banked scores).
    Grid(chart::Grid),
    /// A race track drawn as the physical board, shaded.
    TrackBoard(board::TrackBoard),
    /// A ring of squares round a square board, shaded.
    RingBoard(board::RingBoard),
    /// Tracks, places and an arrow in the plane, `size` pixels wide.
    Plane {
        /// What is in the plane.
        plane: plane::Plane,
        /// The width in pixels (the height adds the caption's).
        size: u32,
    },
    /// A game's own drawing: an SVG document, written as it is.
    Svg(String),
}
