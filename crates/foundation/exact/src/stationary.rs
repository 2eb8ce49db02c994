//! Games that never end: the long-run share of time the chain spends in
//! each state (its stationary distribution) and the long-run rate of each
//! mark.

use std::collections::VecDeque;

use tabula_core::BoardGame;

use crate::budget::{Clock, Stage};
use crate::{Chain, ExactError, Limits};

/// The long run of an irreducible chain (see [`Chain::stationary`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Stationary {
    /// `distribution[i]`: the long-run probability of state `i` (the share
    /// of steps that start there), indexed like the chain's states; it
    /// sums to one.
    pub distribution: Vec<f64>,
    /// `marks[k]`: the long-run expected number of mark `k` per step,
    /// indexed like [`Chain::mark_keys`].
    pub marks: Vec<f64>,
    /// Iterations taken.
    pub iterations: u32,
    /// `‖πP − π‖₁` of the returned distribution `π`: at most
    /// [`Limits::tolerance`].
    pub residual: f64,
}

impl<G: BoardGame, M> Chain<G, M>
where
    G::State: std::fmt::Debug,
{
    /// The stationary distribution of a chain that never ends (built with
    /// [`explore`](Self::explore)): the long-run probability of each
    /// state, and the long-run expected number of each mark per step.
    ///
    /// The chain must be irreducible (every state reaches every other),
    /// which makes the distribution unique; this is checked first, with
    /// a forward and a backward search from state 0. The distribution is
    /// found by power iteration, starting from the uniform distribution
    /// and stopping once `‖πP − π‖₁ ≤` [`Limits::tolerance`]: on `P`
    /// itself if the chain is aperiodic, and on the lazy chain
    /// `(I + P) / 2` if it is periodic (A → B → A), where iterating `P`
    /// would cycle for ever; the lazy chain has the same stationary
    /// distribution. The period is the greatest common divisor of
    /// `level(u) + 1 − level(v)` over the transitions `u → v`, with levels
    /// from a breadth-first search.
    ///
    /// The residual bounds how far `π` is from stationary, not its
    /// distance to the exact answer: that is at most the residual times
    /// the chain's mixing time (a few steps for a board game's dice, much
    /// more for a chain that lingers in a corner).
    ///
    /// Fails with [`ExactError::Terminates`] if a state ends the game,
    /// [`ExactError::NotIrreducible`] if some state cannot reach another,
    /// [`ExactError::NotSettled`] after [`Limits::max_steps`] iterations
    /// and [`ExactError::OutOfTime`] past [`Limits::max_time`].
    pub fn stationary(&self, limits: &Limits) -> Result<Stationary, ExactError> {
        let n = self.len();
        if let Some(s) = (0..n).find(|&s| self.result(s).is_some()) {
            return Err(ExactError::Terminates {
                state: format!("{:?}", self.state(s)),
            });
        }
        let period = self.check_irreducible()?;
        // The weight of the new iterate: 1 on P, ½ on the lazy chain.
        let weight = if period == 1 { 1.0 } else { 0.5 };
        let mut clock = Clock::start(limits, 1);
        let mut pi = vec![1.0 / n as f64; n];
        let mut next = vec![0.0f64; n];
        let mut residual = f64::INFINITY;
        for iteration in 0..limits.max_steps {
            clock.tick(|| Stage::Settling {
                iteration,
                residual,
            })?;
            next.fill(0.0);
            for (s, &p) in pi.iter().enumerate() {
                for t in self.transitions(s) {
                    next[t.target as usize] += p * t.probability;
                }
            }
            residual = pi.iter().zip(&next).map(|(a, b)| (a - b).abs()).sum();
            if residual <= limits.tolerance {
                return Ok(Stationary {
                    marks: self.mark_rates(&pi),
                    distribution: pi,
                    iterations: iteration,
                    residual,
                });
            }
            let mut total = 0.0;
            for (a, b) in pi.iter_mut().zip(&next) {
                *a += weight * (b - *a);
                total += *a;
            }
            for a in &mut pi {
                *a /= total;
            }
        }
        Err(ExactError::NotSettled {
            iterations: limits.max_steps,
            residual,
        })
    }

    /// The expected number of each mark per step from the distribution
    /// `pi` over states.
    fn mark_rates(&self, pi: &[f64]) -> Vec<f64> {
        let mut marks = vec![0.0; self.mark_keys().len()];
        for (s, &p) in pi.iter().enumerate() {
            for t in self.transitions(s) {
                for &k in self.marks_of(t) {
                    marks[k as usize] += p * t.probability;
                }
            }
        }
        marks
    }

    /// Fails with [`ExactError::NotIrreducible`] unless every state
    /// reaches state 0 and state 0 reaches every state; gives the chain's
    /// period.
    fn check_irreducible(&self) -> Result<u32, ExactError> {
        let n = self.len();
        let forward: Vec<u32> = (0..=n).map(|s| self.first_transition_or_end(s)).collect();
        let targets: Vec<u32> = self.all_transitions().iter().map(|t| t.target).collect();
        let level = levels(&forward, &targets);
        if let Some(s) = level.iter().position(|&l| l == u32::MAX) {
            return Err(self.not_irreducible(0, s));
        }
        let mut period = 0u32;
        for u in 0..n {
            for &v in &targets[forward[u] as usize..forward[u + 1] as usize] {
                period = gcd(period, (level[u] + 1).abs_diff(level[v as usize]));
            }
        }
        // Predecessors, in compressed rows.
        let mut starts = vec![0u32; n + 1];
        for &t in &targets {
            starts[t as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut preds = vec![0u32; targets.len()];
        for s in 0..n {
            for &t in &targets[forward[s] as usize..forward[s + 1] as usize] {
                let slot = &mut fill[t as usize];
                preds[*slot as usize] = s as u32;
                *slot += 1;
            }
        }
        match levels(&starts, &preds).iter().position(|&l| l == u32::MAX) {
            Some(s) => Err(self.not_irreducible(s, 0)),
            None => Ok(period),
        }
    }

    /// Index of state `s`'s first transition; the transition count for
    /// `s == len()`.
    fn first_transition_or_end(&self, s: usize) -> u32 {
        if s == self.len() {
            self.transition_count() as u32
        } else {
            self.first_transition(s) as u32
        }
    }

    fn not_irreducible(&self, from: usize, to: usize) -> ExactError {
        ExactError::NotIrreducible {
            from: format!("{:?}", self.state(from)),
            to: format!("{:?}", self.state(to)),
        }
    }
}

/// Each node's distance from node 0 (`u32::MAX` if it is not reached),
/// by breadth-first search over a graph in compressed rows: node `s`'s
/// neighbours are `adjacent[starts[s]..starts[s + 1]]`.
fn levels(starts: &[u32], adjacent: &[u32]) -> Vec<u32> {
    let n = starts.len() - 1;
    let mut level = vec![u32::MAX; n];
    level[0] = 0;
    let mut queue = VecDeque::from([0usize]);
    while let Some(s) = queue.pop_front() {
        for &t in &adjacent[starts[s] as usize..starts[s + 1] as usize] {
            if level[t as usize] == u32::MAX {
                level[t as usize] = level[s] + 1;
                queue.push_back(t as usize);
            }
        }
    }
    level
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}
