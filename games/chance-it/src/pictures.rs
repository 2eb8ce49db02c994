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

/// The pictures of `tabula analyze chance-it`: `policy`, the optimal
/// turn's policy (for each value a new roll can show, the share of the
/// sets of values already rolled after which optimal play stops on it),
/// and `win-optimal`, its exact chances against each other strategy (two
/// players).
pub fn analysis_pictures(a: &crate::analysis::Analysis) -> Vec<Picture> {
    use tabula_registry::picture::chart::{Bar, bars};
    let dice = format!("{}d{}", a.dice[0], a.dice[1]);
    let least = u16::from(a.dice[0]);
    let most = u16::from(a.dice[0]) * u16::from(a.dice[1]);
    let mut pictures = Vec::new();
    // A new roll is one not rolled before this turn.
    let policy: Vec<Bar> = (least..=most)
        .filter_map(|v| {
            let open: Vec<_> = a
                .optimal_policy
                .iter()
                .filter(|row| !row.already_rolled.contains(&v))
                .collect();
            (!open.is_empty()).then(|| Bar {
                label: v.to_string(),
                value: None,
                std_error: None,
                exact: Some(
                    open.iter().filter(|row| row.stops_on.contains(&v)).count() as f64
                        / open.len() as f64,
                ),
            })
        })
        .collect();
    if !policy.is_empty() {
        pictures.push(bars(
            "policy",
            &format!(
                "Chance-it {dice}: the optimal turn (expected score {:.4}): when it stops on a new roll",
                a.optimal_expected_turn_score
            ),
            "share of the sets already rolled after which it stops",
            policy,
        ));
    }
    if let Some(w) = &a.win_optimal {
        let rows: Vec<PairShares> = w
            .versus
            .iter()
            .map(|v| PairShares {
                a: crate::win::NAME.to_string(),
                b: v.opponent.clone(),
                a_wins: v.win_probability,
                ties: v.tie_probability,
                b_wins: v.loss_probability,
                a_exact: Some(v.win_probability),
            })
            .collect();
        if !rows.is_empty() {
            pictures.push(outcomes(
                "win-optimal",
                &format!(
                    "Chance-it {dice}, {} rounds: win-optimal against each strategy, exactly (seats shared evenly)",
                    a.rounds
                ),
                rows,
            ));
        }
    }
    pictures
}
