//! One turn, exactly: the optimal stopping rule, solved by the
//! framework's optimiser ([`tabula_exact::Optimal`]) on the game itself.
//!
//! A turn's state is the set `S` of values rolled so far and the last
//! roll `v` (in `S`). Rolling again from `S` is worth
//! `C(S) = Σ_{r ∉ S} p(r) · max(g(r), C(S ∪ {r})) + Σ_{r ∈ S} p(r) · g₀`,
//! where `g(r)` is what stopping on `r` is worth and `g₀` what a bust is
//! worth; stopping on `v` beats rolling when `g(v) ≥ C(S)`. The solver's
//! value of each state with the dice due is `C(S)`; the dynamic program
//! over the `2^n` sets that the game was first written with is kept as a
//! test oracle (`tests/oracle.rs`). Any strategy's turn distribution
//! comes from the framework too: [`crate::stages::turn_distribution`].

use std::sync::Arc;

use tabula_core::Dice;

use crate::ChanceItError;
use crate::config::Config;
use crate::game::ChanceIt;
use crate::strategy::{Strategy, TurnView};

/// The dice's possible sums as indices: value `min + i` has probability
/// `probs[i]`, and a set of values is a bit mask over the indices.
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    /// The smallest sum.
    pub min: u16,
    /// Probability of each sum from `min` up.
    pub probs: Vec<f64>,
    /// For every mask, its values in increasing order.
    masks: Arc<Vec<Vec<u16>>>,
}

impl Values {
    /// The sums of `dice`.
    pub fn new(dice: Dice) -> Values {
        let min = dice.min();
        let mut probs = vec![0.0; usize::from(dice.max() - min + 1)];
        for (v, p) in dice.distribution() {
            probs[usize::from(v - min)] = p;
        }
        let n = probs.len();
        let masks = (0..1u32 << n)
            .map(|m| {
                (0..n as u16)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| min + i)
                    .collect()
            })
            .collect();
        Values {
            min,
            probs,
            masks: Arc::new(masks),
        }
    }

    /// Number of distinct sums.
    pub fn len(&self) -> usize {
        self.probs.len()
    }

    /// Whether there are none (never).
    pub fn is_empty(&self) -> bool {
        self.probs.is_empty()
    }

    /// The largest sum.
    pub fn max(&self) -> u16 {
        self.min + self.probs.len() as u16 - 1
    }

    /// The values of a mask, in increasing order.
    pub fn of_mask(&self, mask: u32) -> &[u16] {
        &self.masks[mask as usize]
    }

    /// The mask of a list of values.
    pub fn mask(&self, values: &[u16]) -> u32 {
        values
            .iter()
            .filter(|&&v| v >= self.min && v <= self.max())
            .fold(0, |m, &v| m | 1 << (v - self.min))
    }
}

/// The expected score and the probability of scoring 0 of a turn's score
/// distribution.
pub fn summarize(dist: &[f64]) -> (f64, f64) {
    let mean = dist.iter().enumerate().map(|(s, p)| s as f64 * p).sum();
    (mean, dist.first().copied().unwrap_or(0.0))
}

/// The strategy that maximizes the expected score of a turn, solved by
/// the framework's generic solver ([`tabula_exact::Optimal`]) on the game
/// itself: one turn of one player ([`Config::one_turn`]), every decision
/// maximising the score. The solver's value of each state where the dice
/// are to be rolled again with the set `S` rolled is `C(S)` above; its
/// tie rule (the first legal move, `stop`, among equally good ones) is
/// the specification's "stop when `v ≥ C(S)`".
#[derive(Clone, Debug)]
pub struct Optimal {
    values: Values,
    continuation: Vec<f64>,
    /// Iterations and residual of the solve.
    solved: (u32, f64, usize),
}

