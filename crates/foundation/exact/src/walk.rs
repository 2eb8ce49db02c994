//! Walking the chain forward: the distribution of the game's length, how
//! it ends, and the expected number of each mark, step by step.

use tabula_core::{BoardGame, GameResult, Results};

use crate::budget::{Clock, Stage};
use crate::{Chain, ExactError, Limits};

/// The pmf of a length is listed until the probability of a longer game
/// is below this.
pub const PMF_TAIL: f64 = 1e-12;

/// What happened on one chance step of the walk, over all games.
#[derive(Clone, Copy, Debug)]
pub struct StepView<'a> {
    /// The step, from 1.
    pub step: u32,
    /// Probability that the game lasts more than `step - 1` steps.
    pub alive_before: f64,
    /// Probability that the game lasts more than `step` steps.
    pub alive_after: f64,
    /// Probability that the game ends on this step, by result (indexed as
    /// [`Chain::result_kinds`]).
    pub ended: &'a [f64],
    /// Probability that the game ends on this step, by way of ending
    /// (indexed as [`Chain::ends`]).
    pub ends: &'a [f64],
    /// Expected number of each mark left on this step (by mark id).
    pub marks: &'a [f64],
}

/// Where a walk stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Walked {
    /// Steps walked.
    pub steps: u32,
    /// Probability that the game was still running when the walk stopped
    /// (below [`Limits::tail`]).
    pub remaining: f64,
    /// A bound on the relative rounding error of every probability and
    /// expectation the walk summed (see [`Walked::rounding_bound`]).
    pub relative_error: f64,
}

impl Walked {
    /// A bound on the relative rounding error of every probability and
    /// expected count summed from a walk of `steps` steps over a chain of
    /// `states` states and `transitions` transitions, no state entered by
    /// more than `in_degree` of them.
    ///
    /// Every quantity of the walk is a sum of products of non-negative
    /// numbers, so relative errors add up without cancellation. With unit
    /// roundoff `u = 2^-53`: each transition probability is stored to
    /// within `u`; each step multiplies (`u`) and adds at most `in_degree`
    /// terms into a state's mass, so a mass after `n` steps is within
    /// `n (in_degree + 2)` roundings; the end-of-step sums over states and
    /// transitions add at most `states + transitions` more, and summing
    /// the steps' contributions `steps` more. The result is
    /// `γ(m) = m u / (1 - m u)` for `m = steps (in_degree + 3) + states +
    /// transitions + 4` (Higham, *Accuracy and Stability of Numerical
    /// Algorithms*, §3.1).
    pub fn rounding_bound(steps: u32, states: usize, transitions: usize, in_degree: usize) -> f64 {
        let u = f64::EPSILON / 2.0;
        let m =
            f64::from(steps) * (in_degree as f64 + 3.0) + states as f64 + transitions as f64 + 4.0;
        let mu = m * u;
        if mu >= 0.5 { 1.0 } else { mu / (1.0 - mu) }
    }
}

/// Whether two non-negative values, each known to within a relative error
/// of `relative_error`, cannot be told apart.
fn tied(a: f64, b: f64, relative_error: f64) -> bool {
    (a - b).abs() <= relative_error * (a.abs() + b.abs())
}

/// The first index of a largest value, counting values within the
/// rounding error `relative_error` of the largest (see
/// [`Walked::relative_error`]) as equal to it: ties go to the smaller
/// index, also when rounding left an exact tie a hair apart.
///
/// ```
/// // 0.1 + 0.2 in floating point is a hair above 0.3.
/// let v = [0.3, 0.1 + 0.2, 0.25];
/// assert_eq!(tabula_exact::first_max(&v, 0.0), Some(1));
/// assert_eq!(tabula_exact::first_max(&v, 1e-15), Some(0));
/// ```
pub fn first_max(values: &[f64], relative_error: f64) -> Option<usize> {
    let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    values
        .iter()
        .position(|&v| v >= max || tied(v, max, relative_error))
}

