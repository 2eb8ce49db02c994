//! Exact analysis: solves any finite game as a Markov chain built from the
//! game's own listed chance outcomes (the same definition the simulator
//! samples), with the seats' decisions given by policies
//! ([`Chain::build_with`]) or played optimally ([`optimal`]); games that
//! never end get their long-run occupancy ([`Chain::stationary`]).
//!
//! ```
//! use tabula_core::{BoardGame, Chance, GameResult, Status};
//! use tabula_exact::{Chain, Limits};
//! use std::convert::Infallible;
//!
//! /// Roll a die until a six: how many throws does it take?
//! struct UntilSix;
//! impl BoardGame for UntilSix {
//!     type State = bool;
//!     type Move = Infallible;
//!     type Outcome = u8;
//!     type Event = u8;
//!     fn seats(&self) -> usize { 1 }
//!     fn initial_state(&self) -> bool { false }
//!     fn status(&self, done: &bool) -> Status {
//!         if *done { Status::Over(GameResult::Win(0)) } else { Status::Chance }
//!     }
//!     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<u8>>) {
//!         out.extend((1..=6).map(|f| Chance { outcome: f, probability: 1.0 / 6.0 }));
//!     }
//!     fn apply_chance<E: FnMut(u8)>(&self, done: &mut bool, face: u8, events: &mut E) {
//!         events(face);
//!         *done = face == 6;
//!     }
//!     fn apply_move<E: FnMut(u8)>(&self, _: &mut bool, m: Infallible, _: &mut E) { match m {} }
//! }
//!
//! let limits = Limits::default();
//! // Mark every throw of a one: how many ones per game, on average?
//! let chain = Chain::build(&UntilSix, &limits, |&face, marks| {
//!     if face == 1 { marks.push("one") }
//! })?;
//! assert_eq!(chain.len(), 2);
//! let solution = chain.solve(&limits)?;
//! assert!((solution.mean - 6.0).abs() < 1e-12);      // geometric: 1/p
//! assert!((solution.variance - 30.0).abs() < 1e-9);  // (1-p)/p²
//! assert_eq!((solution.min, solution.mode, solution.median), (1, 1, 4));
//! assert!((solution.marks[0] - 1.0).abs() < 1e-12);  // 5 non-sixes × 1/5
//!
//! let shortest = chain.shortest(&limits, |_| true, None)?.expect("a game ends");
//! assert_eq!((shortest.steps, shortest.sequences), (1, 1));
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```
//!
//! How it works: [`Chain::build`] explores every state reachable from the
//! initial state through [`BoardGame::chance_outcomes`](tabula_core::BoardGame::chance_outcomes),
//! recording each transition's probability and the *marks* its events left
//! (whatever the caller wants counted). [`Chain::walk`] then pushes the
//! probability distribution over states forward one step at a time, which
//! gives the exact length distribution and expected mark counts;
//! [`Chain::solve`] and [`Chain::race`] sum it up, and [`Chain::shortest`]
//! searches the chain exhaustively for the shortest games. Players whose
//! turn can be several steps (a six throws again) but who never touch
//! each other are a race too: [`Chain::turns`] walks one player's chain
//! counting its turns, and [`Turns::race`] composes the seats from it.
//!
//! One state-graph builder (`explore.rs`) explores a game's states for
//! every solver that needs them: [`Chain`], [`Optimal`] and each stage of
//! a [`Staged`] solve (and so [`Chain::stationary`]) number the states it
//! reaches breadth first, from the initial state as state 0, and it holds
//! them to [`Limits`] and reports [`Stage::Building`] on the way.
//!
//! Decisions: [`Chain::build_with`] folds one rule (an
//! [`Agent`](tabula_core::Agent) that gives its
//! [`probabilities`](tabula_core::Agent::probabilities))
//! per seat into the chain (each move a transition with the policy's
//! probability), so all of the above works for games with decisions and
//! [`Solution::seats`] gives each seat's win, tie, expected score and
//! rank. [`Optimal::solve`] finds optimal play instead, by value
//! iteration over the whole state graph, for an [`Objective`]; the
//! result is a solved policy, itself an agent (a rule).
//! A game that numbers its states itself ([`Dense`]) is solved by
//! [`DenseOptimal::solve`] in a fraction of the time and memory: one
//! value per numbered state, no hash map, no stored graph, and a result
//! that clones for free, so one solve serves every agent that needs it
//! ([`SolveOnce`] keeps one per game and parameters). A one-seat game
//! that counts its chance steps (a bear-off in the fewest rolls) is
//! solved by [`Fewest::solve`]: the play that minimises their expected
//! number, and their distribution.
//!
//! A game that never ends (a token going round a board for ever) has no
//! length to solve for but a long run: [`Chain::explore`] builds its chain
//! without asking that it end, and [`Chain::stationary`] gives the
//! long-run probability of each state and rate of each mark.
//!
//! Games without chance whose value is all that is asked (win, draw or
//! loss with best play, too large for a state graph) are proved by
//! search instead: [`proof::ProofSearch`], alpha-beta with a
//! transposition table of fixed memory, over a game's own compact
//! positions ([`proof::Proof`]).
//!
//! Arithmetic is f64. The walk stops when the probability that the game is
//! still running falls below [`Limits::tail`] (1e-18 by default), so a
//! truncated expectation is short by at most that times the longest
//! expected remaining game. With rounding, results agree to about 1e-12
//! with exact answers: the test suite checks tiny chains against fractions
//! worked out by hand, and larger ones against an independent solver
//! (Gaussian elimination on the fundamental matrix).
#![deny(missing_docs)]

/// A solved policy as an [`Agent`](tabula_core::Agent): a deterministic
/// rule that plays its `pick` (an inherent method with the signature of
/// [`Pick`](tabula_core::Pick)) and gives that move probability 1.
macro_rules! solved_agent {
    ($(#[$doc:meta])* impl[$($generics:tt)*] Agent<G> for $solved:ty where $($bounds:tt)*) => {
        $(#[$doc])*
        impl<$($generics)*> Agent<G> for $solved
        where
            $($bounds)*
        {
            fn choose(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut GameRng) -> G::Move {
                self.choose_with(game, state, seat, rng, &mut Vec::new())
            }

            fn choose_with(
                &mut self,
                game: &G,
                state: &G::State,
                seat: Seat,
                _: &mut GameRng,
                moves: &mut Vec<G::Move>,
            ) -> G::Move {
                moves.clear();
                game.legal_moves(state, moves);
                let pick = self.pick(game, state, seat, moves);
                moves.swap_remove(pick)
            }

            fn probabilities(
                &self,
                game: &G,
                state: &G::State,
                seat: Seat,
                moves: &[G::Move],
                out: &mut Vec<f64>,
            ) -> bool {
                let pick = self.pick(game, state, seat, moves);
                out.extend((0..moves.len()).map(|i| if i == pick { 1.0 } else { 0.0 }));
                true
            }
        }
    };
}
pub(crate) use solved_agent;

mod budget;
mod chain;
pub mod dense;
mod duel;
pub mod each;
mod explore;
pub mod fewest;
mod graph;
mod objective;
mod once;
pub mod optimal;
pub mod proof;
mod race;
mod shortest;
pub mod staged;
mod stationary;
mod turns;
mod walk;

pub use budget::{Cancel, Progress, Stage};
pub use chain::{Cause, Chain, End, Limits, Transition};
pub use dense::{Dense, DenseOptimal};
pub use each::EachOwn;
pub use fewest::Fewest;
pub use objective::{
    Aim, AimError, Aimed, Objective, Reach, ScoreOf, Scores, Terminal, WinChances, WinZeroSum,
};
pub use once::{SOLVED_KEPT, SolveOnce, SolvedKey, solved};
pub use optimal::Optimal;
pub use race::Race;
pub use shortest::{Route, Shortest};
pub use staged::{Play, Staged, Stages};
pub use stationary::Stationary;
pub use turns::{TurnCounts, Turns};
pub use walk::{
    PMF_TAIL, SeatResults, Solution, StepView, Walked, first_max, first_min, goal_chances,
};

/// Why a game could not be solved exactly.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ExactError {
    /// The chain outgrew a limit.
    #[error(
        "too large to solve exactly: more than {limit} {what} (simulate it instead, or raise the limit)"
    )]
    TooLarge {
        /// What overflowed: states, transitions, route entries.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
    /// A reachable state waits for a player's decision.
    #[error(
        "not a pure chance game: seat {seat} must decide in state {state}; exact analysis needs every move decided by chance"
    )]
    Decision {
        /// The seat to decide.
        seat: usize,
        /// The state, debug-printed.
        state: String,
    },
    /// A seat must decide but [`Chain::build_with`] was given no policy
    /// for it.
    #[error(
        "seat {seat} must decide in state {state}, but there are policies for {policies} seats only"
    )]
    NoPolicy {
        /// The seat to decide.
        seat: usize,
        /// How many policies there were.
        policies: usize,
        /// The state, debug-printed.
        state: String,
    },
    /// A decision state lists no legal move.
    #[error("seat {seat} must decide in state {state}, but the game lists no legal move")]
    NoMoves {
        /// The seat to decide.
        seat: usize,
        /// The state, debug-printed.
        state: String,
    },
    /// A seat's agent is not a rule: it gives no probabilities
    /// ([`Agent::probabilities`](tabula_core::Agent::probabilities)), so
    /// it cannot be folded into the game.
    #[error(
        "the agent of seat {seat} is not a fixed rule (it searches or remembers), so it cannot be solved exactly (state {state})"
    )]
    NotARule {
        /// The seat deciding.
        seat: usize,
        /// The state, debug-printed.
        state: String,
    },
    /// A policy's probabilities are not a distribution over the moves.
    #[error(
        "the policy of seat {seat} is not a probability distribution in state {state}: {probabilities:?} for {moves} moves (they must be one per move, none negative, summing to 1)"
    )]
    Policy {
        /// The seat deciding.
        seat: usize,
        /// The state, debug-printed.
        state: String,
        /// How many legal moves there were.
        moves: usize,
        /// The probabilities the policy gave.
        probabilities: Vec<f64>,
    },
    /// A [`Dense`] game's numbering of its states is inconsistent.
    #[error("the game's dense numbering is inconsistent: {what} (state {state})")]
    DenseIndex {
        /// The state concerned, debug-printed (empty if none).
        state: String,
        /// What went wrong.
        what: String,
    },
    /// A chance point lists no outcomes or probabilities not summing to one.
    #[error("chance outcomes of state {state} have total probability {total}, not 1")]
    Probabilities {
        /// The state, debug-printed.
        state: String,
        /// Their sum.
        total: f64,
    },
    /// From some reachable state the game can never end.
    #[error("the game can run forever: it never ends from reachable state {state}")]
    NeverEnds {
        /// The state, debug-printed.
        state: String,
    },
    /// A phase of the solve ran out of its time budget ([`Limits::max_time`]).
    #[error(
        "exact solve gave up after its time limit of {limit_s} s while {stage} (simulate it instead, or raise the limit)"
    )]
    OutOfTime {
        /// The time limit, in seconds.
        limit_s: f64,
        /// What it was doing, and how far it got.
        stage: String,
    },
    /// The solve was stopped from outside ([`Limits::cancel`]).
    #[error("exact solve cancelled while {stage}")]
    Cancelled {
        /// What it was doing, and how far it got.
        stage: String,
    },
    /// A stationary distribution was asked of a game that ends.
    #[error(
        "the game ends (in state {state}): a stationary distribution is for games that never end; solve it instead"
    )]
    Terminates {
        /// A terminal state, debug-printed.
        state: String,
    },
    /// A chain is not irreducible: its long run depends on where it
    /// starts.
    #[error(
        "the chain is not irreducible: state {from} cannot reach state {to}, so there is no single long run"
    )]
    NotIrreducible {
        /// The state that cannot reach `to`, debug-printed.
        from: String,
        /// The state it cannot reach, debug-printed.
        to: String,
    },
    /// A stage start can lead back to itself, so stages cannot be solved
    /// one after another.
    #[error(
        "the stages form a cycle: stage start {state} can lead back to itself; solve the game whole instead"
    )]
    StageCycle {
        /// The stage start met again, debug-printed.
        state: String,
    },
    /// The objective asked for is not solved for this game (its seats).
    #[error("{0}")]
    Unsupported(String),
    /// A game's stages break the contract of [`Stages`].
    #[error("the game's stages are not played alike: {what}")]
    Stages {
        /// What went wrong.
        what: String,
    },
    /// An iterative solve did not reach its tolerance within the limit on
    /// iterations.
    #[error(
        "did not settle: residual {residual:e} after {iterations} iterations (raise the step limit or the tolerance)"
    )]
    NotSettled {
        /// Iterations made.
        iterations: u32,
        /// The residual reached.
        residual: f64,
    },
    /// A duel's meeting rule ([`Chain::duel`]) sent a token to a state
    /// that does not begin a turn, or is not in the chain.
    #[error(
        "the meeting rule sends a token to {state}, which is not a state of the chain that begins a turn"
    )]
    Interaction {
        /// The state, debug-printed.
        state: String,
    },
    /// The distribution did not settle within the step limit.
    #[error(
        "the game is still running with probability {remaining:e} after {steps} steps; too slow to solve"
    )]
    NotConverged {
        /// Steps walked.
        steps: u32,
        /// Probability still running.
        remaining: f64,
    },
}
