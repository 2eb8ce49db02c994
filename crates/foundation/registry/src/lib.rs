//! The one registry of tabula: what each game registers (its rules,
//! parameters, agents and the capabilities it adds, through one
//! [`GameBuilder`]), the verbs that run games ([`VerbEntry`]: the generic
//! ones of `tabula-verbs`, any crate's, a game's own), and commands
//! described as data ([`args`]) for every front end to parse, check and
//! show the same way.
//!
//! A game registers with one [`register_game!`]; what it gets from the
//! traits it implements is found there, when it compiles, and the
//! framework holds it as a type-erased [`GameKind`] whose services (play
//! many games, solve, run a tournament, play at a terminal, replay,
//! [`DynState`]) are compiled once for the game. A verb is plain code over
//! those services; it declares its options as data and returns a
//! [`Report`], which renders itself as text and JSON and describes its
//! pictures as data ([`picture`]) for the front end to draw. This crate
//! parses no command line and draws nothing.
//!
//! ```
//! use tabula_registry::args::{Arguments, Source, Values};
//! use tabula_registry::{Error, GameKind, Io, Kind, Report, Verb, VerbEntry};
//! # use tabula_core::params::{Param, Parameters};
//! # use tabula_core::{BoardGame, Chance, GameResult, NoMove, Status};
//! # use tabula_play::record::{ParametersError, Recordable};
//! /// A fair coin, flipped until it shows heads (its rules).
//! #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
//! struct Coin {}
//! # impl Parameters for Coin { const FIELDS: &'static [Param] = &[]; }
//! # impl BoardGame for Coin {
//! #     type State = bool; type Move = NoMove; type Outcome = bool; type Event = ();
//! #     fn seats(&self) -> usize { 1 }
//! #     fn initial_state(&self) -> bool { false }
//! #     fn status(&self, s: &bool) -> Status { if *s { Status::Over(GameResult::Win(0)) } else { Status::Chance } }
//! #     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<bool>>) { out.extend([Chance { outcome: true, probability: 0.5 }, Chance { outcome: false, probability: 0.5 }]) }
//! #     fn apply_chance<E: FnMut(())>(&self, s: &mut bool, heads: bool, _: &mut E) { *s = heads }
//! #     fn apply_move<E: FnMut(())>(&self, _: &mut bool, _: NoMove, _: &mut E) {}
//! # }
//! # impl Recordable for Coin {
//! #     const NAME: &'static str = "coin";
//! #     type Parameters = Coin;
//! #     fn parameters(&self) -> Coin { Coin {} }
//! #     fn from_parameters(_: &Coin) -> Result<Coin, ParametersError> { Ok(Coin {}) }
//! # }
//!
//! // The game registers what it is; no verb is listed.
//! tabula_registry::register_game! { game: Coin, summary: "a fair coin, flipped until heads" }
//!
//! /// A verb of any crate: `tabula flips GAME`, the exact mean length.
//! struct Flips;
//!
//! #[derive(serde::Serialize)]
//! struct Mean { spec: String, mean_steps: f64 }
//!
//! impl Report for Mean {
//!     fn title(&self) -> String { self.spec.clone() }
//!     fn text(&self) -> String { format!("{}: {:.3} flips\n", self.spec, self.mean_steps) }
//!     fn json(&self) -> Result<String, Error> { tabula_registry::pretty(self) }
//! }
//!
//! impl Verb for Flips {
//!     fn applies(&self, game: &dyn GameKind) -> bool { game.capabilities().hashable }
//!     fn kind(&self, _: &dyn GameKind) -> Kind { Kind::Report { pictures: false } }
//!     fn arguments(&self, game: &dyn GameKind) -> Arguments {
//!         tabula_registry::game_parameters(Arguments::new(), game.parameters())
//!     }
//!     fn run(&self, game: &dyn GameKind, values: &Values, _: &mut Io<'_>)
//!         -> Result<Option<Box<dyn Report>>, Error> {
//!         let variant = game.variant(values)?;
//!         let solved = variant.solve(&[], 1_000).ok_or("not solvable")??;
//!         Ok(Some(Box::new(Mean { spec: variant.info()?.spec, mean_steps: solved.mean_steps })))
//!     }
//! }
//!
//! tabula_registry::inventory::submit! {
//!     VerbEntry { name: "flips", about: "The exact mean length", game: None, place: 90, verb: &Flips }
//! }
//!
//! // Every front end now finds the game, and the verb for it.
//! let coin = tabula_registry::find_game("coin")?;
//! let flips = coin.command("flips").ok_or("no flips")?;
//! let values = Values::defaults(&flips.arguments());
//! let (mut out, mut input) = (Vec::new(), std::io::empty());
//! let report = flips.run(&values, &mut Io::new(&mut out, &mut input))?;
//! assert_eq!(report.map(|r| r.text()).as_deref(), Some("coin: 2.000 flips\n"));
//! # Ok::<_, tabula_registry::Error>(())
//! ```
//!
//! # What the front end keeps
//!
//! This crate is the registry; it draws nothing and ends no program. A
//! verb tells the front end's progress display how far a long run or
//! solve has come, and says notes for the person running it, through
//! [`Io::progress`] and [`Io::note`] (the interface is
//! [`progress::Meter`]; [`Io::new`] shows nothing). The `tabula` command
//! line's display on stderr (bars, spinners, lines) and its exit codes
//! and error messages live in the front end (`tabula_cli::progress`,
//! `tabula_cli::exit`).
//!
//! # Type erasure, once
//!
//! A front end holds games of different types side by side, so it sees
//! each through object-safe values: a [`GameEntry`] of plain data,
//! [`&dyn Command`](Command) for each command, [`&dyn GameKind`](GameKind)
//! and [`Box<dyn Variant>`](Variant) for a game's services and
//! `Box<dyn Report>` for each result. Inside a service everything is
//! concrete: the game's own types, and a simulation loop monomorphized
//! for them, so the erasure costs one virtual call per service, never one
//! per move.
#![deny(missing_docs)]

