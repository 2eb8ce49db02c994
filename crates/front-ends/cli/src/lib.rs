//! The `tabula` command line, built at run time from the games a binary
//! links: `tabula VERB GAME [ARGS]` runs the command a game registered
//! (see [`tabula_registry::GameEntry`]); this crate names no game.
//!
//! A binary that ships tabula links its games and calls [`main`]:
//!
//! ```no_run
//! // use my_game as _;   // link each game crate, so its registration is kept
//! fn main() -> std::process::ExitCode {
//!     tabula_cli::main()
//! }
//! ```
//!
//! The front end also keeps what a game's commands only describe: their
//! progress, shown on stderr by [`progress::Stderr`] (a bar or spinner on
//! a terminal, otherwise a line now and then), their notes, how the
//! program ends ([`exit`]: exit codes, error messages; [`program`] makes a
//! program of one command), and the files of runs split across machines
//! ([`split`]: a part's header, reading, checking and merging parts for
//! `tabula merge`).
//!
//! The same commands run in-process, writing to any output:
//!
//! ```
//! let mut out = Vec::new();
//! tabula_cli::run_args(["tabula", "dice-test", "--rolls", "6000", "--seed", "3"], &mut out)?;
//! assert!(String::from_utf8_lossy(&out).contains("verdict"));
//! # Ok::<_, tabula_cli::Error>(())
//! ```
#![deny(missing_docs)]

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::{ArgMatches, Args, FromArgMatches, ValueEnum};
use tabula_core::Dice;
use tabula_registry::{GameEntry, Io, Kind, Report};
use tabula_sim::dice_test::DiceTest;

pub mod args;
pub mod exit;
pub mod pictures;
pub mod progress;
pub mod split;

pub use exit::{exit_for_clap, finish, program};
pub use progress::{SolveProgress, progress_bar};
pub use tabula_registry::Error;
pub use tabula_registry::progress::seconds_budget;

use crate::pictures::PlotArgs;

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// One JSON object (keys documented in the book).
    Json,
}

/// `--format`, added to every command that returns a report.
#[derive(Debug, Args)]
pub struct FormatArg {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// Options of `tabula merge`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each FILE is the JSON output of one part of a run split with --shard K/N (the games' commands that offer it say so in \
their help). Every part must be there, once, and all of one run (game, seed, games, set-up): otherwise merge refuses, \
saying why. The merged report is exactly the whole run's (timings aside).\n\
It runs the parts' command again with their arguments, taking their results instead of playing, so files the parts read \
(a board) must be found unchanged where it runs.\n\
Example:\n  for k in 1 2 3 4; do tabula tournament GAME --agents A,B --games 1000 --seed 7 --shard $k/4 --format json > part-$k.json; done\n  \
tabula merge part-*.json"
)]
pub struct MergeArgs {
    /// The parts' JSON outputs.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub format: FormatArg,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub plot: PlotArgs,
}

