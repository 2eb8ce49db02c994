//! tabula: simulate, analyse and play board and dice games.
//!
//! This facade re-exports the framework crates and, with its default
//! features, links the eight games that ship with tabula (`games`) and the
//! web front end (`serve`); its binaries are the `tabula` command, the
//! book's preprocessor `mdbook-tabula`, and the specifications' programs `noline`
//! and `chance-it`. The guide is the book in `book/`, and
//! `cargo run --release --example snakes` is the front door.
//!
//! A game of your own depends on the framework alone: `tabula = { ...,
//! default-features = false }` is the foundation, the generic verbs and
//! the command line, and compiles none of the shipped games, nor axum and
//! tokio (add `features = ["serve"]` for `tabula serve`). Each shipped game
//! is a feature of its own, named as the command line names the game
//! (`features = ["seega"]`, `["chance-it"]`); `games` is all eight.
//!
//! ```
//! # #[cfg(feature = "snakes")] {
//! use tabula::sim::Simulation;
//! use tabula::snakes::{Board, ReportOptions, Setup};
//!
//! let setup = Setup::new(Board::classic(), None, 1)?;
//! let report = setup.simulate(&Simulation::new(10_000).with_seed(42), &ReportOptions::default(), &|_| {})?;
//! assert_eq!(report.throws.min, 7);
//! assert_eq!(report.squares.most_popular, 44);
//! # }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Your own `tabula`, with a game of your own beside these eight: depend on
//! `tabula` and your game's crate, and write
//!
//! ```no_run
//! // use my_game as _; // link your game: its registration joins the list
//! fn main() -> std::process::ExitCode {
//!     tabula::main()
//! }
//! ```
#![deny(missing_docs)]

/// The `tabula` command line, built from the linked games.
pub use tabula_cli as cli;
/// Traits, dice, random streams, registry, RON loading.
pub use tabula_core as core;
/// Exact analysis of chance games.
pub use tabula_exact as exact;
/// The book's preprocessor, which runs `tabula` commands as the book builds.
#[cfg(feature = "serve")]
pub use tabula_mdbook as mdbook;
/// Play for every game: agent registry, referee, records, terminal play,
/// tournaments.
pub use tabula_play as play;
/// The front ends' drawing: pictures as SVG, HTML reports.
pub use tabula_plot as plot;
/// The registration a game makes for the front ends: commands and reports.
pub use tabula_registry as registry;
/// Pictures of results as data: what to draw (board heat maps, charts).
pub use tabula_registry::picture;
/// Generic search agents: random, greedy, alpha-beta, MCTS.
pub use tabula_search as search;
/// The simulation harness and statistics collectors.
pub use tabula_sim as sim;
/// The generic verbs (simulate, analyze, tournament, play, replay) and
/// their reports, registered for every linked game.
pub use tabula_verbs as verbs;

// The one list of games linked into the binaries that ship tabula. A game
// joins by being named here (in this workspace) or, from outside, by
// being linked into a binary of your own (see the crate docs).
/// Backgammon, checked against OpenSpiel.
#[cfg(feature = "backgammon")]
pub use tabula_backgammon as backgammon;
/// Chance-it (specification 003).
#[cfg(feature = "chance-it")]
pub use tabula_chance_it as chance_it;
/// Caribbean Cruising, the sailing race (specification 004).
#[cfg(feature = "cruising")]
pub use tabula_cruising as cruising;
/// Monopoly's movement model (long-run occupancy).
#[cfg(feature = "monopoly")]
pub use tabula_monopoly as monopoly;
/// noline (specification 002).
#[cfg(feature = "noline")]
pub use tabula_noline as noline;
/// Pig, OpenSpiel's rules and action numbering.
#[cfg(feature = "pig")]
pub use tabula_pig as pig;
/// Seega (specification 004).
#[cfg(feature = "seega")]
pub use tabula_seega as seega;
/// Snakes and Ladders (specifications 000 and 001).
#[cfg(feature = "snakes")]
pub use tabula_snakes as snakes;

/// The web front end, `tabula serve`.
#[cfg(feature = "serve")]
pub use tabula_serve as serve;

/// The `tabula` command line with the process's arguments, over every
/// game linked into the program: the eight above (feature `games`) and any
/// other game crate the program links, and `tabula serve`, the web front
/// end (feature `serve`).
pub fn main() -> std::process::ExitCode {
    #[cfg(feature = "serve")]
    return tabula_cli::main_with(&[tabula_cli::Extra {
        name: "serve",
        about: tabula_serve::ABOUT,
        arguments: tabula_serve::arguments,
        run: tabula_serve::run_io,
    }]);
    #[cfg(not(feature = "serve"))]
    return tabula_cli::main();
}
