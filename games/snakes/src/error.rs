//! The game's error type.

use crate::game::MAX_SEATS;

/// Errors of the snakes game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SnakesError {
    /// A board file that cannot be used.
    #[error(transparent)]
    Board(#[from] tabula_core::spec::SpecError),
    /// An unknown rule set or a registry problem.
    #[error(transparent)]
    Registry(#[from] tabula_core::CoreError),
    /// A board on which some game could never finish under these rules.
    #[error("{board}: under rules {rules:?}: {message}")]
    Unplayable {
        /// The board's source.
        board: String,
        /// The rule set.
        rules: &'static str,
        /// What cannot be reached.
        message: String,
    },
    /// A bad number of players.
    #[error("players must be from 1 to {MAX_SEATS}, found {0}")]
    Players(usize),
    /// The joint chain of all tokens (rules that move other tokens,
    /// several players) outgrew a limit of the solver.
    #[error(
        "too large to solve exactly: under rules {rules:?} the {players} players' tokens are solved together (the rules {why}), and their joint chain reached the limit of {limit} {what} (a token can rest on {squares} squares, so there are up to about {estimate:.1e} joint states); raise the limit with --max-states (Limits::max_states), use fewer players, or simulate instead"
    )]
    JointTooLarge {
        /// The rule set.
        rules: &'static str,
        /// Players.
        players: u8,
        /// Why the joint chain is needed.
        why: &'static str,
        /// What reached its limit: states or transitions.
        what: &'static str,
        /// The limit reached.
        limit: usize,
        /// Squares a token can rest on (the start included, squares that
        /// start a ladder or chute and the last square left out).
        squares: usize,
        /// An upper estimate of the joint chain's states.
        estimate: f64,
    },
    /// The board could not be solved exactly.
    #[error(transparent)]
    Exact(#[from] tabula_exact::ExactError),
    /// The simulation failed.
    #[error(transparent)]
    Sim(#[from] tabula_sim::SimError),
}
