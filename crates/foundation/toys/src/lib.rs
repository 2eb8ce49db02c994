//! Toy games for tabula's own tests and benchmarks: one definition of
//! each small game that more than one test or benchmark plays, instead of
//! a copy in each. A dev-dependency only (never published); without
//! features it depends on `tabula-core` alone, so any foundation crate's
//! tests may use it.
//!
//! - [`Nim`]: take 1 to `most` from a pile (or, with `pass`, none), two
//!   seats; whoever takes the last wins. No chance.
//! - [`Gamble`]: one seat stops for points or throws a die, a one
//!   leading back to the decision (a cycle through one state).
//! - [`Pig`]: the book's tutorial Pig (`book/tutorials/pig`), rule for
//!   rule: roll a die or hold, a 1 loses the turn total, the first to the
//!   target wins at once.
//! - [`KeepLast`]: turns of "roll a die up to n times, keep the last",
//!   one seat, scored by the sum; optionally a cycle of turns.
//!
//! Every toy game in the tests has a name of its own that says what it
//! is; `tests/layers.rs` (`each_toy_game_has_a_name_of_its_own`) fails
//! when two games in test, bench or example code share a name, or one
//! takes a name of the kit's.
//!
//! # The other crates' traits: features
//!
//! An integration test cannot implement another crate's trait for a toy
//! (the orphan rule: neither the trait nor the type is the test's), so
//! the kit implements them itself, each behind a feature that makes the
//! kit depend on that crate:
//!
//! | feature  | implements                                          | for                          |
//! |----------|-----------------------------------------------------|------------------------------|
//! | `exact`  | `tabula_exact::Dense` (states numbered)             | [`Pig`]                      |
//! | `play`   | `tabula_play::record::Recordable`, `tabula_play::notation::Notation` | [`Nim`] (serde too) |
//! | `search` | `tabula_search::Heuristic` (the default), and the four search agents registered | [`Nim`] |
//!
//! A crate's dev-dependency turns its feature on
//! (`tabula-toys = { workspace = true, features = ["search"] }` in
//! `tabula-search`): a cycle of a dev-dependency, which Cargo allows.
//! What it means differs by kind of test:
//!
//! - **Integration tests, examples and benchmarks** (`tests/`,
//!   `examples/`, `benches/`) link the crate's library, the very one the
//!   kit was built against: the kit's impls are impls of their trait, and
//!   they use them.
//! - **Unit tests** (`cfg(test)` modules in `src/`) are the crate
//!   compiled a second time, as a test harness: the kit still links (and
//!   builds), but against the library, a second copy whose traits and
//!   types are not the unit test's own. A unit test uses the toys' rules
//!   alone ([`BoardGame`](tabula_core::BoardGame) is `tabula-core`'s, a
//!   single copy) and implements its own crate's traits for them itself,
//!   where the trait is local (`tabula-search`'s MCTS test does, for
//!   [`Nim`]). A unit test of `tabula-core` cannot use the kit at all.
//!
//! A test that needs a numbering or a trait of its own beyond these (a
//! wrong numbering, a different order of states) wraps the kit's game in
//! a newtype of its own that forwards the rules, rather than copying
//! them.
//!
//! ```
//! use tabula_core::{BoardGame, GameResult, Status};
//! use tabula_toys::Nim;
//!
//! let nim = Nim::one_or_two(3);
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
pub mod keep;
pub mod nim;
pub mod pig;

pub use gamble::Gamble;
pub use keep::KeepLast;
pub use nim::Nim;
pub use pig::Pig;
