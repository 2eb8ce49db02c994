//! Snakes and Ladders (Chutes and Ladders) for tabula: boards written in
//! RON, rule sets chosen by name, and the seed-000 report.
//!
//! ```
//! use tabula_snakes::{Board, ReportOptions, Setup};
//! use tabula_sim::Simulation;
//!
//! let setup = Setup::new(Board::classic(), Some("exact"), 1)?;
//! let sim = Simulation::new(20_000).seed(1);
//! let report = setup.simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})?;
//! // The exact expected number of throws under exact finish is 39.2251
//! // (Althoen, King and Schilling 1993).
//! assert!((report.throws.mean - 39.2251).abs() < 5.0 * report.throws.std_error);
//! assert_eq!(report.shortest_game.squares.last(), Some(&100));
//! # Ok::<_, tabula_snakes::SnakesError>(())
//! ```
//!
//! A rule set of your own is a type implementing [`Rules`], registered
//! with `inventory::submit! { RuleSet { name, summary, rules: &MyRules } }`;
//! every tool then finds it by name. See the book's tutorial.
//!
//! Modules, each importing only those listed before it (no cycles):
//! `board` (the board type and layout checks), `plugin` (the [`Rules`]
//! trait, [`Step`], [`Turn`], playability), `game` (the [`BoardGame`](tabula_core::BoardGame)),
//! `popularity`, `trace`, `analysis`, `erased` ([`ErasedRules`]),
//! `registry` ([`RuleSet`]), `builtin` (the built-in rule sets), `load`
//! (the board loaders, which check the default rule set), `error`,
//! `report`, `setup` ([`Setup`]); `rules` gathers the rule-set items under
//! one public path.
#![deny(missing_docs)]

pub mod analysis;
pub mod board;
mod builtin;
pub mod erased;
mod error;
pub mod game;
mod load;
mod plugin;
mod popularity;
mod registry;
pub mod report;
pub mod rules;
mod setup;
pub mod trace;

pub use analysis::{Analysis, AnalysisOptions, Require};
pub use board::{Board, BoardSpec, Jump};
pub use erased::ErasedRules;
pub use game::{Event, MAX_SEATS, Snakes, State};
pub use report::{Report, ReportOptions};
pub use rules::{Bounce, Bump, Exact, Overshoot, RuleSet, Rules, SixAgain, SixesHome, Step, Turn};
pub use trace::{Throw, Trace};

pub use error::SnakesError;
pub use setup::{REPORT_MAX_STATES, REPORT_MAX_TIME, Setup, report_limits};