pub mod args;
mod capability;
mod command;
mod entry;
pub mod exact;
mod extra;
pub mod form_start;
pub mod game;
mod keep;
mod kind;
pub mod long_run;
pub mod notation_hint;
pub mod page;
pub mod play;
mod probe;
pub mod progress;
mod query;
mod registered;
mod report;
pub mod shard;
pub mod simulation;
pub mod solve;
mod spec;
pub mod state;
pub mod tally;
mod terminal;
mod verb;

/// What [`register_game!`] expands to needs; not for direct use.
#[doc(hidden)]
pub mod __agents {
    pub use tabula_core::params::Parameters;
    pub use tabula_play::agents::{AgentEntry, BuildFn, plugins};
    pub use tabula_play::record::Recordable;
    pub use tabula_play::{PlayPaths, paths};
}

pub use capability::{
    BuildGameFn, GamesCheckFn, GivenFn, OptionsFn, ParameterSource, PlaySetupFn, PluginsFn,
    TournamentSetup,
};
pub use command::{Command, Io, Kind, RunInteractive, RunReport, Typed};
pub use entry::{
    GameEntry, RESERVED_VERBS, Registration, check_parameters, find_game, games, kind, plugins_of,
};
pub use extra::Extra;
pub use game::GameBuilder;
pub use kind::{
    Asked, Capabilities, Defaults, GameKind, LongRunData, LongRunOptions, PlaySetup, PlayTable,
    Rules, SeatFigures, SimulationData, SimulationPlan, TournamentRun, Variant, VariantInfo,
};
pub use registered::{
    optimal_policy, seat_count_error, shared_optimal, solved_play, solved_play_within,
};
pub use report::{Report, pretty};
pub use solve::{Answer, Answered, Query, Solve};
pub use spec::variant;
pub use state::{Actions, DynState, Numbering, PictureFn, Player, PositionHooks, StateError};
pub use tabula_core::CoreError;
pub use tabula_core::registry::PluginInfo;
/// Pictures of results as data (`tabula-picture`): what a report's
/// [`Report::pictures`] describes and the front ends draw.
pub use tabula_picture as picture;
pub use terminal::{AskFn, LookFn, OpeningFn, TerminalLook, VerdictFn};
pub use verb::{Verb, VerbEntry, verbs};

/// Re-exported so game crates register with the same `inventory`.
pub use inventory;

