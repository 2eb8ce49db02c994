//! The generic verbs: `simulate`, `analyze`, `tournament`, `play` and
//! `replay` for any game, from its rules alone.
//!
//! A game implements [`BoardGame`](tabula_core::BoardGame) (the rules), [`Recordable`] (its name
//! and its [`Parameters`]) and, to be played at a terminal and replayed,
//! [`Notation`]; it registers its agents, and then one
//! [`register_game!`](crate::register_game) gives it every verb, with no
//! command or report code of its own:
//!
//! | verb | needs | what it does |
//! |---|---|---|
//! | `simulate` | the rules | many games with the named agents per seat: length distribution, each seat's wins, ties, mean score and rank with standard errors, the exact values beside them when the game's state is `Hash` and the solve fits its budget; `--threads`, `--shard`, `--plot`, `--report` |
//! | `analyze` | `State: Hash + Eq + Debug` | the exact solution with the named agents as policies (`optimal` among them): length distribution, each seat's chances, score and rank |
//! | `tournament` | the rules | every pairing of the named agents, seats shared evenly; exact chances beside with `--exact` (hashable state) |
//! | `play` | [`Notation`] | a game at the terminal, `you` in the seats named so, agents in the others, with its record |
//! | `replay` | [`Notation`] | checks a record step by step |
//! | `simulate` of a game that never ends | [`LongRunSampling`] (`sampler:` in the registration) | its long run sampled over `--turns` turns in games of equal length, beside the exact long run |
//!
//! Asking for a verb whose trait the game lacks is a compile error at the
//! registration, not a surprise at run time.
//!
//! A game extends a generic verb instead of writing it again: an
//! [`Extension`] adds its keys, each pair's keys and sections of text to
//! the report (noline's tournament adds the board side and each pair's
//! wins as O and as X), and its own verbs go beside the generic ones
//! (`extra` in [`register_game!`](crate::register_game)).
//!
//! Every verb takes the game's parameters the same way: as options
//! (`--target 100`), as a RON file (`--params FILE`), or in the game's
//! name (`tabula analyze 'pig(target=100)'`).

use std::fmt::Write as _;
use std::hash::Hash;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::Serialize;
use tabula_core::params::{self, Parameters};
use tabula_core::text::group;
use tabula_core::{Agent, spec::Source};
use tabula_picture::Picture;
use tabula_picture::chart::{self, Bar, Distribution};
use tabula_play::record::Recordable;
use tabula_play::terminal::{Notation, Occupant};
use tabula_play::tournament::{Chances, GameId, Pair, Standings};
use tabula_sim::{LengthOf, LengthSummary, Lengths, Simulation, Standing};

use crate::Error;
use crate::args::{Arg, Arguments, FromArgs as _, Values};
use crate::exact::{PolicyArgs, PolicyError, PolicyReport};
use crate::play::{RecordArgs, ReplayArgs, ScoringArg, TournamentArgs};
use crate::shard::ShardArg;

mod analyze;
mod keep;
mod long_run;
mod play;
mod sample;
mod simulate;
mod tournament;

pub use analyze::{Analyze, AnalyzeReport};
pub use long_run::LongRunReport;
pub use play::{Asked, Play, PlaySetup, PlayTable, Replay};
pub use sample::{
    LongRunPlan, LongRunSampling, MAX_TURNS_PER_GAME, MIN_GAMES, SampleLongRun, WARMUP, split,
};
pub use simulate::{SeatLine, Simulate, SimulateReport};
pub use tournament::{Count, Tally, TallyRule, TournamentReport, TournamentVerb};

/// A game the generic verbs run: its rules ([`BoardGame`](tabula_core::BoardGame)), its name and
/// its parameters ([`Recordable`], with [`Parameters`] that describe
/// themselves).
pub trait Rules: Recordable<Parameters: Parameters> + 'static {}

impl<G: Recordable<Parameters: Parameters> + 'static> Rules for G {}

/// Each seat's exact chances of `game` with the named agents in the
/// seats, within a budget of states.
pub type ChancesFn<G> = fn(&G, &[&str], usize) -> Result<Vec<Chances>, PolicyError>;

/// The exact services of a game whose state is hashable: what
/// [`register_game!`](crate::register_game) finds for `simulate`'s and
/// `tournament`'s exact columns.
pub struct ExactHooks<G> {
    /// The exact solution with the named agents in the seats.
    pub analyze: fn(&G, &str, &PolicyArgs) -> Result<PolicyReport, PolicyError>,
    /// Each seat's exact chances with the named agents in the seats.
    pub chances: ChancesFn<G>,
}

/// Finds a game's [`ExactHooks`] where its state is hashable, and none
/// where it is not, at compile time (by method resolution on a reference:
/// the impl for `&Probe` applies only when the state is `Hash`).
#[doc(hidden)]
pub mod probe {
    use super::*;

    /// The type the probe's methods are looked up on.
    pub struct Probe<G>(pub PhantomData<fn() -> G>);

