//! Chance-it's own command, `tabula play chance-it`, beside the generic
//! verbs it registers in the crate's root, and the `chance-it` program
//! (seed 003's), which is `play`; and what it adds to the generic
//! `analyze` and `tournament` (through its
//! [`ExactChances`](crate::extension::ExactChances) extension): its own report of
//! `analyze` unless `--agents` names strategies, `--config` beside
//! `--params`.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use clap::Args;
use tabula_app::play::RecordArgs;
use tabula_app::{Error, Io, Report, Typed};
use tabula_core::Dice;
use tabula_play::record::Record;

use crate::analysis::Analysis;
use crate::play::{PlayOptions, play};
use crate::{ChanceIt, Config, win};

/// `tabula play chance-it`, the seed's program.
pub static PLAY: Typed<PlayArgs> = Typed::interactive(
    "play",
    "Chance-it (seed 003): you against the computer's strategy",
    play_terminal,
);

/// The game's parameters, from a file and flags.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// A RON file with the game's parameters: (dice: "2d6", rounds: 10, players: 2), or as before ChanceIt(dice: Dice(count: 2, faces: 6), rounds: 10, players: 2); --params is its other name, as in every game's verbs.
    #[arg(long, visible_alias = "params", value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Rounds per game, 1 to 1000; with the win-optimal strategy and for `analyze`, at most 100 (fewer with dice of more than 11 sums: 14 with 3d6) [default: 10, or the file's].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub rounds: Option<u32>,
    /// Dice rolled and summed, as COUNTdFACES [default: 2d6, or the file's].
    #[arg(long, value_name = "NdF")]
    pub dice: Option<String>,
    /// Players, 2 to 6 (`play` seats two: you and the computer) [default: 2, or the file's].
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6))]
    pub players: Option<u32>,
}

impl GameArgs {
    /// The validated game.
    pub fn config(&self) -> Result<Config, Error> {
        let base = match &self.config {
            Some(path) => Config::load(path)?,
            None => Config::seed(),
        };
        let dice = match &self.dice {
            Some(d) => Some(parse_dice(d)?),
            None => None,
        };
        base.with(dice, self.rounds, self.players)
            .map_err(|e| match e {
                // Flags have no file position to show.
                tabula_core::spec::SpecError::Invalid { message, .. } => message.into(),
                other => other.into(),
            })
    }
}

fn parse_dice(s: &str) -> Result<Dice, Error> {
    Ok(crate::config::parse_dice(s)?)
}

/// Options of `tabula play chance-it` and of the `chance-it` binary.
#[derive(Debug, Args)]
#[command(
    after_help = "Plays seed 003's game at the terminal: you (first in each round) against the computer.\n\
Answer the prompts; Y or N (any case) after each roll. The same seed gives the same game.\n\
Without --seed and --strategy it asks for them, as the seed's program does. End of input stops the game with the score so far."
)]
pub struct PlayArgs {
    /// The seed (skips the seed prompt); 0 picks a random one.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The computer's strategy, by name or menu number (skips the menu).
    #[arg(long, value_name = "NAME")]
    pub strategy: Option<String>,
    /// The game's parameters.
    #[command(flatten)]
    pub game: GameArgs,
    /// Where to write the game's record (finished or stopped by the end
    /// of input).
    #[command(flatten)]
    pub record: RecordArgs,
}

/// Plays one game on the command's input and output.
pub fn play_terminal(args: PlayArgs, io: &mut Io<'_>) -> Result<(), Error> {
    let config = args.game.config()?;
    let _solving = show_solve_progress();
    play_with(&config, &args, io.input, io.out)
}

/// Plays one game on any input and output.
pub fn play_with(
    config: &Config,
    args: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let options = PlayOptions {
        seed: args.seed,
        strategy: args.strategy.clone(),
    };
    args.record.prepare()?;
    // The terminal's own errors stay `io::Error`s, so a closed output is
    // recognised (and ends the program quietly).
    let played = play(config, &options, input, out).map_err(|e| match e {
        crate::ChanceItError::Io(io) => Error::from(io),
        other => Error::from(other),
    })?;
    // A game stopped before its seed and strategy were chosen has nothing
    // to record.
    if let (Some(seed), Some(strategy)) = (played.seed, &played.strategy) {
        let record = Record {
            game: "chance-it".to_string(),
            parameters: *config,
            seed,
            index: 0,
            players: vec!["you".to_string(), strategy.clone()],
            steps: played.steps.clone(),
            end: played.end(),
        };
        if let Some(path) = args
            .record
            .write::<ChanceIt>(&record, &format!("chance-it-{seed}"))?
        {
            writeln!(out, "Record written to {}.", path.display())?;
        }
    }
    Ok(())
}

