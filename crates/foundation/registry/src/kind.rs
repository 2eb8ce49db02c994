//! The type-erased services of a registered game: [`GameKind`] (one per
//! game) and [`Variant`] (one per parameter set), the mechanisms every
//! verb needs, each compiled once per game inside its registration
//! ([`register_game!`](crate::register_game)). A verb is plain code over
//! them: it reads options described as data, calls a mechanism and
//! builds its report from the plain data it returns.

use std::any::Any;
use std::time::Duration;

use tabula_core::CoreError;
use tabula_core::params::Param;
use tabula_core::registry::PluginInfo;
use tabula_play::tournament::Standings;
use tabula_sim::LengthSummary;

use crate::args::{Arguments, Values};
use crate::exact::PolicyReport;
use crate::play::{RecordArgs, ReplayArgs, TournamentArgs};
pub use crate::query::LongRunData;
use crate::shard::ShardArg;
use crate::state::DynState;
use crate::tally::Tally;
use crate::{Error, Io, Report};
use tabula_core::params::Parameters;
use tabula_play::record::Recordable;

/// A game the framework runs: its rules ([`BoardGame`](tabula_core::BoardGame)),
/// its name and its parameters ([`Recordable`], with [`Parameters`] that
/// describe themselves).
pub trait Rules: Recordable<Parameters: Parameters + Send + Sync> + Send + Sync + 'static {}

impl<G> Rules for G where G: Recordable<Parameters: Parameters + Send + Sync> + Send + Sync + 'static
{}

/// What a registered game has, found when it registered: which verbs
/// apply to it, and how (plain data, for verbs to decide from).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Capabilities {
    /// Its state is `Hash + Eq + Debug`: the generic exact solve with
    /// agents as policies (`analyze`, the exact columns).
    pub hashable: bool,
    /// It has a [`Notation`](tabula_play::terminal::Notation): `play`
    /// and `replay`.
    pub notation: bool,
    /// Seats choose moves: it names agents to seat.
    pub decisions: bool,
    /// The seats of the game its default parameters make.
    pub seats: usize,
    /// It never ends: `analyze` solves its long run.
    pub long_run: bool,
    /// It samples its long run (`simulate` of a game that never ends).
    pub sampler: bool,
    /// Its own simulation (collectors, fast path, report) answers
    /// `simulate`.
    pub own_simulation: bool,
    /// A solver of its own answers `analyze` with options of its own in
    /// place of `--max-seconds` and `--max-steps`.
    pub own_analysis: bool,
    /// The report of its own `analyze` has pictures.
    pub analysis_pictures: bool,
}