    impl<G> Clone for Probe<G> {
        fn clone(&self) -> Self {
            *self
        }
    }

    impl<G> Copy for Probe<G> {}

    /// Found when the state is hashable: its receiver is `&Probe`, which
    /// method lookup tries before `Probe`.
    pub trait Hashed<G> {
        /// The hooks.
        fn exact_hooks(self) -> Option<ExactHooks<G>>;
    }

    impl<G: Rules> Hashed<G> for &Probe<G>
    where
        G::State: Hash + Eq + std::fmt::Debug,
    {
        fn exact_hooks(self) -> Option<ExactHooks<G>> {
            Some(ExactHooks {
                analyze: |game, name, args| crate::exact::analyze_agents(game, name, args),
                chances: crate::exact::chances::<G>,
            })
        }
    }

    /// Found when the game numbers its states ([`tabula_exact::Dense`]):
    /// optimal play is solved over the numbering.
    pub trait Numbered<G: tabula_core::BoardGame> {
        /// The solve.
        fn optimal(self) -> crate::exact::SolveOptimal<G>;
    }

    impl<G: Rules + tabula_exact::Dense> Numbered<G> for &Probe<G>
    where
        G::State: std::fmt::Debug + Send + Sync,
    {
        fn optimal(self) -> crate::exact::SolveOptimal<G> {
            crate::exact::optimal_by_numbering::<G>
        }
    }

    /// Found otherwise: optimal play is solved over the whole state
    /// graph, which needs a hashable state.
    pub trait Graphed<G: tabula_core::BoardGame> {
        /// The solve.
        fn optimal(self) -> crate::exact::SolveOptimal<G>;
    }

    impl<G: Rules> Graphed<G> for Probe<G>
    where
        G::State: Hash + Eq + std::fmt::Debug + Send + Sync,
    {
        fn optimal(self) -> crate::exact::SolveOptimal<G> {
            crate::exact::optimal_by_graph::<G>
        }
    }

    /// Found otherwise.
    pub trait Unhashed<G> {
        /// No hooks.
        fn exact_hooks(self) -> Option<ExactHooks<G>>;
    }

    impl<G> Unhashed<G> for Probe<G> {
        fn exact_hooks(self) -> Option<ExactHooks<G>> {
            None
        }
    }
}

/// What a game adds to the generic verbs' reports: keys, columns and
/// sections of its own, so that it extends a generic verb instead of
/// writing it again. Every hook adds nothing unless the game says
/// otherwise; a game names its extension in
/// [`register_game!`](crate::register_game)'s `extension:`.
///
/// ```ignore
/// struct Seats;
///
/// impl Extension<Noline> for Seats {
///     fn tournament(&self, _: &Noline, p: &Dim, report: &mut TournamentReport) {
///         report.extra.keys.insert("dim".into(), p.dim.into());
///     }
/// }
///
/// tabula_registry::register_game! { game: Noline, summary: "...", agents: "type1,type2",
///     verbs: [tournament, replay], extension: Seats }
/// ```
pub trait Extension<G: Recordable>: Sync {
    /// Adjusts a tournament's options before it runs (a step cap that
    /// lets every game reach its end, say). The default leaves them.
    fn tournament_options(&self, game: &G, options: &mut crate::play::TournamentOptions) {
        let _ = (game, options);
    }