/// The first index of a smallest value, counting values within the
/// rounding error `relative_error` of the smallest as equal to it (see
/// [`first_max`]).
pub fn first_min(values: &[f64], relative_error: f64) -> Option<usize> {
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    values
        .iter()
        .position(|&v| v <= min || tied(v, min, relative_error))
}

/// The exact answers for a chance game: its length distribution, how it
/// ends and the expected number of each mark per game.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// `pmf[n]`: probability that the game takes exactly `n` chance steps,
    /// listed until the probability of a longer game is below [`PMF_TAIL`].
    pub pmf: Vec<f64>,
    /// Expected number of steps.
    pub mean: f64,
    /// Variance of the number of steps.
    pub variance: f64,
    /// The most likely number of steps (ties: the smaller; probabilities
    /// within the walk's rounding error of each other count as tied).
    pub mode: u32,
    /// The smallest `n` with probability at least one half of a game of
    /// `n` steps or fewer (a cumulative probability within the walk's
    /// rounding error of one half counts as one half).
    pub median: u32,
    /// The fewest steps a game can take.
    pub min: u32,
    /// Probability of each way the game can end, in order of first reach.
    pub results: Vec<(GameResult, f64)>,
    /// Expected number of each mark per game, by mark id.
    pub marks: Vec<f64>,
    /// Probability of each way the game can end, indexed as
    /// [`Chain::ends`] (results with each seat's score and rank).
    pub ends: Vec<f64>,
    /// Each seat's chances, from the scores and ranks the game gives its
    /// ends ([`BoardGame::results`](tabula_core::BoardGame::results)).
    pub seats: Vec<SeatResults>,
    /// Where the walk stopped.
    pub walked: Walked,
}

/// One seat's exact chances in a game (see [`Solution::seats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SeatResults {
    /// Probability of ranking first alone.
    pub win: f64,
    /// Probability of sharing first place with another seat (a draw in a
    /// two-seat game).
    pub tie: f64,
    /// Expected score.
    pub score: f64,
    /// Expected rank (1 is first).
    pub rank: f64,
}

/// Sums the pmf into the standard summary statistics.
#[derive(Default)]
pub(crate) struct Moments {
    sum: f64,
    sum_sq: f64,
    /// Every (n, P(T = n)) added, n increasing.
    pmf: Vec<(u32, f64)>,
    min: Option<u32>,
}

impl Moments {
    pub(crate) fn add(&mut self, n: u32, p: f64) {
        if p > 0.0 && self.min.is_none() {
            self.min = Some(n);
        }
        if p > 0.0 {
            self.pmf.push((n, p));
        }
        let x = f64::from(n);
        self.sum += x * p;
        self.sum_sq += x * x * p;
    }

    /// (mean, variance, mode, median, min), with probabilities within a
    /// relative error of `relative_error` of each other (or of one half)
    /// taken as equal, and ties broken toward the smaller value.
    pub(crate) fn finish(&self, relative_error: f64) -> (f64, f64, u32, u32, u32) {
        let mean = self.sum;
        let variance = (self.sum_sq - mean * mean).max(0.0);
        let probabilities: Vec<f64> = self.pmf.iter().map(|&(_, p)| p).collect();
        let mode = first_max(&probabilities, relative_error).map_or(0, |i| self.pmf[i].0);
        let mut cdf = 0.0;
        let mut median = None;
        for &(n, p) in &self.pmf {
            cdf += p;
            if cdf >= 0.5 || tied(cdf, 0.5, relative_error) {
                median = Some(n);
                break;
            }
        }
        (
            mean,
            variance,
            mode,
            median.unwrap_or(0),
            self.min.unwrap_or(0),
        )
    }
}

impl<G: BoardGame, M> Chain<G, M> {
    /// The distinct ways the game ends, in order of the first state that
    /// ends that way.
    pub fn result_kinds(&self) -> Vec<GameResult> {
        let mut kinds = Vec::new();
        for i in 0..self.len() {
            if let Some(r) = self.result(i)
                && !kinds.contains(&r)
            {
                kinds.push(r);
            }
        }
        kinds
    }

