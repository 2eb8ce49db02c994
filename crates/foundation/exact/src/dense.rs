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
//! use tabula_core::{BoardGame, Chance, Deterministic, GameResult, Status};
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

use tabula_core::{BoardGame, Chance, Deterministic, Seat, Status};

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

/// What a numbered state leads to, as [`Dense::successors`] writes it:
/// its value is the sum over *outcomes* of their probability times the
/// value of the outcome, which is that of its one option or the best of
/// its options for the seat that chooses; an option's value is a
/// numbered state's ([`to`](Self::to)), a finished state's under the
/// objective ([`end_in`](Self::end_in)), or a sum of
/// coefficients times such values ([`option`](Self::option) and its
/// [`term`](Self::term)s).
///
/// A state whose roll is followed by its seat's choice of turn (a dice
/// race numbering its states before the roll) writes, for each roll,
/// [`outcome`](Self::outcome) with the roll's probability and the seat,
/// then one [`to`](Self::to) per position a turn can reach (a position
/// may be listed once: only the best counts). A state whose outcomes
/// lead straight to numbered states writes `outcome(p, None)` and one
/// `to` for each. `to` is the lean case (one index stored); an option
/// that itself averages (a move into a throw) is `option` followed by
/// its terms.
///
/// ```
/// use tabula_exact::dense::Successors;
///
/// let mut out = Successors::<()>::default();
/// // Heads (one in two): seat 0 chooses between states 3 and 4.
/// out.outcome(0.5, Some(0));
/// out.to(3);
/// out.to(4);
/// // Tails: state 2, or a coin toss between states 0 and 1.
/// out.outcome(0.5, Some(0));
/// out.to(2);
/// out.option();
/// out.term(0.5, 0);
/// out.term(0.5, 1);
/// assert_eq!((out.outcomes(), out.options()), (2, 4));
/// ```
#[derive(Clone, Debug)]
pub struct Successors<S> {
    /// Per outcome: probability, who chooses, its first option.
    groups: Vec<(f64, Option<Seat>, u32)>,
    /// Per option: a numbered state's index, or [`GENERAL`] plus the
    /// number of a general option.
    options: Vec<u32>,
    /// Per general option: one past its last term.
    general: Vec<u32>,
    /// (coefficient, numbered state), or [`FINISHED`] for the next of
    /// `finished`.
    terms: Vec<(f64, u32)>,
    finished: Vec<S>,
    /// Whether a general option is open for terms.
    open: bool,
    /// What was written wrong, if anything.
    error: Option<&'static str>,
}

/// The bit of an option that makes it a general one.
const GENERAL: u32 = 1 << 31;

/// The index a term of a finished state carries.
const FINISHED: u32 = u32::MAX;

impl<S> Default for Successors<S> {
    fn default() -> Self {
        Successors {
            groups: Vec::new(),
            options: Vec::new(),
            general: Vec::new(),
            terms: Vec::new(),
            finished: Vec::new(),
            open: false,
            error: None,
        }
    }
}

impl<S> Successors<S> {
    /// Begins an outcome of probability `probability`, whose options
    /// follow: `chooser`'s best of them, or with `None` its only one.
    pub fn outcome(&mut self, probability: f64, chooser: Option<Seat>) {
        self.groups
            .push((probability, chooser, self.options.len() as u32));
        self.open = false;
    }

    /// An option of the current outcome that leads to numbered state
    /// `index`.
    #[inline]
    pub fn to(&mut self, index: usize) {
        if index < GENERAL as usize && !self.groups.is_empty() {
            self.options.push(index as u32);
            self.open = false;
        } else {
            self.general_option(index);
        }
    }

    /// [`to`](Self::to) as a general option (an index past 2³¹), or
    /// the error of an option before any outcome.
    #[cold]
    #[inline(never)]
    fn general_option(&mut self, index: usize) {
        self.option();
        self.term(1.0, index);
    }

    /// An option of the current outcome that ends the game in `state`.
    pub fn end_in(&mut self, state: S) {
        self.option();
        self.finished(1.0, state);
    }

    /// Begins an option of the current outcome whose value is the sum
    /// of the terms that follow.
    pub fn option(&mut self) {
        if self.groups.is_empty() {
            self.error = Some("an option before any outcome");
            return;
        }
        self.options.push(GENERAL | self.general.len() as u32);
        self.general.push(self.terms.len() as u32);
        self.open = true;
    }

    /// Adds `coefficient` times the value of numbered state `index` to
    /// the current option (begun by [`option`](Self::option)).
    pub fn term(&mut self, coefficient: f64, index: usize) {
        match u32::try_from(index) {
            Ok(i) if i != FINISHED => self.push_term(coefficient, i),
            _ => self.error = Some("an index past u32"),
        }
    }

    /// Adds `coefficient` times the value of `state`, a finished state,
    /// to the current option (begun by [`option`](Self::option)).
    pub fn finished(&mut self, coefficient: f64, state: S) {
        if self.open {
            self.finished.push(state);
        }
        self.push_term(coefficient, FINISHED);
    }

    /// How many outcomes are written.
    pub fn outcomes(&self) -> usize {
        self.groups.len()
    }

    /// How many options are written, over every outcome.
    pub fn options(&self) -> usize {
        self.options.len()
    }

    /// Forgets everything written.
    pub fn clear(&mut self) {
        self.groups.clear();
        self.options.clear();
        self.general.clear();
        self.terms.clear();
        self.finished.clear();
        self.open = false;
        self.error = None;
    }

    fn push_term(&mut self, coefficient: f64, index: u32) {
        if !self.open {
            self.error = Some("a term outside an option begun by `option`");
            return;
        }
        self.terms.push((coefficient, index));
        if let Some(end) = self.general.last_mut() {
            *end = self.terms.len() as u32;
        }
    }