    /// More of `tournament --help`: what the game's agents and seats are,
    /// an example. The default says nothing more.
    fn tournament_help(&self) -> &'static str {
        ""
    }

    /// Adds to a tournament's report, through its
    /// [`extra`](TournamentReport::extra): JSON keys at the top and in
    /// each pair, sections of text. The default adds nothing.
    fn tournament(&self, game: &G, parameters: &G::Parameters, report: &mut TournamentReport) {
        let _ = (game, parameters, report);
    }

    /// Adds to a simulation's report, through its
    /// [`extra`](SimulateReport::extra): JSON keys, sections of text,
    /// pictures. The default adds nothing.
    fn simulate(&self, game: &G, parameters: &G::Parameters, report: &mut SimulateReport) {
        let _ = (game, parameters, report);
    }

    /// Adds to an exact analysis's report, through its
    /// [`extra`](AnalyzeReport::extra): JSON keys and sections of text.
    /// The default adds nothing.
    fn analyze(&self, game: &G, parameters: &G::Parameters, report: &mut AnalyzeReport) {
        let _ = (game, parameters, report);
    }

    /// More options of `analyze` (noline's `--max-nodes`), or other
    /// names, help and defaults of the generic ones (with
    /// [`Arguments::mut_arg`]), for the game's own solver of
    /// [`analyze_solve`](Self::analyze_solve). The default adds none.
    fn analyze_arguments(&self, command: Arguments) -> Arguments {
        command
    }

    /// The game's own exact solver, in place of the generic solve where
    /// it has one for what `values` ask (noline's proof search of
    /// perfect play, where the generic solve would build every state of
    /// the game): `Some` report answers the analysis, `None`, the
    /// default, leaves it to the generic solve with the named agents.
    fn analyze_solve(
        &self,
        game: &G,
        parameters: &G::Parameters,
        values: &Values,
    ) -> Option<Result<Box<dyn crate::Report>, Error>> {
        let _ = (game, parameters, values);
        None
    }

    /// Refuses a tournament of `games` per pairing before it plays, with
    /// a message saying why (Seega's, specification 004's, refuses an odd number,
    /// so that each agent places first equally often). The default
    /// accepts every number.
    fn tournament_check(
        &self,
        game: &G,
        parameters: &G::Parameters,
        games: u64,
    ) -> Result<(), Error> {
        let _ = (game, parameters, games);
        Ok(())
    }

    /// What to count of each tournament game's events: its name (in
    /// messages about a shard's part file whose count does not add up)
    /// and one number per event (Seega counts the `moves` of its movement
    /// phase). The tournament then keeps a [`Count`] per seating of each
    /// pairing, in a shard's part file too, and hands them to
    /// [`tournament_counted`](Self::tournament_counted). The default,
    /// `None`, counts nothing and keeps nothing.
    #[allow(clippy::type_complexity)]
    fn tournament_count(&self) -> Option<(&'static str, fn(&G::Event) -> u64)> {
        None
    }

    /// Adds to a tournament's report what the counts of
    /// [`tournament_count`](Self::tournament_count) say:
    /// `counts[pairing][seating]`, pairings in the order of the
    /// standings'. Called after [`tournament`](Self::tournament), only
    /// when the game counts. The default adds nothing.
    fn tournament_counted(
        &self,
        game: &G,
        parameters: &G::Parameters,
        counts: &[Vec<Count>],
        report: &mut TournamentReport,
    ) {
        let _ = (game, parameters, counts, report);
    }

    /// More options of `play` (Seega's `--side`), or other names, help
    /// and defaults of the generic ones (with
    /// [`Arguments::mut_arg`]). The default adds none.
    fn play_arguments(&self, command: Arguments) -> Arguments {
        command
    }

    /// Reads the game's own `play` options (those of
    /// [`play_arguments`](Self::play_arguments)) before the game is
    /// built: parameters they decide, in place of what the options say,
    /// and who sits where. The default decides nothing.
    fn play_setup(&self, values: &Values) -> Result<PlaySetup, Error> {
        let _ = values;
        Ok(PlaySetup::default())
    }

    /// What to say before the game, after the generic line (Seega says
    /// the board, the sides and the stalemate threshold); `names` are the
    /// seats' players, `you` for a person. The default says nothing
    /// more.
    fn play_greeting(&self, game: &G, names: &[String]) -> String {
        let _ = (game, names);
        String::new()
    }

    /// What to say first, in place of the generic opening line
    /// (`SPEC: O is you, X is type1. Seed N plays this game again; ...`):
    /// `seed` is the game's seed, `picked` whether `play` picked it
    /// (`--seed 0`). The default, `None`, keeps the generic line; noline
    /// says only the seed it picked, as it always has.
    fn play_opening(&self, game: &G, names: &[String], seed: u64, picked: bool) -> Option<String> {
        let _ = (game, names, seed, picked);
        None
    }

    /// What to say after the game, after its result and record (Seega:
    /// `You win!`); `names` as for
    /// [`play_greeting`](Self::play_greeting). The default says nothing
    /// more.
    fn play_verdict(
        &self,
        game: &G,
        names: &[String],
        played: &tabula_play::terminal::TerminalGame<G>,
    ) -> String {
        let _ = (game, names, played);
        String::new()
    }

    /// How the game looks and asks at the terminal in `play`, a
    /// [`Look`](tabula_play::terminal::Look) (Chance-it's: specification 003's
    /// questions, transcript and score table); the loop, the agents and
    /// the record stay the generic verb's. The default is the generic
    /// terminal's ([`Plain`](tabula_play::terminal::Plain)).
    fn play_look(&self, game: &G) -> Box<dyn tabula_play::terminal::Look<G>>
    where
        G: Notation,
        G::Move: PartialEq,
    {
        let _ = game;
        Box::new(tabula_play::terminal::Plain)
    }

    /// Asks at the terminal, before the game, what the options leave
    /// open (Chance-it's seed prompt and strategy menu), and says what
    /// comes first. `table` holds who sits where and the seed as the
    /// options and their defaults say; the hook may change them. It is
    /// called after the options are checked, the agents they name built
    /// and the record directory made, and before
    /// [`play_opening`](Self::play_opening); a seat it changes is
    /// built again. [`Asked::Stopped`] ends `play` there (the input
    /// ended): no game is played and no record written. The default asks
    /// nothing.
    fn play_ask(
        &self,
        game: &G,
        values: &Values,
        table: &mut PlayTable,
        io: &mut crate::Io<'_>,
    ) -> Result<Asked, Error> {
        let _ = (game, values, table, io);
        Ok(Asked::Play)
    }

    /// For a game that never ends (Monopoly's token going round the
    /// board): what to count of its events, each event's marks (Monopoly
    /// marks the square a landing is on). `Some` makes `analyze` solve the
    /// game's long run, the stationary distribution of its chain, in
    /// place of a solution ([`LongRunReport`]), with `--max-time`. The
    /// default, `None`: the game ends, and `analyze` solves it.
    #[allow(clippy::type_complexity)]
    fn long_run_marks(&self) -> Option<fn(&G::Event, &mut Vec<u64>)> {
        None
    }

    /// More of `analyze --help` for a game that never ends: what its
    /// long-run report says. The default says nothing more.
    fn long_run_help(&self) -> &'static str {
        ""
    }

    /// Adds to the long-run report of a game that never ends what the
    /// game reads off its chain and stationary distribution (the share
    /// of each state, each mark's rate per step): keys, sections of
    /// text, pictures, its title. The default adds nothing.
    fn long_run(
        &self,
        game: &G,
        parameters: &G::Parameters,
        chain: &tabula_exact::Chain<G, u64>,
        stationary: &tabula_exact::Stationary,
        report: &mut LongRunReport,
    ) {
        let _ = (game, parameters, chain, stationary, report);
    }

    /// Each seat's exact chances with `agents` in the seats, from the
    /// game's own solver where it has one for them (Chance-it's staged
    /// solve over score differences, where the generic solver would have
    /// to build every state of a whole game): `simulate` shows them in
    /// its exact columns and does not run the generic solve. `None`, the
    /// default, leaves them to the generic solver; `Some(Err(why))` says
    /// why there are none.
    fn exact_chances(
        &self,
        game: &G,
        parameters: &G::Parameters,
        agents: &[String],
    ) -> Option<Result<Vec<Chances>, Error>> {
        let _ = (game, parameters, agents);
        None
    }

    /// The game's parameters the command line gives other than as their
    /// options, as typed, (name, value) pairs: Snakes' board as a
    /// positional argument (`tabula analyze snakes teaching`), from an
    /// argument the game adds in
    /// [`simulate_arguments`](Self::simulate_arguments) or
    /// [`analyze_arguments`](Self::analyze_arguments). They count as
    /// typed options do (over a `--params` file). The default gives none.
    fn given_parameters(&self, values: &Values) -> Vec<(String, String)> {
        let _ = values;
        Vec::new()
    }

    /// The game its parameters make, in place of
    /// [`Recordable::from_parameters`] with the game's name before its
    /// message, for a game whose messages say their own place (Snakes'
    /// board file's `FILE:LINE:COLUMN: ...`). The default, `None`, leaves
    /// it to `from_parameters`.
    fn build(&self, parameters: &G::Parameters) -> Option<Result<G, Error>> {
        let _ = parameters;
        None
    }

    /// Whether the report of
    /// [`analyze_solve`](Self::analyze_solve) has pictures: `analyze`
    /// then takes `--plot` and `--report`. The default, `false`: only a
    /// game's long run draws them.
    fn analyze_pictures(&self) -> bool {
        false
    }

    /// More options of `simulate`, or other names, help and defaults of
    /// the generic ones (with [`Arguments::mut_arg`]), for the game's
    /// own run of [`simulate_run`](Self::simulate_run). The default adds
    /// none.
    fn simulate_arguments(&self, command: Arguments) -> Arguments {
        command
    }

    /// The game's own run and report, in place of the generic sampling
    /// (Snakes' specification-000 report, through the harness's bulk path for a
    /// game of chance alone): `Some` report answers the simulation,
    /// `None`, the default, leaves it to the generic run. It reads the
    /// generic options (`games`, `seed`, `threads`, `max_steps`,
    /// `max_states`, `shard`) from `values`, and plays through
    /// [`shard::simulation`](crate::shard::simulation) so that `--shard`
    /// and `tabula merge` work as for every game.
    fn simulate_run(
        &self,
        game: &G,
        parameters: &G::Parameters,
        values: &Values,
        io: &mut crate::Io<'_>,
    ) -> Option<Result<Box<dyn crate::Report>, Error>> {
        let _ = (game, parameters, values, io);
        None
    }

    /// More options of `tournament`, or other names, help and defaults
    /// of the generic ones (with [`Arguments::mut_arg`]): Chance-it's
    /// `--config` beside `--params`. The default adds none.
    fn tournament_arguments(&self, command: Arguments) -> Arguments {
        command
    }

    /// Each seat's exact chances in a tournament's seating, `agents` in
    /// the seats, from the game's own solver where it has one for them;
    /// the tournament uses them when it puts exact chances beside the
    /// sampled ones (`--exact`, or [`TournamentOptions::exact`] set by
    /// [`tournament_options`](Self::tournament_options)). The default is
    /// what [`exact_chances`](Self::exact_chances) gives; `None` leaves
    /// them to the generic solver, `Some(Err(why))` says why there are none.
    ///
    /// [`TournamentOptions::exact`]: crate::play::TournamentOptions::exact
    fn tournament_exact(
        &self,
        game: &G,
        parameters: &G::Parameters,
        agents: &[&str],
    ) -> Option<Result<Vec<Chances>, Error>> {
        let agents: Vec<String> = agents.iter().map(ToString::to_string).collect();
        self.exact_chances(game, parameters, &agents)
    }

    /// What to tally of each tournament game's events, seat by seat
    /// ([`TallyRule`]; Chance-it tallies each turn's score). The
    /// tournament then keeps a [`Tally`] per seating of each pairing, in
    /// a shard's part file too, and hands them to
    /// [`tournament_tallied`](Self::tournament_tallied). The default,
    /// `None`, tallies nothing.
    fn tournament_tally(&self) -> Option<TallyRule<G::Event>> {
        None
    }

    /// Adds to a tournament's report what the tallies of
    /// [`tournament_tally`](Self::tournament_tally) say:
    /// `tallies[pairing][seating]`, pairings in the order of the
    /// standings'. Called after [`tournament`](Self::tournament), only
    /// when the game tallies. The default adds nothing.
    fn tournament_tallied(
        &self,
        game: &G,
        parameters: &G::Parameters,
        tallies: &[Vec<Tally>],
        report: &mut TournamentReport,
    ) {
        let _ = (game, parameters, tallies, report);
    }
}