/// Options of `tabula dice-test`.
#[derive(Debug, Args)]
pub struct DiceTestArgs {
    /// Faces on the die.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=120))]
    pub faces: u8,
    /// Rolls to make (specification 000 asks for at least 1,000,000).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(2..))]
    pub rolls: u64,
    /// Seed of the random stream.
    #[arg(long, default_value_t = tabula_registry::DEFAULT_SEED)]
    pub seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// A command a binary adds to the command line beside `list`, the games'
/// verbs and `dice-test` (the web front end's `serve`): its options as
/// data ([`Arguments`](tabula_registry::args::Arguments), which the
/// command line turns into clap as it does a game's), and what runs it
/// with the values parsed. The command line names none.
#[derive(Clone, Copy, Debug)]
pub struct Extra {
    /// The command, named as it is typed (`serve`).
    pub name: &'static str,
    /// Its line in the list of commands.
    pub about: &'static str,
    /// Its options.
    pub arguments: fn() -> tabula_registry::args::Arguments,
    /// Runs it with the values parsed for its options.
    pub run: fn(&tabula_registry::args::Values, &mut Io<'_>) -> Result<(), Error>,
}

impl Extra {
    /// Its clap command.
    pub fn command(&self) -> clap::Command {
        args::command(self.name, &(self.arguments)()).about(self.about)
    }
}

/// [`command`] with `extras` added after the others.
pub fn command_with(extras: &[Extra]) -> Result<clap::Command, Error> {
    let mut root = command()?;
    for e in extras {
        let c = e.command();
        if root.find_subcommand(c.get_name()).is_some() {
            return Err(format!(
                "two commands are named {:?}: a game's verb and a command of the program",
                c.get_name()
            )
            .into());
        }
        root = root.subcommand(c);
    }
    Ok(root)
}

/// The whole command line, built from the linked games: `list`, each verb
/// some game offers (with one subcommand per game that offers it) and
/// `dice-test`.
pub fn command() -> Result<clap::Command, Error> {
    let games = tabula_registry::games()?;
    let mut root = clap::Command::new("tabula")
        .version(env!("CARGO_PKG_VERSION"))
        .about("tabula: simulate, analyse and play board and dice games.")
        .after_help(ROOT_AFTER_HELP)
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(
            FormatArg::augment_args(clap::Command::new("list")).about(
                "List the registered games, their commands and their plugins (rule sets, strategies, agents, boards)",
            ),
        );
    // The registered verbs of every game first, in their order, then the
    // games' own.
    let mut verbs: Vec<(&str, String)> = tabula_registry::verbs()
        .iter()
        .filter(|v| v.game.is_none())
        .map(|v| (v.name, v.about.to_string()))
        .collect();
    for g in &games {
        for c in g.commands {
            if !verbs.iter().any(|(v, _)| *v == c.verb()) && !is_builtin(c.verb()) {
                verbs.push((c.verb(), format!("{} (a command of {})", c.about(), g.name)));
            }
        }
    }
    for (verb, about) in verbs {
        let mut sub = clap::Command::new(verb)
            .about(about)
            .subcommand_required(true)
            .arg_required_else_help(true)
            .subcommand_value_name("GAME")
            .subcommand_help_heading("Games")
            .disable_help_subcommand(true);
        let mut any = false;
        for g in &games {
            if let Some(c) = g.command(verb) {
                sub = sub.subcommand(game_command(g, c)?);
                any = true;
            }
        }
        if any {
            root = root.subcommand(sub);
        }
    }
    Ok(root
        .subcommand(MergeArgs::augment_args(clap::Command::new("merge")).about(
            "Merge the JSON outputs of the parts of a run split with --shard K/N into the whole run's report",
        ))
        .subcommand(
        DiceTestArgs::augment_args(clap::Command::new("dice-test")).about(
            "Test a die: chi-square goodness of fit of the faces and independence of successive rolls (serial pairs)",
        ),
    ))
}

fn is_builtin(verb: &str) -> bool {
    matches!(verb, "list" | "dice-test" | "merge" | "help")
}

/// `tabula VERB GAME`'s own command: the game's arguments, then
/// `--format` (and `--plot`, `--report`) for commands with reports. A
/// game's option of one of those names is refused, naming the game.
fn game_command(
    game: &GameEntry,
    c: &dyn tabula_registry::Command,
) -> Result<clap::Command, tabula_registry::AppError> {
    let arguments = c.arguments();
    if let Some(a) = arguments
        .args
        .iter()
        .find(|a| a.range.is_some() && !matches!(a.kind, tabula_registry::args::ValueKind::Int(_)))
    {
        return Err(tabula_registry::AppError::RangeNotWhole {
            game: game.name,
            verb: c.verb(),
            option: a.long.clone().unwrap_or_else(|| a.id.clone()),
        });
    }
    let sub = args::command(game.name, &arguments);
    // Two arguments of one id or long name would make clap panic on
    // reading them.
    let mut ids = std::collections::BTreeSet::new();
    let mut longs = std::collections::BTreeSet::new();
    for a in sub.get_arguments() {
        let id = a.get_id().as_str();
        let clash = if !ids.insert(id) {
            Some(id)
        } else {
            // Its long name and its other names (`--one-die-under` for
            // the parameter `one_die_under`).
            a.get_long()
                .into_iter()
                .chain(a.get_all_aliases().into_iter().flatten())
                .find(|long| !longs.insert(*long))
        };
        if let Some(option) = clash {
            // A game parameter named like one of the verb's own options:
            // name both.
            if let Some(p) = game
                .parameters
                .iter()
                .find(|p| tabula_core::params::same_name(p.name, option))
            {
                return Err(tabula_registry::AppError::ParameterClash {
                    game: game.name,
                    parameter: p.name,
                    verb: c.verb(),
                    option: option.to_string(),
                });
            }
            return Err(tabula_registry::AppError::DuplicateOption {
                game: game.name,
                verb: c.verb(),
                option: option.to_string(),
            });
        }
    }
    let added: &[&str] = match c.kind() {
        Kind::Report { pictures: true } => &["format", "plot", "report"],
        Kind::Report { pictures: false } => &["format"],
        Kind::Interactive => &[],
    };
    if let Some(option) = sub.get_arguments().find_map(|a| {
        let names = [Some(a.get_id().as_str()), a.get_long()];
        added
            .iter()
            .find(|r| names.contains(&Some(**r)))
            .map(|r| r.to_string())
    }) {
        if let Some(p) = game
            .parameters
            .iter()
            .find(|p| tabula_core::params::same_name(p.name, &option))
        {
            return Err(tabula_registry::AppError::ParameterClash {
                game: game.name,
                parameter: p.name,
                verb: c.verb(),
                option,
            });
        }
        return Err(tabula_registry::AppError::ReservedOption {
            game: game.name,
            verb: c.verb(),
            option,
        });
    }
    let sub = match c.kind() {
        Kind::Report { pictures } => {
            let sub = FormatArg::augment_args(sub);
            if pictures {
                PlotArgs::augment_args(sub)
            } else {
                sub
            }
        }
        Kind::Interactive => sub,
    };
    // The argument types' doc comments are not the command's help.
    Ok(sub.about(c.about()).long_about(None))
}

/// Runs `tabula` with these arguments (the first is the program name):
/// prints errors on stderr and returns the exit code: 0 on success, 1 on
/// an error, 2 on a usage error.
pub fn main_from<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    main_from_with(args, &[])
}

/// [`main_from`] with commands of the program's own beside the games'.
pub fn main_from_with<I, T>(args: I, extras: &[Extra]) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let command = match command_with(extras) {
        Ok(c) => c,
        Err(e) => return finish(Err(e)),
    };
    match parse(command, args) {
        Ok(m) => {
            let extra = m.subcommand().and_then(|(name, sub)| {
                extras
                    .iter()
                    .find(|e| e.name == name)
                    .map(|e| (e, args::values(&(e.arguments)(), sub)))
            });
            exit::on_standard_io(|io| match &extra {
                Some((e, values)) => (e.run)(values, io),
                None => run_matches(&m, io),
            })
        }
        Err(e) => exit_for_clap(e),
    }
}

