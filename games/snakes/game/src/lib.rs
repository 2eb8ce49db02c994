//! Snakes and Ladders (Chutes and Ladders) itself: boards written in RON,
//! rule sets chosen by name, the game as a [`BoardGame`](tabula_core::BoardGame),
//! and its exact solution as a Markov chain. The crate `tabula-snakes`
//! re-exports all of it with the seed-000 report and the game's commands;
//! depend on that one.
//!
//! ```
//! use tabula_snakes_game::analysis::{AnalysisOptions, analyze};
//! use tabula_snakes_game::{Board, Exact};
//!
//! let board = Board::classic();
//! let a = analyze(&board, &Exact, &AnalysisOptions::default())?;
//! // Althoen, King and Schilling (1993): 39.2251 throws under exact finish.
//! assert!((a.throws.mean - 39.225122).abs() < 1e-6);
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```
//!
//! Modules, each importing only those listed before it (no cycles):
//! `board` (the board type and layout checks), `plugin` (the [`Rules`]
//! trait, [`Step`], [`Turn`]), `game` (the `BoardGame`), `playable` (the
//! playability check, on the game's chain), `popularity`, `trace`, `analysis`, `erased` ([`ErasedRules`]),
//! `registry` ([`RuleSet`]), `builtin` (the built-in rule sets), `load`
//! (the board loaders, which check the default rule set), `recorded` (records
//! of games, [`recorded::Recorded`]); `rules` gathers
//! the rule-set items under one public path.
#![deny(missing_docs)]

pub mod analysis;
pub mod board;
mod builtin;
pub mod erased;
pub mod game;
mod load;
mod playable;
mod plugin;
pub mod popularity;
pub mod recorded;
pub mod registry;
pub mod rules;
pub mod trace;

pub use analysis::{Analysis, AnalysisOptions, Require};
pub use board::{Board, BoardSpec, Jump};
pub use erased::ErasedRules;
pub use game::{Event, MAX_SEATS, Snakes, State};
pub use rules::{Bounce, Bump, Exact, Overshoot, RuleSet, Rules, SixAgain, SixesHome, Step, Turn};
pub use trace::{Throw, Trace};