/// The extension of a game that adds nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoExtension;

impl<G: Recordable> Extension<G> for NoExtension {}

/// What a game's [`Extension`] adds to a generic report.
#[derive(Clone, Debug, Default)]
pub struct Extra {
    /// Keys after the report's own at the top of its JSON (names the
    /// report does not use).
    pub keys: serde_json::Map<String, serde_json::Value>,
    /// Keys added to each of the report's pairs, in order (names the
    /// pairs do not use).
    pub pair_keys: Vec<serde_json::Map<String, serde_json::Value>>,
    /// Sections of text after the report's own, each ending in a newline.
    pub sections: Vec<String>,
    /// Pictures after the report's own (`--plot`, `--report`).
    pub pictures: Vec<Picture>,
}

impl Extra {
    /// `a`'s wins in each seat of every pair, under the keys
    /// `a_wins_as_NAME`, `seats` naming the seats in order (lower case,
    /// as JSON keys): noline's `a_wins_as_o` and `a_wins_as_x`.
    pub fn seat_wins(
        pairs: &[Pair],
        seats: &[&str],
    ) -> Vec<serde_json::Map<String, serde_json::Value>> {
        pairs
            .iter()
            .map(|pair| {
                seats
                    .iter()
                    .zip(&pair.a_wins_by_seat)
                    .map(|(seat, &wins)| (format!("a_wins_as_{seat}"), wins.into()))
                    .collect()
            })
            .collect()
    }