/// More of `tabula analyze chance-it --help`.
const ANALYZE_HELP: &str = "Without --agents: exact answers, by dynamic programming: each built-in strategy's expected turn score and chance of scoring 0, \
the optimal policy as a table, and the win-optimal strategy's chances against each other strategy.\n\
Solving whole games takes time growing with the square of the rounds, so --rounds is at most 100 here \
(about 10 s at 100 rounds and 0.15 s at 10 with 2d6, measured on two busy cores); dice with more possible sums allow \
fewer rounds for the same work (14 with 3d6). A long solve shows its progress on stderr.";

/// `--params` under its old name too, `--config`, as Chance-it's
/// commands took it before they were the generic verbs.
pub(crate) fn config_alias(command: clap::Command) -> clap::Command {
    command.mut_arg("params", |a| a.visible_alias("config"))
}

/// The generic help, then Chance-it's.
pub(crate) fn more_help(command: clap::Command, more: &str) -> clap::Command {
    let generic = command
        .get_after_help()
        .map(ToString::to_string)
        .unwrap_or_default();
    command.after_help(format!("{generic}\n{more}"))
}

/// Chance-it's options of `tabula analyze chance-it`: `--config` beside
/// `--params`, and `--agents` without a default (Chance-it's own report
/// unless named).
pub fn analyze_arguments(command: clap::Command) -> clap::Command {
    let command = config_alias(command).mut_arg("agents", |a| {
        a.default_value(None::<&'static str>)
            .value_name("A,B")
            .help("Solve the whole game exactly with these strategies in the seats, one per seat, folded in as policies by the framework's solver (see `tabula list`) [default: Chance-it's own report: turn values, the optimal policy, win-optimal's chances]")
    });
    more_help(command, ANALYZE_HELP)
}

/// Chance-it's own report ([`Analysis`]) unless `--agents` names
/// strategies (the generic solve's).
pub fn analyze_solve(
    config: &Config,
    matches: &clap::ArgMatches,
) -> Option<Result<Box<dyn Report>, Error>> {
    if !tabula_app::verbs::agent_names(matches).is_empty() {
        return None;
    }
    Some(analyze(config))
}

/// Solves the game exactly: turn values, the optimal policy, win-optimal's
/// chances.
fn analyze(config: &Config) -> Result<Box<dyn Report>, Error> {
    let most = win::max_rounds(config.dice());
    if config.rounds() > most {
        return Err(format!(
            "analyze chance-it solves whole games (win-optimal) of at most {most} rounds with {}; this game has {}. \
The turn analysis does not depend on the rounds: try --rounds {}",
            config.dice(),
            config.rounds(),
            most.min(10)
        )
        .into());
    }
    let _solving = show_solve_progress();
    Ok(Box::new(Analysis::of(config)?))
}

impl Report for Analysis {
    fn title(&self) -> String {
        format!(
            "Chance-it, exactly: {}d{}, {} rounds",
            self.dice[0], self.dice[1], self.rounds
        )
    }

    fn text(&self) -> String {
        self.to_text()
    }

    fn json(&self) -> Result<String, Error> {
        tabula_app::pretty(self)
    }
}

/// Shows the progress of a long win-optimal solve on the program's
/// display ([`installed`](tabula_app::progress::installed): the `tabula`
/// command line's is on stderr, never on stdout, a spinner on a terminal,
/// otherwise a line every ten seconds; short solves show nothing). The
/// solve is reached through [`win::set_progress`], once per process.
/// Keep the guard while the command runs.
fn show_solve_progress() -> Box<dyn tabula_app::progress::SolveMeter> {
    let solving = tabula_app::progress::installed().start_solve("win-optimal");
    if let Some(sink) = solving.sink() {
        win::set_progress(sink);
    }
    solving
}
