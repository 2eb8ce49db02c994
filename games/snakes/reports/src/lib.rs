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
//! The game itself (boards, rule sets, the `BoardGame`, the exact
//! analysis) is the crate `tabula-snakes-game`, re-exported here; this
//! crate adds what tabula shows of it: the seed-000 simulation report
//! (`report`, `setup`), its pictures (`pictures`) and the game's one
//! registration with its commands (`commands`).
#![deny(missing_docs)]

pub mod commands;
mod error;
pub mod params;
pub mod pictures;
pub mod report;
mod setup;

pub use tabula_snakes_game::{analysis, board, erased, game, recorded, rules, trace};
use tabula_snakes_game::{popularity, registry};

pub use report::{Report, ReportOptions};
pub use tabula_snakes_game::{
    Analysis, AnalysisOptions, Board, BoardSpec, Bounce, Bump, ErasedRules, Event, Exact, Jump,
    MAX_SEATS, Overshoot, Require, RuleSet, Rules, SixAgain, SixesHome, Snakes, State, Step, Throw,
    Trace, Turn,
};

pub use error::SnakesError;
pub use setup::{REPORT_MAX_STATES, REPORT_MAX_TIME, Setup, report_limits};

use tabula_app::PluginInfo;

/// The game's plugins for `tabula list`: its built-in boards and its rule
/// sets, sorted by kind, then name.
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
                "Classic Chutes and Ladders, 100 squares, one die (seeds 000 and 001; the default)"
            }
            "teaching" => "20 squares, one die, rules exact: small enough to follow a game by hand",
            "two-dice" => "12 x 12 squares, two dice, rules bounce",
            _ => "a built-in board",
        },
    }));
    plugins.sort_by_key(|p| (p.kind, p.name));
    Ok(plugins)
}

tabula_app::register_game! {
    game: recorded::Recorded,
    summary: "Snakes (Chutes) and Ladders on any RON board (seeds 000 and 001)",
    verbs: [replay],
    parameters: params::SetupParameters,
    plugins: plugins,
    extra: [&commands::SIMULATE, &commands::ANALYZE],
}
