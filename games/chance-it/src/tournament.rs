//! Chance-it's part of `tabula tournament chance-it`, the framework's
//! generic tournament ([`tabula_play::tournament`]), seats alternated:
//! the pair keys of its tournament before it was the generic one
//! ([`PairResult`]) and each strategy's turn scores ([`StrategyTurns`],
//! [`turn_scores_text`]), which its registration's sections (feature `commands`) add
//! to the generic report with the pictures.
//!
//! Game `k` of a pair seats the pair in order `k mod 2` and plays the dice
//! of deal `k / 2`, which are the same in every pair and do not depend on
//! the other strategies in the tournament (common random numbers); each
//! strategy draws its random choices from its own seat's stream.

use serde::Serialize;
use std::fmt::Write;
use tabula_play::tournament::Pair;

#[cfg(feature = "commands")]
use crate::config::Config;
#[cfg(feature = "commands")]
use crate::strategy::{Depends, Strategy};

/// Adds `n` to `counts[index]`, growing `counts` as needed.
#[cfg(feature = "commands")]
pub(crate) fn add_count(counts: &mut Vec<u64>, index: usize, n: u64) {
    if counts.len() <= index {
        counts.resize(index + 1, 0);
    }
    counts[index] += n;
}

/// One pair's results: `a` and `b` each took the first seat in half the
/// games (`a` in one more when the number is odd). The framework's
/// [`Pair`] under this game's names (ties, totals).
#[derive(Clone, Debug, Serialize)]
pub struct PairResult {
    /// The first strategy's name.
    pub a: String,
    /// The second strategy's name.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games `a` won.
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Ties.
    pub ties: u64,
    /// Games stopped by the step cap before they ended, counted neither as
    /// wins nor as ties (0 in practice: the cap is 2^32 - 1 steps).
    pub capped: u64,
    /// `a`'s share of wins.
    pub a_win_rate: f64,
    /// Standard error of `a_win_rate`.
    pub a_win_rate_std_error: f64,
    /// `a`'s mean total.
    pub a_mean_total: f64,
    /// Its standard error.
    pub a_total_std_error: f64,
    /// `b`'s mean total.
    pub b_mean_total: f64,
    /// Its standard error.
    pub b_total_std_error: f64,
    /// `a`'s exact probability of winning with seats alternated (the mean
    /// of its chances in the first and second seat, weighted by their
    /// games); `null` when a strategy depends on more than the score
    /// difference.
    pub a_win_probability_exact: Option<f64>,
    /// `b`'s, likewise.
    pub b_win_probability_exact: Option<f64>,
    /// The exact probability of a tie, likewise.
    pub tie_probability_exact: Option<f64>,
}

impl From<Pair> for PairResult {
    fn from(p: Pair) -> PairResult {
        PairResult {
            a: p.a,
            b: p.b,
            games: p.games,
            a_wins: p.a_wins,
            b_wins: p.b_wins,
            ties: p.draws,
            capped: p.capped,
            a_win_rate: p.a_win_rate,
            a_win_rate_std_error: p.a_win_rate_std_error,
            a_mean_total: p.a_mean_score,
            a_total_std_error: p.a_score_std_error,
            b_mean_total: p.b_mean_score,
            b_total_std_error: p.b_score_std_error,
            a_win_probability_exact: p.a_win_probability_exact,
            b_win_probability_exact: p.b_win_probability_exact,
            tie_probability_exact: p.draw_probability_exact,
        }
    }
}

/// One strategy's turn scores over all its games in a tournament.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyTurns {
    /// The strategy.
    pub name: String,
    /// Turns it played.
    pub turns: u64,
    /// Turns by score: `turn_scores[s]` turns scored `s` (0 for a bust).
    pub turn_scores: Vec<u64>,
    /// Its mean turn score.
    pub mean_turn_score: f64,
    /// The exact distribution of its turn score (index = score), for a
    /// strategy that decides on the turn alone; `null` for one that
    /// looks at the round or the totals, whose turns differ game by game.
    pub turn_score_exact: Option<Vec<f64>>,
}

/// Each strategy's turn scores, with the exact distribution where the
/// strategy decides on the turn alone.
#[cfg(feature = "commands")]
pub(crate) fn strategy_turns(
    config: &Config,
    names: &[String],
    built: &[Option<Strategy>],
    turn_scores: Vec<Vec<u64>>,
) -> Vec<StrategyTurns> {
    names
        .iter()
        .zip(built)
        .zip(turn_scores)
        .map(|((name, s), counts)| {
            let turns: u64 = counts.iter().sum();
            let total: u64 = counts.iter().enumerate().map(|(v, &n)| v as u64 * n).sum();
            StrategyTurns {
                name: name.clone(),
                turns,
                mean_turn_score: if turns == 0 {
                    f64::NAN
                } else {
                    total as f64 / turns as f64
                },
                turn_scores: counts,
                turn_score_exact: s
                    .as_ref()
                    .filter(|s| s.depends() == Depends::Turn)
                    .and_then(|s| crate::stages::turn_distribution(config, s, 0, 0, &[0, 0]).ok()),
            }
        })
        .collect()
}

/// Each strategy's turn scores as text: its turns, its mean turn score
/// and its share of turns scoring 0, each sampled and exact.
pub fn turn_scores_text(strategies: &[StrategyTurns]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Turn scores over all games");
    // Two header lines: what each pair of columns measures, then
    // which of the pair is sampled and which exact.
    let _ = writeln!(
        s,
        "  {:<16} {:>10} {:>17} {:>17}",
        "", "", "mean turn score", "share scoring 0"
    );
    let _ = writeln!(
        s,
        "  {:<16} {:>10} {:>8} {:>8} {:>8} {:>8}",
        "strategy", "turns", "sampled", "exact", "sampled", "exact"
    );
    for t in strategies {
        let zero = t.turn_scores.first().copied().unwrap_or(0) as f64 / t.turns.max(1) as f64;
        let (exact_mean, exact_zero) = match &t.turn_score_exact {
            Some(d) => {
                let (m, z) = crate::turn::summarize(d);
                (format!("{m:.3}"), format!("{z:.4}"))
            }
            None => ("-".into(), "-".into()),
        };
        let _ = writeln!(
            s,
            "  {:<16} {:>10} {:>8.3} {exact_mean:>8} {zero:>8.4} {exact_zero:>8}",
            t.name, t.turns, t.mean_turn_score
        );
    }
    s
}
