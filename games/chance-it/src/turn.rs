//! One turn, exactly: the optimal stopping rule by dynamic programming
//! over the set of values rolled, and the score distribution of any
//! strategy's turn.
//!
//! A turn's state is the set `S` of values rolled so far and the last
//! roll `v` (in `S`). Rolling again from `S` is worth
//! `C(S) = Σ_{r ∉ S} p(r) · max(g(r), C(S ∪ {r})) + Σ_{r ∈ S} p(r) · g₀`,
//! where `g(r)` is what stopping on `r` is worth and `g₀` what a bust is
//! worth; stopping on `v` beats rolling when `g(v) ≥ C(S)`. Every
//! superset is numerically larger than its set, so one pass over the
//! `2^n` sets in decreasing order fills the table.

use std::sync::Arc;

use tabula_core::Dice;

use crate::config::Config;
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
    /// For every mask, the probability that the next roll is among its
    /// values (a bust once they are all rolled).
    mask_probs: Arc<Vec<f64>>,
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
        let mask_probs = (0..1usize << n)
            .map(|m| (0..n).filter(|i| m >> i & 1 == 1).map(|i| probs[i]).sum())
            .collect();
        Values {
            min,
            probs,
            masks: Arc::new(masks),
            mask_probs: Arc::new(mask_probs),
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

    /// `C(S)` for every set `S` (see the module docs), for stop payoffs
    /// `stop[i]` (value `min + i`) and bust payoff `bust`. `C(∅)` is the
    /// value of a whole turn played optimally.
    pub fn continuation(&self, stop: &[f64], bust: f64) -> Vec<f64> {
        let n = self.len();
        let mut c = vec![0.0; 1 << n];
        for mask in (0..1usize << n).rev() {
            let mut x = 0.0;
            for (i, &p) in self.probs.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    x += p * bust;
                } else {
                    x += p * stop[i].max(c[mask | 1 << i]);
                }
            }
            c[mask] = x;
        }
        c
    }

    /// The score distribution of a turn (index = score, 0 for a bust)
    /// when after rolling `v` with values `mask` rolled so far the player
    /// rolls again with probability `reroll(mask, v)`.
    pub fn turn_distribution(&self, mut reroll: impl FnMut(u32, u16) -> f64) -> Vec<f64> {
        let n = self.len();
        let mut reach = vec![0.0; (1 << n) * n];
        for (i, &p) in self.probs.iter().enumerate() {
            reach[(1 << i) * n + i] = p;
        }
        let mut dist = vec![0.0; usize::from(self.max()) + 1];
        for mask in 1..1usize << n {
            for vi in 0..n {
                let r = reach[mask * n + vi];
                if r == 0.0 {
                    continue;
                }
                let v = self.min + vi as u16;
                let q = reroll(mask as u32, v).clamp(0.0, 1.0);
                dist[usize::from(v)] += r * (1.0 - q);
                if q > 0.0 {
                    for (i, &p) in self.probs.iter().enumerate() {
                        if mask >> i & 1 == 1 {
                            dist[0] += r * q * p;
                        } else {
                            reach[(mask | 1 << i) * n + i] += r * q * p;
                        }
                    }
                }
            }
        }
        dist
    }

    /// The score distribution of `strategy`'s turn in round `round` for
    /// `seat` with these totals.
    pub fn strategy_distribution(
        &self,
        config: &Config,
        strategy: &dyn Strategy,
        round: u16,
        seat: usize,
        totals: &[u32],
    ) -> Vec<f64> {
        self.turn_distribution(|mask, last| {
            strategy.reroll_probability(&TurnView {
                config,
                round,
                seat,
                rolled: self.of_mask(mask),
                last,
                totals,
            })
        })
    }
}