    /// Walks the distribution over states forward one chance step at a
    /// time from the initial state, calling `visit` after every step, until
    /// the probability that the game is still running is below
    /// [`Limits::tail`]. Fails if that takes more than
    /// [`Limits::max_steps`].
    ///
    /// Step 0 (a game over before it starts) is not visited.
    pub fn walk(
        &self,
        limits: &Limits,
        mut visit: impl FnMut(&StepView<'_>),
    ) -> Result<Walked, ExactError> {
        let n = self.len();
        let kinds = self.result_kinds();
        let mut kind_of = vec![u32::MAX; n];
        let mut transient = Vec::new();
        let mut terminal = Vec::new();
        for (i, k) in kind_of.iter_mut().enumerate() {
            match self.result(i) {
                Some(r) => {
                    *k = kinds.iter().position(|&x| x == r).unwrap_or(0) as u32;
                    terminal.push(i);
                }
                None => transient.push(i),
            }
        }
        if self.result(0).is_some() {
            return Ok(Walked {
                steps: 0,
                remaining: 0.0,
                relative_error: 0.0,
            });
        }
        let mut in_degree = vec![0u32; n];
        for t in self.all_transitions() {
            in_degree[t.target as usize] += 1;
        }
        let max_in = in_degree.iter().copied().max().unwrap_or(0) as usize;
        drop(in_degree);
        let bound = |steps: u32| Walked::rounding_bound(steps, n, self.transition_count(), max_in);
        // Checking the clock costs little next to a step over every state.
        let mut clock = Clock::start(limits, 1);
        let mut cur = vec![0.0f64; n];
        let mut next = vec![0.0f64; n];
        let mut marks = vec![0.0f64; self.mark_keys().len()];
        let mut ended = vec![0.0f64; kinds.len()];
        let mut ends = vec![0.0f64; self.ends().len()];
        cur[0] = 1.0;
        let mut alive = 1.0;
        for step in 1..=limits.max_steps {
            clock.tick(|| Stage::Walking {
                step: step - 1,
                remaining: alive,
            })?;
            marks.fill(0.0);
            ended.fill(0.0);
            ends.fill(0.0);
            for &s in &transient {
                let m = cur[s];
                if m == 0.0 {
                    continue;
                }
                cur[s] = 0.0;
                for t in self.transitions(s) {
                    let q = m * t.probability;
                    next[t.target as usize] += q;
                    for &k in self.marks_of(t) {
                        marks[k as usize] += q;
                    }
                }
            }
            for &s in &terminal {
                let m = next[s];
                if m != 0.0 {
                    ended[kind_of[s] as usize] += m;
                    if let Some(e) = self.end_id(s) {
                        ends[e] += m;
                    }
                    next[s] = 0.0;
                }
            }
            let after: f64 = transient.iter().map(|&s| next[s]).sum();
            std::mem::swap(&mut cur, &mut next);
            visit(&StepView {
                step,
                alive_before: alive,
                alive_after: after,
                ended: &ended,
                ends: &ends,
                marks: &marks,
            });
            alive = after;
            if alive < limits.tail {
                return Ok(Walked {
                    steps: step,
                    remaining: alive,
                    relative_error: bound(step),
                });
            }
        }
        Err(ExactError::NotConverged {
            steps: limits.max_steps,
            remaining: alive,
        })
    }

    /// Solves the game: the exact distribution of its length in chance
    /// steps, the probability of each result and the expected number of
    /// each mark per game.
    pub fn solve(&self, limits: &Limits) -> Result<Solution, ExactError> {
        let mut solving = Solving::new(self);
        let walked = self.walk(limits, |v| solving.visit(v))?;
        Ok(solving.finish(walked))
    }
}

/// Sums a walk into a [`Solution`], one step at a time.
pub(crate) struct Solving {
    kinds: Vec<GameResult>,
    pmf: Vec<f64>,
    moments: Moments,
    results: Vec<f64>,
    marks: Vec<f64>,
    ends: Vec<f64>,
    end_results: Vec<Results>,
    listing: bool,
}

impl Solving {
    pub(crate) fn new<G: BoardGame, M>(chain: &Chain<G, M>) -> Solving {
        let kinds = chain.result_kinds();
        let mut solving = Solving {
            pmf: vec![0.0],
            moments: Moments::default(),
            results: vec![0.0; kinds.len()],
            marks: vec![0.0; chain.mark_keys().len()],
            ends: vec![0.0; chain.ends().len()],
            end_results: chain.ends().iter().map(|e| e.results.clone()).collect(),
            listing: true,
            kinds,
        };
        if let Some(e) = chain.end_id(0) {
            // Over before it starts: the only result is the initial state's.
            solving.pmf = vec![1.0];
            solving.moments.add(0, 1.0);
            solving.results[0] = 1.0;
            solving.ends[e] = 1.0;
            solving.listing = false;
        }
        solving
    }