/// The end of `tabula --help`: where the rest is, and the environment
/// variable.
const ROOT_AFTER_HELP: &str = "Environment:\n  \
TABULA_PROGRESS_EVERY=SECONDS  long runs' progress as a line on stderr every SECONDS (0.5, 60), never a bar \
(for logs and programs that read them); without it, a bar on a terminal, otherwise a line every ten seconds\n\n\
See tabula's book (book/ in its checkout) for every command, the board format and the JSON keys.";

/// This program's progress display on stderr ([`progress::Stderr`]),
/// reporting as [`progress::feed_from_env`] says, installed for work that
/// no [`Io`] reaches (an agent's solve): what a program's commands report
/// their progress to.
fn show_progress() -> Result<std::sync::Arc<dyn tabula_registry::progress::Meter>, Error> {
    let feed = progress::feed_from_env()?;
    let shown = progress::Stderr::fed(feed).shared();
    tabula_registry::progress::install(shown.clone());
    Ok(shown)
}

/// `tabula` with the process's own arguments: the whole `main` of a
/// binary that ships tabula with the games it links.
pub fn main() -> ExitCode {
    main_from(std::env::args_os())
}

/// [`main`] with commands of the program's own beside the games' (see
/// [`Extra`]).
pub fn main_with(extras: &[Extra]) -> ExitCode {
    main_from_with(std::env::args_os(), extras)
}

