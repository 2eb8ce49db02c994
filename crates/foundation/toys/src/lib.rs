//! Toy games for tabula's own tests and benchmarks: one definition of
//! each small game that more than one test or benchmark plays, instead of
//! a copy in each. A dev-dependency only (never published); it depends on
//! `tabula-core` alone, so any foundation crate's tests may use it.
//!
//! - [`Nim`]: take 1 to `most` from a pile, two seats; whoever takes the
//!   last wins. No chance.
//! - [`Gamble`]: one seat stops for points or throws a die, a one
//!   leading back to the decision (a cycle through one state).
//! - [`Pig`]: the book's tutorial Pig (`book/tutorials/pig`), rule for
//!   rule: roll a die or hold, a 1 loses the turn total, the first to the
//!   target wins at once.
//!
//! A test that needs a trait of its own crate on a toy (a heuristic, a
//! numbering) implements it in a unit test, where the trait is local; an
//! integration test cannot (the orphan rule), and keeps its own copy.
//!
//! ```
//! use tabula_core::{BoardGame, GameResult, Status};
//! use tabula_toys::Nim;
//!
//! let nim = Nim { pile: 3, most: 2 };
//! let mut s = nim.initial_state();
//! let mut moves = Vec::new();
//! nim.legal_moves(&s, &mut moves);
//! assert_eq!(moves, [1, 2]);
//! nim.apply_move(&mut s, 2, &mut |_| {});
//! nim.apply_move(&mut s, 1, &mut |_| {});
//! assert_eq!(nim.status(&s), Status::Over(GameResult::Win(1)));
//! ```

#![deny(missing_docs)]

pub mod gamble;
pub mod nim;
pub mod pig;

pub use gamble::Gamble;
pub use nim::Nim;
pub use pig::Pig;