    pub(crate) fn visit(&mut self, v: &StepView<'_>) {
        let p: f64 = v.ended.iter().sum();
        self.moments.add(v.step, p);
        if self.listing {
            self.pmf.push(p);
            self.listing = v.alive_after >= PMF_TAIL;
        }
        for (r, e) in self.results.iter_mut().zip(v.ended) {
            *r += e;
        }
        for (m, e) in self.marks.iter_mut().zip(v.marks) {
            *m += e;
        }
        for (m, e) in self.ends.iter_mut().zip(v.ends) {
            *m += e;
        }
    }

    pub(crate) fn finish(self, walked: Walked) -> Solution {
        let (mean, variance, mode, median, min) = self.moments.finish(walked.relative_error);
        let seats = seat_results(&self.end_results, &self.ends);
        Solution {
            pmf: self.pmf,
            mean,
            variance,
            mode,
            median,
            min,
            results: self.kinds.into_iter().zip(self.results).collect(),
            marks: self.marks,
            ends: self.ends,
            seats,
            walked,
        }
    }
}

/// Each seat's probability that its final score reaches at least
/// `goal` ([`Results::score`], won or lost), from the results of each end
/// and its probability (as [`Solution::ends`] with [`Chain::ends`]): the
/// value of the objective [`Aim::Goal`](crate::Aim::Goal) for every seat.
///
/// ```
/// use tabula_core::Results;
/// // One seat: 12 points with probability 0.25, 20 with 0.5, 30 (a win) with 0.25.
/// let ends = [Results::lost(vec![12.0]), Results::lost(vec![20.0]), Results::from_scores(vec![30.0])];
/// assert_eq!(tabula_exact::goal_chances(&ends, &[0.25, 0.5, 0.25], 20.0), vec![0.75]);
/// assert_eq!(tabula_exact::goal_chances(&ends, &[0.25, 0.5, 0.25], 31.0), vec![0.0]);
/// ```
pub fn goal_chances(ends: &[Results], probabilities: &[f64], goal: f64) -> Vec<f64> {
    let seats = ends.iter().map(Results::seats).max().unwrap_or(0);
    let mut out = vec![0.0; seats];
    for (results, &p) in ends.iter().zip(probabilities) {
        for (seat, r) in out.iter_mut().enumerate() {
            if results.score(seat) >= goal {
                *r += p;
            }
        }
    }
    out
}

/// Each seat's chances, from the results of each end and its probability.
pub(crate) fn seat_results(ends: &[Results], probabilities: &[f64]) -> Vec<SeatResults> {
    let seats = ends.iter().map(Results::seats).max().unwrap_or(0);
    let mut out = vec![SeatResults::default(); seats];
    for (results, &p) in ends.iter().zip(probabilities) {
        for (seat, r) in out.iter_mut().enumerate() {
            match results.outcome(seat) {
                tabula_core::Outcome::Won => r.win += p,
                tabula_core::Outcome::Drawn => r.tie += p,
                tabula_core::Outcome::Lost => {}
            }
            r.score += p * results.score(seat);
            r.rank += p * f64::from(results.rank(seat));
        }
    }
    out
}
