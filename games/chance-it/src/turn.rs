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
/// [`Values::turn_distribution`] together do, but faster: `C(S)` is
/// computed a whole size of sets at a time (sets of one size do not
/// depend on each other, so their sums proceed side by side), and the
/// forward pass visits only the sets the optimal turn reaches. Every sum
/// adds the same terms in the same order as the full passes, so the
/// results are the same to the last bit. Reuses its buffers from turn to
/// turn.
#[derive(Clone, Debug)]
pub(crate) struct TurnSolver {
    values: Values,
    /// `C(S)` for every set `S`.
    c: Vec<f64>,
    /// Probability of reaching (set, last value), valid for a set where
    /// `reach_at[S] == epoch`.
    reach: Vec<f64>,
    reach_at: Vec<u32>,
    /// Every set, grouped by size, the largest first.
    by_size: Vec<Vec<u32>>,
    /// The sets reached and not yet expanded, as a bit set.
    pending: Vec<u64>,
    epoch: u32,
}

impl TurnSolver {
    /// A solver for the sums of `values`.
    pub(crate) fn new(values: &Values) -> TurnSolver {
        let sets = 1usize << values.len();
        TurnSolver {
            values: values.clone(),
            c: vec![0.0; sets],
            reach: vec![0.0; sets * values.len()],
            reach_at: vec![0; sets],
            by_size: (0..=values.len() as u32)
                .rev()
                .map(|k| (0..sets as u32).filter(|m| m.count_ones() == k).collect())
                .collect(),
            pending: vec![0; sets.div_ceil(64)],
            epoch: 0,
        }
    }

    /// `C(S)` for every set, as [`Values::continuation`] computes it (the
    /// same sums in the same order), but a whole size of sets at a time,
    /// from the largest sets down: sets of one size do not depend on each
    /// other, so their sums proceed side by side.
    fn all_continuations(&mut self, stop: &[f64], bust: f64) {
        let c = &mut self.c;
        for level in &self.by_size {
            for &m in level {
                c[m as usize] = 0.0;
            }
            for (i, (&p, &s)) in self.values.probs.iter().zip(stop).enumerate() {
                let bit = 1usize << i;
                let on_bust = p * bust;
                for &m in level {
                    let m = m as usize;
                    let go_on = s.max(c[m | bit]);
                    c[m] += if m & bit != 0 { on_bust } else { p * go_on };
                }
            }
        }
    }

    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.reach_at.fill(0);
            self.epoch = 1;
        }
    }

    /// Starts the reach row of `mask` (all zero) if this turn has not
    /// touched it, and marks the set to be expanded.
    fn start_row(&mut self, mask: usize) {
        if self.reach_at[mask] != self.epoch {
            let n = self.values.len();
            self.reach_at[mask] = self.epoch;
            self.reach[mask * n..(mask + 1) * n].fill(0.0);
            self.pending[mask / 64] |= 1 << (mask % 64);
        }
    }

    /// The score distribution of the turn that maximizes the expected
    /// payoff, where stopping on value `min + i` pays `stop[i]` and a
    /// bust pays `bust`: the same as `turn_distribution` with the
    /// decisions of `continuation(stop, bust)`, ties stopping.
    pub(crate) fn optimal_distribution(&mut self, stop: &[f64], bust: f64) -> Vec<f64> {
        self.next_epoch();
        self.all_continuations(stop, bust);
        let n = self.values.len();
        let mut dist = vec![0.0; usize::from(self.values.max()) + 1];
        for i in 0..n {
            self.start_row(1 << i);
            self.reach[(1 << i) * n + i] += self.values.probs[i];
        }
        // The busts' share, added up in the full pass's order.
        let mut busts = 0.0;
        // Sets in increasing order, as the full pass visits them: every
        // set that reaches another is smaller than it, so a set is added
        // above the one being expanded.
        let mut word = 0;
        while word < self.pending.len() {
            let bits = self.pending[word];
            if bits == 0 {
                word += 1;
                continue;
            }
            let bit = bits.trailing_zeros() as usize;
            self.pending[word] &= !(1 << bit);
            let mask = word * 64 + bit;
            let mut started = false;
            for vi in 0..n {
                let r = self.reach[mask * n + vi];
                if r == 0.0 {
                    continue;
                }
                if stop[vi] >= self.c[mask] {
                    dist[usize::from(self.values.min) + vi] += r;
                    continue;
                }
                if !started {
                    started = true;
                    for i in (0..n).filter(|i| mask >> i & 1 == 0) {
                        self.start_row(mask | 1 << i);
                    }
                }
                for (i, &p) in self.values.probs.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        busts += r * p;
                    } else {
                        self.reach[(mask | 1 << i) * n + i] += r * p;
                    }
                }
            }
        }
        dist[0] = busts;
        dist
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
/// the seed's "stop when `v ≥ C(S)`".
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
        let solved = tabula_exact::Optimal::solve(&game, &tabula_exact::Score(0), &limits)?;
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

