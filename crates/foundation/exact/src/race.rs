//! Races: several independent copies of a one-player chance game taking
//! single steps in turn, the first to finish winning.

use tabula_core::BoardGame;

use crate::walk::{Moments, PMF_TAIL, Solving};
use crate::{Chain, ExactError, Limits, Solution, StepView, Walked};

/// The exact answers for a race of `seats` independent players, each
/// playing the chain's one-player game, taking single steps in turn (seat
/// 0 first); the first to finish wins and the game stops there.
///
/// Players who do not interact (Snakes and Ladders tokens) are exactly
/// such a race, so the `K`-player game needs only the one-player chain:
/// if `S(n)` is the probability that one player needs more than `n`
/// steps, seat `j` wins on its `n`-th step with probability
/// `P(T = n) · S(n)^j · S(n-1)^(K-1-j)`: the seats before it have not
/// finished in `n` steps, the seats after it not in `n - 1`.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    /// Players.
    pub seats: usize,
    /// Each seat's probability of winning.
    pub win_probability: Vec<f64>,
    /// `total_pmf[n]`: probability that the game takes `n` steps in all
    /// (every player's steps counted), listed until the tail is below
    /// [`PMF_TAIL`].
    pub total_pmf: Vec<f64>,
    /// Expected total steps.
    pub total_mean: f64,
    /// Variance of the total steps.
    pub total_variance: f64,
    /// Most likely total (ties: the smaller; probabilities within
    /// [`relative_error`](Race::relative_error) of each other count as
    /// tied).
    pub total_mode: u32,
    /// Median total (the smallest with cumulative probability at least
    /// one half, within [`relative_error`](Race::relative_error)).
    pub total_median: u32,
    /// Fewest total steps.
    pub total_min: u32,
    /// Expected number of each mark per game, over all players.
    pub marks: Vec<f64>,
    /// Where the walk of the one-player chain stopped.
    pub walked: Walked,
    /// A bound on the relative rounding error of the race's probabilities
    /// and expectations: the walk's bound, compounded by the powers of
    /// the survival probabilities that weight each seat's steps.
    pub relative_error: f64,
}

impl<G: BoardGame, M> Chain<G, M> {
    /// Solves a race of `seats` independent players of this one-player
    /// chain (see [`Race`]). Any end of the one-player game counts as
    /// finishing.
    pub fn race(&self, seats: usize, limits: &Limits) -> Result<Race, ExactError> {
        let mut racing = Racing::new(self, seats);
        let walked = self.walk(limits, |v| racing.visit(v))?;
        Ok(racing.finish(walked))
    }

    /// [`solve`](Self::solve) and [`race`](Self::race) in one walk.
    pub fn solve_and_race(
        &self,
        seats: usize,
        limits: &Limits,
    ) -> Result<(Solution, Race), ExactError> {
        let mut solving = Solving::new(self);
        let mut racing = Racing::new(self, seats);
        let walked = self.walk(limits, |v| {
            solving.visit(v);
            racing.visit(v);
        })?;
        Ok((solving.finish(walked), racing.finish(walked)))
    }
}

/// Sums a walk into a [`Race`], one step at a time.
struct Racing {
    k: usize,
    win: Vec<f64>,
    marks: Vec<f64>,
    total_pmf: Vec<f64>,
    moments: Moments,
    listing: bool,
}

impl Racing {
    fn new<G: BoardGame, M>(chain: &Chain<G, M>, seats: usize) -> Racing {
        let k = seats.max(1);
        let mut racing = Racing {
            k,
            win: vec![0.0; k],
            marks: vec![0.0; chain.mark_keys().len()],
            total_pmf: vec![0.0],
            moments: Moments::default(),
            listing: true,
        };
        if chain.result(0).is_some() {
            // The first seat has finished before anyone moves.
            racing.win[0] = 1.0;
            racing.total_pmf = vec![1.0];
            racing.moments.add(0, 1.0);
            racing.listing = false;
        }
        racing
    }

    fn visit(&mut self, v: &StepView<'_>) {
        let k = self.k;
        let p: f64 = v.ended.iter().sum();
        let (after, before) = (v.alive_after, v.alive_before);
        let mut weight_sum = 0.0;
        for (j, w) in self.win.iter_mut().enumerate() {
            let weight = after.powi(j as i32) * before.powi((k - 1 - j) as i32);
            weight_sum += weight;
            let q = p * weight;
            *w += q;
            let total = k as u32 * (v.step - 1) + j as u32 + 1;
            self.moments.add(total, q);
            if self.listing {
                self.total_pmf.push(q);
                let tail = after.powi(j as i32 + 1) * before.powi((k - 1 - j) as i32);
                self.listing = tail >= PMF_TAIL;
            }
        }
        for (m, e) in self.marks.iter_mut().zip(v.marks) {
            *m += e * weight_sum;
        }
    }

    fn finish(self, walked: Walked) -> Race {
        // Each weight is a product of k - 1 survival probabilities (each
        // within the walk's bound) and the step's end probability: k + 1
        // factors, k roundings to multiply, and the k * steps totals are
        // summed once more for the median.
        let k = self.k as f64;
        let u = f64::EPSILON / 2.0;
        let relative_error =
            (k + 1.0) * walked.relative_error + (k * f64::from(walked.steps) + 2.0 * k + 4.0) * u;
        let (total_mean, total_variance, total_mode, total_median, total_min) =
            self.moments.finish(relative_error);
        Race {
            seats: self.k,
            win_probability: self.win,
            total_pmf: self.total_pmf,
            total_mean,
            total_variance,
            total_mode,
            total_median,
            total_min,
            marks: self.marks,
            walked,
            relative_error,
        }
    }
}
