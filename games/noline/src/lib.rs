//! noline for tabula (specification 002): two players place tiles on a square grid
//! in turn, and whoever makes a line of three of their own loses. The
//! specification's exact command-line program, agents, and a perfect solver, all
//! on one implementation of the rules.
//!
//! ```
//! use tabula_noline::solve::{Value, solve};
//!
//! // 3 x 3, solved from the empty board: a draw.
//! let solution = solve(3, 10_000_000)?;
//! assert_eq!(solution.dim, 3);
//! assert_eq!(solution.value, Some(Value::Draw));
//! # Ok::<_, tabula_noline::NolineError>(())
//! ```
//!
//! The registration with the command line and the modules `commands` and
//! `tournament` come with the feature `commands` (on by default). Without
//! it the crate is the rules, the agents, the search, the solver and the
//! specification's program, and compiles without `tabula-registry`
//! (`cargo build -p tabula-noline --no-default-features`).
#![deny(missing_docs)]

pub mod agents;
pub mod board;
#[cfg(feature = "commands")]
pub mod commands;
mod error;
pub mod game;
pub mod program;
pub mod search;
pub mod solve;
#[cfg(feature = "commands")]
pub mod tournament;

pub use board::{Cell, Grid};
pub use error::NolineError;
pub use game::{Dim, Noline, Place, State};

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: Noline,
    summary: "noline, specification 002's tile game: make a line of three of your own and you lose",
    agents: "type1,type2",
    build: |g| g
        .options("analyze", commands::analyze_arguments)
        .solver(commands::ProofSolve)
        .options("play", commands::play_arguments)
        .play_setup(commands::play_setup)
        .look(tabula_registry::TerminalLook {
            opening: Some(|_, _, seed, picked| commands::play_opening(seed, picked)),
            ..Default::default()
        })
        .tournament(tabula_registry::TournamentSetup {
            configure: Some(tournament::configure),
            check: None,
        })
        .options("tournament", |a| a.more_help(tournament::HELP))
        .sections(tournament::sections),
}
