//! Charts as data: a distribution with its exact values overlaid, bars
//! with error bars, stacked outcome strips, and a results matrix. They
//! hold plain numbers; the game modules decide what to show.

use serde::{Deserialize, Serialize};

use crate::{Drawing, Picture};

/// A vertical line at `x` with a label, such as the mean.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mark {
    /// The label, e.g. `mean 39.6`.
    pub label: String,
    /// Where.
    pub x: f64,
}

/// The distribution of a whole number (throws per game, a turn's score):
/// a histogram of samples, the exact probabilities, or both, with marks.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// The title above the chart.
    pub title: String,
    /// What the number is.
    pub x_label: String,
    /// Sampled counts as `(value, count)`, or empty.
    pub sampled: Vec<(u32, u64)>,
    /// The exact probability of each value (index = value), if known.
    pub exact: Option<Vec<f64>>,
    /// Marks, drawn in the colours of mean, mode, median in that order.
    pub marks: Vec<Mark>,
    /// Show values up to the one where this share of the probability is
    /// reached (1 shows everything); a long tail is cut and the cut said.
    pub show_share: f64,
}

impl Distribution {
    /// The picture `name` of it alone, `size` pixels (width, height),
    /// captioned with its title.
    pub fn picture(self, name: &str, size: (u32, u32)) -> Picture {
        Picture {
            name: name.into(),
            title: self.title.clone(),
            drawing: Drawing::Distribution {
                distribution: self,
                size,
            },
        }
    }
}

/// Several distributions stacked one above the other under `title`,
/// sharing nothing but the picture: one panel per strategy, say. The
/// drawing refuses no panels ("nothing to draw").
pub fn panels(name: &str, title: &str, panels: Vec<Distribution>, width: u32) -> Picture {
    Picture {
        name: name.into(),
        title: title.into(),
        drawing: Drawing::Panels { panels, width },
    }
}

/// One bar: a sampled value with its standard error, and the exact value
/// where known.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bar {
    /// Its label under the axis.
    pub label: String,
    /// Its height (a probability), or `None` to draw only the exact value.
    pub value: Option<f64>,
    /// The standard error of `value`; the whisker spans two each side.
    pub std_error: Option<f64>,
    /// The exact value, drawn as a dot.
    pub exact: Option<f64>,
}

/// Bars side by side under `title`, `y_label` beside the axis. The
/// drawing refuses no bars ("no bars").
pub fn bars(name: &str, title: &str, y_label: &str, bars: Vec<Bar>) -> Picture {
    Picture {
        name: name.into(),
        title: title.into(),
        drawing: Drawing::Bars {
            y_label: y_label.into(),
            bars,
        },
    }
}

/// One pair's outcomes as shares of its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairShares {
    /// The first named.
    pub a: String,
    /// The second.
    pub b: String,
    /// Share of games `a` won.
    pub a_wins: f64,
    /// Share tied or drawn.
    pub ties: f64,
    /// Share `b` won.
    pub b_wins: f64,
    /// `a`'s exact chance of winning, where known.
    pub a_exact: Option<f64>,
}

/// Each pair's games as one strip split into `a` won, tied, `b` won. The
/// drawing refuses no pairs ("no pairs").
pub fn outcomes(name: &str, title: &str, rows: Vec<PairShares>) -> Picture {
    Picture {
        name: name.into(),
        title: title.into(),
        drawing: Drawing::Outcomes { rows },
    }
}

/// Results of one agent against another: row's wins, losses, draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Games the row agent won.
    pub wins: u64,
    /// Games it lost.
    pub losses: u64,
    /// Games drawn.
    pub draws: u64,
}

impl Record {
    /// The row agent's score share: wins plus half the draws, over games
    /// (NaN with no games).
    pub fn score(&self) -> f64 {
        let games = self.wins + self.losses + self.draws;
        (self.wins as f64 + 0.5 * self.draws as f64) / games as f64
    }
}

/// A round-robin's results: `cells[r][c]` is `names[r]`'s record against
/// `names[c]`, `None` where they did not meet (the diagonal).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Matrix {
    /// The agents, in the order of rows and columns.
    pub names: Vec<String>,
    /// The records.
    pub cells: Vec<Vec<Option<Record>>>,
}

impl Matrix {
    /// The matrix of pairs `(a, b, a_wins, b_wins, draws)`; agents in the
    /// order given by `names`, which must name every agent of a pair.
    pub fn from_pairs<'a>(
        names: Vec<String>,
        pairs: impl IntoIterator<Item = (&'a str, &'a str, u64, u64, u64)>,
    ) -> Matrix {
        let n = names.len();
        let mut cells = vec![vec![None; n]; n];
        let index = |s: &str| names.iter().position(|m| m == s);
        for (a, b, aw, bw, d) in pairs {
            if let (Some(i), Some(j)) = (index(a), index(b)) {
                let add = |cell: &mut Option<Record>, w, l| {
                    let r = cell.get_or_insert_with(Record::default);
                    r.wins += w;
                    r.losses += l;
                    r.draws += d;
                };
                add(&mut cells[i][j], aw, bw);
                add(&mut cells[j][i], bw, aw);
            }
        }
        Matrix { names, cells }
    }

    /// The picture `name` of the matrix as a heat map under `title`: each
    /// cell coloured by the row's score share against the column and
    /// labelled with it and the wins-draws-losses. The drawing refuses a
    /// matrix of no agents ("no agents").
    pub fn picture(self, name: &str, title: &str) -> Picture {
        Picture {
            name: name.into(),
            title: title.into(),
            drawing: Drawing::Matrix(self),
        }
    }
}

/// A grid of numbers over two whole-number axes, drawn as a heat map:
/// `values[y][x]` is the value at column `x` (left to right) and row `y`
/// (bottom to top), `None` where there is none (drawn blank). A policy
/// over two scores is one: Pig's optimal play, the turn total at which it
/// stops for each pair of banked scores.
///
/// ```
/// use tabula_picture::Drawing;
/// use tabula_picture::chart::Grid;
///
/// let g = Grid {
///     x_label: "my score".into(),
///     y_label: "their score".into(),
///     value_label: "stops at".into(),
///     values: vec![vec![Some(20.0), Some(19.0)], vec![Some(25.0), None]],
/// };
/// let picture = g.picture("policy", "hold at");
/// assert!(matches!(picture.drawing, Drawing::Grid(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grid {
    /// What the columns count, under the x-axis.
    pub x_label: String,
    /// What the rows count, beside the y-axis.
    pub y_label: String,
    /// What the values are, beside the colour bar.
    pub value_label: String,
    /// The values, by row (bottom first), then column (left first).
    pub values: Vec<Vec<Option<f64>>>,
}

impl Grid {
    /// The picture `name` of the grid under `title`. The drawing refuses
    /// a grid with no value ("no values").
    pub fn picture(self, name: &str, title: &str) -> Picture {
        Picture {
            name: name.into(),
            title: title.into(),
            drawing: Drawing::Grid(self),
        }
    }
}