/// The seed a command uses when none is given: every run is reproducible.
pub const DEFAULT_SEED: u64 = 2002;

/// What a command reports when it fails: any error, with its message. The
/// front end prints it after `error: ` and exits with status 1.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// `command` with the game's parameters as options: `--NAME` for each
/// (under the heading "Game parameters") and `--params FILE`.
pub fn game_parameters(
    mut command: args::Arguments,
    fields: &[tabula_core::params::Param],
) -> args::Arguments {
    use tabula_core::params::Kind;
    for p in fields {
        let arg = args::Arg::new(p.name)
            .long(p.name)
            .value_name(p.name.to_uppercase())
            .help(format!("{} ({})", p.help, p.allowed()))
            .default_value(p.default)
            .help_heading("Game parameters");
        // `one_die_under` also answers to `--one-die-under`, and a name
        // with `-` to `_`.
        let mut arg = arg;
        for other in [p.name.replace('_', "-"), p.name.replace('-', "_")] {
            if other != p.name && !arg.aliases.contains(&other) {
                arg.aliases.push(other);
            }
        }
        // A form's menu; the game checks the value, as on the command line.
        let arg = match p.kind {
            Kind::Choice(choices) => arg.menu(choices.iter().copied()),
            Kind::Bool => arg.menu(["false", "true"]),
            // Names registered at run time (plugins among them).
            Kind::Named(names) => {
                let listed = names.names();
                arg.menu(listed.iter().map(String::as_str))
            }
            _ => arg,
        };
        command = command.arg(arg);
    }
    command.arg(
        args::Arg::new("params")
            .long("params")
            .value_name("FILE")
            .help("Read the game's parameters from a RON file, as (name: value, ...); options given beside it win")
            .help_heading("Game parameters")
            .label("Parameters file"),
    )
}

/// The agents `--agents` names, trimmed, in seat order; none where the
/// option is absent or has no default.
///
/// With `--objective X` given (other than `win`), a bare `optimal` is read
/// as `optimal-X` ([`objective_arg`]; `optimal-goal-N` with `--objective
/// goal --goal N`).
pub fn agent_names(values: &args::Values) -> Vec<String> {
    with_objective(
        values,
        values
            .raw("agents")
            .unwrap_or_default()
            .iter()
            .map(|s| s.trim().to_string())
            .collect(),
    )
}

/// The suffix `--objective` (and `--goal`) give a bare `optimal`:
/// `score`, `fewest`, `goal-N`, or `goal` alone where `--goal` is
/// missing (which the agent refuses, naming `--goal`); `None` for `win`
/// or where the verb has no `--objective`. `--goal N` without
/// `--objective` means `--objective goal` (with another objective it is
/// refused by [`objective_goal_together`]).
fn objective_suffix(values: &args::Values) -> Option<String> {
    let goal = values.raw(GOAL_ID).and_then(|g| g.first().cloned());
    let objective = match values.raw("objective").and_then(|o| o.first().cloned()) {
        Some(_) if goal.is_some() && !values.given("objective") => "goal".to_string(),
        Some(o) => o,
        None if goal.is_some() => "goal".to_string(),
        None => return None,
    };
    if objective == "win" {
        return None;
    }
    if objective != "goal" {
        return Some(objective);
    }
    Some(match goal {
        Some(n) => format!("goal-{}", n.trim()),
        None => objective,
    })
}

/// `--goal N` goes with `--objective goal` (or alone, which means it),
/// and is refused with `--objective win`, `score` or `fewest`, naming
/// both options and the remedy: an [`Arguments::check`](args::Arguments::check)
/// of [`objective_args`].
pub fn objective_goal_together(values: &args::Values) -> Result<(), String> {
    let Some(n) = values.text(GOAL_ID).filter(|_| values.given(GOAL_ID)) else {
        return Ok(());
    };
    let objective = values.text("objective").unwrap_or("win");
    if !values.given("objective") || objective == "goal" {
        return Ok(());
    }
    let goal = values.flag_name(GOAL_ID);
    Err(format!(
        "{goal} {n} is the score the objective goal plays to reach, and --objective {objective} plays for {}: give {goal} N alone (or with --objective goal) to play for the chance of scoring at least N, or drop {goal} to play for {}",
        tabula_exact::Aim::parse(objective).map_or("something else", tabula_exact::Aim::help),
        tabula_exact::Aim::parse(objective).map_or("it", tabula_exact::Aim::help),
    ))
}