/// One game's command as a program of its own: `program ARGS` means
/// `tabula VERB GAME ARGS` (how an example program runs one game's
/// `simulate`). Help and errors name `program`. Each `(flag,
/// value)` of `defaults` is added when the arguments do not give `flag`
/// (`("--seed", "7")`).
pub fn main_single(
    program: &'static str,
    verb: &str,
    game: &str,
    defaults: &[(&str, &str)],
) -> ExitCode {
    let entry = match tabula_registry::find_game(game) {
        Ok(g) => g,
        Err(e) => return finish(Err(e.into())),
    };
    let Some(c) = entry.command(verb) else {
        return finish(Err(format!("game {game:?} has no command {verb:?}").into()));
    };
    let command = match game_command(entry, c) {
        Ok(c) => c,
        Err(e) => return finish(Err(e.into())),
    };
    let command = command.name(program).version(env!("CARGO_PKG_VERSION"));
    let mut args: Vec<OsString> = std::env::args_os().collect();
    for (flag, value) in defaults {
        let given = args.iter().any(|a| {
            a.to_str()
                .is_some_and(|a| a == *flag || a.starts_with(&format!("{flag}=")))
        });
        if !given {
            args.push(flag.into());
            args.push(value.into());
        }
    }
    let mut shown = command.clone();
    let parsed = parse(command, args).and_then(|m| {
        let arguments = c.arguments();
        match arguments.check_together(&args::values(&arguments, &m)) {
            Ok(()) => Ok(m),
            Err(message) => Err(shown.error(clap::error::ErrorKind::ArgumentConflict, message)),
        }
    });
    match parsed {
        Ok(m) => exit::on_standard_io(|io| run_game_command(entry.name, c, &m, io)),
        Err(e) => exit_for_clap(e),
    }
}

/// Parses `args` (the first is the program name) and runs the command in
/// this process, writing to `out`; input comes from an empty stream. A
/// usage error is returned as an error with clap's message.
pub fn run_args<I, T>(args: I, out: &mut dyn Write) -> Result<(), Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut input = std::io::empty();
    run_args_with(args, &mut Io::new(out, &mut input))
}

/// [`run_args`] with an input of your choice (for interactive commands).
pub fn run_args_with<I, T>(args: I, io: &mut Io<'_>) -> Result<(), Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let matches = parse(command()?, args)?;
    run_matches(&matches, io)
}

