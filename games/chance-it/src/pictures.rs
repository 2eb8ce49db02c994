//! Chance-it tournaments: each pair's outcomes, and each strategy's turn
//! scores.

use crate::tournament::{PairResult, StrategyTurns};

use tabula_core::text::group;
use tabula_registry::picture::Picture;
use tabula_registry::picture::chart::{Distribution, Mark, PairShares, outcomes, panels};

/// `pairs`: each pair's games split into wins, ties and losses, with the
/// exact chance where it is known; none without pairs (games of more
/// than two players).
pub fn pairs_picture(
    pairs: &[PairResult],
    games: u64,
    rounds: u16,
    dice: [u8; 2],
) -> Option<Picture> {
    let rows: Vec<PairShares> = pairs
        .iter()
        .map(|p| {
            let games = p.games.max(1) as f64;
            PairShares {
                a: p.a.clone(),
                b: p.b.clone(),
                a_wins: p.a_wins as f64 / games,
                ties: p.ties as f64 / games,
                b_wins: p.b_wins as f64 / games,
                a_exact: p.a_win_probability_exact,
            }
        })
        .collect();
    if rows.is_empty() {
        return None;
    }
    Some(outcomes(
        "pairs",
        &format!(
            "Chance-it: each pair's {} games, seats alternated ({} rounds, {}d{})",
            group(games),
            rounds,
            dice[0],
            dice[1]
        ),
        rows,
    ))
}

/// `turn-scores`: each strategy's sampled turn scores over all its games,
/// with the exact distribution for a strategy that decides on the turn
/// alone; none without strategies.
pub fn turn_scores_picture(strategies: &[StrategyTurns]) -> Option<Picture> {
    let dists: Vec<Distribution> = strategies
        .iter()
        .map(|s| Distribution {
            title: format!("{}: {} turns", s.name, group(s.turns)),
            x_label: "turn score (0 after a bust)".into(),
            sampled: s
                .turn_scores
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c > 0)
                .map(|(x, &c)| (x as u32, c))
                .collect(),
            exact: s.turn_score_exact.clone(),
            marks: vec![Mark {
                label: format!("mean {:.2}", s.mean_turn_score),
                x: s.mean_turn_score,
            }],
            show_share: 1.0,
        })
        .collect();
    if dists.is_empty() {
        return None;
    }
    Some(panels(
        "turn-scores",
        "Chance-it: turn scores of each strategy over all its games",
        dists,
        900,
    ))
}
