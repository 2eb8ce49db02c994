//! [`NolineError`]: everything that can go wrong in this crate, in one
//! enum.

use crate::agents::PERFECT_MAX_DIM;
use crate::search::SEARCH_MAX_DIM;

/// Errors of the noline game: positions the solver could not settle,
/// and agents that cannot be built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NolineError {
    /// The board is too large for the solver's keys.
    #[error("the solver handles boards up to 8 x 8 (odd boards up to 7 x 7), not {0} x {0}")]
    TooLarge(usize),
    /// The `perfect` agent asked for a board beyond the solver.
    #[error(
        "perfect plays exactly only on boards up to {PERFECT_MAX_DIM}x{PERFECT_MAX_DIM}; {0}x{0} is beyond the solver (see the book's noline chapter)"
    )]
    PerfectTooLarge(usize),
    /// A search agent asked for a board beyond [`SEARCH_MAX_DIM`].
    #[error(
        "greedy, alphabeta and mcts play on boards up to {SEARCH_MAX_DIM}x{SEARCH_MAX_DIM}; {0}x{0} would make every move take minutes"
    )]
    SearchTooLarge(usize),
    /// The game's registration could not make its solved play (the
    /// message says why).
    #[error("{0}")]
    Solved(String),
}
