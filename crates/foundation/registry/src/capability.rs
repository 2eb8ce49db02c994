//! The capabilities a game registers beyond its traits, each small and
//! named after what it is ([`GameBuilder`](crate::GameBuilder) adds them),
//! and what a registration holds of them.

use std::any::{Any, TypeId};

use tabula_core::CoreError;
use tabula_core::registry::PluginInfo;
use tabula_play::record::Recordable;

use crate::Error;
use crate::args::{Arguments, Values};
use crate::kind::{Defaults, PlaySetup, Rules};
use crate::page::GamePage;
use crate::play::TournamentOptions;
use crate::probe::Found;
use crate::tally::TallyRule;

/// Refuses a number of games per pairing of a tournament.
pub type GamesCheckFn<G> = fn(&G, &<G as Recordable>::Parameters, u64) -> Result<(), Error>;
/// Parameters given otherwise than as their options, as typed.
pub type GivenFn = fn(&Values) -> Vec<(String, String)>;
/// The game its parameters make.
pub type BuildGameFn<G> = fn(&<G as Recordable>::Parameters) -> Result<G, Error>;
/// A game's plugins for `tabula list`.
pub type PluginsFn = fn() -> Result<Vec<PluginInfo>, CoreError>;
/// A verb's options, changed.
pub type OptionsFn = fn(Arguments) -> Arguments;
/// What a game's own `play` options decide.
pub type PlaySetupFn = fn(&Values) -> Result<PlaySetup, Error>;

/// A tournament's set-up of the game's own ([`GameBuilder::tournament`](crate::GameBuilder::tournament)).
pub struct TournamentSetup<G: Rules> {
    /// Changes the options before it runs (a step cap that lets every
    /// game reach its end, a scoring, exact chances always).
    pub configure: Option<fn(&G, &mut TournamentOptions)>,
    /// Refuses a number of games per pairing, saying why.
    pub check: Option<GamesCheckFn<G>>,
}

impl<G: Rules> Default for TournamentSetup<G> {
    fn default() -> Self {
        TournamentSetup {
            configure: None,
            check: None,
        }
    }
}

/// Where a game's parameters come from besides their options
/// ([`GameBuilder::parameter_source`](crate::GameBuilder::parameter_source)).
pub struct ParameterSource<G: Rules> {
    /// Parameters the command line gives otherwise than as their
    /// options, as typed (Snakes' board as a positional argument): they
    /// count as typed options do (over a `--params` file).
    pub given: Option<GivenFn>,
    /// The game its parameters make, in place of
    /// [`Recordable::from_parameters`] with the game's name before its
    /// message (Snakes' board file's `FILE:LINE:COLUMN: ...`).
    pub build: Option<BuildGameFn<G>>,
}

impl<G: Rules> Default for ParameterSource<G> {
    fn default() -> Self {
        ParameterSource {
            given: None,
            build: None,
        }
    }
}

/// A section of a report: the game's addition to a verb's report of type
/// `R`, stored for any `R`.
pub(crate) type Section<G> = (
    TypeId,
    Box<dyn Fn(&G, &<G as Recordable>::Parameters, &mut dyn Any) + Send + Sync>,
);

/// Everything a game registered, typed: what [`GameBuilder`] gathers and
/// the registration runs on.
pub(crate) struct Caps<G: Rules> {
    pub summary: &'static str,
    pub defaults: Defaults,
    pub found: Found<G>,
    pub plugins: Option<PluginsFn>,
    pub abouts: Vec<(&'static str, &'static str)>,
    pub options: Vec<(&'static str, OptionsFn)>,
    pub sections: Vec<Section<G>>,
    pub tally: Option<TallyRule<G::Event>>,
    /// A [`TerminalLook<G>`], for a game with a notation.
    pub look: Option<Box<dyn Any + Send + Sync>>,
    pub play_setup: Option<PlaySetupFn>,
    pub tournament: TournamentSetup<G>,
    /// The game's own solvers, tried in order before the generic ones.
    pub solvers: Vec<Box<dyn crate::solve::Solve<G>>>,
    /// The framework's optimal play, for a game registered with
    /// `optimal:`.
    pub optimal: Option<crate::solve::ByOptimal<G>>,
    pub long_run: Option<Box<dyn crate::long_run::LongRunErased<G>>>,
    pub sampler: Option<Box<dyn crate::long_run::SamplerErased<G>>>,
    pub simulation: Option<Box<dyn crate::simulation::SimulationErased<G>>>,
    pub source: ParameterSource<G>,
    pub pages: Vec<GamePage>,
    /// The game's own picture of a state, as SVG.
    pub picture: Option<crate::state::PictureFn<G>>,
    /// The game's numbering of its actions ([`crate::state::Actions`]).
    pub actions: Option<crate::state::ActionHooks<G>>,
    /// The game's notation for positions a person writes.
    pub positions: Option<crate::state::PositionHooks<G>>,
}
