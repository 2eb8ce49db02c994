//! The agent registry: every game's agents and strategies, registered
//! with [`inventory`] and built by name (`greedy`, `alphabeta-50ms`).
//!
//! This is the one agent registry: every game's agents (its strategies,
//! its specification's players, the search agents, a solved `optimal`)
//! are [`AgentEntry`]s here, from any crate. An entry names an agent of
//! one game type `G` and says how to build it: a plain function `fn(&G,
//! Option<&str>) -> Result<Box<dyn Agent<G>>, BuildError>` wrapped in
//! [`BuildFn`] (no trait to implement). The entry is keyed by `G`'s type,
//! so one registry holds the agents of every game, including games
//! written in other crates, and [`build`] hands back a typed `Box<dyn
//! Agent<G>>`. The registration macros (`register_search_agents!`,
//! Chance-it's `register_strategy!`, `register_game!`'s `optimal`) are
//! sugar that submit entries.
//!
//! ```
//! use tabula_core::{Agent, BoardGame, GameRng, Seat};
//! use tabula_play::agents::{self, AgentEntry, BuildFn};
//! # use tabula_core::{Chance, GameResult, Status};
//! # struct Nim;
//! # impl BoardGame for Nim {
//! #     type State = u8; type Move = u8; type Outcome = (); type Event = ();
//! #     fn seats(&self) -> usize { 2 }
//! #     fn initial_state(&self) -> u8 { 10 }
//! #     fn status(&self, s: &u8) -> Status { if *s == 0 { Status::Over(GameResult::Win(0)) } else { Status::Decision(0) } }
//! #     fn apply_chance<E: FnMut(())>(&self, _: &mut u8, _: (), _: &mut E) {}
//! #     fn apply_move<E: FnMut(())>(&self, s: &mut u8, m: u8, _: &mut E) { *s -= m }
//! #     fn legal_moves(&self, s: &u8, out: &mut Vec<u8>) { out.extend((1..=(*s).min(2)).rev()) }
//! # }
//!
//! /// Always takes as much as it may.
//! struct Grabby;
//! impl Agent<Nim> for Grabby {
//!     fn choose(&mut self, game: &Nim, state: &u8, _: Seat, _: &mut GameRng) -> u8 {
//!         (*state).min(2)
//!     }
//! }
//!
//! tabula_play::inventory::submit! {
//!     AgentEntry {
//!         name: "grabby",
//!         parameter: None,
//!         summary: "takes as much as it may",
//!         build: &BuildFn::<Nim>(|_, _| Ok(Box::new(Grabby))),
//!     }
//! }
//!
//! let mut agent = agents::build(&Nim, "grabby")?;
//! assert_eq!(agent.choose(&Nim, &10, 0, &mut tabula_core::game_rng(1, 0)), 2);
//! assert!(agents::build(&Nim, "nosuch").is_err());
//! # Ok::<_, tabula_play::agents::AgentError>(())
//! ```

use std::any::{Any, TypeId};

use tabula_core::registry::{self, Named, PluginInfo};
use tabula_core::{Agent, BoardGame, CoreError};

/// What a builder may fail with: any error, shown as its message.
pub type BuildError = Box<dyn std::error::Error + Send + Sync>;

/// Errors of finding and building an agent by name.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AgentError {
    /// No agent of this game has that name.
    #[error("unknown agent \"{name}\"; known: {}", known.join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The names that exist (`alphabeta[-BUDGET]` for one that takes a
        /// parameter).
        known: Vec<String>,
    },
    /// The agent exists but could not be built (a bad parameter).
    #[error("agent \"{name}\": {error}")]
    Build {
        /// The name asked for.
        name: String,
        /// Why not.
        error: BuildError,
    },
    /// The registry is inconsistent (two agents of a game share a name).
    #[error(transparent)]
    Registry(#[from] CoreError),
}

/// The registry's erasure of a builder: one game's agent builder with its
/// game type erased, so entries of every game share one registry.
/// Implemented by [`BuildFn`], which is all one needs to register an
/// agent.
///
/// A game that keeps more about its agents than the agent itself
/// (Chance-it's strategies: a menu rank, the strategy's own value for its
/// exact solver) may implement it for a builder of its own and register
/// that: the entry is then an agent for every tool and, through
/// [`as_any`](Self::as_any) and a downcast, the game's own data, with one
/// registration.
pub trait Builder: Sync + Any {
    /// The game type the agent plays.
    fn game(&self) -> TypeId;
    /// The builder itself, to downcast to the game's own builder type.
    fn as_any(&self) -> &dyn Any;
    /// Builds the agent for `game` (a `&G`), returning a
    /// `Box<Box<dyn Agent<G>>>` as `Box<dyn Any>`.
    fn build_any(
        &self,
        game: &dyn Any,
        parameter: Option<&str>,
    ) -> Result<Box<dyn Any>, BuildError>;
}

/// A plain function that builds an agent of game `G`, given the game and
/// the parameter of a name like `alphabeta-50ms` (`Some("50ms")`).
pub struct BuildFn<G: BoardGame>(pub BuildAgent<G>);

