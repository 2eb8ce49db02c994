//! Duels: two players of one chain whose tokens meet (one sends the other
//! home), solved over the pairs of their one-player states.
//!
//! The joint chain of two tokens that interact has about the one-player
//! states squared; built as a [`Chain`] it is hashed state by state and
//! walked transition by transition. When the mover's step does not depend
//! on where the other token waits, and a step's effect on the waiting
//! token depends only on where the mover came to rest, the pair is better
//! walked as a matrix: a row per mover state, a column per waiting state,
//! each of the mover's steps adding a whole row to another (in vector
//! instructions), the meeting rule moving single entries, and the turn
//! passing as a transpose. [`Chain::duel`] does that, for the caller to
//! use when its game keeps those promises.

use tabula_core::BoardGame;

use crate::budget::{Clock, Stage};
use crate::turns::{Goes, TurnGraph, axpy, sum};
use crate::walk::{Moments, PMF_TAIL};
use crate::{Chain, ExactError, Limits, Race, Walked};

impl<G: BoardGame, M> Chain<G, M> {
    /// Solves two players of this one-player chain taking turns (seat 0
    /// first), the first to finish winning, whose tokens interact: after
    /// each step of the mover that does not end the game,
    /// `interact(rest, waiting)` gives the waiting token's new state (by
    /// index in this chain, a state that begins a turn) for the mover
    /// come to rest in state `rest` and the waiting token in state
    /// `waiting`, and the mark that move leaves, if any. `starts_turn`
    /// says, as for [`turns`](Self::turns), whether a state begins a turn
    /// (else the mover steps again).
    ///
    /// The caller promises what makes this the joint chain of both
    /// tokens: the mover steps as it would alone, whatever the other
    /// token's state (this chain's transitions are its steps), and the
    /// meeting rule depends only on the mover's state after its step and
    /// the waiting token's. The answer is a [`Race`] of two seats
    /// (`walked` counts the pair walk's steps).
    ///
    /// The walk stops once the game is still running with probability
    /// below [`Limits::tail`]. Fails with [`ExactError::TooLarge`] if the
    /// pairs (the states, times those that begin a turn, times the two
    /// seats to move) pass [`Limits::max_states`], and like
    /// [`walk`](Self::walk) past the time budget, on [`Limits::cancel`]
    /// or past [`Limits::max_steps`].
    pub fn duel(
        &self,
        limits: &Limits,
        starts_turn: impl Fn(&G::State) -> bool,
        interact: impl Fn(usize, usize) -> (usize, Option<u32>),
    ) -> Result<Race, ExactError> {
        let marks = self.mark_keys().len();
        if self.result(0).is_some() {
            return Ok(Race {
                seats: 2,
                win_probability: vec![1.0, 0.0],
                total_pmf: vec![1.0],
                total_mean: 0.0,
                total_variance: 0.0,
                total_mode: 0,
                total_median: 0,
                total_min: 0,
                marks: vec![0.0; marks],
                walked: Walked {
                    steps: 0,
                    remaining: 0.0,
                    relative_error: 0.0,
                },
                relative_error: 0.0,
            });
        }
        let g = TurnGraph::of(self, &starts_turn);
        let t = g.t;
        // Rows: the mover's states, those that begin a turn first (they
        // are also the waiting token's, the columns), then those where
        // it steps again.
        let begins = |i: usize| g.begins[i] || i == g.first;
        let mut row = vec![0usize; t];
        let mut states: Vec<usize> = Vec::with_capacity(t);
        for pass in [true, false] {
            for i in (0..t).filter(|&i| begins(i) == pass) {
                row[i] = states.len();
                states.push(i);
            }
        }
        let w = (0..t).filter(|&i| begins(i)).count();
        let pairs = 2usize.saturating_mul(t).saturating_mul(w);
        if pairs > limits.max_states {
            return Err(ExactError::TooLarge {
                what: "states",
                limit: limits.max_states,
            });
        }
        // Each row's steps: (goes, probability), to rows.
        let steps: Vec<Vec<(Goes, f64)>> = states
            .iter()
            .map(|&i| {
                g.outgoing[g.offsets[i]..g.offsets[i + 1]]
                    .iter()
                    .map(|&(goes, p)| {
                        let to = |j: u32| row[j as usize] as u32;
                        let goes = match goes {
                            Goes::Ends => Goes::Ends,
                            Goes::NewTurn(j) => Goes::NewTurn(to(j)),
                            Goes::SameTurn(j) => Goes::SameTurn(to(j)),
                        };
                        (goes, p)
                    })
                    .collect()
            })
            .collect();
        let again = steps
            .iter()
            .flatten()
            .any(|(goes, _)| matches!(goes, Goes::SameTurn(_)));
        // The meeting rule, by the mover's row after its step: the
        // waiting tokens it moves (from column, to column, mark).
        let mut moves: Vec<Vec<(usize, usize, Option<u32>)>> = vec![Vec::new(); t];
        for (rest, list) in moves.iter_mut().enumerate() {
            for c in 0..w {
                let (to, mark) = interact(g.states[states[rest]], g.states[states[c]]);
                let Some(to) = g.slot(to).map(|s| row[s]).filter(|&r| r < w) else {
                    return Err(ExactError::Interaction {
                        state: format!("state number {to}"),
                    });
                };
                if to != c || mark.is_some() {
                    list.push((c, to, mark));
                }
            }
        }
        // The pairs by the seat to move: `now[seat][mover row * w +
        // waiting column]`.
        let mut now = [vec![0.0f64; t * w], vec![0.0f64; t * w]];
        let mut next = [vec![0.0f64; t * w], vec![0.0f64; t * w]];
        // The steps that pass the turn, `passed[mover row * w + waiting]`
        // (the mover rests where a turn begins: a square block), and
        // those that keep it.
        let mut passed = vec![0.0f64; w * w];
        let mut same = vec![0.0f64; if again { t * w } else { 0 }];
        let start = row[g.first];
        now[0][start * w + start] = 1.0;
        let mut occupancy = vec![0.0f64; t];
        let mut sent = vec![0.0f64; marks];
        let mut win = [0.0f64; 2];
        let mut pmf = vec![0.0];
        let mut moments = Moments::default();
        let mut listing = true;
        let mut alive = 1.0;
        let mut moved: Vec<f64> = Vec::new();
        // Which seats have probability to move.
        let mut mass = [true, false];
        let mut stale = [false, false];
        let mut clock = Clock::start(limits, 1);
        for step in 1..=limits.max_steps {
            clock.tick(|| Stage::Walking {
                step: step - 1,
                remaining: alive,
            })?;
            let mut ended = 0.0;
            // The other buffers hold the step before last: cleared where
            // it had any probability.
            for (n, &had) in next.iter_mut().zip(&stale) {
                if had {
                    n.fill(0.0);
                }
            }
            for s in 0..2 {
                if !mass[s] {
                    continue;
                }
                same.fill(0.0);
                passed.fill(0.0);
                let other = 1 - s;
                for (r, out) in steps.iter().enumerate() {
                    let from = &now[s][r * w..(r + 1) * w];
                    let m = sum(from);
                    if m == 0.0 {
                        continue;
                    }
                    occupancy[states[r]] += m;
                    for &(goes, p) in out {
                        match goes {
                            Goes::Ends => {
                                win[s] += p * m;
                                ended += p * m;
                            }
                            Goes::SameTurn(j) => {
                                let j = j as usize;
                                axpy(&mut same[j * w..(j + 1) * w], p, from);
                            }
                            Goes::NewTurn(j) => {
                                let j = j as usize;
                                axpy(&mut passed[j * w..(j + 1) * w], p, from);
                            }
                        }
                    }
                }
                // The meeting rule, on each row by where the mover rests
                // (every step into a row rests there), all at once.
                for (target, rows) in [(&mut same, t), (&mut passed, w)] {
                    if target.is_empty() {
                        continue;
                    }
                    for (rest, list) in moves.iter().enumerate().take(rows) {
                        if list.is_empty() {
                            continue;
                        }
                        let r = &mut target[rest * w..(rest + 1) * w];
                        moved.clear();
                        moved.extend(
                            list.iter()
                                .map(|&(from, _, _)| std::mem::take(&mut r[from])),
                        );
                        for (&(_, to, mark), &x) in list.iter().zip(&moved) {
                            r[to] += x;
                            if let Some(m) = mark {
                                sent[m as usize] += x;
                            }
                        }
                    }
                }
                // The mover steps again; or the turn passes: the waiting
                // token moves next, the mover waits where it rests (a
                // transpose, by blocks).
                if again {
                    axpy(&mut next[s], 1.0, &same);
                }
                transpose_add(&passed, &mut next[other][..w * w], w);
            }
            // Only a seat a step reached can have probability to move.
            let reached = [mass[1] || (again && mass[0]), mass[0] || (again && mass[1])];
            std::mem::swap(&mut now, &mut next);
            stale = mass;
            let left = |s: usize| if reached[s] { sum(&now[s]) } else { 0.0 };
            let sums = [left(0), left(1)];
            mass = [sums[0] != 0.0, sums[1] != 0.0];
            let after = sums[0] + sums[1];
            moments.add(step, ended);
            if listing {
                pmf.push(ended);
                listing = after >= PMF_TAIL;
            }
            alive = after;
            if alive < limits.tail {
                let relative_error = Walked::rounding_bound(
                    step,
                    pairs,
                    g.outgoing.len().saturating_mul(w),
                    g.max_in.max(w),
                );
                let (total_mean, total_variance, total_mode, total_median, total_min) =
                    moments.finish(relative_error);
                let mut marks_out = sent;
                for (rate, &o) in g.rates.iter().zip(&occupancy) {
                    for &(m, r) in rate {
                        marks_out[m as usize] += o * r;
                    }
                }
                let walked = Walked {
                    steps: step,
                    remaining: alive,
                    relative_error,
                };
                return Ok(Race {
                    seats: 2,
                    win_probability: win.to_vec(),
                    total_pmf: pmf,
                    total_mean,
                    total_variance,
                    total_mode,
                    total_median,
                    total_min,
                    marks: marks_out,
                    walked,
                    relative_error,
                });
            }
        }
        Err(ExactError::NotConverged {
            steps: limits.max_steps,
            remaining: alive,
        })
    }
}

/// `to += from` transposed, for `n` by `n` matrices stored by rows, in
/// blocks that stay in the cache.
fn transpose_add(from: &[f64], to: &mut [f64], n: usize) {
    const B: usize = 8;
    for i0 in (0..n).step_by(B) {
        for j0 in (0..n).step_by(B) {
            for i in i0..(i0 + B).min(n) {
                let src = &from[i * n + j0..i * n + (j0 + B).min(n)];
                for (k, &x) in src.iter().enumerate() {
                    to[(j0 + k) * n + i] += x;
                }
            }
        }
    }
}