    /// A generic report's JSON: `report`'s own keys, then the game's
    /// [`keys`](Self::keys) after them. Every generic verb's report is
    /// written through this one envelope.
    pub(crate) fn json<R: Serialize>(&self, report: &R) -> Result<String, Error> {
        /// The report's keys with the game's after them.
        #[derive(Serialize)]
        struct Keys<'a, R> {
            #[serde(flatten)]
            report: &'a R,
            #[serde(flatten)]
            extra: &'a serde_json::Map<String, serde_json::Value>,
        }
        crate::pretty(&Keys {
            report,
            extra: &self.keys,
        })
    }

    /// `out` (a report's text) with the sections after it.
    pub(crate) fn append_text(&self, out: &mut String) {
        for s in &self.sections {
            out.push('\n');
            out.push_str(s);
        }
    }
}

/// What a registration says of a game beyond its types: the agents a
/// verb seats when none are named, and the games a simulation and a
/// tournament play unless told.
#[derive(Clone, Copy, Debug)]
pub struct Defaults {
    /// The game's one-line summary: each verb's line in the list of games.
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
    pub(crate) fn has_agents(&self) -> bool {
        !self.agents.is_empty()
    }
}

/// Adds the game's parameters to a command: `--NAME` for each field and
/// `--params FILE`.
pub(crate) fn with_parameters<P: Parameters>(mut command: Arguments) -> Arguments {
    for p in P::FIELDS {
        command = command.arg(
            Arg::new(p.name)
                .long(p.name)
                .value_name(p.name.to_uppercase())
                .help(format!("{} ({})", p.help, p.allowed()))
                .default_value(p.default)
                .help_heading("Game parameters"),
        );
    }
    command.arg(
        Arg::new("params")
            .long("params")
            .value_name("FILE")
            .help("Read the game's parameters from a RON file, as (name: value, ...), each once; () is the defaults; options given beside it win. The parameters may also be given in the game's name as a spec string, GAME(NAME=VALUE, ...), each once: a parameter of the spec string given again as an option is refused")
            .help_heading("Game parameters"),
    )
}

