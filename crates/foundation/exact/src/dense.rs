//! Optimal play of a game whose states the game numbers itself: value
//! iteration over a dense array, with no hash map and no stored graph.
//!
//! [`Optimal::solve`](crate::Optimal::solve) explores a game's state
//! graph, hashing and storing every state and edge: general, but the
//! graph of a game of a few million states takes hundreds of megabytes.
//! A game that can number its states `0..count` ([`Dense`]) is solved by
//! [`DenseOptimal::solve`] instead, which keeps one `f64` per numbered
//! state and one byte for its best move (none if no numbered state is a
//! decision: a game that numbers its rolls), and the transitions of a few
//! states at a time: it generates each state's successors (chance
//! outcomes and legal moves, applied) as it reaches it.
//!
//! **What to number.** Only the states worth storing: a state the game
//! gives no index ([`Dense::index`] returns `None`) is evaluated on the
//! fly, from its successors, whenever a numbered state leads to it, and
//! finished states are never looked up (their value is the objective's
//! [`terminal`](crate::Objective::terminal)). A dice game numbers its
//! decision states and leaves out the chance state between a roll and its
//! outcome, as a hand-written iteration would: the roll's value is the
//! mean of its outcomes', computed where it is needed. Every cycle of the
//! game must pass through a numbered state (unnumbered states are
//! expanded at most [`DenseOptimal::MAX_UNNUMBERED`] deep).
//!
//! **Order and blocks.** Number late states first: those nearer the end
//! of the game, whose successors are numbered lower. States on a cycle
//! (a turn that can end with nothing changed) cannot all come after
//! their successors; keep each cycle's states together. The solver reads
//! the states in index order, generating each one's transitions once,
//! and closes a *block* as soon as no state read so far leads to a state
//! not yet read. A block's values then depend only on each other and on
//! earlier blocks' (already final): it is swept in index order, values
//! updated in place (Gauss–Seidel), until the largest change in a sweep,
//! the residual, is at most [`Limits::tolerance`] (one sweep if no state
//! of the block leads to itself or a later one), and its transitions are
//! dropped. A block whose states lead back to one state only (a turn
//! that passes the die back to where it began) is a fixed point in that
//! one value, found by the secant method in a few sweeps instead of one
//! sweep per round of the cycle; every sweep is still a full
//! Gauss–Seidel sweep, and only such a sweep's residual ends the block.
//! A block that grows past as many transitions as there are numbered
//! states (a numbering that does not keep its cycles together) is not
//! kept: the rest of the game is swept whole, its transitions regenerated
//! on every sweep (slow, but in no more memory). The
//! residual bounds the last sweep's change, and ties between moves go to
//! the first listed, as in [`Optimal`](crate::Optimal) (see its docs).
//!
//! **Successors written by the game.** Generating a state's moves can
//! cost far more than the arithmetic on its successors' values (a dice
//! game's whole turns, regenerated for every state and roll). A game
//! that can say where a numbered state leads, in numbered states'
//! indices, implements [`Dense::successors`]: for each chance outcome,
//! its probability, who chooses, and the options ([`Successors`]). The
//! solver then reads those instead of calling
//! [`legal_moves`](BoardGame::legal_moves) and
//! [`apply_move`](BoardGame::apply_move), and a state that leads only to
//! states already solved (every state, in a game without cycles numbered
//! late states first) is solved on the spot, with no block: one pass of a
//! few loads per option. The values are the same as generated (a game's
//! test should check that on a small instance; the solver checks the
//! probabilities, the indices' range and that a state written as
//! finished is).
//!
//! **Threads.** [`DenseOptimal::solve_parallel`] hands out runs of
//! consecutive states to several threads: each works out the states whose
//! successors the game writes and which lead only to states solved before
//! the run; the rest of the run is solved in order as by
//! [`solve`](DenseOptimal::solve). The values are the same to the bit.
//!
//! **Sharing.** A [`DenseOptimal`] is a handle: cloning it shares the
//! solved values, so one solve serves every agent, worker and seating
//! that plays the game with the same parameters. Under [`WinZeroSum`](crate::WinZeroSum)
//! one solve is optimal for both seats. The handle does not keep the
//! game: use it only with the game (and parameters) it was solved for.
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Status};
//! use tabula_exact::{Dense, DenseOptimal, Limits, WinZeroSum};
//!
//! /// Two players take turns to throw a coin; heads adds one to the
//! /// thrower's score, tails passes the coin; first to `target` wins.
//! /// Before each throw the player may instead pass, keeping nothing.
//! struct Race { target: u8 }
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! struct S { scores: [u8; 2], seat: usize, throwing: bool }
//! impl BoardGame for Race {
//!     type State = S;
//!     type Move = bool; // throw?
//!     type Outcome = bool; // heads?
//!     type Event = ();
//!     fn seats(&self) -> usize { 2 }
//!     fn initial_state(&self) -> S { S { scores: [0, 0], seat: 0, throwing: false } }
//!     fn status(&self, s: &S) -> Status {
//!         match s.scores.iter().position(|&x| x >= self.target) {
//!             Some(w) => Status::Over(GameResult::Win(w)),
//!             None if s.throwing => Status::Chance,
//!             None => Status::Decision(s.seat),
//!         }
//!     }
//!     fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<bool>>) {
//!         out.extend([true, false].map(|h| Chance { outcome: h, probability: 0.5 }));
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, s: &mut S, heads: bool, _: &mut E) {
//!         s.throwing = false;
//!         if heads { s.scores[s.seat] += 1 } else { s.seat = 1 - s.seat }
//!     }
//!     fn legal_moves(&self, _: &S, out: &mut Vec<bool>) { out.extend([true, false]) }
//!     fn apply_move<E: FnMut(())>(&self, s: &mut S, throw: bool, _: &mut E) {
//!         if throw { s.throwing = true } else { s.seat = 1 - s.seat }
//!     }
//! }
//! /// The decision states, late ones first: by the scores (falling),
//! /// then the seat. A pair of scores is a cycle (tails and passing
//! /// change no score), kept together; the throws are left to the solver.
//! impl Dense for Race {
//!     fn state_count(&self) -> usize { 2 * usize::from(self.target).pow(2) }
//!     fn index(&self, s: &S) -> Option<usize> {
//!         let t = usize::from(self.target);
//!         let late = (t - 1 - usize::from(s.scores[0])) * t + (t - 1 - usize::from(s.scores[1]));
//!         (!s.throwing).then(|| 2 * late + s.seat)
//!     }
//!     fn states(&self) -> impl Iterator<Item = S> + '_ {
//!         let t = self.target;
//!         (0..t).rev().flat_map(move |a| {
//!             (0..t).rev().flat_map(move |b| (0..2).map(move |seat| S {
//!                 scores: [a, b], seat, throwing: false,
//!             }))
//!         })
//!     }
//! }
//!
//! let game = Race { target: 3 };
//! let optimal = DenseOptimal::solve(&game, &WinZeroSum, &Limits::default())?;
//! let start = game.initial_state();
//! // Passing gains nothing: both seats throw, and the first is ahead.
//! assert_eq!(optimal.best_move(&game, &start), Some(0));
//! assert!(optimal.value > 0.5 && optimal.value < 1.0);
//! // A clone shares the solve: hand one to every agent.
//! let shared = optimal.clone();
//! assert_eq!(shared.pick(&game, &start, 0, &[true, false]), 0);
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```

use std::fmt::Debug;
use std::marker::PhantomData;
use std::sync::Arc;

use tabula_core::{Agent, BoardGame, Chance, GameRng, Seat, Status};

use crate::budget::{Clock, Stage};
use crate::{ExactError, Limits, Objective};

/// A game that numbers its states densely, for [`DenseOptimal::solve`]:
/// an index in `0..state_count()` for each state the solver should store
/// a value for, and those states in index order (see the [module
/// docs](self) for which states to number and in what order).
pub trait Dense: BoardGame {
    /// How many states are numbered: indices run from 0 to this, less
    /// one.
    fn state_count(&self) -> usize;

    /// The index of `state`, or `None` for a state the solver evaluates
    /// on the fly from its successors (a chance state between a decision
    /// and its outcome). Finished states are never asked about.
    fn index(&self, state: &Self::State) -> Option<usize>;

    /// Every numbered state, in index order: the `i`-th has index `i`.
    /// States nobody can reach may be among them (a numbering by the
    /// state's fields is simplest); they are solved like the others.
    fn states(&self) -> impl Iterator<Item = Self::State> + '_;

    /// Optional, for speed: writes what numbered state `index` (`state`)
    /// leads to straight in numbered states' indices, and returns `true`;
    /// the default returns `false`, and the solver generates the state's
    /// chance outcomes and legal moves and applies them, as it does for
    /// a state this returns `false` for.
    ///
    /// A game whose turns are costly to generate but whose numbered
    /// states' successors it can look up (a table built once, per
    /// position and roll) writes them here: the solver then never calls
    /// [`legal_moves`](BoardGame::legal_moves) or
    /// [`apply_move`](BoardGame::apply_move) for that state while it
    /// reads the states in order. What to write is in [`Successors`]: it
    /// must give the value the generated successors would (the solver
    /// does not compare them; a test of the game should, by solving a
    /// small instance with and without it). At a numbered *decision*
    /// state, write one outcome of probability 1 chosen by its seat, with
    /// one option per legal move in the order [`legal_moves`](BoardGame::legal_moves)
    /// lists them: the best option is recorded as the best move.
    fn successors(
        &self,
        index: usize,
        state: &Self::State,
        out: &mut Successors<Self::State>,
    ) -> bool {
        let _ = (index, state, out);
        false
    }
}

mod successors;
mod sweep;

pub use successors::Successors;
use sweep::{Ahead, Block, Sweep, written_values};

/// Optimal play of a [`Dense`] game under an [`Objective`]: each numbered
/// state's value and best move. Cloning shares it (see the [module
/// docs](self)).
pub struct DenseOptimal<G> {
    /// The value of the initial state under optimal play.
    pub value: f64,
    /// The most sweeps a block took.
    pub iterations: u32,
    /// The largest change of a value in the last sweep of a block with
    /// cycles (0 without): at most [`Limits::tolerance`].
    pub residual: f64,
    solved: Arc<Solved>,
    game: PhantomData<fn(&G)>,
}

/// What a solve leaves, shared by every clone.
struct Solved {
    values: Vec<f64>,
    best: Best,
}

/// Each numbered state's best move, by its index in the legal moves;
/// the largest value of the type where nobody decides.
enum Best {
    /// No numbered state is a decision (yet), of this many: no memory
    /// taken (a game that numbers only its rolls).
    None(usize),
    /// Every best move's index is below 255.
    Narrow(Vec<u8>),
    Wide(Vec<u32>),
}

impl Best {
    fn get(&self, i: usize) -> Option<usize> {
        match self {
            Best::None(_) => None,
            Best::Narrow(b) => b.get(i).filter(|&&m| m != u8::MAX).map(|&m| usize::from(m)),
            Best::Wide(b) => b.get(i).filter(|&&m| m != u32::MAX).map(|&m| m as usize),
        }
    }

    fn set(&mut self, i: usize, m: usize) {
        if let Best::None(n) = *self {
            *self = Best::Narrow(vec![u8::MAX; n]);
        }
        if let Best::Narrow(b) = self
            && m >= usize::from(u8::MAX)
        {
            let wide = b
                .iter()
                .map(|&m| if m == u8::MAX { u32::MAX } else { u32::from(m) })
                .collect();
            *self = Best::Wide(wide);
        }
        match self {
            Best::None(_) => {}
            Best::Narrow(b) => b[i] = m as u8,
            Best::Wide(b) => b[i] = u32::try_from(m).unwrap_or(u32::MAX - 1),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Best::None(_) => 0,
            Best::Narrow(b) => b.len(),
            Best::Wide(b) => 4 * b.len(),
        }
    }
}

impl<G> Clone for DenseOptimal<G> {
    /// Another handle on the same solve: no values are copied.
    fn clone(&self) -> Self {
        DenseOptimal {
            value: self.value,
            iterations: self.iterations,
            residual: self.residual,
            solved: Arc::clone(&self.solved),
            game: PhantomData,
        }
    }
}

impl<G> Debug for DenseOptimal<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DenseOptimal")
            .field("value", &self.value)
            .field("iterations", &self.iterations)
            .field("residual", &self.residual)
            .field("states", &self.solved.values.len())
            .finish()
    }
}

impl<G> DenseOptimal<G>
where
    G: Dense,
    G::State: Debug,
{
    /// How many unnumbered states in a row the solver expands before it
    /// gives up ([`ExactError::DenseIndex`]): an unnumbered cycle would
    /// never end.
    pub const MAX_UNNUMBERED: usize = 64;

    /// Computes optimal values and moves under `objective` by value
    /// iteration over the game's numbered states, block by block (see the
    /// [module docs](self)).
    ///
    /// Fails with [`ExactError::TooLarge`] if the game numbers more than
    /// [`Limits::max_states`] states, [`ExactError::DenseIndex`] if its
    /// numbering is inconsistent (an index out of range, a state listed
    /// out of order, an unnumbered cycle), [`ExactError::Probabilities`]
    /// for chance outcomes that do not sum to one, [`ExactError::NoMoves`]
    /// for a decision with no legal move, [`ExactError::NotSettled`] if
    /// the values of a block do not settle within [`Limits::max_steps`]
    /// sweeps and [`ExactError::OutOfTime`] past [`Limits::max_time`].
    pub fn solve(
        game: &G,
        objective: &impl Objective<G>,
        limits: &Limits,
    ) -> Result<DenseOptimal<G>, ExactError> {
        Self::solve_in(game, objective, limits, 1, |_, _, _, _, _| {})
    }

    /// [`solve`](Self::solve) on `threads` threads (the machine's cores
    /// for 0): states whose successors the game writes
    /// ([`Dense::successors`]) and which lead only to states already
    /// solved are solved in batches of [`BATCH`](Self::BATCH) consecutive
    /// states split between the threads; the rest as by `solve`. The
    /// same values to the bit as `solve` (each state's value is worked
    /// out by the same arithmetic from the same final values). The same
    /// errors as `solve`, but where a game's numbering has several faults
    /// the one reported may be another (a run's states are listed, and
    /// checked, before they are solved).
    pub fn solve_parallel<O>(
        game: &G,
        objective: &O,
        limits: &Limits,
        threads: usize,
    ) -> Result<DenseOptimal<G>, ExactError>
    where
        G: Sync,
        G::State: Send + Sync,
        O: Objective<G> + Sync,
    {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        };
        if threads == 1 {
            return Self::solve(game, objective, limits);
        }
        Self::solve_in(
            game,
            objective,
            limits,
            Self::BATCH,
            |values, ready, first, states, out| {
                let part = states.len().div_ceil(threads).max(1);
                let mut parts: Vec<Vec<Ahead>> = Vec::new();
                std::thread::scope(|scope| {
                    let workers: Vec<_> = states
                        .chunks(part)
                        .enumerate()
                        .skip(1)
                        .map(|(k, chunk)| {
                            scope.spawn(move || {
                                written_values(
                                    game,
                                    objective,
                                    values,
                                    ready,
                                    first + k * part,
                                    chunk,
                                )
                            })
                        })
                        .collect();
                    let own = &states[..part.min(states.len())];
                    parts.push(written_values(game, objective, values, ready, first, own));
                    for w in workers {
                        // A worker that panicked leaves its states to the
                        // sequential pass, which meets the same panic.
                        parts.push(w.join().unwrap_or_default());
                    }
                });
                for p in parts {
                    out.extend(p);
                }
            },
        )
    }

    /// How many consecutive states [`solve_parallel`](Self::solve_parallel)
    /// hands out at a time.
    pub const BATCH: usize = 4096;

    /// The solve, the states read `size` at a time, with `batch` working
    /// out in advance what it can of each run: given the values, the
    /// index below which they are
    /// final, the batch's first index and its states, it pushes for each
    /// state its value and best move, or `None` (or nothing at all) for
    /// the states it leaves to the sequential pass.
    fn solve_in<O: Objective<G>>(
        game: &G,
        objective: &O,
        limits: &Limits,
        size: usize,
        mut batch: impl FnMut(&[f64], usize, usize, &[G::State], &mut Vec<Ahead>),
    ) -> Result<DenseOptimal<G>, ExactError> {
        let n = game.state_count();
        if n > limits.max_states || u32::try_from(n).is_err() {
            return Err(ExactError::TooLarge {
                what: "states",
                limit: limits.max_states.min(u32::MAX as usize),
            });
        }
        let mut sweep = Sweep {
            game,
            objective,
            values: vec![0.0; n],
            best: Best::None(n),
            scratch: Vec::new(),
            lean: Successors::default(),
            constants: Vec::new(),
            move_values: Vec::new(),
            checking: true,
            tolerance: limits.tolerance,
            max_steps: limits.max_steps,
            iterations: 0,
            residual: 0.0,
        };
        let mut clock = Clock::start(limits, 1024);
        // A block's transitions are kept while there are no more of them
        // than numbered states; past that, the rest is swept on the fly.
        let cap = n.max(1 << 16);
        let mut block = Block::default();
        let mut listed = 0;
        let mut overflow = None;
        let mut states = game.states().enumerate();
        let mut batched = Vec::with_capacity(size);
        let mut ahead = Vec::with_capacity(size);
        'batches: loop {
            batched.clear();
            let first = listed;
            for (i, state) in states.by_ref().take(size) {
                clock.tick(|| Stage::Blocks {
                    solved: block.start,
                    states: n,
                })?;
                sweep.check_listed(i, &state)?;
                batched.push(state);
            }
            if batched.is_empty() {
                break;
            }
            ahead.clear();
            if block.kinds.is_empty() {
                batch(&sweep.values, block.start, first, &batched, &mut ahead);
            }
            for (k, state) in batched.iter().enumerate() {
                let i = first + k;
                if block.kinds.is_empty()
                    && let Some(&Some((v, best))) = ahead.get(k)
                {
                    sweep.values[i] = v;
                    if let Some(best) = best {
                        sweep.best.set(i, best);
                    }
                    sweep.iterations = sweep.iterations.max(1);
                    listed = i + 1;
                    block.clear(listed);
                    continue;
                }
                let solved = sweep.push(&mut block, i, state)?;
                listed = i + 1;
                if solved {
                    block.clear(listed);
                } else if block.reach <= listed {
                    sweep.settle(&mut block, &mut clock)?;
                    block.clear(listed);
                } else if block.terms.len() > cap {
                    overflow = Some(block.start);
                    break 'batches;
                }
            }
        }
        drop(batched);
        if let Some(from) = overflow {
            drop(block);
            listed = sweep.sweep_from(from, &mut clock)?;
        }
        if listed != n {
            return Err(ExactError::DenseIndex {
                state: String::new(),
                what: format!("the game lists {listed} states but numbers {n}"),
            });
        }
        let value = sweep.eval(&game.initial_state(), 0)?;
        Ok(DenseOptimal {
            value,
            iterations: sweep.iterations,
            residual: sweep.residual,
            solved: Arc::new(Solved {
                values: sweep.values,
                best: sweep.best,
            }),
            game: PhantomData,
        })
    }
}

impl<G: Dense> DenseOptimal<G> {
    /// How many states were solved: the game's
    /// [`state_count`](Dense::state_count).
    pub fn len(&self) -> usize {
        self.solved.values.len()
    }

    /// Whether the game numbered no state.
    pub fn is_empty(&self) -> bool {
        self.solved.values.is_empty()
    }

    /// Every numbered state's value, by index.
    pub fn values(&self) -> &[f64] {
        &self.solved.values
    }

    /// Bytes of values and moves the solve keeps (shared by every clone).
    pub fn memory(&self) -> usize {
        8 * self.solved.values.len() + self.solved.best.bytes()
    }

    /// The value of `state` under optimal play, or `None` if the game
    /// does not number it.
    pub fn value_of(&self, game: &G, state: &G::State) -> Option<f64> {
        let i = game.index(state)?;
        self.solved.values.get(i).copied()
    }

    /// The index in the legal moves of the optimal move at `state`, or
    /// `None` if `state` is not a numbered decision state.
    pub fn best_move(&self, game: &G, state: &G::State) -> Option<usize> {
        self.solved.best.get(game.index(state)?)
    }
}

impl<G: Dense> DenseOptimal<G> {
    /// The optimal strategy: at a numbered decision state, the optimal
    /// move (by its index in `moves`, the legal moves, which must be
    /// listed as [`BoardGame::legal_moves`] lists them); elsewhere the
    /// first move.
    pub fn pick(&self, game: &G, state: &G::State, _: Seat, moves: &[G::Move]) -> usize {
        self.best_move(game, state)
            .filter(|&b| b < moves.len())
            .unwrap_or(0)
    }
}

crate::solved_agent!(
    /// The optimal strategy as an agent: a rule, which plays
    /// [`DenseOptimal::pick`]'s move (and gives it probability 1).
    impl[G] Agent<G> for DenseOptimal<G>
    where
        G: Dense,
);