/// Solves turns for stop payoffs, as [`Values::continuation`] and
/// [`Values::turn_distribution`] together do, but visiting only the sets
/// of values that matter: the sets the optimal turn reaches, and the
/// supersets whose worth can still exceed stopping. A set `S` is worth at
/// most `(1 − P(S)) · m + P(S) · g₀`, where `m` is the largest payoff of a
/// value not in `S` (or of a bust) and `P(S)` the chance of rolling into
/// `S`; a stop payoff above that bound wins without looking further. The
/// sums are added in the same order as the full passes, so the results
/// are the same to the last bit. Reuses its buffers from turn to turn.
#[derive(Clone, Debug)]
pub(crate) struct TurnSolver {
    values: Values,
    /// `C(S)`, valid where `c_at[S] == epoch`.
    c: Vec<f64>,
    c_at: Vec<u32>,
    /// Probability of reaching (set, last value), valid for a set where
    /// `reach_at[S] == epoch`.
    reach: Vec<f64>,
    reach_at: Vec<u32>,
    queue: std::collections::BinaryHeap<std::cmp::Reverse<u32>>,
    epoch: u32,
    /// Whether this turn's stop payoffs never decrease with the value.
    increasing: bool,
    /// The largest payoff of this turn, bust included.
    largest: f64,
}

/// A margin far above the rounding error of a turn's sums of payoffs in
/// `[0, 1]`, so that a pruned comparison is never a close one.
const BOUND_MARGIN: f64 = 1e-9;

impl TurnSolver {
    /// A solver for the sums of `values`.
    pub(crate) fn new(values: &Values) -> TurnSolver {
        let sets = 1usize << values.len();
        TurnSolver {
            values: values.clone(),
            c: vec![0.0; sets],
            c_at: vec![0; sets],
            reach: vec![0.0; sets * values.len()],
            reach_at: vec![0; sets],
            queue: std::collections::BinaryHeap::new(),
            epoch: 0,
            increasing: false,
            largest: 0.0,
        }
    }

    /// An upper bound on `C(mask)`, plus the margin. `m` is the largest
    /// payoff of a value not in `mask`: with payoffs that grow with the
    /// value (as winning chances do with the score), the payoff of the
    /// largest such value; otherwise the largest payoff of all.
    fn bound(&self, stop: &[f64], bust: f64, mask: usize) -> f64 {
        let p = self.values.mask_probs[mask];
        let free = !mask & ((1 << stop.len()) - 1);
        let m = if free == 0 {
            bust
        } else if self.increasing {
            stop[free.ilog2() as usize].max(bust)
        } else {
            self.largest
        };
        (1.0 - p) * m + p * bust + BOUND_MARGIN
    }

    /// `C(mask)`, computed on first use.
    fn continuation(&mut self, stop: &[f64], bust: f64, mask: usize) -> f64 {
        if self.c_at[mask] == self.epoch {
            return self.c[mask];
        }
        let mut x = 0.0;
        for i in 0..self.values.len() {
            let p = self.values.probs[i];
            if mask >> i & 1 == 1 {
                x += p * bust;
            } else {
                let next = mask | 1 << i;
                let worth = if stop[i] > self.bound(stop, bust, next) {
                    stop[i]
                } else {
                    stop[i].max(self.continuation(stop, bust, next))
                };
                x += p * worth;
            }
        }
        self.c[mask] = x;
        self.c_at[mask] = self.epoch;
        x
    }

    /// Whether the optimal turn stops on value index `i` with `mask`
    /// rolled (ties stop).
    fn stops(&mut self, stop: &[f64], bust: f64, mask: usize, i: usize) -> bool {
        stop[i] > self.bound(stop, bust, mask) || stop[i] >= self.continuation(stop, bust, mask)
    }

    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.c_at.fill(0);
            self.reach_at.fill(0);
            self.epoch = 1;
        }
    }

    /// Adds `x` to the reach of (`mask`, value index `i`), starting the
    /// set's row if this epoch has not touched it.
    fn add_reach(&mut self, mask: usize, i: usize, x: f64) {
        let n = self.values.len();
        if self.reach_at[mask] != self.epoch {
            self.reach_at[mask] = self.epoch;
            self.reach[mask * n..(mask + 1) * n].fill(0.0);
            self.queue.push(std::cmp::Reverse(mask as u32));
        }
        self.reach[mask * n + i] += x;
    }

    /// The score distribution of the turn that maximizes the expected
    /// payoff, where stopping on value `min + i` pays `stop[i]` and a
    /// bust pays `bust`: the same as `turn_distribution` with the
    /// decisions of `continuation(stop, bust)`, ties stopping.
    pub(crate) fn optimal_distribution(&mut self, stop: &[f64], bust: f64) -> Vec<f64> {
        self.next_epoch();
        self.increasing = stop.windows(2).all(|w| w[0] <= w[1]);
        self.largest = stop.iter().fold(bust, |m, &x| m.max(x));
        let n = self.values.len();
        let mut dist = vec![0.0; usize::from(self.values.max()) + 1];
        for i in 0..n {
            let p = self.values.probs[i];
            self.add_reach(1 << i, i, p);
        }
        // Sets in increasing order, as the full pass visits them: every
        // set that reaches another is smaller than it.
        while let Some(std::cmp::Reverse(mask)) = self.queue.pop() {
            let mask = mask as usize;
            for vi in 0..n {
                let r = self.reach[mask * n + vi];
                if r == 0.0 {
                    continue;
                }
                if self.stops(stop, bust, mask, vi) {
                    dist[usize::from(self.values.min) + vi] += r;
                    continue;
                }
                for i in 0..n {
                    let p = self.values.probs[i];
                    if mask >> i & 1 == 1 {
                        dist[0] += r * p;
                    } else {
                        self.add_reach(mask | 1 << i, i, r * p);
                    }
                }
            }
        }
        dist
    }
}