    /// The options of outcome `g`.
    fn group(&self, g: usize) -> &[u32] {
        let from = self.groups[g].2 as usize;
        let to = self
            .groups
            .get(g + 1)
            .map_or(self.options.len(), |next| next.2 as usize);
        &self.options[from..to]
    }

    /// The terms of general option `k`.
    fn general_terms(&self, k: usize) -> &[(f64, u32)] {
        let from = if k == 0 {
            0
        } else {
            self.general[k - 1] as usize
        };
        &self.terms[from..self.general[k] as usize]
    }
}

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

/// The optimal strategy: at a numbered decision state, the optimal move
/// (by its index in the legal moves, which must be listed as
/// [`BoardGame::legal_moves`] lists them); elsewhere the first move.
impl<G: Dense> Deterministic<G> for DenseOptimal<G> {
    fn pick(&self, game: &G, state: &G::State, _: Seat, moves: &[G::Move]) -> usize {
        self.best_move(game, state)
            .filter(|&b| b < moves.len())
            .unwrap_or(0)
    }
}

/// The state of a solve: the values so far, the best moves found and
/// scratch lists.
struct Sweep<'a, G: BoardGame, O> {
    game: &'a G,
    objective: &'a O,
    values: Vec<f64>,
    best: Best,
    /// Outcome and move lists, one pair per depth of unnumbered states.
    scratch: Vec<Scratch<G>>,
    /// What [`Dense::successors`] writes.
    lean: Successors<G::State>,
    /// Scratch: the values of its general options, and of its options.
    constants: Vec<f64>,
    move_values: Vec<f64>,
    /// Whether sweeps on the fly check chance outcomes (the first does).
    checking: bool,
    tolerance: f64,
    max_steps: u32,
    /// The most sweeps a block took.
    iterations: u32,
    /// The largest residual a block of states on a cycle ended with.
    residual: f64,
}

struct Scratch<G: BoardGame> {
    outcomes: Vec<Chance<G::Outcome>>,
    moves: Vec<G::Move>,
}

impl<G: BoardGame> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            outcomes: Vec::new(),
            moves: Vec::new(),
        }
    }
}

/// A run of consecutive numbered states being solved together, with its
/// transitions: each state's value is the best (or only) of its moves',
/// each move's an affine function of numbered states' values.
struct Block<S> {
    /// The index of its first state.
    start: usize,
    /// One past the highest index its states lead to (at least `start`):
    /// the block is closed once every state up to there is in it.
    reach: usize,
    /// Whether a state leads to itself or a later state: the block needs
    /// sweeps until it settles, not one.
    cyclic: bool,
    /// The states a state leads back to (itself or a later state), up to
    /// two: with one, a sweep is a function of its value alone.
    feedback: Vec<u32>,
    /// Per state.
    kinds: Vec<Kind>,
    /// Per state: one past its last move in `moves`.
    move_ends: Vec<u32>,
    /// Per move: its constant part, and one past its last term in
    /// `terms`.
    moves: Vec<(f64, u32)>,
    /// (coefficient, index of a numbered state).
    terms: Vec<(f64, u32)>,
    /// Per outcome of a state written by [`Dense::successors`]: its
    /// probability, how its moves are chosen, one past its last move.
    groups: Vec<(f64, Pick, u32)>,
    /// States whose value is not affine in numbered states' (a decision
    /// among the unnumbered states they lead to): evaluated on the fly.
    dynamic: Vec<S>,
}

impl<S> Default for Block<S> {
    fn default() -> Self {
        Block {
            start: 0,
            reach: 0,
            cyclic: false,
            feedback: Vec::new(),
            kinds: Vec::new(),
            move_ends: Vec::new(),
            moves: Vec::new(),
            terms: Vec::new(),
            groups: Vec::new(),
            dynamic: Vec::new(),
        }
    }
}

impl<S> Block<S> {
    /// Empties the block to begin again at `start`.
    fn clear(&mut self, start: usize) {
        self.start = start;
        self.reach = start;
        self.cyclic = false;
        self.feedback.clear();
        self.kinds.clear();
        self.move_ends.clear();
        self.moves.clear();
        self.terms.clear();
        self.groups.clear();
        self.dynamic.clear();
    }

    /// The value of move `m` from the values so far.
    #[inline]
    fn move_value(&self, values: &[f64], m: usize) -> f64 {
        let first = if m == 0 {
            0
        } else {
            self.moves[m - 1].1 as usize
        };
        let (constant, end) = self.moves[m];
        self.terms[first..end as usize]
            .iter()
            .fold(constant, |v, &(p, t)| v + p * values[t as usize])
    }
}

/// What a numbered state's value is.
#[derive(Clone, Copy)]
enum Kind {
    /// Its one move's (a chance state, a finished one).
    Fixed,
    /// The largest of its moves' (`true`) or the smallest.
    Decide(bool),
    /// Worked out on the fly: the state is `dynamic[_]`.
    Dynamic(usize),
    /// The sum over outcomes `groups[first..end]` of their probability
    /// times their moves' best; a decision state (`true`) has one.
    Groups(u32, u32, bool),
}

/// How an outcome's moves give its value.
#[derive(Clone, Copy)]
enum Pick {
    /// Its one move's.
    Only,
    /// The largest.
    Max,
    /// The smallest.
    Min,
}