/// The parameters the values give, with `given` (typed otherwise than
/// as their options: [`Extension::given_parameters`]) over them, checked.
pub(crate) fn parameters_given<P: Parameters>(
    values: &Values,
    mut given: Vec<(String, String)>,
) -> Result<P, Error> {
    let file = values.text("params");
    for p in P::FIELDS {
        let typed = values.given(p.name);
        if let Some(v) = values.text(p.name)
            && (file.is_none() || typed)
            && !given.iter().any(|(name, _)| name == p.name)
        {
            given.push((p.name.to_string(), v.to_string()));
        }
    }
    Ok(match file {
        Some(path) => params::from_file(&Source::read(path)?, &given)?,
        None => params::build(&given)?,
    })
}

/// The game the values name: its parameters, checked, and the game
/// built from them.
pub(crate) fn game<G: Rules>(values: &Values) -> Result<(G, G::Parameters), Error> {
    let p: G::Parameters = parameters_given(values, Vec::new())?;
    let game = G::from_parameters(&p).map_err(|e| format!("{}: {e}", G::NAME))?;
    Ok((game, p))
}

/// [`game`], as `extension` reads and builds it
/// ([`Extension::given_parameters`], [`Extension::build`]).
pub(crate) fn game_extended<G: Rules>(
    values: &Values,
    extension: &dyn Extension<G>,
) -> Result<(G, G::Parameters), Error> {
    let p: G::Parameters = parameters_given(values, extension.given_parameters(values))?;
    let game = match extension.build(&p) {
        Some(built) => built?,
        None => G::from_parameters(&p).map_err(|e| format!("{}: {e}", G::NAME))?,
    };
    Ok((game, p))
}

/// `--agents`: one per seat, with the registration's default.
pub(crate) fn agents_arg(default: &'static str, help: &'static str) -> Arg {
    Arg::new("agents")
        .long("agents")
        .value_name("AGENTS")
        .value_delimiter(',')
        .num_args(1..)
        .default_value(default)
        .help(help)
}

/// The agents `--agents` names, trimmed, in seat order; none where the
/// option is absent or has no default (a game's own solver of
/// [`Extension::analyze_solve`] answers when no agents are named).
pub fn agent_names(values: &Values) -> Vec<String> {
    values
        .raw("agents")
        .unwrap_or_default()
        .iter()
        .map(|s| s.trim().to_string())
        .collect()
}

/// Why `given` agents do not seat a game of `seats` seats: named by the
/// user, or the registration's usual ones (`defaulted`), which are for
/// another number of seats. `example` is what one seat's name looks like
/// (`A`, or `P` for terminal play).
pub(crate) fn seat_count_error(
    spec: &str,
    seats: usize,
    given: usize,
    defaulted: Option<&str>,
    example: &str,
) -> Error {
    let example = (1..=seats)
        .map(|s| format!("{example}{s}"))
        .collect::<Vec<_>>()
        .join(",");
    let seats = tabula_core::text::count(seats, "seat");
    match defaulted {
        Some(usual) => format!(
            "{spec} has {seats}, and its usual agents ({usual}) are for {given}: name one agent per seat with --agents {example}"
        ),
        None => format!(
            "{spec} has {seats}: name one agent per seat with --agents {example}, not {given}"
        ),
    }
    .into()
}

/// Checks one agent per seat and builds each once, so a bad name fails
/// before any game is played.
pub(crate) fn seated<G: Rules>(
    game: &G,
    p: &G::Parameters,
    names: &[String],
    defaulted: bool,
) -> Result<(), Error> {
    if names.len() != game.seats() {
        let usual = names.join(",");
        return Err(seat_count_error(
            &params::spec(G::NAME, p),
            game.seats(),
            names.len(),
            defaulted.then_some(usual.as_str()),
            "A",
        ));
    }
    for name in names {
        tabula_play::agents::build(game, name)?;
    }
    Ok(())
}

/// Whether the user named the agents, or the registration's usual ones
/// stand.
pub(crate) fn agents_defaulted(values: &Values) -> bool {
    !values.given("agents")
}

/// The game's identity in every report: its name, spec string and
/// parameters.
#[derive(Clone, Debug, Serialize)]
pub struct Variant {
    /// The registered name.
    pub game: &'static str,
    /// The spec string that names this variant (`pig(target=100)`).
    pub spec: String,
    /// The parameters.
    pub parameters: serde_json::Value,
}

impl Variant {
    pub(crate) fn of<G: Rules>(p: &G::Parameters) -> Result<Variant, Error> {
        Ok(Variant {
            game: G::NAME,
            spec: params::spec(G::NAME, p),
            parameters: serde_json::Value::Object(params::fields(p)),
        })
    }
}

