//! tabula: simulate, analyse and play board and dice games.
//!
//! This facade re-exports the framework crates; the guide is the book in
//! `book/`, and `cargo run --release --example snakes` is the front door.
//!
//! ```
//! use tabula::sim::Simulation;
//! use tabula::snakes::{Board, ReportOptions, Setup};
//!
//! let setup = Setup::new(Board::classic(), None, 1)?;
//! let report = setup.simulate(&Simulation::new(10_000).seed(42), &ReportOptions::default(), &|_| {})?;
//! assert_eq!(report.throws.min, 7);
//! assert_eq!(report.squares.most_popular, 44);
//! # Ok::<_, tabula::snakes::SnakesError>(())
//! ```
#![deny(missing_docs)]

/// Chance-it.
pub use tabula_chance_it as chance_it;
/// Traits, dice, random streams, registry, RON loading.
pub use tabula_core as core;
/// Exact analysis of chance games.
pub use tabula_exact as exact;
/// noline.
pub use tabula_noline as noline;
/// Pictures: board heat maps, charts, HTML reports.
pub use tabula_plot as plot;
/// Seega.
pub use tabula_seega as seega;
/// The simulation harness and statistics collectors.
pub use tabula_sim as sim;
/// Snakes and Ladders.
pub use tabula_snakes as snakes;
