//! The one registration a game makes so that every front end (the `tabula`
//! command line, the book's preprocessor, the HTML report) can run it by
//! name, without naming it.
//!
//! A game crate submits one [`GameEntry`] with [`inventory`]: its name and
//! summary, its plugins (rule sets, strategies, agents, boards) and the
//! [`Command`]s it supports. A command declares its arguments as data
//! ([`args`]: a struct of [`arguments!`], its fields' doc comments their
//! help) and returns a [`Report`]: a value that renders itself as text
//! and as JSON, and describes its pictures as data ([`picture`]) for the
//! front end to draw. The front end turns the arguments into its
//! command line (the `tabula` binary's, with clap) or its forms (`tabula
//! serve`), adds `--format`, `--plot DIR` and `--report FILE.html`, and
//! renders every report the same way; this crate parses no command line.
//!
//! ```
//! use tabula_registry::args::{Source, Values};
//! use tabula_registry::{Command, GameEntry, Io, Report, Typed};
//!
//! tabula_registry::arguments! {
//!     /// Options of `tabula simulate coin`.
//!     #[derive(Debug)]
//!     struct Flips {
//!         /// How many flips.
//!         #[arg(long, default_value_t = 10, range = 1..)]
//!         flips: u64,
//!     }
//! }
//!
//! #[derive(serde::Serialize)]
//! struct Heads { flips: u64, expected_heads: f64 }
//!
//! impl Report for Heads {
//!     fn title(&self) -> String { format!("coin: {} flips", self.flips) }
//!     fn text(&self) -> String { format!("Expected heads: {}\n", self.expected_heads) }
//!     fn json(&self) -> Result<String, tabula_registry::Error> { tabula_registry::pretty(self) }
//! }
//!
//! fn simulate(args: Flips, _: &mut Io<'_>) -> Result<Box<dyn Report>, tabula_registry::Error> {
//!     Ok(Box::new(Heads { flips: args.flips, expected_heads: args.flips as f64 / 2.0 }))
//! }
//!
//! static COMMANDS: &[&dyn Command] = &[&Typed::report("simulate", "Flip a coin", simulate)];
//!
//! tabula_registry::inventory::submit! {
//!     GameEntry {
//!         name: "coin",
//!         summary: "a fair coin",
//!         plugins: || Ok(Vec::new()),
//!         commands: COMMANDS,
//!         parameters: &[],
//!     }
//! }
//!
//! // Every front end now finds it by name, and runs it with the values
//! // it parsed for the command's arguments (`--flips 4`).
//! let coin = tabula_registry::find_game("coin")?;
//! let simulate = coin.command("simulate").ok_or("no simulate")?;
//! let mut values = Values::defaults(&simulate.arguments());
//! values.set("flips", ["4"], Source::Given);
//! let (mut out, mut input) = (Vec::new(), std::io::empty());
//! let report = simulate.run(&values, &mut Io::new(&mut out, &mut input))?;
//! assert_eq!(report.map(|r| r.text()).as_deref(), Some("Expected heads: 2\n"));
//! # Ok::<_, tabula_registry::Error>(())
//! ```
//!
//! # What the front end keeps
//!
//! This crate is the registry and the verbs; it draws nothing and ends no
//! program. A command tells the front end's progress display how far a
//! long run or solve has come, and says notes for the person running it,
//! through [`Io::progress`] and [`Io::note`] (the interface is
//! [`progress::Meter`]; [`Io::new`] shows nothing). The `tabula` command
//! line's display on stderr (bars, spinners, lines) and its exit codes
//! and error messages live in the front end (`tabula_cli::progress`,
//! `tabula_cli::exit`).
//!
//! # Type erasure, once
//!
//! A front end holds games of different types side by side, so it sees
//! each through object-safe values: a [`GameEntry`] of plain data and
//! function pointers, [`&dyn Command`](Command) for each command and
//! `Box<dyn Report>` for each result. This is the only place tabula erases
//! types for its front ends. Inside a command everything is concrete: the
//! game's own types, and a simulation loop monomorphized for them, so the
//! erasure costs one virtual call per command, never one per move.
#![deny(missing_docs)]

pub mod args;
mod command;
mod entry;
pub mod exact;
pub mod page;
pub mod play;
pub mod progress;
mod report;
pub mod shard;
pub mod verbs;

/// What [`register_game!`] expands to needs; not for direct use.
#[doc(hidden)]
pub mod __agents {
    pub use tabula_core::params::Parameters;
    pub use tabula_play::agents::{AgentEntry, BuildFn, plugins};
    pub use tabula_play::record::Recordable;
    pub use tabula_play::{PlayPaths, paths};
}

pub use command::{Command, Io, Kind, RunInteractive, RunReport, Typed};
pub use entry::{GameEntry, RESERVED_VERBS, find_game, games};
pub use report::{Report, pretty};
pub use tabula_core::CoreError;
pub use tabula_core::registry::PluginInfo;
/// Pictures of results as data (`tabula-picture`): what a report's
/// [`Report::pictures`] describes and the front ends draw.
pub use tabula_picture as picture;

/// Re-exported so game crates register with the same `inventory`.
pub use inventory;

/// The seed a command uses when none is given: every run is reproducible.
pub const DEFAULT_SEED: u64 = 2002;

/// What a command reports when it fails: any error, with its message. The
/// front end prints it after `error: ` and exits with status 1.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

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