/// `names` with `--objective X` given (other than `win`): a bare
/// `optimal` read as `optimal-X`, as [`agent_names`] reads `--agents`
/// (`play` and `tournament`, whose agents come otherwise).
pub fn with_objective(values: &args::Values, names: Vec<String>) -> Vec<String> {
    match objective_suffix(values) {
        Some(o) => names
            .into_iter()
            .map(|s| {
                if s == "optimal" {
                    format!("optimal-{o}")
                } else {
                    s
                }
            })
            .collect(),
        None => names,
    }
}

/// Whether `game` has the `optimal[-OBJECTIVE]` agents that
/// [`register_game!`] registers (so `--objective` applies).
pub fn has_objectives(game: &dyn GameKind) -> bool {
    game.agents()
        .iter()
        .any(|(name, parameter, _)| *name == "optimal" && *parameter == Some("OBJECTIVE"))
}

/// `--objective`: what a bare `optimal` agent optimises in this run, for
/// a game with [`has_objectives`]; `goal` takes its score from
/// [`goal_arg`].
pub fn objective_arg() -> args::Arg {
    let names = tabula_exact::Aim::ALL.map(tabula_exact::Aim::name);
    args::Arg::new("objective")
        .long("objective")
        .value_name("OBJECTIVE")
        .choices(names)
        .default_value("win")
        .help("What the optimal agent optimises: win (the chance of winning), score (the expected score), goal (the chance that the final score reaches --goal N, one seat; --goal N alone says the same) or fewest (the fewest chance steps on average, one seat); optimal-score and optimal-goal-N name it per seat")
}

/// The id of [`goal_arg`] among a verb's values (its flag is `--goal`).
const GOAL_ID: &str = "objective_goal";

/// `--goal N` (also `--objective-goal N`): the score `--objective goal`
/// plays to reach, beside [`objective_arg`]; alone, it means `--objective
/// goal`.
pub fn goal_arg() -> args::Arg {
    args::Arg::new(GOAL_ID)
        .long("goal")
        .visible_alias("objective-goal")
        .value_name("N")
        .of::<i64>()
        .help(GOAL_HELP)
}

/// The help of [`goal_arg`].
const GOAL_HELP: &str = "The score to reach (a whole number): a bare optimal agent maximises the chance that the final score is at least N, won or lost, and analyze reports each seat's chance of reaching N (goal_chance). Alone it means --objective goal; with --objective win, score or fewest it is refused";

/// `command` with [`objective_arg`] and [`goal_arg`], for a game with
/// [`has_objectives`], and the check that they go together
/// ([`objective_goal_together`]). A game with a parameter of its own
/// named `goal` (Pig solitaire's) keeps `--goal` for it: there the
/// objective's goal is `--objective-goal N` (or the agent
/// `optimal-goal-N`).
pub fn objective_args(command: args::Arguments, game: &dyn GameKind) -> args::Arguments {
    let command = command.arg(objective_arg()).check(objective_goal_together);
    let own = game
        .parameters()
        .iter()
        .any(|p| p.name.replace('_', "-") == "goal");
    if own {
        command.arg(
            args::Arg::new(GOAL_ID)
                .long("objective-goal")
                .value_name("N")
                .of::<i64>()
                .help(GOAL_HELP),
        )
    } else {
        command.arg(goal_arg())
    }
}

/// The objective an agent's name asks of optimal play (`optimal`: `win`,
/// `optimal-score`: `score`, `optimal-goal-N`: `goal`), for a game with
/// [`has_objectives`]; `None` for any other agent.
pub fn objective_of(game: &dyn GameKind, agent: &str) -> Option<&'static str> {
    aim_of_agent(game, agent).map(tabula_exact::Aim::name)
}

/// The score an `optimal-goal-N` agent plays to reach (N), for a game
/// with [`has_objectives`]; `None` for any other agent.
pub fn goal_of(game: &dyn GameKind, agent: &str) -> Option<i64> {
    aim_of_agent(game, agent).and_then(tabula_exact::Aim::goal)
}

