//! Generic search agents for any tabula game whose states can be
//! evaluated and hashed: [`Random`], [`Greedy`], [`AlphaBeta`] (with
//! chance points by *-minimax) and [`Mcts`] (UCT, any number of seats,
//! chance points), each an [`Agent`](tabula_core::Agent), thinking within
//! a [`Budget`] of work or time.
//!
//! A game supplies a [`Heuristic`], a capability (not an agent): an
//! evaluation in `[-1, 1]` and a key for transposition tables, with
//! optional hooks for the moves search considers, move ordering and the
//! playout policy. [`register_search_agents!`] is sugar over the one agent
//! registry ([`tabula_play::agents::AgentEntry`]): four entries.
//!
//! ```
//! use tabula_core::{Agent, BoardGame, GameResult, Seat, Status, game_rng};
//! use tabula_search::{AlphaBeta, Budget, Heuristic, Mcts, hash_key};
//!
//! /// Take one or two from a pile; whoever takes the last wins.
//! struct Nim;
//!
//! impl BoardGame for Nim {
//!     type State = (u32, Seat); // (pile, seat to move)
//!     type Move = u32;
//!     type Outcome = ();
//!     type Event = ();
//!     fn seats(&self) -> usize { 2 }
//!     fn initial_state(&self) -> (u32, Seat) { (7, 0) }
//!     fn status(&self, &(pile, seat): &(u32, Seat)) -> Status {
//!         if pile == 0 { Status::Over(GameResult::Win(1 - seat)) } else { Status::Decision(seat) }
//!     }
//!     fn apply_chance<E: FnMut(())>(&self, _: &mut (u32, Seat), _: (), _: &mut E) {}
//!     fn apply_move<E: FnMut(())>(&self, s: &mut (u32, Seat), take: u32, _: &mut E) {
//!         *s = (s.0 - take, 1 - s.1);
//!     }
//!     fn legal_moves(&self, s: &(u32, Seat), out: &mut Vec<u32>) {
//!         out.extend((1..=2).filter(|&take| take <= s.0));
//!     }
//! }
//!
//! impl Heuristic for Nim {
//!     fn evaluate(&self, _: &(u32, Seat), _: Seat) -> f64 { 0.0 }
//!     fn state_key(&self, state: &(u32, Seat)) -> u64 { hash_key(state) }
//! }
//!
//! // From 7, taking 1 leaves a multiple of 3: a sure win.
//! let mut rng = game_rng(1, 0);
//! let mut alphabeta = AlphaBeta::new(Budget::parse("20000")?);
//! assert_eq!(alphabeta.choose(&Nim, &(7, 0), 0, &mut rng), 1);
//! let mut mcts = Mcts::new(Budget::Work(2_000));
//! assert_eq!(mcts.choose(&Nim, &(7, 0), 0, &mut rng), 1);
//! # Ok::<_, tabula_search::BudgetError>(())
//! ```
//!
//! Agents never panic at a state with one candidate move (they answer it
//! without searching), nor when search meets a chance point with no
//! outcome or a decision with no move (those are evaluated as leaves).
//! Asked to choose at a state with no legal move at all, they panic: a
//! decision state always has one.
#![deny(missing_docs)]

mod alphabeta;
mod budget;
mod greedy;
mod heuristic;
mod mcts;
mod random;
pub mod register;

pub use alphabeta::{AlphaBeta, MAX_DEPTH, SearchStats};
pub use budget::{Budget, BudgetError, MAX_TIME_MS, MAX_WORK};
pub use greedy::{CHANCE_DEPTH, Greedy};
pub use heuristic::{EVAL_BOUND, Heuristic, WIN, hash_key, prefer_random};
pub use mcts::{MAX_TREE_BYTES, Mcts, PLAYOUT_STEPS};
pub use random::Random;

/// Default budgets: 20000 nodes for [`AlphaBeta`], 1000 playouts for
/// [`Mcts`].
pub mod defaults {
    pub use crate::alphabeta::DEFAULT_BUDGET as ALPHABETA;
    pub use crate::mcts::DEFAULT_BUDGET as MCTS;
}
