//! Snakes and Ladders (Chutes and Ladders) for tabula: boards written in
//! RON, rule sets chosen by name, the game as a
//! [`BoardGame`](tabula_core::BoardGame), its exact solution as a Markov
//! chain, and the specification-000 report.
//!
//! ```
//! use tabula_snakes::{Board, ReportOptions, Setup};
//! use tabula_sim::Simulation;
//!
//! let setup = Setup::new(Board::classic(), Some("exact"), 1)?;
//! let sim = Simulation::new(20_000).with_seed(1);
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
//! The game has one [`BoardGame`](tabula_core::BoardGame): [`Snakes`]`<R>`,
//! generic over its rules. A rule set chosen by name is a [`RuleSet`],
//! itself a rule type (its rules behind a [`DynRules`], its per-token
//! state packed, [`Pack`]): [`Snakes`]`<RuleSet>` is the game records,
//! replay and the command line know ([`recorded::Recorded`]). A service
//! that plays many games is written once, generic over the rule type, as
//! a [`WithRules`], and run through [`with_rules`], which hands it a
//! built-in rule set's own type (so its loop is compiled for that type)
//! and any other rule set as the [`RuleSet`] itself.
//!
//! Modules, each importing only those listed before it (no cycles):
//! `board` (the board type and layout checks), `plugin` (the [`Rules`]
//! trait, [`Effect`], [`Turn`]), `game` (the `BoardGame`, and its speed
//! path, [`tabula_sim::Tallied`]), `playable` (the playability check, on
//! the game's chain), `popularity`, `trace`, `analysis`, `registry`
//! ([`RuleSet`], [`DynRules`], [`Pack`]), `builtin` (the built-in rule
//! sets), `dispatch` ([`WithRules`], [`with_rules`]), `load` (the board
//! loaders, which check the default rule set), `recorded` (records of
//! games, the parameters, [`recorded::Recorded`]); `rules` gathers the
//! rule-set items under one public path. Then what tabula shows of the
//! game: `report` and `setup` (the specification-000 simulation report), `params`
//! (the parameters: options, spec strings, records, `tabula list`) and,
//! with the feature `commands` (on by default), `pictures` and
//! `commands`, what Snakes adds to the generic `simulate` and `analyze`
//! (its options, simulation and solver) for the game's one registration, and
//! `designer`, the board
//! designer page it contributes to `tabula serve`. Without that feature the
//! crate is the rules and the report alone: it compiles without `tabula-registry`
//! (`cargo build -p tabula-snakes
//! --no-default-features`).
#![deny(missing_docs)]

pub mod analysis;
pub mod board;
mod builtin;
#[cfg(feature = "commands")]
pub mod commands;
#[cfg(feature = "commands")]
pub mod designer;
mod dispatch;
mod error;
pub mod game;
mod load;
pub mod params;
#[cfg(feature = "commands")]
pub mod pictures;
mod playable;
mod plugin;
pub mod popularity;
pub mod recorded;
pub mod registry;
pub mod report;
pub mod rules;
mod setup;
pub mod trace;

pub use analysis::{Analysis, AnalysisOptions, Require};
pub use board::{Board, BoardSpec, Jump};
pub use dispatch::{WithRules, with_rule_set, with_rules};
pub use error::SnakesError;
pub use game::{BoardRef, Event, MAX_SEATS, NoMove, Snakes, State};
pub use report::{BoardReport, ReportOptions};
pub use rules::{
    Bounce, Bump, DynRules, Effect, ExactFinish, Overshoot, Pack, RuleSet, Rules, SixAgain,
    SixesHome, Turn,
};
pub use setup::{REPORT_MAX_STATES, REPORT_MAX_TIME, Setup, report_limits};
pub use trace::{Throw, Trace};

#[cfg(feature = "commands")]
use tabula_registry::PluginInfo;

/// The game's plugins for `tabula list`: its built-in boards and its rule
/// sets, sorted by kind, then name.
#[cfg(feature = "commands")]
fn plugins() -> Result<Vec<PluginInfo>, tabula_core::CoreError> {
    let mut plugins: Vec<PluginInfo> = rules::all()?
        .into_iter()
        .map(|r| PluginInfo {
            kind: "rule set",
            name: r.name,
            summary: r.summary,
        })
        .collect();
    plugins.extend(board::BUILT_IN.iter().map(|(name, _)| PluginInfo {
        kind: "board",
        name,
        summary: match *name {
            "classic" => {
                "Classic Chutes and Ladders, 100 squares, one die (specifications 000 and 001; the default)"
            }
            "teaching" => "20 squares, one die, rules exact: small enough to follow a game by hand",
            "two-dice" => "12 x 12 squares, two dice, rules bounce",
            _ => "a built-in board",
        },
    }));
    plugins.sort_by_key(|p| (p.kind, p.name));
    Ok(plugins)
}

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: recorded::Recorded,
    summary: commands::SUMMARY,
    games: 1_000_000,
    // The generic `simulate` and `analyze` with Snakes' simulation and
    // solver, and their options.
    build: |g| commands::capabilities(g).plugins(plugins),
}
