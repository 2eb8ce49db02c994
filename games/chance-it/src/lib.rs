//! Chance-it for tabula (specification 003): the dice game, its strategy plugins,
//! exact optimal play, tournaments and play at the terminal.
//!
//! ```
//! use tabula_chance_it::{Config, Optimal, strategy, win};
//!
//! let config = Config::specification(); // two six-sided dice, 10 rounds, 2 players
//! // The best expected score of one turn, solved by the framework.
//! let optimal = Optimal::new(config.dice())?;
//! assert!(optimal.expected_turn_score() > 7.0);
//! // The specification's two strategies against each other, exactly.
//! let until_ten = strategy::build("until-ten", &config)?;
//! let tapering = strategy::build("tapering", &config)?;
//! let [first, second, tie] = win::exact_outcome(&config, &until_ten, &tapering).unwrap();
//! assert!((first + second + tie - 1.0).abs() < 1e-12);
//! # Ok::<_, tabula_chance_it::ChanceItError>(())
//! ```
//!
//! A strategy of your own is a [`Strategy`] made from one function of the
//! turn seen, registered once with [`register_strategy!`] in the
//! framework's agent registry: every tool (analysis, tournaments,
//! terminal play, `tabula_play::agents::build`) then finds it by name; see
//! the book's tutorial "Write a strategy".
//!
//! The registration with the command line and the modules `commands`,
//! `extension` and `pictures` come with the feature `commands` (on by
//! default). Without it the crate is the rules, the strategies, the
//! solvers and the tournament, and compiles without `tabula-registry` (`cargo build -p tabula-chance-it --no-default-features`).
#![deny(missing_docs)]

pub mod analysis;
#[cfg(feature = "commands")]
pub mod commands;
pub mod config;
mod error;
#[cfg(feature = "commands")]
pub mod extension;
pub mod game;
pub mod look;
#[cfg(feature = "commands")]
pub mod pictures;
pub mod stages;
pub mod strategy;
pub mod tournament;
pub mod turn;
pub mod win;

pub use config::{Config, ConfigSpec};
pub use error::ChanceItError;
pub use game::{ChanceIt, Event, Move, State};
pub use strategy::{Depends, PairChances, Strategy, StrategyEntry, TurnView};
pub use turn::{Optimal, Values};
pub use win::WinOptimal;

#[cfg(feature = "commands")]
use tabula_registry::PluginInfo;

#[doc(hidden)]
pub use inventory;
#[doc(hidden)]
pub use tabula_play;

#[cfg(feature = "commands")]
fn plugins() -> Result<Vec<PluginInfo>, tabula_core::CoreError> {
    Ok(strategy::all()?
        .into_iter()
        .map(|s| PluginInfo {
            kind: "strategy",
            name: s.name,
            summary: s.summary,
        })
        .collect())
}

#[cfg(feature = "commands")]
tabula_registry::register_game! {
    game: ChanceIt,
    summary: "Chance-it, the dice game of specification 003: roll, then stop or chance it",
    agents: "until-ten,tapering",
    tournament_games: 10_000,
    build: |g| extension::capabilities(g).plugins(plugins),
}