/// One registered game, type-erased: what a verb asks of a game before
/// it has parameters. [`games`](crate::games) lists them as
/// [`GameEntry`](crate::GameEntry)s; [`kind`](crate::kind) finds one by
/// name.
pub trait GameKind: Send + Sync {
    /// Its registered name.
    fn name(&self) -> &'static str;
    /// The registration itself, typed by its game (what the game's
    /// `optimal*` agents ask their solvers through); not for direct use.
    #[doc(hidden)]
    fn typed(&self) -> Option<&dyn Any> {
        None
    }
    /// Its one-line summary.
    fn summary(&self) -> &'static str;
    /// Its line under `verb` in the verb's list of games (its own, or
    /// its summary).
    fn about(&self, verb: &str) -> &'static str;
    /// Its parameters.
    fn parameters(&self) -> &'static [Param];
    /// Its plugins (agents, boards, rule sets), sorted by kind then name.
    fn plugins(&self) -> Result<Vec<PluginInfo>, CoreError>;
    /// Its agents, for a pick list: name, the placeholder of its
    /// parameter if it takes one, summary.
    fn agents(&self) -> Vec<(&'static str, Option<&'static str>, &'static str)>;
    /// What the registration says beyond its types.
    fn defaults(&self) -> Defaults;
    /// What it has.
    fn capabilities(&self) -> Capabilities;
    /// The options it adds to `verb`'s (or changes), with its help.
    fn options(&self, verb: &str, arguments: Arguments) -> Arguments;
    /// The variant the values name: its parameters (options, `--params
    /// FILE`, parameters given otherwise), checked, and the game built.
    fn variant(&self, values: &Values) -> Result<Box<dyn Variant>, Error>;
    /// What the game's own `play` options decide before it is built.
    fn play_setup(&self, values: &Values) -> Result<PlaySetup, Error>;
    /// [`variant`](Self::variant) with `decided` parameters in place of
    /// what the options say (a `--params` file is not read when they
    /// decide every parameter).
    fn variant_deciding(
        &self,
        values: &Values,
        decided: &[(String, String)],
    ) -> Result<Box<dyn Variant>, Error>;
    /// Its pages in `tabula serve`.
    fn pages(&self) -> Vec<crate::page::GamePage>;
    /// Replays a record of the game, step by step (a game without a
    /// notation cannot).
    fn replay(&self, args: &ReplayArgs, io: &mut Io<'_>) -> Result<(), Error>;
    /// A record's text (JSON if `json`, else RON) as a replay page shows
    /// it after `at` steps (all if `None`): for a game with a notation.
    fn replay_view(
        &self,
        text: &str,
        json: bool,
        at: Option<usize>,
    ) -> Result<crate::play::ReplayView, Error>;
}

/// The game's identity in every report: its name, spec string and
/// parameters (the first keys of every generic report's JSON).
#[derive(Clone, Debug, serde::Serialize)]
pub struct VariantInfo {
    /// The registered name.
    pub game: &'static str,
    /// The spec string that names this variant (`pig(target=100)`).
    pub spec: String,
    /// The parameters.
    pub parameters: serde_json::Value,
}

/// How a simulation plays: what the verb read of its options.
#[derive(Clone, Debug)]
pub struct SimulationPlan {
    /// Games.
    pub games: u64,
    /// The seed of the whole run.
    pub seed: u64,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Cap on steps per game.
    pub max_steps: u32,
    /// The most states an exact solve beside it may build.
    pub max_states: u64,
    /// Part K of N of the run.
    pub shard: Option<ShardArg>,
    /// The agents, by seat (none for chance alone).
    pub agents: Vec<String>,
}

/// One seat's sampled results.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SeatFigures {
    /// Games it ranked first alone.
    pub wins: u64,
    /// Games it shared first place.
    pub ties: u64,
    /// Share of the finished games it won alone, and its standard error.
    pub win_share: (f64, f64),
    /// Mean score and its standard error.
    pub mean_score: (f64, f64),
    /// Mean rank (1 is first) and its standard error.
    pub mean_rank: (f64, f64),
}

/// What the generic simulation of a variant gives: plain data for a
/// report.
#[derive(Clone, Debug)]
pub struct SimulationData {
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock time of the run.
    pub wall_time: Duration,
    /// Games that ended by the rules.
    pub finished: u64,
    /// Games stopped by the step cap.
    pub capped: u64,
    /// Each seat's results.
    pub seats: Vec<SeatFigures>,
    /// Steps per game.
    pub steps: Option<LengthSummary>,
    /// Chance outcomes per game.
    pub chance_steps: Option<LengthSummary>,
    /// Moves per game, if any game had one.
    pub moves: Option<LengthSummary>,
}

/// What a tournament of a variant gives.
#[derive(Clone, Debug)]
pub struct TournamentRun {
    /// Games per pairing.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// The standings.
    pub standings: Standings,
    /// The game's [`tally`](crate::GameBuilder::tally) of each seating
    /// of each pairing (`tallies[pairing][seating]`, pairings in the
    /// standings' order); empty if it tallies nothing.
    pub tallies: Vec<Vec<Tally>>,
}

/// One variant of a registered game (a game built from its
/// parameters), type-erased: the mechanisms of the verbs.
pub trait Variant: Send + Sync {
    /// Its name, spec string and parameters.
    fn info(&self) -> Result<VariantInfo, Error>;
    /// Its seats.
    fn seats(&self) -> usize;
    /// A seat's name (`Black`, `O`, `seat 1`).
    fn seat_name(&self, seat: usize) -> String;
    /// Checks one registered agent per seat, building each once, so a bad
    /// name fails before anything is played; `defaulted` when the names
    /// are the registration's usual ones.
    fn check_agents(&self, names: &[String], defaulted: bool) -> Result<(), Error>;
    /// Plays the plan's games with the agents named, through the
    /// harness, with the generic collectors; a split run's part or merge
    /// through the context in `io`.
    fn simulate(&self, plan: &SimulationPlan, io: &mut Io<'_>) -> Result<SimulationData, Error>;
    /// The game's own simulation where it registers one: its collectors
    /// on its fast path, and its report.
    fn simulate_own(
        &self,
        plan: &SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Option<Result<Box<dyn Report>, Error>>;
    /// For a game that never ends and samples its long run: the run and
    /// its report (the sampler's own options in `values`).
    fn sample_long_run(
        &self,
        options: &LongRunOptions,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Option<Result<Box<dyn Report>, Error>>;
    /// The exact solution with the named agents as policies, within
    /// `max_states` states; `None` where no solver of the game gives it.
    fn solve(&self, agents: &[String], max_states: u64) -> Option<Result<PolicyReport, Error>> {
        self.solve_within(agents, max_states, &crate::exact::Budget::default())
    }
    /// [`solve`](Self::solve) within `budget`'s seconds and steps
    /// (`--max-seconds`, `--max-steps`): the game's solvers asked as
    /// [`ask`](Self::ask) asks them, for
    /// [`Query::Distribution`](crate::query::Query::Distribution) with the
    /// lengths; the first answer with the whole solution.
    fn solve_within(
        &self,
        agents: &[String],
        max_states: u64,
        budget: &crate::exact::Budget,
    ) -> Option<Result<PolicyReport, Error>>;
    /// Asks the game's solvers `query`: those it registered
    /// ([`GameBuilder::solver`](crate::GameBuilder::solver)) in order,
    /// then the framework's generic ones; the first that
    /// [answers](crate::Solve::answers) it answers. `None` where none
    /// does.
    fn ask(
        &self,
        query: &crate::query::Query<'_>,
        within: &crate::query::Within<'_>,
    ) -> Option<Result<crate::query::Answered, Error>>;
    /// For a game that never ends: its long run, within `max_states`
    /// states and `max_time` seconds a phase (0: no limit).
    fn long_run(
        &self,
        max_states: u64,
        max_time: u64,
        meter: &dyn crate::progress::Meter,
    ) -> Option<Result<LongRunData, Error>>;
    /// Plays a tournament (the game's configuration of it applied).
    fn tournament(&self, args: TournamentArgs, io: &mut Io<'_>) -> Result<TournamentRun, Error>;
    /// Plays one game at the terminal: seats and seed as `table` says
    /// (the game's look may ask), its record kept as `record` says.
    fn play(
        &self,
        table: PlayTable,
        record: &RecordArgs,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<(), Error>;
    /// A fresh state of the game, OpenSpiel's shape.
    fn new_state(&self) -> Box<dyn DynState>;
    /// The state a history of actions from the start reaches (what
    /// [`DynState::serialize`] writes), or, for a game with a notation for
    /// positions ([`GameBuilder::positions`](crate::GameBuilder::positions)),
    /// a position as a person writes it, then `|` and the actions since.
    fn state_from(&self, text: &str) -> Result<Box<dyn DynState>, crate::state::StateError>;
    /// The action the registered agent `agent` (a name `tabula list`
    /// gives, `mcts-200` with its parameter) takes in the state `history`
    /// reaches, its choices drawn from `seed`: an index among the
    /// [`DynState::legal_actions`] there.
    fn agent_action(&self, agent: &str, history: &[u64], seed: u64) -> Result<u64, Error>;
    /// The same at the state `state` describes, as
    /// [`state_from`](Self::state_from) reads it (a position of a
    /// person's own included).
    fn agent_action_in(&self, agent: &str, state: &str, seed: u64) -> Result<u64, Error>;
    /// The record ([`tabula_play::record`]) of the game `history` plays,
    /// by `players` with `seed`, as `tabula replay` reads it: JSON if
    /// `json`, else RON. It ends `Finished` if the game is over, else
    /// `Stopped`.
    fn record_text(
        &self,
        history: &[u64],
        players: Vec<String>,
        seed: u64,
        json: bool,
    ) -> Result<String, Error>;
    /// Adds the game's registered sections to `report`, a verb's report
    /// of some type `R` ([`GameBuilder::sections`](crate::GameBuilder::sections)):
    /// those registered for `R`, in order.
    fn sections(&self, report: &mut dyn Any);
}

/// What a registration says of a game beyond its types: the agents a
/// verb seats when none are named, and the games a simulation and a
/// tournament play unless told.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    /// The game's one-line summary.
    pub summary: &'static str,
    /// The agents in seat order, comma-separated; empty for a game
    /// decided by chance alone (it then takes no `--agents`).
    pub agents: &'static str,
    /// Games a simulation plays.
    pub games: u64,
    /// Games per pairing of a tournament.
    pub tournament_games: u64,
}

impl Defaults {
    /// Whether the registration names agents (the game has decisions).
    pub fn has_agents(&self) -> bool {
        !self.agents.is_empty()
    }
}

/// What a game's own `play` options decide
/// ([`GameBuilder::play_setup`](crate::GameBuilder::play_setup)).
#[derive(Clone, Debug, Default)]
pub struct PlaySetup {
    /// Parameters (name, value as typed) in place of what the options,
    /// `--params` and their defaults say.
    pub parameters: Vec<(String, String)>,
    /// Who sits where, in seat order, `you` for a person; empty for the
    /// generic options (`--agents`, `--against`) to decide.
    pub seats: Vec<String>,
}

/// Who plays and with which seed, as `play` has them before the game,
/// for the game's [`TerminalLook::ask`](crate::TerminalLook::ask) to settle at the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayTable {
    /// Who sits where, in seat order, `you` for a person.
    pub seats: Vec<String>,
    /// The game's seed.
    pub seed: u64,
    /// Whether `play` picked the seed (`--seed 0`).
    pub picked: bool,
}

/// Whether the game is played after [`TerminalLook::ask`](crate::TerminalLook::ask).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Play it, as the table says.
    Play,
    /// The input ended before the game started: nothing is played or
    /// recorded.
    Stopped,
}

/// What the long-run `simulate` read of its options.
#[derive(Clone, Copy, Debug)]
pub struct LongRunOptions {
    /// Turns to count (after each game's warm-up).
    pub turns: u64,
    /// The seed of the whole run.
    pub seed: u64,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// The most states of the chain.
    pub max_states: u64,
    /// Time budget of each phase of the exact solve, in seconds (0: none).
    pub max_time: u64,
    /// Part K of N of the run.
    pub shard: Option<ShardArg>,
}