fn aim_of_agent(game: &dyn GameKind, agent: &str) -> Option<tabula_exact::Aim> {
    if !has_objectives(game) {
        return None;
    }
    match agent.strip_prefix("optimal") {
        Some("") => Some(tabula_exact::Aim::Win),
        Some(rest) => tabula_exact::Aim::parse(rest.strip_prefix('-')?).ok(),
        None => None,
    }
}

/// The objective `--objective` names (with `--goal`'s score for `goal`),
/// where the verb has the option ([`objective_arg`]);
/// [`Aim::Win`](tabula_exact::Aim::Win) otherwise. `goal` without
/// `--goal` is refused, naming it.
pub fn objective_aim(values: &args::Values) -> Result<tabula_exact::Aim, Error> {
    match objective_suffix(values) {
        Some(name) => Ok(tabula_exact::Aim::parse(&name)?),
        None => Ok(tabula_exact::Aim::Win),
    }
}

/// The `tabula list` lines of a game's parameters: `target=50 (from 2 to
/// 100): the score that wins`.
pub fn parameter_lines(fields: &[tabula_core::params::Param]) -> Vec<String> {
    fields
        .iter()
        .map(|p| format!("{}={} ({}): {}", p.name, p.default, p.allowed(), p.help))
        .collect()
}

/// Problems of the registry itself.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AppError {
    /// No game is registered under this name.
    #[error("unknown game {name:?}; known: {}", known.join(", "))]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names.
        known: Vec<&'static str>,
    },
    /// Two linked games have the same name.
    #[error(
        "two games are registered under the name {name:?}: each linked game crate needs its own name"
    )]
    DuplicateGame {
        /// The name.
        name: String,
    },
    /// A game registers a verb the front ends keep for themselves.
    #[error(
        "game {game:?} registers the command {verb:?}, a name the command line keeps for itself (reserved: list, dice-test, help)"
    )]
    ReservedVerb {
        /// The game.
        game: &'static str,
        /// The verb.
        verb: &'static str,
    },
    /// A game's command declares an option the front end adds itself.
    #[error(
        "game {game:?}: its `{verb}` command declares --{option}, which the command line adds to every command that returns a report (reserved: --format, --plot, --report)"
    )]
    ReservedOption {
        /// The game.
        game: &'static str,
        /// The verb.
        verb: &'static str,
        /// The option's long name.
        option: String,
    },
    /// A game parameter is named like one of a verb's own options (or
    /// one the command line adds): every command of the game would read
    /// it twice.
    #[error(
        "game {game:?}: its parameter `{parameter}` is named like the `{verb}` command's own option --{option}; rename the parameter"
    )]
    ParameterClash {
        /// The game.
        game: &'static str,
        /// The parameter.
        parameter: &'static str,
        /// The verb.
        verb: &'static str,
        /// The verb's option.
        option: String,
    },
    /// One command declares an option twice: a game parameter named like
    /// one of the verb's own options (`scoring` beside a tournament's
    /// `--scoring`).
    #[error(
        "game {game:?}: its `{verb}` command declares --{option} twice (a game parameter named like one of the verb's own options?); rename the parameter"
    )]
    DuplicateOption {
        /// The game.
        game: &'static str,
        /// The verb.
        verb: &'static str,
        /// The option's long name (or id).
        option: String,
    },
    /// A game's command gives a range to an option whose value is not a
    /// whole number (`u8` to `u64`): the range would not be checked.
    #[error(
        "game {game:?}: its `{verb}` command gives --{option} a range, but only whole-number options (u8 to u64) take one"
    )]
    RangeNotWhole {
        /// The game.
        game: &'static str,
        /// The verb.
        verb: &'static str,
        /// The option's long name (or id).
        option: String,
    },
    /// Two commands of one game have the same verb.
    #[error("game {game:?} registers the command {verb:?} twice")]
    DuplicateCommand {
        /// The game.
        game: &'static str,
        /// The verb.
        verb: &'static str,
    },
    /// A registry problem (two games of one name, ...).
    #[error(transparent)]
    Core(#[from] tabula_core::CoreError),
}