/// `0.4712 ± 0.0050`, or `-` where there are no finished games.
pub(crate) fn pm(value: f64, se: f64, digits: usize) -> String {
    if value.is_nan() {
        "-".into()
    } else if se.is_nan() {
        format!("{value:.digits$}")
    } else {
        format!("{value:.digits$} ± {se:.digits$}")
    }
}

pub(crate) fn opt(value: Option<f64>, digits: usize) -> String {
    value.map_or_else(|| "-".into(), |v| format!("{v:.digits$}"))
}

/// The `tabula list` lines of a game's parameters: `target=50 (from 2 to
/// 100): the score that wins`.
pub fn parameter_lines(fields: &[params::Param]) -> Vec<String> {
    fields
        .iter()
        .map(|p| format!("{}={} ({}): {}", p.name, p.default, p.allowed(), p.help))
        .collect()
}

/// Registers a game with the framework: its name and summary, its
/// parameters, and the generic verbs it asks for, each checked against
/// the traits the game implements when the crate compiles.
///
/// ```ignore
/// tabula_registry::register_game! {
///     game: Pig,
///     summary: "Pig: roll to build a turn total, hold to bank it, a 1 loses it",
///     agents: "hold-at-20,optimal",          // the seats' agents unless named; leave out for chance alone
///     verbs: [simulate, analyze, tournament, play, replay],
///     optimal: "the best play, solved exactly once per game and shared",  // registers `optimal`
/// }
/// ```
///
/// `games` (a simulation's, default 10,000) and `tournament_games` (per
/// pairing, default 1,000) may follow `agents`. After `verbs` come, each
/// optional and in this order:
///
/// - `parameters: P`, the [`Parameters`] type `tabula list` shows, for a
///   game whose records keep another type (the default is the game's
///   [`Recordable::Parameters`]);
/// - `extension: EXTENSION`, a value of a type implementing
///   [`Extension`]: the game's own keys, columns and sections in the
///   generic reports (`report: EXTENSION`, its older name, is the same);
/// - `sampler: SAMPLING`, for a game that never ends, a value of a type
///   implementing [`LongRunSampling`]: registers `simulate` as the
///   long run sampled ([`SampleLongRun`]; leave `simulate` out of
///   `verbs`);
/// - `optimal: "..."`, which registers the agent `optimal`;
/// - `plugins: fn() -> Result<Vec<PluginInfo>, CoreError>`, plugins of
///   its own besides its agents (boards, rule sets; a strategy listed
///   under the name of an agent replaces the agent's line);
/// - `extra: [&MY_COMMAND, ...]`, verbs of its own (a verb the generic
///   ones do not have, or one of theirs the game does not list in
///   `verbs`).
///
/// A game with no generic verb at all (no records, no agents) registers
/// by name: `register_game! { name: "my-game", summary: "...",
/// parameters: P, plugins: f, extra: [...] }`.
#[macro_export]
macro_rules! register_game {
    (
        game: $game:ty,
        summary: $summary:expr,
        $(agents: $agents:expr,)?
        $(games: $games:expr,)?
        $(tournament_games: $tgames:expr,)?
        verbs: [$($verb:ident),* $(,)?]
        $(, parameters: $params:ty)?
        , extension: $extension:expr
        $(, $($rest:tt)*)?
    ) => {
        $crate::register_game! {
            game: $game,
            summary: $summary,
            $(agents: $agents,)?
            $(games: $games,)?
            $(tournament_games: $tgames,)?
            verbs: [$($verb),*]
            $(, parameters: $params)?
            , report: $extension
            $(, $($rest)*)?
        }
    };
    (
        name: $name:expr,
        summary: $summary:expr
        $(, parameters: $params:ty)?
        $(, plugins: $plugins:expr)?
        , extra: [$($extra:expr),* $(,)?]
        $(,)?
    ) => {
        const _: () = {
            static __TABULA_COMMANDS: &[&dyn $crate::Command] = &[$($extra,)*];
            fn __tabula_plugins() -> ::core::result::Result<::std::vec::Vec<$crate::PluginInfo>, $crate::CoreError> {
                #[allow(unused_mut)]
                let mut all = ::std::vec::Vec::new();
                $( all.extend(($plugins)()?); all.sort_by_key(|p: &$crate::PluginInfo| (p.kind, p.name)); )?
                Ok(all)
            }
            $crate::inventory::submit! {
                $crate::GameEntry {
                    name: $name,
                    summary: $summary,
                    plugins: __tabula_plugins,
                    commands: __TABULA_COMMANDS,
                    parameters: $crate::__fields!($($params)?; ()),
                }
            }
        };
    };
    (
        game: $game:ty,
        summary: $summary:expr,
        $(agents: $agents:expr,)?
        $(games: $games:expr,)?
        $(tournament_games: $tgames:expr,)?
        verbs: [$($verb:ident),* $(,)?]
        $(, parameters: $params:ty)?
        $(, report: $report:expr)?
        $(, sampler: $sampler:expr)?
        $(, optimal: $optimal:expr)?
        $(, plugins: $plugins:expr)?
        $(, extra: [$($extra:expr),* $(,)?])?
        $(,)?
    ) => {
        const _: () = {
            const __TABULA_DEFAULTS: $crate::verbs::Defaults = $crate::verbs::Defaults {
                summary: $summary,
                agents: $crate::__first!($($agents)?, ""),
                games: $crate::__first!($($games)?, 10_000),
                tournament_games: $crate::__first!($($tgames)?, 1_000),
            };
            fn __tabula_exact_hooks() -> ::core::option::Option<$crate::verbs::ExactHooks<$game>> {
                #[allow(unused_imports)]
                use $crate::verbs::probe::{Hashed as _, Unhashed as _};
                (&$crate::verbs::probe::Probe::<$game>(::core::marker::PhantomData)).exact_hooks()
            }
            /// The game's paths (how its chance is played and its
            /// answers checked), found for its type: every verb plays it
            /// by them.
            #[allow(dead_code)]
            fn __tabula_paths() -> impl $crate::__agents::PlayPaths<$game> {
                $crate::__agents::paths!($game)
            }
            #[allow(dead_code)]
            static __TABULA_EXTENSION: &(dyn $crate::verbs::Extension<$game>) = &$crate::__first!($($report)?, $crate::verbs::NoExtension);
            static __TABULA_COMMANDS: &[&dyn $crate::Command] = &[
                $($crate::__verb!($verb, $game, __TABULA_DEFAULTS, __tabula_exact_hooks, __TABULA_EXTENSION, __tabula_paths),)*
                $(&$crate::verbs::SampleLongRun::<$game, _, _>::new(__TABULA_DEFAULTS, __TABULA_EXTENSION, &$sampler, __tabula_paths),)?
                $($($extra,)*)?
            ];
            fn __tabula_plugins() -> ::core::result::Result<::std::vec::Vec<$crate::PluginInfo>, $crate::CoreError> {
                #[allow(unused_mut)]
                let mut all = $crate::__agents::plugins::<$game>()?;
                $(
                    let own = ($plugins)()?;
                    all.retain(|a| !own.iter().any(|p| p.name == a.name));
                    all.extend(own);
                    all.sort_by_key(|p| (p.kind, p.name));
                )?
                Ok(all)
            }
            $crate::inventory::submit! {
                $crate::GameEntry {
                    name: <$game as $crate::__agents::Recordable>::NAME,
                    summary: $summary,
                    plugins: __tabula_plugins,
                    commands: __TABULA_COMMANDS,
                    parameters: $crate::__fields!($($params)?; <$game as $crate::__agents::Recordable>::Parameters),
                }
            }
            $(
                $crate::inventory::submit! {
                    $crate::__agents::AgentEntry {
                        name: "optimal",
                        parameter: None,
                        summary: $optimal,
                        build: &$crate::__agents::BuildFn::<$game>(|game, _| {
                            #[allow(unused_imports)]
                            use $crate::verbs::probe::{Graphed as _, Numbered as _};
                            let solve = (&$crate::verbs::probe::Probe::<$game>(::core::marker::PhantomData)).optimal();
                            $crate::exact::shared_optimal(game, solve)
                        }),
                    }
                }
            )?
        };
    };
}