impl Strategy for Optimal {
    fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        if self.stops(view.rolled, view.last) {
            0.0
        } else {
            1.0
        }
    }
}

crate::register_strategy! {
    name: "optimal",
    parameter: None,
    summary: "maximizes the expected score of each turn (exact dynamic programming over the values rolled)",
    rank: 100,
    build: |config, _| Ok(Arc::new(Optimal::new(config.dice())?)),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generic solver's optimal turn is the seed's dynamic program:
    /// `C(S)` for every set, to 1e-12, and so the same stops.
    #[test]
    fn the_generic_solver_gives_the_dynamic_programs_optimal_turn() {
        for (count, faces) in [(2, 6), (1, 6), (2, 4), (3, 3), (1, 2), (3, 4)] {
            let dice = Dice::new(count, faces).unwrap_or(Dice::D6);
            let values = Values::new(dice);
            let stop: Vec<f64> = (0..values.len())
                .map(|i| f64::from(values.min + i as u16))
                .collect();
            let dp = values.continuation(&stop, 0.0);
            let generic = Optimal::new(dice).expect("solves");
            assert_eq!(dp.len(), generic.continuation.len());
            for (mask, (a, b)) in dp.iter().zip(&generic.continuation).enumerate() {
                assert!(
                    (a - b).abs() < 1e-12,
                    "{count}d{faces} set {mask:b}: {a} against {b}"
                );
            }
            let (iterations, residual, _) = generic.solve_stats();
            assert!(iterations <= 2 && residual == 0.0, "a turn has no cycles");
        }
        let seed = Optimal::new(Dice::new(2, 6).unwrap_or(Dice::D6)).expect("solves");
        assert!((seed.expected_turn_score() - 7.995_69).abs() < 5e-6);
    }

    /// Every registered strategy's turn, folded into the one-turn game as
    /// a policy by the generic solver, has the score distribution the
    /// dynamic program gives, to 1e-12.
    #[test]
    fn the_generic_solver_gives_every_strategys_turn_distribution() {
        use crate::game::Event;
        use tabula_core::Agent as _;
        let config = Config::seed();
        let game = ChanceIt::new(Config::one_turn(config.dice()));
        let values = Values::new(config.dice());
        for name in ["until-ten", "tapering", "threshold-7", "optimal"] {
            let s = crate::strategy::build(name, &config).expect("registered");
            let dp = values.strategy_distribution(&config, &*s, 0, 0, &[0, 0]);
            let agent = crate::strategy::StrategyAgent::new(s);
            let policy = agent.policy().expect("a policy");
            let chain = tabula_exact::Chain::<ChanceIt, u16>::build_with(
                &game,
                &[policy],
                &tabula_exact::Limits::default(),
                |e, marks| {
                    if let Event::Scored { score, .. } = e {
                        marks.push(*score)
                    }
                },
            )
            .expect("builds");
            let solution = chain
                .solve(&tabula_exact::Limits::default())
                .expect("solves");
            for (score, p) in dp.iter().enumerate() {
                let generic = chain
                    .mark_keys()
                    .iter()
                    .position(|k| usize::from(*k) == score)
                    .map_or(0.0, |k| solution.marks[k]);
                assert!(
                    (p - generic).abs() < 1e-12,
                    "{name} score {score}: {p} against {generic}"
                );
            }
        }
    }

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
    fn the_solver_gives_the_full_passes_results_bit_for_bit() {
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
