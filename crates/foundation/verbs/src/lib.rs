//! The generic verbs, `simulate`, `analyze`, `tournament`, `play` and
//! `replay`, for every registered game: plugins of the registry
//! ([`VerbEntry`]), submitted exactly as a verb of any other crate would
//! be. Each is plain code over a game's type-erased services
//! ([`GameKind`], [`Variant`](tabula_registry::Variant)): it declares its
//! options as data, calls the game's mechanisms (play many games, solve,
//! run a tournament, play at a terminal, replay) and builds its report
//! from the plain data they return, with the game's registered sections
//! added ([`GameBuilder::sections`](tabula_registry::GameBuilder::sections)).
//!
//! | verb | applies to a game that | what it does |
//! |---|---|---|
//! | `simulate` | ends, or samples its long run | many games with the named agents per seat: length distribution, each seat's wins, ties, mean score and rank with standard errors, the exact values beside them when the game's state is `Hash` and the solve fits its budget; `--threads`, `--shard`, `--plot`, `--report`; a game's own simulation ([`GameBuilder::simulation`](tabula_registry::GameBuilder::simulation)) reports as it says; a game that never ends has its long run sampled |
//! | `analyze` | has a hashable state, its own solver, or a long run | the exact solution with the named agents as policies (`optimal` among them): length distribution, each seat's chances, score and rank; or the game's own solver's answer; or the long run of a game that never ends |
//! | `tournament` | has decisions and more than one seat | every pairing of the named agents, seats shared evenly; exact chances beside with `--exact` (hashable state) |
//! | `play` | has a [`Notation`](tabula_play::terminal::Notation) | a game at the terminal, `you` in the seats named so, agents in the others, with its record |
//! | `replay` | has a notation | checks a record step by step |
//!
//! Every verb takes the game's parameters the same way: as options
//! (`--target 100`), as a RON file (`--params FILE`), or in the game's
//! name (`tabula analyze 'pig(target=100)'`).
//!
//! ```
//! use tabula_verbs as _; // linking this crate registers the verbs for every linked game
//! let verbs: Vec<&str> = tabula_registry::verbs().iter().map(|v| v.name).collect();
//! for verb in ["simulate", "analyze", "tournament", "play", "replay"] {
//!     assert!(verbs.contains(&verb), "{verb}");
//! }
//! ```
#![deny(missing_docs)]

use tabula_registry::args::{Arg, Values};
use tabula_registry::{GameKind, VerbEntry};

mod analyze;
mod long_run;
mod play;
mod simulate;
mod tournament;

pub use analyze::AnalyzeReport;
pub use long_run::LongRunReport;
pub use simulate::{SeatLine, SimulateReport};
pub use tournament::TournamentReport;

tabula_registry::inventory::submit! {
    VerbEntry {
        name: "simulate",
        about: "Simulate many games and report statistics",
        game: None,
        place: 10,
        verb: &simulate::Simulate,
    }
}

tabula_registry::inventory::submit! {
    VerbEntry {
        name: "analyze",
        about: "Solve a game exactly (no sampling): distributions, expectations, shortest games, best play",
        game: None,
        place: 20,
        verb: &analyze::Analyze,
    }
}

tabula_registry::inventory::submit! {
    VerbEntry {
        name: "tournament",
        about: "Pit strategies against each other: every pairing plays many games, seats shared evenly",
        game: None,
        place: 30,
        verb: &tournament::TournamentVerb,
    }
}

tabula_registry::inventory::submit! {
    VerbEntry {
        name: "play",
        about: "Play a game at the terminal against the computer",
        game: None,
        place: 40,
        verb: &play::Play,
    }
}

tabula_registry::inventory::submit! {
    VerbEntry {
        name: "replay",
        about: "Replay a game record, checking every move",
        game: None,
        place: 50,
        verb: &play::Replay,
    }
}

/// `--agents`: one per seat, with the registration's default, its values
/// the game's agents.
fn agents_arg(game: &dyn GameKind, help: &'static str) -> Arg {
    Arg::new("agents")
        .long("agents")
        .value_name("AGENTS")
        .value_delimiter(',')
        .num_args(1..)
        .default_value(game.defaults().agents)
        .agents(game.agents())
        .help(help)
}

/// `--agents` of a game decided by chance alone: hidden, and refused
/// with a message when given ([`refuse_agents`]), rather than taken and
/// ignored.
fn no_agents_arg() -> Arg {
    Arg::new("agents")
        .long("agents")
        .value_name("AGENTS")
        .value_delimiter(',')
        .num_args(1..)
        .hide(true)
        .help("Refused: chance decides every step of this game")
}

/// The refusal of an agent option (`--agents`, `--against`) given to a
/// game decided by chance alone.
fn refuse_agents(
    game: &dyn GameKind,
    values: &Values,
    options: &[&str],
) -> Result<(), tabula_registry::Error> {
    match options.iter().find(|o| values.given(o)) {
        Some(option) => Err(format!(
            "{} is decided by chance alone: nobody chooses a move, so --{option} names nobody to play; leave it out",
            game.name()
        )
        .into()),
        None => Ok(()),
    }
}

/// Whether the user named the agents, or the registration's usual ones
/// stand.
fn agents_defaulted(values: &Values) -> bool {
    !values.given("agents")
}

/// `0.4712 ± 0.0050`, or `-` where there are no finished games.
fn pm(value: f64, se: f64, digits: usize) -> String {
    if value.is_nan() {
        "-".into()
    } else if se.is_nan() {
        format!("{value:.digits$}")
    } else {
        format!("{value:.digits$} ± {se:.digits$}")
    }
}

fn opt(value: Option<f64>, digits: usize) -> String {
    value.map_or_else(|| "-".into(), |v| format!("{v:.digits$}"))
}