/// Parses `args` with `command`. An unknown command or game is a usage
/// error that names what exists, rather than clap's bare "unrecognized
/// subcommand".
pub fn parse<I, T>(mut command: clap::Command, args: I) -> Result<ArgMatches, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let args = match expand_spec(args) {
        Ok(args) => args,
        Err(e) => return Err(command.error(clap::error::ErrorKind::InvalidValue, e)),
    };
    let e = match command.try_get_matches_from_mut(args.iter().cloned()) {
        Ok(m) => return together(&mut command, m),
        Err(e) => e,
    };
    if e.kind() != clap::error::ErrorKind::InvalidSubcommand {
        return Err(e);
    }
    // Which level went wrong: the first word that names no subcommand.
    let words: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .filter(|a| !a.starts_with('-'))
        .collect();
    let names = |c: &clap::Command| -> Vec<String> {
        c.get_subcommands()
            .map(|s| s.get_name().to_string())
            .filter(|n| n != "help")
            .collect()
    };
    let Some(first) = words.first() else {
        return Err(e);
    };
    if first == "help" {
        return Err(e);
    }
    // Keep clap's tip for a near miss ("a similar subcommand exists").
    let rendered = e.render().to_string();
    let tip: String = rendered
        .lines()
        .filter(|l| l.trim_start().starts_with("tip:"))
        .map(|l| format!("\n\n{l}"))
        .collect();
    let message = match command.find_subcommand_mut(first) {
        None => format!(
            "unknown command {first:?}; the commands are: {}{tip}",
            names(&command).join(", ")
        ),
        Some(verb) => match words.get(1) {
            Some(game) if verb.find_subcommand(game).is_none() => {
                let known = names(verb);
                let what = if tabula_registry::find_game(game).is_ok() {
                    format!("game {game:?} has no `{first}` command")
                } else {
                    format!("unknown game {game:?}")
                };
                let text = format!(
                    "{what}; the games with `{first}`: {}{tip}",
                    known.join(", ")
                );
                return Err(verb.error(clap::error::ErrorKind::InvalidSubcommand, text));
            }
            _ => return Err(e),
        },
    };
    Err(command.error(clap::error::ErrorKind::InvalidSubcommand, message))
}

/// `matches`, where a game's command's values go together
/// ([`Arguments::check`](tabula_registry::args::Arguments::check));
/// else a usage error (exit 2) with the check's message, as clap's own
/// for one value.
fn together(command: &mut clap::Command, matches: ArgMatches) -> Result<ArgMatches, clap::Error> {
    let Some((verb, sub)) = matches.subcommand() else {
        return Ok(matches);
    };
    let Some((game, values)) = sub.subcommand() else {
        return Ok(matches);
    };
    let Some(c) = tabula_registry::find_game(game)
        .ok()
        .and_then(|entry| entry.command(verb))
    else {
        return Ok(matches);
    };
    let arguments = c.arguments();
    match arguments.check_together(&args::values(&arguments, values)) {
        Ok(()) => Ok(matches),
        Err(message) => {
            let at = command
                .find_subcommand_mut(verb)
                .and_then(|v| v.find_subcommand_mut(game));
            Err(match at {
                Some(at) => at.error(clap::error::ErrorKind::ArgumentConflict, message),
                None => command.error(clap::error::ErrorKind::ArgumentConflict, message),
            })
        }
    }
}