/// The expected score and the probability of scoring 0 of a turn's score
/// distribution.
pub fn summarize(dist: &[f64]) -> (f64, f64) {
    let mean = dist.iter().enumerate().map(|(s, p)| s as f64 * p).sum();
    (mean, dist.first().copied().unwrap_or(0.0))
}

/// The strategy that maximizes the expected score of a turn.
#[derive(Clone, Debug)]
pub struct Optimal {
    values: Values,
    continuation: Vec<f64>,
}

impl Optimal {
    /// Solves the turn for `dice`.
    pub fn new(dice: Dice) -> Optimal {
        let values = Values::new(dice);
        let stop: Vec<f64> = (0..values.len())
            .map(|i| f64::from(values.min + i as u16))
            .collect();
        let continuation = values.continuation(&stop, 0.0);
        Optimal {
            values,
            continuation,
        }
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

impl Strategy for Optimal {
    fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        if self.stops(view.rolled, view.last) {
            0.0
        } else {
            1.0
        }
    }
}

inventory::submit! {
    crate::strategy::StrategyEntry {
        name: "optimal",
        parameter: None,
        summary: "maximizes the expected score of each turn (exact dynamic programming over the values rolled)",
        rank: 100,
        build: |config, _| Ok(Arc::new(Optimal::new(config.dice()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The full passes the solver must agree with to the last bit.
    fn reference(values: &Values, stop: &[f64], bust: f64) -> Vec<f64> {
        let c = values.continuation(stop, bust);
        values.turn_distribution(|mask, v| {
            if stop[usize::from(v - values.min)] >= c[mask as usize] {
                0.0
            } else {
                1.0
            }
        })
    }

    fn bits(v: &[f64]) -> Vec<u64> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn the_pruned_solver_gives_the_full_passes_results_bit_for_bit() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for (count, faces) in [(1, 6), (2, 6), (2, 4), (3, 3), (1, 2), (3, 4)] {
            let dice = Dice::new(count, faces).unwrap_or(Dice::D6);
            let values = Values::new(dice);
            let mut solver = TurnSolver::new(&values);
            let n = values.len();
            for case in 0..100 {
                let (stop, bust): (Vec<f64>, f64) = match case % 5 {
                    // Expected score (the optimal turn).
                    0 => (
                        (0..n).map(|i| f64::from(values.min) + i as f64).collect(),
                        0.0,
                    ),
                    // A decided game: every payoff the same.
                    1 => (vec![1.0; n], 1.0),
                    // Win chances increasing with the score.
                    2 => {
                        let mut s: Vec<f64> = (0..n).map(|_| random()).collect();
                        s.sort_by(f64::total_cmp);
                        let b = random() * s[0];
                        (s, b)
                    }
                    // Ties and plateaus.
                    3 => ((0..n).map(|i| (i / 3) as f64 / n as f64).collect(), 0.0),
                    _ => ((0..n).map(|_| random()).collect(), random()),
                };
                assert_eq!(
                    bits(&solver.optimal_distribution(&stop, bust)),
                    bits(&reference(&values, &stop, bust)),
                    "{count}d{faces} {stop:?} {bust}"
                );
            }
        }
    }
}