impl<G, O> Sweep<'_, G, O>
where
    G: Dense,
    G::State: Debug,
    O: Objective<G>,
{
    /// Checks that the `i`-th listed state has index `i`.
    fn check_listed(&self, i: usize, state: &G::State) -> Result<(), ExactError> {
        match self.game.index(state) {
            Some(j) if j == i && i < self.values.len() => Ok(()),
            j => Err(ExactError::DenseIndex {
                state: format!("{state:?}"),
                what: format!(
                    "listed as state {i} of {}, it has index {j:?}",
                    self.values.len()
                ),
            }),
        }
    }

    fn scratch(&mut self, depth: usize) -> &mut Scratch<G> {
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        &mut self.scratch[depth]
    }

    fn out_of_range(&self, state: &G::State, i: usize) -> ExactError {
        ExactError::DenseIndex {
            state: format!("{state:?}"),
            what: format!("index {i} is out of range (0..{})", self.values.len()),
        }
    }

    fn too_deep(&self, state: &G::State) -> ExactError {
        ExactError::DenseIndex {
            state: format!("{state:?}"),
            what: format!(
                "more than {} unnumbered states in a row: number a state of every cycle",
                DenseOptimal::<G>::MAX_UNNUMBERED
            ),
        }
    }

    /// Adds numbered state `i`, `state`, and its transitions to `block`;
    /// returns `true` if it solved it at once instead (the block empty,
    /// and [`Dense::successors`] leading only to earlier states).
    fn push(
        &mut self,
        block: &mut Block<G::State>,
        i: usize,
        state: &G::State,
    ) -> Result<bool, ExactError> {
        let game = self.game;
        let (moves_before, terms_before) = (block.moves.len(), block.terms.len());
        let mut dynamic = false;
        let mut lean = std::mem::take(&mut self.lean);
        lean.clear();
        let written = game.successors(i, state, &mut lean);
        let pushed = if written {
            Some(self.lean(block, i, state, &lean))
        } else {
            None
        };
        self.lean = lean;
        let mut kind = match pushed {
            Some(kind) => match kind? {
                Some(kind) => kind,
                None => return Ok(true),
            },
            None => self.push_generated(block, state, &mut dynamic)?,
        };
        for &(_, t) in &block.terms[terms_before..] {
            if t as usize >= i {
                block.cyclic = true;
                if block.feedback.len() < 2 && !block.feedback.contains(&t) {
                    block.feedback.push(t);
                }
            }
            block.reach = block.reach.max(t as usize + 1);
        }
        if dynamic {
            block.moves.truncate(moves_before);
            block.terms.truncate(terms_before);
            kind = Kind::Dynamic(block.dynamic.len());
            block.dynamic.push(state.clone());
        }
        block.kinds.push(kind);
        block.move_ends.push(block.moves.len() as u32);
        Ok(false)
    }

    /// Checks what [`Dense::successors`] wrote for `state` (`lean`):
    /// returns whether `state` is a decision state, and one past the
    /// highest numbered state it leads to.
    fn check_lean(
        &self,
        state: &G::State,
        lean: &Successors<G::State>,
    ) -> Result<(bool, usize), ExactError> {
        check_written(self.game, self.values.len(), state, lean)
    }

    /// The constant part of each general option of `lean`, into `out`.
    fn constants(&self, lean: &Successors<G::State>, out: &mut Vec<f64>) {
        constants(self.game, self.objective, lean, out);
    }

    /// The value of a state as [`Dense::successors`] wrote it (`lean`,
    /// checked) from final values, and its best move if it is a
    /// decision state.
    fn solve_lean(&mut self, lean: &Successors<G::State>, decision: bool) -> (f64, Option<usize>) {
        let (game, objective) = (self.game, self.objective);
        written_value(
            game,
            objective,
            &self.values,
            lean,
            decision,
            &mut self.constants,
            &mut self.move_values,
        )
    }

    /// Adds the moves of `state` as [`Dense::successors`] wrote them
    /// (`lean`, checked) to `block`.
    fn push_lean(
        &mut self,
        block: &mut Block<G::State>,
        lean: &Successors<G::State>,
        decision: bool,
    ) -> Kind {
        let mut constants = std::mem::take(&mut self.constants);
        self.constants(lean, &mut constants);
        let first = block.groups.len() as u32;
        for (g, &(probability, chooser, _)) in lean.groups.iter().enumerate() {
            for &o in lean.group(g) {
                if o & GENERAL == 0 {
                    block.terms.push((1.0, o));
                    block.moves.push((0.0, block.terms.len() as u32));
                } else {
                    let k = (o & !GENERAL) as usize;
                    let terms = lean.general_terms(k).iter().filter(|t| t.1 != FINISHED);
                    block.terms.extend(terms);
                    block.moves.push((constants[k], block.terms.len() as u32));
                }
            }
            let pick = match chooser {
                None => Pick::Only,
                Some(seat) if self.objective.maximises(seat) => Pick::Max,
                Some(_) => Pick::Min,
            };
            block
                .groups
                .push((probability, pick, block.moves.len() as u32));
        }
        self.constants = constants;
        Kind::Groups(first, block.groups.len() as u32, decision)
    }

    /// Numbered state `i` (`state`) as [`Dense::successors`] wrote it
    /// (`lean`): solved at once (`None`) if the block is empty and it
    /// leads only to earlier states, whose values are final; else added
    /// to `block`.
    fn lean(
        &mut self,
        block: &mut Block<G::State>,
        i: usize,
        state: &G::State,
        lean: &Successors<G::State>,
    ) -> Result<Option<Kind>, ExactError> {
        let (decision, reach) = self.check_lean(state, lean)?;
        if block.kinds.is_empty() && reach <= i {
            let (v, best) = self.solve_lean(lean, decision);
            self.values[i] = v;
            if let Some(best) = best {
                self.best.set(i, best);
            }
            self.iterations = self.iterations.max(1);
            return Ok(None);
        }
        Ok(Some(self.push_lean(block, lean, decision)))
    }

    /// Adds the moves of `state`, generated, to `block`; sets `dynamic`
    /// if its value is not affine in numbered states'.
    fn push_generated(
        &mut self,
        block: &mut Block<G::State>,
        state: &G::State,
        dynamic: &mut bool,
    ) -> Result<Kind, ExactError> {
        let game = self.game;
        let terms_before = block.terms.len();
        Ok(match game.status(state) {
            Status::Over(result) => {
                let v = self.objective.terminal(game, state, result);
                block.moves.push((v, terms_before as u32));
                Kind::Fixed
            }
            Status::Chance => {
                let c = self.affine_expand(state, 1.0, 0, &mut block.terms, dynamic)?;
                block.moves.push((c, block.terms.len() as u32));
                Kind::Fixed
            }
            Status::Decision(seat) => {
                let mut moves = std::mem::take(&mut self.scratch(0).moves);
                crate::graph::legal_moves(game, state, seat, &mut moves)?;
                for m in moves.drain(..) {
                    let mut next = state.clone();
                    game.apply_move(&mut next, m, &mut |_| {});
                    let c = self.affine(&next, 1.0, 0, &mut block.terms, dynamic)?;
                    block.moves.push((c, block.terms.len() as u32));
                }
                self.scratch[0].moves = moves;
                Kind::Decide(self.objective.maximises(seat))
            }
        })
    }

    /// `mult` times the value of `state`, as an affine function of
    /// numbered states' values: pushes its terms, returns its constant.
    /// Sets `dynamic` if it is not affine (the terms then only say which
    /// states it depends on). `depth` unnumbered states led here.
    fn affine(
        &mut self,
        state: &G::State,
        mult: f64,
        depth: usize,
        terms: &mut Vec<(f64, u32)>,
        dynamic: &mut bool,
    ) -> Result<f64, ExactError> {
        if let Status::Over(result) = self.game.status(state) {
            return Ok(mult * self.objective.terminal(self.game, state, result));
        }
        match self.game.index(state) {
            Some(i) if i < self.values.len() => {
                terms.push((mult, i as u32));
                Ok(0.0)
            }
            Some(i) => Err(self.out_of_range(state, i)),
            None if depth >= DenseOptimal::<G>::MAX_UNNUMBERED => Err(self.too_deep(state)),
            None => self.affine_expand(state, mult, depth + 1, terms, dynamic),
        }
    }

    /// [`affine`](Self::affine) from `state`'s successors, whether or not
    /// it is numbered.
    fn affine_expand(
        &mut self,
        state: &G::State,
        mult: f64,
        depth: usize,
        terms: &mut Vec<(f64, u32)>,
        dynamic: &mut bool,
    ) -> Result<f64, ExactError> {
        let game = self.game;
        match game.status(state) {
            Status::Over(result) => Ok(mult * self.objective.terminal(game, state, result)),
            Status::Chance => {
                let mut outcomes = std::mem::take(&mut self.scratch(depth).outcomes);
                outcomes.clear();
                game.chance_outcomes(state, &mut outcomes);
                crate::graph::check_chances(state, &outcomes)?;
                let mut c = 0.0;
                for o in &outcomes {
                    let mut next = state.clone();
                    game.apply_chance(&mut next, o.outcome, &mut |_| {});
                    c += self.affine(&next, mult * o.probability, depth, terms, dynamic)?;
                }
                self.scratch[depth].outcomes = outcomes;
                Ok(c)
            }
            Status::Decision(seat) => {
                *dynamic = true;
                let mut moves = std::mem::take(&mut self.scratch(depth).moves);
                crate::graph::legal_moves(game, state, seat, &mut moves)?;
                for m in moves.drain(..) {
                    let mut next = state.clone();
                    game.apply_move(&mut next, m, &mut |_| {});
                    self.affine(&next, mult, depth, terms, dynamic)?;
                }
                self.scratch[depth].moves = moves;
                Ok(0.0)
            }
        }
    }

    /// Sweeps `block` until its values settle, then records its best
    /// moves.
    fn settle(
        &mut self,
        block: &mut Block<G::State>,
        clock: &mut Clock<'_>,
    ) -> Result<(), ExactError> {
        let start = block.start;
        // With one state to lead back to, a sweep's new value for it is
        // a function g of its old value x alone (monotone, and a
        // contraction where the game ends): the secant method on
        // g(x) - x finds the fixed point in a few sweeps where plain
        // sweeps take one per round of the cycle. Every sweep is still a
        // plain one, and only a plain sweep's residual ends the loop.
        let single = match block.feedback[..] {
            [f] => Some(f as usize),
            _ => None,
        };
        let mut secant = single.is_some();
        let mut last: Option<(f64, f64)> = None; // (x, g(x) - x)
        let mut sweeps = 0;
        let mut residual = f64::INFINITY;
        loop {
            if sweeps >= self.max_steps {
                return Err(ExactError::NotSettled {
                    iterations: sweeps,
                    residual,
                });
            }
            sweeps += 1;
            let x = single.map(|f| self.values[f]);
            residual = self.sweep_block(block)?;
            if !block.cyclic || residual <= self.tolerance {
                break;
            }
            if let (Some(f), Some(x), true) = (single, x, secant) {
                let h = self.values[f] - x;
                if let Some((x0, h0)) = last {
                    if h.abs() > 0.5 * h0.abs() {
                        // Not converging fast: plain sweeps from here.
                        secant = false;
                    } else {
                        let slope = (h - h0) / (x - x0);
                        let next = x - h / slope;
                        if slope < 0.0 && next.is_finite() {
                            self.values[f] = next;
                        }
                    }
                }
                last = Some((x, h));
            }
            clock.tick(|| Stage::Blocks {
                solved: start,
                states: self.values.len(),
            })?;
        }
        self.iterations = self.iterations.max(sweeps);
        if block.cyclic {
            self.residual = self.residual.max(residual);
        }
        let mut first = 0;
        let mut values = Vec::new();
        for (k, &kind) in block.kinds.iter().enumerate() {
            let end = block.move_ends[k] as usize;
            match kind {
                Kind::Fixed => {}
                Kind::Decide(max) => {
                    values.clear();
                    values.extend((first..end).map(|m| block.move_value(&self.values, m)));
                    let best = self.pick_best(max, &values);
                    self.best.set(start + k, best);
                }
                Kind::Dynamic(d) => {
                    if let Some(best) = self.best(&block.dynamic[d])? {
                        self.best.set(start + k, best);
                    }
                }
                Kind::Groups(g, _, true) => {
                    values.clear();
                    values.extend((first..end).map(|m| block.move_value(&self.values, m)));
                    let max = matches!(block.groups[g as usize].1, Pick::Max);
                    let best = self.pick_best(max, &values);
                    self.best.set(start + k, best);
                }
                Kind::Groups(_, _, false) => {}
            }
            first = end;
        }
        Ok(())
    }

    /// One Gauss–Seidel sweep over `block`: returns the largest change.
    fn sweep_block(&mut self, block: &Block<G::State>) -> Result<f64, ExactError> {
        let start = block.start;
        let mut residual: f64 = 0.0;
        let mut first = 0;
        for (k, &kind) in block.kinds.iter().enumerate() {
            let end = block.move_ends[k] as usize;
            let v = match kind {
                Kind::Fixed => block.move_value(&self.values, first),
                Kind::Decide(true) => (first..end)
                    .map(|m| block.move_value(&self.values, m))
                    .fold(f64::NEG_INFINITY, f64::max),
                Kind::Decide(false) => (first..end)
                    .map(|m| block.move_value(&self.values, m))
                    .fold(f64::INFINITY, f64::min),
                Kind::Dynamic(d) => self.expand(&block.dynamic[d], 0)?,
                Kind::Groups(g, end, _) => {
                    let mut m = first;
                    let mut v = 0.0;
                    for &(probability, pick, end) in &block.groups[g as usize..end as usize] {
                        let end = end as usize;
                        let best = match pick {
                            Pick::Only => block.move_value(&self.values, m),
                            Pick::Max => (m..end)
                                .map(|m| block.move_value(&self.values, m))
                                .fold(f64::NEG_INFINITY, f64::max),
                            Pick::Min => (m..end)
                                .map(|m| block.move_value(&self.values, m))
                                .fold(f64::INFINITY, f64::min),
                        };
                        v += probability * best;
                        m = end;
                    }
                    v
                }
            };
            let old = &mut self.values[start + k];
            residual = residual.max((v - *old).abs());
            *old = v;
            first = end;
        }
        Ok(residual)
    }

    /// The first of `values` within the tie tolerance of the best.
    fn pick_best(&self, max: bool, values: &[f64]) -> usize {
        pick_best(self.objective, max, values)
    }

    /// Solves the states from index `from` on (those before are solved)
    /// by sweeps over them all, their successors regenerated each time;
    /// returns how many states the game listed.
    fn sweep_from(&mut self, from: usize, clock: &mut Clock<'_>) -> Result<usize, ExactError> {
        let game = self.game;
        let n = self.values.len();
        let mut residual = f64::INFINITY;
        let mut sweeps = 0;
        let mut listed = from;
        self.checking = true;
        while residual > self.tolerance {
            if sweeps >= self.max_steps {
                return Err(ExactError::NotSettled {
                    iterations: sweeps,
                    residual,
                });
            }
            sweeps += 1;
            residual = 0.0;
            for (i, state) in game.states().enumerate().skip(from) {
                clock.tick(|| Stage::Settling {
                    iteration: sweeps,
                    residual,
                })?;
                if self.checking {
                    self.check_listed(i, &state)?;
                    listed = i + 1;
                }
                let v = self.expand(&state, 0)?;
                let old = &mut self.values[i];
                residual = f64::max(residual, (v - *old).abs());
                *old = v;
            }
            if listed != n {
                break;
            }
            self.checking = false;
        }
        self.iterations = self.iterations.max(sweeps);
        self.residual = self.residual.max(residual);
        for (i, state) in game.states().enumerate().skip(from) {
            if let Some(best) = self.best(&state)? {
                self.best.set(i, best);
            }
        }
        Ok(listed)
    }

    /// The value of any state: looked up if numbered, worked out from its
    /// successors if not; `depth` unnumbered states led here.
    fn eval(&mut self, state: &G::State, depth: usize) -> Result<f64, ExactError> {
        if let Status::Over(result) = self.game.status(state) {
            return Ok(self.objective.terminal(self.game, state, result));
        }
        match self.game.index(state) {
            Some(i) => match self.values.get(i) {
                Some(&v) => Ok(v),
                None => Err(self.out_of_range(state, i)),
            },
            None if depth >= DenseOptimal::<G>::MAX_UNNUMBERED => Err(self.too_deep(state)),
            None => self.expand(state, depth + 1),
        }
    }

    /// The value of `state` from its successors': the mean over chance
    /// outcomes, the best over moves, or the terminal value.
    fn expand(&mut self, state: &G::State, depth: usize) -> Result<f64, ExactError> {
        let game = self.game;
        match game.status(state) {
            Status::Over(result) => Ok(self.objective.terminal(game, state, result)),
            Status::Chance => {
                let mut outcomes = std::mem::take(&mut self.scratch(depth).outcomes);
                outcomes.clear();
                game.chance_outcomes(state, &mut outcomes);
                if self.checking {
                    crate::graph::check_chances(state, &outcomes)?;
                }
                let mut v = 0.0;
                for c in &outcomes {
                    let mut next = state.clone();
                    game.apply_chance(&mut next, c.outcome, &mut |_| {});
                    v += c.probability * self.eval(&next, depth)?;
                }
                self.scratch[depth].outcomes = outcomes;
                Ok(v)
            }
            Status::Decision(seat) => {
                let mut moves = std::mem::take(&mut self.scratch(depth).moves);
                crate::graph::legal_moves(game, state, seat, &mut moves)?;
                let max = self.objective.maximises(seat);
                let mut v = if max {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                for m in moves.drain(..) {
                    let mut next = state.clone();
                    game.apply_move(&mut next, m, &mut |_| {});
                    let w = self.eval(&next, depth)?;
                    v = if max { v.max(w) } else { v.min(w) };
                }
                self.scratch[depth].moves = moves;
                Ok(v)
            }
        }
    }

    /// The optimal move at a decision state (the first within the tie
    /// tolerance of the best), or `None` if nobody decides there.
    fn best(&mut self, state: &G::State) -> Result<Option<usize>, ExactError> {
        let game = self.game;
        let Status::Decision(seat) = game.status(state) else {
            return Ok(None);
        };
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        let mut values = Vec::with_capacity(moves.len());
        for m in moves {
            let mut next = state.clone();
            game.apply_move(&mut next, m, &mut |_| {});
            values.push(self.eval(&next, 0)?);
        }
        Ok(Some(
            self.pick_best(self.objective.maximises(seat), &values),
        ))
    }
}

/// A state's value and best move worked out ahead of the sequential
/// pass, or `None` for a state left to it.
type Ahead = Option<(f64, Option<usize>)>;

/// Checks what [`Dense::successors`] wrote for `state` (`lean`) in a game
/// of `n` numbered states: returns whether `state` is a decision state,
/// and one past the highest numbered state it leads to.
fn check_written<G: Dense>(
    game: &G,
    n: usize,
    state: &G::State,
    lean: &Successors<G::State>,
) -> Result<(bool, usize), ExactError>
where
    G::State: Debug,
{
    let wrong = |what: String| ExactError::DenseIndex {
        state: format!("{state:?}"),
        what: format!("its successors as written: {what}"),
    };
    if let Some(what) = lean.error {
        return Err(wrong(what.to_string()));
    }
    let total: f64 = lean.groups.iter().map(|g| g.0).sum();
    if lean.groups.is_empty()
        || (total - 1.0).abs() > 1e-9
        || lean.groups.iter().any(|g| g.0.is_nan() || g.0 < 0.0)
    {
        return Err(ExactError::Probabilities {
            state: format!("{state:?}"),
            total,
        });
    }
    let decision = match game.status(state) {
        Status::Over(_) => return Err(wrong("a finished state leads nowhere".into())),
        Status::Chance => false,
        Status::Decision(seat) => {
            if lean.groups.len() != 1 || lean.groups[0].1 != Some(seat) {
                return Err(wrong(format!(
                    "a decision state writes one outcome, chosen by its seat ({seat})"
                )));
            }
            true
        }
    };
    for (g, &(_, chooser, _)) in lean.groups.iter().enumerate() {
        let count = lean.group(g).len();
        if count == 0 {
            return Err(ExactError::NoMoves {
                seat: chooser.unwrap_or(0),
                state: format!("{state:?}"),
            });
        }
        if chooser.is_none() && count != 1 {
            return Err(wrong("an outcome nobody chooses in has one option".into()));
        }
    }
    // One past the highest index (general options' bit set and finished
    // states' all ones are left out).
    let plain = lean
        .options
        .iter()
        .map(|&o| if o & GENERAL == 0 { o + 1 } else { 0 });
    let terms = lean
        .terms
        .iter()
        .map(|&(_, t)| if t == FINISHED { 0 } else { t + 1 });
    let reach = plain.chain(terms).max().unwrap_or(0) as usize;
    if reach > n {
        return Err(ExactError::DenseIndex {
            state: format!("{state:?}"),
            what: format!("index {} is out of range (0..{n})", reach - 1),
        });
    }
    for over in &lean.finished {
        if !matches!(game.status(over), Status::Over(_)) {
            return Err(wrong(format!("{over:?} is written as finished")));
        }
    }
    Ok((decision, reach))
}

/// The constant part of each general option of `lean` (its finished
/// states' values under the objective), into `out`.
fn constants<G: Dense, O: Objective<G>>(
    game: &G,
    objective: &O,
    lean: &Successors<G::State>,
    out: &mut Vec<f64>,
) {
    out.clear();
    let mut finished = lean.finished.iter();
    for k in 0..lean.general.len() {
        let mut constant = 0.0;
        for &(coefficient, t) in lean.general_terms(k) {
            if t == FINISHED
                && let Some(over) = finished.next()
                && let Status::Over(result) = game.status(over)
            {
                constant += coefficient * objective.terminal(game, over, result);
            }
        }
        out.push(constant);
    }
}

/// The first of `values` within the objective's tie tolerance of the
/// best.
fn pick_best<G: BoardGame, O: Objective<G>>(objective: &O, max: bool, values: &[f64]) -> usize {
    let top = if max {
        values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.iter().copied().fold(f64::INFINITY, f64::min)
    };
    let tolerance = objective.tie_tolerance(top);
    values
        .iter()
        .position(|&v| (v - top).abs() <= tolerance)
        .unwrap_or(0)
}

/// The value of a state as [`Dense::successors`] wrote it (`lean`,
/// checked) from final `values`, and its best move if it is a decision
/// state; `general` and `moves` are scratch.
fn written_value<G: Dense, O: Objective<G>>(
    game: &G,
    objective: &O,
    values: &[f64],
    lean: &Successors<G::State>,
    decision: bool,
    general: &mut Vec<f64>,
    moves: &mut Vec<f64>,
) -> (f64, Option<usize>) {
    constants(game, objective, lean, general);
    for (k, constant) in general.iter_mut().enumerate() {
        let terms = lean.general_terms(k).iter().filter(|t| t.1 != FINISHED);
        *constant = terms.fold(*constant, |v, &(p, t)| v + p * values[t as usize]);
    }
    let general = &*general;
    let value = |o: u32| {
        if o & GENERAL == 0 {
            values[o as usize]
        } else {
            general[(o & !GENERAL) as usize]
        }
    };
    let mut v = 0.0;
    let mut best = None;
    for (g, &(probability, chooser, _)) in lean.groups.iter().enumerate() {
        let options = lean.group(g);
        let max = chooser.is_none_or(|seat| objective.maximises(seat));
        let top = if max {
            options
                .iter()
                .map(|&o| value(o))
                .fold(f64::NEG_INFINITY, f64::max)
        } else {
            options
                .iter()
                .map(|&o| value(o))
                .fold(f64::INFINITY, f64::min)
        };
        if decision {
            moves.clear();
            moves.extend(options.iter().map(|&o| value(o)));
            best = Some(pick_best(objective, max, moves));
        }
        v += probability * top;
    }
    (v, best)
}

/// For [`DenseOptimal::solve_parallel`]: the value and best move of each
/// of `states` (numbered from `first`) that the game writes the
/// successors of, leading only to states below `ready` (whose `values`
/// are final); `None` for the others.
fn written_values<G: Dense, O: Objective<G>>(
    game: &G,
    objective: &O,
    values: &[f64],
    ready: usize,
    first: usize,
    states: &[G::State],
) -> Vec<Ahead>
where
    G::State: Debug,
{
    let mut lean = Successors::default();
    let (mut general, mut moves) = (Vec::new(), Vec::new());
    let mut out = Vec::with_capacity(states.len());
    for (k, state) in states.iter().enumerate() {
        lean.clear();
        let mut solved = None;
        if game.successors(first + k, state, &mut lean)
            && let Ok((decision, reach)) = check_written(game, values.len(), state, &lean)
            && reach <= ready
        {
            let v = written_value(
                game,
                objective,
                values,
                &lean,
                decision,
                &mut general,
                &mut moves,
            );
            solved = Some(v);
        }
        out.push(solved);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WinZeroSum;
    use tabula_core::{BoardGame, Chance, GameResult, Status};

    /// The module docs' coin race (throw: heads scores, tails passes;
    /// or pass), its decision states numbered, with or without
    /// [`Dense::successors`] (`lean`), which writes throws as general
    /// options (a coin toss, the game sometimes won) and passes as plain
    /// ones; the states form cycles.
    struct Coin {
        target: u8,
        lean: bool,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct S {
        scores: [u8; 2],
        seat: usize,
        throwing: bool,
    }

    impl BoardGame for Coin {
        type State = S;
        type Move = bool;
        type Outcome = bool;
        type Event = ();
        fn seats(&self) -> usize {
            2
        }
        fn initial_state(&self) -> S {
            S {
                scores: [0, 0],
                seat: 0,
                throwing: false,
            }
        }
        fn status(&self, s: &S) -> Status {
            match s.scores.iter().position(|&x| x >= self.target) {
                Some(w) => Status::Over(GameResult::Win(w)),
                None if s.throwing => Status::Chance,
                None => Status::Decision(s.seat),
            }
        }
        fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<bool>>) {
            out.extend([true, false].map(|h| Chance {
                outcome: h,
                probability: 0.5,
            }));
        }
        fn apply_chance<E: FnMut(())>(&self, s: &mut S, heads: bool, _: &mut E) {
            s.throwing = false;
            if heads {
                s.scores[s.seat] += 1
            } else {
                s.seat = 1 - s.seat
            }
        }
        fn legal_moves(&self, _: &S, out: &mut Vec<bool>) {
            out.extend([true, false])
        }
        fn apply_move<E: FnMut(())>(&self, s: &mut S, throw: bool, _: &mut E) {
            if throw {
                s.throwing = true
            } else {
                s.seat = 1 - s.seat
            }
        }
    }

    impl Dense for Coin {
        fn state_count(&self) -> usize {
            2 * usize::from(self.target).pow(2)
        }
        fn index(&self, s: &S) -> Option<usize> {
            let t = usize::from(self.target);
            let late = (t - 1 - usize::from(s.scores[0])) * t + (t - 1 - usize::from(s.scores[1]));
            (!s.throwing).then_some(2 * late + s.seat)
        }
        fn states(&self) -> impl Iterator<Item = S> + '_ {
            let t = self.target;
            (0..t).rev().flat_map(move |a| {
                (0..t).rev().flat_map(move |b| {
                    (0..2).map(move |seat| S {
                        scores: [a, b],
                        seat,
                        throwing: false,
                    })
                })
            })
        }
        fn successors(&self, _: usize, s: &S, out: &mut Successors<S>) -> bool {
            if !self.lean {
                return false;
            }
            let Status::Decision(seat) = self.status(s) else {
                return false;
            };
            let mut heads = *s;
            heads.scores[seat] += 1;
            let tails = S {
                seat: 1 - seat,
                ..*s
            };
            out.outcome(1.0, Some(seat));
            // Throw: a coin toss.
            out.option();
            match self.index(&heads) {
                Some(i) if heads.scores[seat] < self.target => out.term(0.5, i),
                _ => out.finished(0.5, heads),
            }
            out.term(0.5, self.index(&tails).unwrap_or(usize::MAX));
            // Pass.
            out.to(self.index(&tails).unwrap_or(usize::MAX));
            true
        }
    }

    #[test]
    fn written_successors_give_the_generated_values_and_moves() {
        for target in 1..=6 {
            let limits = Limits::default();
            let slow = DenseOptimal::solve(
                &Coin {
                    target,
                    lean: false,
                },
                &WinZeroSum,
                &limits,
            )
            .expect("solves");
            let game = Coin { target, lean: true };
            let fast = DenseOptimal::solve(&game, &WinZeroSum, &limits).expect("solves");
            assert_eq!(slow.values().len(), fast.values().len());
            for (i, (a, b)) in slow.values().iter().zip(fast.values()).enumerate() {
                assert!(
                    (a - b).abs() < 1e-12,
                    "target {target}, state {i}: {a} vs {b}"
                );
            }
            for s in game.states() {
                assert_eq!(
                    slow.best_move(&game, &s),
                    fast.best_move(&game, &s),
                    "{s:?}"
                );
            }
            assert!((slow.value - fast.value).abs() < 1e-12);
        }
    }

    /// A game that writes its successors wrong, in a given way.
    struct Wrong(u8);

    impl BoardGame for Wrong {
        type State = u8;
        type Move = u8;
        type Outcome = u8;
        type Event = ();
        fn seats(&self) -> usize {
            1
        }
        fn initial_state(&self) -> u8 {
            1
        }
        fn status(&self, s: &u8) -> Status {
            match s {
                0 => Status::Over(GameResult::Win(0)),
                _ => Status::Chance,
            }
        }
        fn chance_outcomes(&self, _: &u8, out: &mut Vec<Chance<u8>>) {
            out.push(Chance {
                outcome: 0,
                probability: 1.0,
            });
        }
        fn apply_chance<E: FnMut(())>(&self, s: &mut u8, o: u8, _: &mut E) {
            *s = o;
        }
        fn apply_move<E: FnMut(())>(&self, _: &mut u8, _: u8, _: &mut E) {}
    }

    impl Dense for Wrong {
        fn state_count(&self) -> usize {
            2
        }
        fn index(&self, s: &u8) -> Option<usize> {
            Some(usize::from(*s))
        }
        fn states(&self) -> impl Iterator<Item = u8> + '_ {
            0..2
        }
        fn successors(&self, i: usize, _: &u8, out: &mut Successors<u8>) -> bool {
            if i == 0 {
                return false;
            }
            match self.0 {
                0 => out.outcome(0.5, None),
                1 => out.outcome(1.0, Some(0)),
                2 => out.term(1.0, 0),
                3 => out.outcome(1.0, None),
                _ => out.outcome(1.0, None),
            }
            match self.0 {
                0 | 2 => out.end_in(0),
                1 => {}
                3 => {
                    out.to(0);
                    out.to(0);
                }
                _ => out.to(7),
            }
            true
        }
    }

    #[test]
    fn wrongly_written_successors_are_refused() {
        let solve = |w| DenseOptimal::solve(&Wrong(w), &WinZeroSum, &Limits::default());
        assert!(matches!(solve(0), Err(ExactError::Probabilities { .. })));
        assert!(matches!(solve(1), Err(ExactError::NoMoves { .. })));
        assert!(matches!(solve(2), Err(ExactError::DenseIndex { .. })));
        assert!(matches!(solve(3), Err(ExactError::DenseIndex { .. })));
        assert!(matches!(solve(4), Err(ExactError::DenseIndex { .. })));
    }

    /// A countdown: each turn rolls a die and takes it once or twice off
    /// `left`; who reaches 0 wins. Its rolls are numbered, late states
    /// first, with no cycle; with `lean` it writes its successors.
    struct Down {
        from: u32,
        lean: bool,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct D {
        left: u32,
        seat: usize,
        die: u32,
    }

    impl BoardGame for Down {
        type State = D;
        type Move = u32;
        type Outcome = u32;
        type Event = ();
        fn seats(&self) -> usize {
            2
        }
        fn initial_state(&self) -> D {
            D {
                left: self.from,
                seat: 0,
                die: 0,
            }
        }
        fn status(&self, s: &D) -> Status {
            match (s.left, s.die) {
                (0, _) => Status::Over(GameResult::Win(1 - s.seat)),
                (_, 0) => Status::Chance,
                _ => Status::Decision(s.seat),
            }
        }
        fn chance_outcomes(&self, _: &D, out: &mut Vec<Chance<u32>>) {
            out.extend((1..=6).map(|d| Chance {
                outcome: d,
                probability: 1.0 / 6.0,
            }));
        }
        fn apply_chance<E: FnMut(())>(&self, s: &mut D, d: u32, _: &mut E) {
            s.die = d;
        }
        fn legal_moves(&self, _: &D, out: &mut Vec<u32>) {
            out.extend([1, 2]);
        }
        fn apply_move<E: FnMut(())>(&self, s: &mut D, times: u32, _: &mut E) {
            s.left = s.left.saturating_sub(times * s.die);
            s.seat = 1 - s.seat;
            s.die = 0;
        }
    }

    impl Dense for Down {
        fn state_count(&self) -> usize {
            2 * (self.from as usize + 1)
        }
        fn index(&self, s: &D) -> Option<usize> {
            (s.die == 0).then_some(2 * s.left as usize + s.seat)
        }
        fn states(&self) -> impl Iterator<Item = D> + '_ {
            (0..=self.from).flat_map(|left| (0..2).map(move |seat| D { left, seat, die: 0 }))
        }
        fn successors(&self, _: usize, s: &D, out: &mut Successors<D>) -> bool {
            if !self.lean || s.left == 0 {
                return false;
            }
            for d in 1..=6 {
                out.outcome(1.0 / 6.0, Some(s.seat));
                for times in [1, 2] {
                    let mut next = *s;
                    next.die = d;
                    self.apply_move(&mut next, times, &mut |_| {});
                    match self.index(&next) {
                        Some(i) if next.left > 0 => out.to(i),
                        _ => out.end_in(next),
                    }
                }
            }
            true
        }
    }

    #[test]
    fn the_parallel_solve_gives_the_same_values_to_the_bit() {
        let limits = Limits::default();
        let from = 3 * DenseOptimal::<Down>::BATCH as u32 + 17;
        let generated = Down { from, lean: false };
        let slow = DenseOptimal::solve(&generated, &WinZeroSum, &limits).expect("solves");
        let game = Down { from, lean: true };
        let fast = DenseOptimal::solve(&game, &WinZeroSum, &limits).expect("solves");
        for threads in [2, 3] {
            let parallel =
                DenseOptimal::solve_parallel(&game, &WinZeroSum, &limits, threads).expect("solves");
            assert_eq!(slow.values(), parallel.values());
            assert_eq!(slow.values(), fast.values());
            assert_eq!(slow.value.to_bits(), parallel.value.to_bits());
        }
        assert!(slow.value > 0.4 && slow.value < 0.6, "{}", slow.value);
    }
}
