//! Monopoly's movement model for tabula: one token going round the
//! standard US board (a RON file), Chance and Community Chest decks (RON),
//! two dice whose doubles matter, and jail rules as plugins. The game
//! never ends, so the question is the long run: the share of turns that
//! end on each square, solved exactly as a Markov chain's stationary
//! distribution and checked by simulation.
//!
//! ```
//! use tabula_exact::Limits;
//! use tabula_monopoly::{Board, Cards, Monopoly, analysis, jail};
//!
//! let game = Monopoly::new(Board::standard(), Cards::standard(), jail::find("doubles")?);
//! let exact = analysis::occupancy(&game, &Limits::default())?;
//! let total: f64 = exact.turn_end.iter().sum();
//! assert!((total - 1.0).abs() < 1e-9);
//! // No turn ends on Go To Jail; Jail is the most likely square.
//! assert_eq!(exact.turn_end[30], 0.0);
//! let top = (0..40).max_by(|&a, &b| exact.turn_end[a].total_cmp(&exact.turn_end[b]));
//! assert_eq!(top, Some(10));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! With the feature `commands` (on by default) the crate also registers
//! the game with the command line: `commands`, `simulate` (the sampled
//! estimates) and `pictures`. Without it the crate is the rules and the
//! exact analysis, and compiles without `tabula-registry`
//! (`cargo build -p tabula-monopoly --no-default-features`).
#![deny(missing_docs)]

pub mod analysis;
pub mod board;
#[cfg(feature = "commands")]
pub mod commands;
mod error;
pub mod game;
pub mod jail;
pub mod params;
#[cfg(feature = "commands")]
pub mod pictures;
#[cfg(feature = "commands")]
pub mod simulate;

pub use board::{Board, Cards, Deck, Kind};
pub use error::MonopolyError;
pub use game::{Draw, Event, Monopoly, Outcome, State};
pub use jail::{Jail, JailRule, Release};

#[cfg(feature = "commands")]
use tabula_registry::PluginInfo;

/// The game's plugins for `tabula list`: its jail rules.
#[cfg(feature = "commands")]
fn plugins() -> Result<Vec<PluginInfo>, tabula_core::CoreError> {
    Ok(jail::all()?
        .into_iter()
        .map(|r| PluginInfo {
            kind: "jail rule",
            name: r.name,
            summary: r.summary,
        })
        .collect())
}

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: Monopoly,
    summary: "Monopoly's movement model: the long-run share of turns ending on each square, exact and simulated",
    build: |g| g
        .long_run(commands::LONG_RUN)
        .options("analyze", commands::analyze_arguments)
        .options("simulate", commands::jail_menu)
        .sampler(commands::Sampling)
        .plugins(plugins),
}
