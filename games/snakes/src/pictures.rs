//! Snakes and Ladders: the board shaded by landings, the distribution of
//! the number of throws, and each seat's chance of winning.
//!
//! A square's shade is its share of all landings on the squares before
//! the last, the measure specification 000's "most popular square" uses, so the
//! picture and the report's numbers agree. The last square, landed on
//! exactly once in every finished game, is left out of the scale (it
//! would outshine the rest) and drawn grey, marked "finish".

use crate::{Analysis, Board, BoardReport};

use tabula_core::text::group;
use tabula_registry::picture::Picture;
use tabula_registry::picture::board::TrackBoard;
use tabula_registry::picture::chart::{Bar, Distribution, Mark, bars};

/// Width and height of the throws chart.
const CHART: (u32, u32) = (900, 480);

/// What the board's shading means, for its colour bar.
pub const SHADE_LABEL: &str = "share of landings";

/// The pictures of a simulation: `board`, `throws`, and `seats` with
/// more than one player. With the exact values in the report, the exact
/// distribution of throws is overlaid on the sampled one, and the exact
/// chances of winning are drawn beside the sampled ones.
pub fn report_pictures(report: &BoardReport, board: &Board) -> Vec<Picture> {
    let total = report.squares.landings_before_last as f64;
    let values: Vec<f64> = report
        .squares
        .landings
        .iter()
        .map(|&n| {
            if total > 0.0 {
                n as f64 / total
            } else {
                f64::NAN
            }
        })
        .collect();
    let values = without_last(values);
    let mut pictures = vec![board_picture(
        format!(
            "{}: where tokens land (rule set {}, {} games sampled)",
            report.board,
            report.rules,
            group(report.games)
        ),
        board,
        values,
        (report.squares.most_popular, report.squares.least_popular),
    )];
    let t = &report.throws;
    let exact = report.exact.as_ref();
    pictures.push(
        Distribution {
            title: format!(
                "Throws per game: {} games sampled{}",
                group(report.games),
                if exact.is_some() {
                    ", exact distribution overlaid"
                } else {
                    ""
                }
            ),
            x_label: throws_label(report.players),
            sampled: t.histogram.iter().map(|(&x, &c)| (x, c)).collect(),
            exact: exact.map(|e| e.throws_pmf.clone()),
            marks: marks(t.mean, t.mode, t.median),
            show_share: 0.995,
        }
        .picture("throws", CHART),
    );
    if report.players > 1 {
        let games = report.games as f64;
        let seats: Vec<Bar> = (0..usize::from(report.players))
            .map(|i| {
                let p = report.seats.win_rate.get(i).copied().unwrap_or(f64::NAN);
                Bar {
                    label: format!("seat {}", i + 1),
                    value: Some(p),
                    std_error: Some((p * (1.0 - p) / games).sqrt()),
                    exact: exact.and_then(|e| e.win_probability.get(i).copied()),
                }
            })
            .collect();
        pictures.push(bars(
            "seats",
            &format!(
                "Each seat's chance of winning ({} players, {} games)",
                report.players,
                group(report.games)
            ),
            "games won",
            seats,
        ));
    }
    pictures
}

/// The pictures of an exact analysis: `board` (expected landings),
/// `throws` (the exact distribution), and `seats` with more than one
/// player.
pub fn analysis_pictures(analysis: &Analysis, board: &Board) -> Vec<Picture> {
    let q = &analysis.squares;
    let values: Vec<f64> = q
        .landings
        .iter()
        .map(|&e| {
            if q.landings_before_last > 0.0 {
                e / q.landings_before_last
            } else {
                f64::NAN
            }
        })
        .collect();
    let values = without_last(values);
    let mut pictures = vec![board_picture(
        format!(
            "{}: where tokens land (rule set {}, exact analysis)",
            analysis.board, analysis.rules
        ),
        board,
        values,
        (q.most_popular, q.least_popular),
    )];
    let s = &analysis.seats;
    pictures.push(
        Distribution {
            title: "Throws per game: the exact distribution".into(),
            x_label: throws_label(analysis.players),
            sampled: Vec::new(),
            exact: Some(s.total_throws_pmf.clone()),
            marks: marks(
                s.total_throws_mean,
                s.total_throws_mode,
                s.total_throws_median,
            ),
            show_share: 0.995,
        }
        .picture("throws", CHART),
    );
    if analysis.players > 1 {
        let seats: Vec<Bar> = s
            .win_probability
            .iter()
            .enumerate()
            .map(|(i, &p)| Bar {
                label: format!("seat {}", i + 1),
                value: None,
                std_error: None,
                exact: Some(p),
            })
            .collect();
        pictures.push(bars(
            "seats",
            &format!(
                "Each seat's chance of winning ({} players, exact)",
                analysis.players
            ),
            "chance of winning",
            seats,
        ));
    }
    pictures
}

/// The board shaded by `values`, most and least popular outlined.
fn board_picture(
    title: String,
    board: &Board,
    values: Vec<f64>,
    (most, least): (u16, u16),
) -> Picture {
    TrackBoard {
        size: board.size(),
        columns: board.columns(),
        jumps: board.jumps().iter().map(|j| (j.from, j.to)).collect(),
        values,
        value_label: SHADE_LABEL.into(),
        most: Some(most),
        least: Some(least),
    }
    .picture("board", &title)
}

/// The values with the last square's left out of the scale.
fn without_last(mut values: Vec<f64>) -> Vec<f64> {
    if let Some(last) = values.last_mut() {
        *last = f64::NAN;
    }
    values
}

fn throws_label(players: u8) -> String {
    if players > 1 {
        format!("throws per game, all {players} players together")
    } else {
        "throws per game".into()
    }
}

fn marks(mean: f64, mode: u32, median: u32) -> Vec<Mark> {
    vec![
        Mark {
            label: format!("mean {mean:.2}"),
            x: mean,
        },
        Mark {
            label: format!("mode {mode}"),
            x: f64::from(mode),
        },
        Mark {
            label: format!("median {median}"),
            x: f64::from(median),
        },
    ]
}
