//! The fewest chance steps: for a one-seat game that numbers its states
//! ([`Dense`]), play that minimises the expected number of chance steps
//! (rolls) to the end, that expectation from every numbered state, and,
//! with that play, the distribution of the number of steps.
//!
//! The objectives of [`Optimal`](crate::Optimal) and
//! [`DenseOptimal`](crate::DenseOptimal) value finished states only; this
//! one counts every chance step a game takes: a bear-off in the fewest
//! rolls, a race to the end. Minimising the expectation is what its
//! [`Fewest::solve`] does, by one pass over the numbered states in index
//! order: the numbering must put every state after the numbered states
//! it leads to (a game with no cycles, late states first); a state that
//! leads to itself or to a later one is an [`ExactError::DenseIndex`].
//! Unnumbered states (the decision between a roll and its play) are
//! evaluated on the fly from their successors.
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Status};
//! use tabula_exact::{Dense, Fewest};
//!
//! /// Walk `n` steps to 0; each turn throw a coin first, then choose:
//! /// one step, or on heads two.
//! struct Walk(u8);
//! impl BoardGame for Walk {
//!     type State = (u8, Option<bool>); // (left, the coin thrown)
//!     type Move = u8;
//!     type Outcome = bool;
//!     type Event = ();
//!     fn seats(&self) -> usize { 1 }
//!     fn initial_state(&self) -> (u8, Option<bool>) { (self.0, None) }
//!     fn status(&self, s: &(u8, Option<bool>)) -> Status {
//!         match s {
//!             (0, _) => Status::Over(GameResult::Win(0)),
//!             (_, None) => Status::Chance,
//!             _ => Status::Decision(0),
//!         }
//!     }
//!     fn chance_outcomes(&self, _: &(u8, Option<bool>), out: &mut Vec<Chance<bool>>) {
//!         out.extend([true, false].map(|h| Chance { outcome: h, probability: 0.5 }));
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, s: &mut (u8, Option<bool>), h: bool, _: &mut E) {
//!         s.1 = Some(h);
//!     }
//!     fn legal_moves(&self, s: &(u8, Option<bool>), out: &mut Vec<u8>) {
//!         out.push(1);
//!         if s.1 == Some(true) && s.0 >= 2 { out.push(2) }
//!     }
//!     fn apply_move<E: FnMut(())>(&self, s: &mut (u8, Option<bool>), step: u8, _: &mut E) {
//!         *s = (s.0 - step, None);
//!     }
//! }
//! impl Dense for Walk {
//!     fn state_count(&self) -> usize { usize::from(self.0) + 1 }
//!     fn index(&self, s: &(u8, Option<bool>)) -> Option<usize> {
//!         s.1.is_none().then_some(usize::from(s.0))
//!     }
//!     fn states(&self) -> impl Iterator<Item = (u8, Option<bool>)> + '_ {
//!         (0..=self.0).map(|n| (n, None))
//!     }
//! }
//!
//! let fewest = Fewest::solve(&Walk(2), true)?;
//! // From 2: heads (1/2) ends it in one throw, tails leaves 1: 1.5 throws.
//! assert!((fewest.expected(&Walk(2), &(2, None)).unwrap() - 1.5).abs() < 1e-12);
//! assert_eq!(fewest.distribution(2), Some(&[0.0, 0.5, 0.5][..]));
//! // With heads thrown at 2, take both steps (the second move listed).
//! assert_eq!(fewest.best_move(&Walk(2), &(2, Some(true))), Some(1));
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```

use std::fmt::Debug;
use std::marker::PhantomData;

use tabula_core::{BoardGame, Chance, Status};

use crate::{Dense, ExactError};

/// How deep unnumbered states are expanded before the numbering is
/// called inconsistent (a cycle through unnumbered states).
const MAX_UNNUMBERED: usize = 64;

/// Play that minimises the expected number of chance steps to the end
/// of a one-seat [`Dense`] game, and what it gives: see the [module
/// docs](self).
pub struct Fewest<G> {
    /// The expected number of chance steps to the end from each numbered
    /// state, by index.
    pub expected: Vec<f64>,
    /// Each numbered state's distribution of the number of chance steps
    /// to the end (`[n]`: exactly `n`), if asked for.
    distributions: Option<Vec<Box<[f64]>>>,
    game: PhantomData<fn(&G)>,
}

/// A value being worked out: the expectation and, if kept, the
/// distribution.
struct Value {
    expected: f64,
    pmf: Vec<f64>,
}

impl<G: Dense> Fewest<G>
where
    G::State: Debug,
{
    /// Solves `game` in one pass over its numbered states; with
    /// `distributions`, keeps each numbered state's distribution of the
    /// number of chance steps too.
    pub fn solve(game: &G, distributions: bool) -> Result<Fewest<G>, ExactError> {
        let count = game.state_count();
        let mut solved = Fewest {
            expected: Vec::with_capacity(count),
            distributions: distributions.then(|| Vec::with_capacity(count)),
            game: PhantomData,
        };
        let mut scratch = Scratch::default();
        for (i, state) in game.states().enumerate().take(count) {
            if game.index(&state) != Some(i) {
                return Err(ExactError::DenseIndex {
                    state: format!("{state:?}"),
                    what: format!("states() lists it {i}th, but index() does not give {i}"),
                });
            }
            let keep = solved.distributions.is_some();
            let v = solved.value(game, &state, i, 0, keep, &mut scratch)?;
            solved.expected.push(v.expected);
            if let Some(d) = &mut solved.distributions {
                d.push(v.pmf.into_boxed_slice());
            }
        }
        if solved.expected.len() != count {
            return Err(ExactError::DenseIndex {
                state: String::new(),
                what: format!(
                    "states() lists {} states, state_count() says {count}",
                    solved.expected.len()
                ),
            });
        }
        Ok(solved)
    }

    /// The expected number of chance steps to the end from `state` with
    /// the best play: a numbered state's by its index, a finished
    /// state's 0, and an unnumbered one's from its successors (all
    /// numbered states solved). `None` for a state whose successors are
    /// not all solved.
    pub fn expected(&self, game: &G, state: &G::State) -> Option<f64> {
        let mut scratch = Scratch::default();
        self.value(game, state, self.expected.len(), 0, false, &mut scratch)
            .ok()
            .map(|v| v.expected)
    }

    /// Numbered state `i`'s distribution of the number of chance steps to
    /// the end, if the solve kept them.
    pub fn distribution(&self, i: usize) -> Option<&[f64]> {
        self.distributions.as_ref()?.get(i).map(|d| &d[..])
    }

    /// The index, among `state`'s legal moves, of the one that leaves the
    /// fewest expected chance steps (the first of equals), or `None` at a
    /// state that is not a decision.
    pub fn best_move(&self, game: &G, state: &G::State) -> Option<usize> {
        if !matches!(game.status(state), Status::Decision(_)) {
            return None;
        }
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let mut best: Option<(f64, usize)> = None;
        for (k, mv) in moves.into_iter().enumerate() {
            let mut child = state.clone();
            game.apply_move(&mut child, mv, &mut |_| {});
            let e = self.expected(game, &child)?;
            if best.is_none_or(|(b, _)| e < b - 1e-12 * b.abs().max(1.0)) {
                best = Some((e, k));
            }
        }
        best.map(|(_, k)| k)
    }

    /// The value of `state` while numbered state `current` is solved:
    /// numbered states below it are looked up, `current` itself and
    /// unnumbered states are expanded; with `keep`, the distribution too.
    fn value(
        &self,
        game: &G,
        state: &G::State,
        current: usize,
        depth: usize,
        keep: bool,
        scratch: &mut Scratch<G>,
    ) -> Result<Value, ExactError> {
        if let Status::Over(_) = game.status(state) {
            return Ok(Value {
                expected: 0.0,
                pmf: if keep { vec![1.0] } else { Vec::new() },
            });
        }
        match game.index(state) {
            Some(j) if j < current && j < self.expected.len() => {
                return Ok(Value {
                    expected: self.expected[j],
                    pmf: self.distribution(j).map_or_else(Vec::new, <[f64]>::to_vec),
                });
            }
            Some(j) if j != current || depth > 0 => {
                return Err(ExactError::DenseIndex {
                    state: format!("{state:?}"),
                    what: format!(
                        "state {current} leads to state {j}, which is not numbered before it (the fewest-steps solve needs late states first and no cycle)"
                    ),
                });
            }
            None if depth >= MAX_UNNUMBERED => {
                return Err(ExactError::DenseIndex {
                    state: format!("{state:?}"),
                    what: format!("more than {MAX_UNNUMBERED} unnumbered states in a row"),
                });
            }
            _ => {}
        }
        match game.status(state) {
            Status::Chance => {
                let mut outcomes = scratch.outcomes.pop().unwrap_or_default();
                outcomes.clear();
                game.chance_outcomes(state, &mut outcomes);
                let mut v = Value {
                    expected: 1.0,
                    pmf: if keep { vec![0.0] } else { Vec::new() },
                };
                let mut total = 0.0;
                for c in &outcomes {
                    total += c.probability;
                    let mut child = state.clone();
                    game.apply_chance(&mut child, c.outcome, &mut |_| {});
                    let w = self.value(game, &child, current, depth + 1, keep, scratch)?;
                    v.expected += c.probability * w.expected;
                    if keep {
                        if v.pmf.len() < w.pmf.len() + 1 {
                            v.pmf.resize(w.pmf.len() + 1, 0.0);
                        }
                        for (n, p) in w.pmf.iter().enumerate() {
                            v.pmf[n + 1] += c.probability * p;
                        }
                    }
                }
                scratch.outcomes.push(outcomes);
                if (total - 1.0).abs() > 1e-9 {
                    return Err(ExactError::Probabilities {
                        state: format!("{state:?}"),
                        total,
                    });
                }
                Ok(v)
            }
            Status::Decision(seat) => {
                let mut moves = scratch.moves.pop().unwrap_or_default();
                moves.clear();
                game.legal_moves(state, &mut moves);
                if moves.is_empty() {
                    return Err(ExactError::NoMoves {
                        seat,
                        state: format!("{state:?}"),
                    });
                }
                let mut best: Option<Value> = None;
                for mv in moves.drain(..) {
                    let mut child = state.clone();
                    game.apply_move(&mut child, mv, &mut |_| {});
                    let w = self.value(game, &child, current, depth + 1, keep, scratch)?;
                    if best
                        .as_ref()
                        .is_none_or(|b| w.expected < b.expected - 1e-12 * b.expected.abs().max(1.0))
                    {
                        best = Some(w);
                    }
                }
                scratch.moves.push(moves);
                best.ok_or_else(|| ExactError::NoMoves {
                    seat,
                    state: format!("{state:?}"),
                })
            }
            Status::Over(_) => unreachable!("answered above"),
        }
    }
}

/// Lists kept from state to state, one per level of the expansion.
struct Scratch<G: BoardGame> {
    outcomes: Vec<Vec<Chance<G::Outcome>>>,
    moves: Vec<Vec<G::Move>>,
}

impl<G: BoardGame> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            outcomes: Vec::new(),
            moves: Vec::new(),
        }
    }
}