/// The fields of a registration's parameter type, or of the default.
#[doc(hidden)]
#[macro_export]
macro_rules! __fields {
    (; $default:ty) => {
        <$default as $crate::__agents::Parameters>::FIELDS
    };
    ($params:ty; $default:ty) => {
        <$params as $crate::__agents::Parameters>::FIELDS
    };
}

/// The first of its arguments: a registration's value or the default.
#[doc(hidden)]
#[macro_export]
macro_rules! __first {
    (, $default:expr) => {
        $default
    };
    ($value:expr, $default:expr) => {
        $value
    };
}

/// One generic verb of [`register_game!`](crate::register_game).
#[doc(hidden)]
#[macro_export]
macro_rules! __verb {
    (simulate, $game:ty, $defaults:expr, $exact:expr, $ext:expr, $paths:expr) => {
        &$crate::verbs::Simulate::<$game, _>::new($defaults, $exact, $ext, $paths)
    };
    (analyze, $game:ty, $defaults:expr, $exact:expr, $ext:expr, $paths:expr) => {
        &$crate::verbs::Analyze::<$game>::new($defaults, $ext)
    };
    (tournament, $game:ty, $defaults:expr, $exact:expr, $ext:expr, $paths:expr) => {
        &$crate::verbs::TournamentVerb::<$game, _>::new($defaults, $exact, $ext, $paths)
    };
    (play, $game:ty, $defaults:expr, $exact:expr, $ext:expr, $paths:expr) => {
        &$crate::verbs::Play::<$game, _>::extended($defaults, $ext, $paths)
    };
    (replay, $game:ty, $defaults:expr, $exact:expr, $ext:expr, $paths:expr) => {
        &$crate::verbs::Replay::<$game, _>::new($paths)
    };
}