/// The signature of an agent builder of game `G`.
pub type BuildAgent<G> = fn(&G, Option<&str>) -> Result<Box<dyn Agent<G>>, BuildError>;

impl<G: BoardGame + 'static> Builder for BuildFn<G> {
    fn game(&self) -> TypeId {
        TypeId::of::<G>()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn build_any(
        &self,
        game: &dyn Any,
        parameter: Option<&str>,
    ) -> Result<Box<dyn Any>, BuildError> {
        let game = game
            .downcast_ref::<G>()
            .ok_or("the agent was asked to play another game")?;
        let agent: Box<dyn Agent<G>> = (self.0)(game, parameter)?;
        Ok(Box::new(agent))
    }
}

/// A registered agent of some game.
pub struct AgentEntry {
    /// Unique name among the game's agents.
    pub name: &'static str,
    /// The placeholder of an optional parameter (`"BUDGET"` allows
    /// `alphabeta-50ms`), if it takes one.
    pub parameter: Option<&'static str>,
    /// One line saying how it plays.
    pub summary: &'static str,
    /// How to build it.
    pub build: &'static dyn Builder,
}

impl std::fmt::Debug for AgentEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentEntry")
            .field("name", &self.name)
            .field("parameter", &self.parameter)
            .finish()
    }
}

impl Named for AgentEntry {
    fn name(&self) -> &'static str {
        self.name
    }
}

inventory::collect!(AgentEntry);

/// The agents registered for game type `G`, sorted by name.
pub fn entries<G: BoardGame + 'static>() -> Result<Vec<&'static AgentEntry>, CoreError> {
    entries_of(TypeId::of::<G>())
}

/// [`entries`] of the game type `game`: not generic, so compiled once
/// here and not again in every game's crate.
fn entries_of(game: TypeId) -> Result<Vec<&'static AgentEntry>, CoreError> {
    registry::sorted_unique(
        "agent",
        inventory::iter::<AgentEntry>
            .into_iter()
            .filter(|e| e.build.game() == game),
    )
}

/// The names a user may type for `G`'s agents: `greedy`, or
/// `alphabeta[-BUDGET]` for one that takes a parameter.
pub fn names<G: BoardGame + 'static>() -> Result<Vec<String>, CoreError> {
    names_of(TypeId::of::<G>())
}

/// [`names`] of the game type `game`, compiled once.
fn names_of(game: TypeId) -> Result<Vec<String>, CoreError> {
    Ok(entries_of(game)?
        .iter()
        .map(|e| match e.parameter {
            Some(p) => format!("{}[-{p}]", e.name),
            None => e.name.to_string(),
        })
        .collect())
}

/// `G`'s agents as `tabula list` shows them (kind `"agent"`).
pub fn plugins<G: BoardGame + 'static>() -> Result<Vec<PluginInfo>, CoreError> {
    plugins_of(TypeId::of::<G>())
}

/// [`plugins`] of the game type `game`, compiled once.
fn plugins_of(game: TypeId) -> Result<Vec<PluginInfo>, CoreError> {
    Ok(entries_of(game)?
        .iter()
        .map(|e| PluginInfo {
            kind: "agent",
            name: e.name,
            summary: e.summary,
        })
        .collect())
}

/// Whether `name` names an agent of `G` (without building it).
pub fn find<G: BoardGame + 'static>(
    name: &str,
) -> Result<(&'static AgentEntry, Option<String>), AgentError> {
    find_of(TypeId::of::<G>(), name)
}

/// [`find`] for the game type `game`, compiled once.
fn find_of(game: TypeId, name: &str) -> Result<(&'static AgentEntry, Option<String>), AgentError> {
    let entries = entries_of(game)?;
    if let Some(e) = entries.iter().find(|e| e.name == name) {
        return Ok((e, None));
    }
    for e in &entries {
        if e.parameter.is_some()
            && let Some(arg) = name
                .strip_prefix(e.name)
                .and_then(|rest| rest.strip_prefix('-'))
        {
            return Ok((e, Some(arg.to_string())));
        }
    }
    Err(AgentError::Unknown {
        name: tabula_core::text::excerpt(name),
        known: names_of(game)?,
    })
}

/// Builds the agent a user names for `game`: a registered name, or
/// `NAME-PARAMETER` for one that takes a parameter (`alphabeta-50ms`).
pub fn build<G: BoardGame + 'static>(
    game: &G,
    name: &str,
) -> Result<Box<dyn Agent<G>>, AgentError> {
    let (entry, parameter) = find::<G>(name)?;
    let built = entry
        .build
        .build_any(game, parameter.as_deref())
        .map_err(|error| AgentError::Build {
            name: name.to_string(),
            error,
        })?;
    built
        .downcast::<Box<dyn Agent<G>>>()
        .map(|b| *b)
        .map_err(|_| AgentError::Build {
            name: name.to_string(),
            error: "its builder returned an agent of another game".into(),
        })
}