/// `tabula VERB NAME(KEY=VALUE, ...) ARGS` is `tabula VERB NAME
/// --KEY=VALUE ... ARGS`: a game's spec string names its parameters. A
/// parameter given twice, in the spec string or beside it as an option,
/// is refused.
fn expand_spec(mut args: Vec<OsString>) -> Result<Vec<OsString>, String> {
    let Some(word) = args.get(2).and_then(|a| a.to_str()) else {
        return Ok(args);
    };
    if !word.contains('(') || args[1].to_str().is_some_and(|v| v.starts_with('-')) {
        return Ok(args);
    }
    let (name, pairs) = tabula_core::params::parse_spec(word).map_err(|e| e.to_string())?;
    // A name the game does not have is the parameters' error, not an
    // option clap does not know.
    if let Ok(entry) = tabula_registry::find_game(name) {
        let known: Vec<&str> = entry.parameters.iter().map(|p| p.name).collect();
        if let Some((key, _)) = pairs.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            return Err(format!(
                "{word}: unknown parameter {key:?}; the parameters of {name} are: {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ));
        }
    }
    // A parameter both in the spec string and as an option: one value
    // would silently win; say which two were given.
    let typed: Vec<String> = args[3..]
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .take_while(|a| a != "--")
        .collect();
    for (key, value) in &pairs {
        let option = format!("--{key}");
        if let Some(given) = typed
            .iter()
            .position(|a| *a == option || a.starts_with(&format!("{option}=")))
        {
            let typed_value = match typed[given].split_once('=') {
                Some((_, v)) => v.to_string(),
                None => typed.get(given + 1).cloned().unwrap_or_default(),
            };
            return Err(format!(
                "parameter {key} is given twice: {key}={value} in the game's spec string {word} and {option} {} beside it; \
                 give it once, in the spec string or as the option",
                tabula_core::text::excerpt(&typed_value)
            ));
        }
    }
    let name = OsString::from(name);
    let options: Vec<OsString> = pairs
        .into_iter()
        .map(|(k, v)| OsString::from(format!("--{k}={v}")))
        .collect();
    args[2] = name;
    args.splice(3..3, options);
    Ok(args)
}

/// Runs parsed arguments of [`command`].
pub fn run_matches(matches: &ArgMatches, io: &mut Io<'_>) -> Result<(), Error> {
    let Some((verb, sub)) = matches.subcommand() else {
        return Err("no command given (try --help)".into());
    };
    match verb {
        "list" => list(FormatArg::from_arg_matches(sub)?.format, io.out),
        "dice-test" => dice_test(&DiceTestArgs::from_arg_matches(sub)?, io.out),
        "merge" => merge(&MergeArgs::from_arg_matches(sub)?, io),
        verb => {
            let Some((game, args)) = sub.subcommand() else {
                return Err(format!("tabula {verb}: no game given (try --help)").into());
            };
            let entry = tabula_registry::find_game(game)?;
            let c = entry
                .command(verb)
                .ok_or_else(|| format!("game {game:?} has no command {verb:?}"))?;
            run_game_command(entry.name, c, args, io)
        }
    }
}

/// Runs one game command and renders its report (a part of a split run
/// with its header: see [`split::run`]).
fn run_game_command(
    game: &'static str,
    c: &dyn tabula_registry::Command,
    matches: &ArgMatches,
    io: &mut Io<'_>,
) -> Result<(), Error> {
    let arguments = c.arguments();
    let values = args::values(&arguments, matches);
    match c.kind() {
        Kind::Interactive => c.run(&values, io).map(|_| ()),
        Kind::Report { pictures } => {
            let format = FormatArg::from_arg_matches(matches)?.format;
            let plot = if pictures {
                PlotArgs::from_arg_matches(matches)?
            } else {
                PlotArgs::default()
            };
            // A bad destination costs nothing: check it before the run.
            plot.prepare()?;
            let Some(report) = split::run(game, c, &arguments, &values, io)? else {
                return Ok(());
            };
            render(report.as_ref(), format, &plot, io.out)
        }
    }
}

/// Prints a report as `format` asks, then draws what `plot` asks for.
pub fn render(
    report: &dyn Report,
    format: Format,
    plot: &PlotArgs,
    out: &mut dyn Write,
) -> Result<(), Error> {
    match format {
        Format::Text => write!(out, "{}", report.text())?,
        Format::Json => writeln!(out, "{}", report.json()?)?,
    }
    out.flush()?;
    plot.write(&report.title(), || report.text(), || report.pictures())
}

/// `tabula merge`: reads the parts, finds the game and command they
/// name, and merges them ([`split::merge`]).
fn merge(args: &MergeArgs, io: &mut Io<'_>) -> Result<(), Error> {
    args.plot.prepare()?;
    let parts = split::read(&args.files)?;
    let first = parts.first().ok_or("no files to merge")?.header()?;
    let entry = tabula_registry::find_game(&first.game)?;
    let c = entry
        .command(&first.command)
        .ok_or_else(|| format!("game {:?} has no command {:?}", first.game, first.command))?;
    let report = split::merge(c, &c.arguments(), parts, io)?;
    render(report.as_ref(), args.format.format, &args.plot, io.out)
}

fn list(format: Format, out: &mut dyn Write) -> Result<(), Error> {
    let games = tabula_registry::games()?;
    let mut listed = Vec::new();
    for g in &games {
        listed.push((g, (g.plugins)()?));
    }
    match format {
        Format::Json => {
            let value = serde_json::json!({
                "games": listed.iter().map(|(g, plugins)| serde_json::json!({
                    "name": g.name,
                    "summary": g.summary,
                    "commands": g.commands.iter().map(|c| c.verb()).collect::<Vec<_>>(),
                    "parameters": g.parameters.iter().map(|p| serde_json::json!({
                        "name": p.name, "default": p.default, "allowed": p.allowed(), "help": p.help,
                    })).collect::<Vec<_>>(),
                    "plugins": plugins.iter().map(|p| serde_json::json!({
                        "kind": p.kind, "name": p.name, "summary": p.summary,
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        }
        Format::Text => {
            writeln!(out, "Games")?;
            for (g, plugins) in &listed {
                writeln!(out, "  {:<12} {}", g.name, g.summary)?;
                let verbs: Vec<&str> = g.commands.iter().map(|c| c.verb()).collect();
                if !verbs.is_empty() {
                    writeln!(out, "    commands: {}", verbs.join(", "))?;
                }
                if !g.parameters.is_empty() {
                    writeln!(out, "    parameters")?;
                    for line in tabula_registry::parameter_lines(g.parameters) {
                        writeln!(out, "      {line}")?;
                    }
                }
                let mut kind = "";
                for p in plugins {
                    if p.kind != kind {
                        kind = p.kind;
                        let plural = match kind.strip_suffix('y') {
                            Some(stem) => format!("{stem}ies"),
                            None => format!("{kind}s"),
                        };
                        writeln!(out, "    {plural}")?;
                    }
                    writeln!(out, "      {:<14} {}", p.name, p.summary)?;
                }
            }
        }
    }
    Ok(())
}

fn dice_test(args: &DiceTestArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dice = Dice::new(1, args.faces)?;
    let report = DiceTest::run(dice, args.rolls, args.seed);
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?,
        Format::Text => {
            writeln!(
                out,
                "Dice test: {} rolls of one d{}, seed {}",
                report.rolls, report.die_faces, report.seed
            )?;
            let expected = report.rolls as f64 / f64::from(report.die_faces);
            writeln!(out, "  face      count   expected")?;
            for (i, c) in report.counts.iter().enumerate() {
                writeln!(out, "  {:>4} {:>10} {:>10.1}", i + 1, c, expected)?;
            }
            for (name, t) in [
                ("uniformity of faces", report.faces),
                ("serial pairs (independence)", report.serial_pairs),
            ] {
                match (t.chi_square, t.p_value) {
                    (Some(x), Some(p)) => writeln!(
                        out,
                        "  {name}: chi-square {x:.3} on {} degrees of freedom, p-value {p:.4}",
                        t.degrees_of_freedom
                    )?,
                    _ => writeln!(
                        out,
                        "  {name}: not tested: too few rolls ({:.1} expected per cell, at least {} needed)",
                        t.expected_per_cell,
                        tabula_sim::dice_test::MIN_EXPECTED_PER_CELL
                    )?,
                }
            }
            let tested: Vec<f64> = [report.faces.p_value, report.serial_pairs.p_value]
                .into_iter()
                .flatten()
                .collect();
            let worst = tested.iter().copied().fold(1.0, f64::min);
            writeln!(
                out,
                "  verdict: {}",
                if tested.is_empty() {
                    "none (too few rolls for either test)"
                } else if worst < 0.001 {
                    "SUSPICIOUS (a p-value below 0.001)"
                } else if tested.len() < 2 {
                    "consistent with a fair die (independence not tested)"
                } else {
                    "consistent with a fair, independent die"
                }
            )?;
        }
    }
    Ok(())
}