impl Optimal {
    /// Solves the turn for `dice`.
    pub fn new(dice: Dice) -> Result<Optimal, ChanceItError> {
        let values = Values::new(dice);
        let game = ChanceIt::new(Config::one_turn(dice));
        let limits = tabula_exact::Limits {
            max_states: 4_000_000,
            max_transitions: 80_000_000,
            ..tabula_exact::Limits::default()
        };
        let solved = tabula_exact::Optimal::solve(&game, &tabula_exact::ScoreOf(0), &limits)?;
        let mut continuation = vec![f64::NAN; 1 << values.len()];
        continuation[0] = solved.value;
        for (i, value) in solved.values().iter().enumerate() {
            let state = solved.state(i);
            if state.round() == 0 && state.needs_roll() && state.rolled_bits() != 0 {
                let mask = values.mask(&state.rolled());
                continuation[mask as usize] = *value;
            }
        }
        if let Some(mask) = continuation.iter().position(|c| c.is_nan()) {
            return Err(format!(
                "the optimal turn: the solver never reached the set {:?}",
                values.of_mask(mask as u32)
            )
            .into());
        }
        Ok(Optimal {
            values,
            continuation,
            solved: (solved.iterations, solved.residual, solved.len()),
        })
    }

    /// The generic solve's sweeps, residual and states.
    pub fn solve_stats(&self) -> (u32, f64, usize) {
        self.solved
    }

    /// The expected score of a turn played this way: `C(∅)`.
    pub fn expected_turn_score(&self) -> f64 {
        self.continuation[0]
    }

    /// What rolling again is worth with `rolled` values rolled so far.
    pub fn reroll_value(&self, rolled: &[u16]) -> f64 {
        self.continuation[self.values.mask(rolled) as usize]
    }

    /// Whether it stops on `last` with `rolled` rolled (including `last`).
    /// Ties stop.
    pub fn stops(&self, rolled: &[u16], last: u16) -> bool {
        f64::from(last) >= self.reroll_value(rolled)
    }

    /// The policy as a table: for each set of values already rolled
    /// before the current roll that optimal play can reach, the rolls on
    /// which it stops (the others it chances).
    pub fn policy_table(&self) -> Vec<PolicyRow> {
        let v = &self.values;
        let mut rows = Vec::new();
        let mut queue = std::collections::VecDeque::from([0u32]);
        let mut seen = std::collections::HashSet::from([0u32]);
        while let Some(before) = queue.pop_front() {
            let mut stops_on = Vec::new();
            for i in 0..v.len() {
                if before >> i & 1 == 1 || v.probs[i] == 0.0 {
                    continue;
                }
                let now = before | 1 << i;
                let value = v.min + i as u16;
                if f64::from(value) >= self.continuation[now as usize] {
                    stops_on.push(value);
                } else if seen.insert(now) {
                    queue.push_back(now);
                }
            }
            rows.push(PolicyRow {
                already_rolled: v.of_mask(before).to_vec(),
                stops_on,
                reroll_value: self.continuation[before as usize],
            });
        }
        rows.sort_by(|a, b| {
            a.already_rolled
                .len()
                .cmp(&b.already_rolled.len())
                .then(a.already_rolled.cmp(&b.already_rolled))
        });
        rows
    }
}

/// One row of the optimal policy.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PolicyRow {
    /// Values rolled before the current roll this turn.
    pub already_rolled: Vec<u16>,
    /// Current rolls (not among them) on which optimal play stops; on any
    /// other new value it chances it.
    pub stops_on: Vec<u16>,
    /// Expected score of rolling from the set itself (for the empty set,
    /// of a whole turn).
    pub reroll_value: f64,
}

impl From<Optimal> for Strategy {
    /// The expected-score optimum as a strategy: it stops where
    /// [`Optimal::stops`], and rolls otherwise.
    fn from(optimal: Optimal) -> Strategy {
        Strategy::new(move |view: &TurnView<'_>| {
            if optimal.stops(view.rolled, view.last) {
                0.0
            } else {
                1.0
            }
        })
    }
}

crate::register_strategy! {
    name: "optimal",
    parameter: None,
    summary: "maximizes the expected score of each turn (exact dynamic programming over the values rolled)",
    rank: 100,
    build: |config, _| Ok(Strategy::from(Optimal::new(config.dice())?)),
}
