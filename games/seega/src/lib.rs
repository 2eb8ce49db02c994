//! Seega for tabula (seed 004): the capture game on an odd n × n board,
//! an agent API in the spirit of the seed's `InitGame` / `PlacePieces` /
//! `MovePiece` / `TermGame`, built-in agents (`random`, `greedy`,
//! `alphabeta`, `mcts`), a referee that checks every answer and survives
//! panics, game records with replay, the seed's tournament, and play at
//! the terminal.
//!
//! ```
//! use tabula_seega::{Rules, Side, agent, referee::play_game};
//!
//! let rules = Rules::new(5, 30, Side::Black)?;
//! let mut black = agent::build("greedy")?;
//! let mut white = agent::build("random")?;
//! let mut rng = tabula_core::game_rng(1, 0);
//! let report = play_game(rules, [black.as_mut(), white.as_mut()], ["greedy", "random"], &mut rng);
//! println!("{}", report.outcome);
//! assert!(report.fault.is_none()); // built-in agents never answer illegally
//! # Ok::<_, tabula_seega::SeegaError>(())
//! ```
//!
//! Where the rules live: [`rules`] (the position, legality and captures),
//! [`agent`] (the API and registry), [`agents`] (the built-in players),
//! [`referee`] (one game), [`tournament`], [`record`] (records and
//! replay), [`play`] (the terminal); every error is a [`SeegaError`].
#![deny(missing_docs)]

pub mod agent;
pub mod agents;
pub mod board;
pub mod commands;
mod error;
pub mod game;
pub mod pictures;
pub mod play;
pub mod record;
pub mod referee;
pub mod rules;
pub mod search;
pub mod tournament;

pub use agent::{GameInfo, Reply, SeegaAgent};
pub use board::{Side, Square, Step};
pub use error::SeegaError;
pub use game::Seega;
pub use rules::{Action, Illegal, Outcome, Phase, Position, Reason, Rules};

use tabula_app::{GameEntry, PluginInfo};

fn plugins() -> Result<Vec<PluginInfo>, tabula_core::CoreError> {
    Ok(agent::all()?
        .into_iter()
        .map(|a| PluginInfo {
            kind: "agent",
            name: a.name,
            summary: a.summary,
        })
        .collect())
}

inventory::submit! {
    GameEntry {
        name: "seega",
        summary: "Seega, seed 004's capture game: place, then move and sandwich enemy pieces",
        plugins,
        commands: commands::COMMANDS,
    }
}
