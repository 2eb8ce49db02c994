//! The `tabula` command line, as a library so examples and other binaries
//! can run the same commands.
//!
//! ```
//! use tabula_cli::Cli;
//! use clap::Parser;
//! let cli = Cli::try_parse_from(["tabula", "simulate", "snakes", "--games", "1000", "--seed", "3"])?;
//! let mut out = Vec::new();
//! tabula_cli::run(cli, &mut out)?;
//! assert!(String::from_utf8_lossy(&out).contains("Throws per game"));
//! # Ok::<_, tabula_cli::Error>(())
//! ```
#![deny(missing_docs)]

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use tabula_core::Dice;
use tabula_sim::dice_test::DiceTest;

pub mod chance_it;
pub mod noline;
pub mod pictures;
pub mod seega;
pub mod snakes;

// Link every game crate so its registrations are kept.
use tabula_chance_it as _;
use tabula_noline as _;
use tabula_seega as _;
use tabula_snakes as _;

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// One JSON object (keys documented in the book).
    Json,
}

/// tabula: simulate, analyse and play board and dice games.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, about = "tabula: simulate, analyse and play board and dice games.", long_about = None, after_help = "See the book (book/) for every command, the board format and the JSON keys.")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the registered games and their rule sets (and other plugins).
    List {
        /// Output format.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Simulate many games and report statistics.
    #[command(subcommand)]
    Simulate(SimulateGame),
    /// Play a game at the terminal against the computer.
    #[command(subcommand)]
    Play(PlayGame),
    /// Pit strategies against each other: every pair plays many games.
    #[command(subcommand)]
    Tournament(TournamentGame),
    /// Solve a game exactly (no sampling): distributions, expectations, shortest games.
    #[command(subcommand)]
    Analyze(AnalyzeGame),
    /// Replay a game record, checking every move.
    #[command(subcommand)]
    Replay(ReplayGame),
    /// Test a die: chi-square goodness of fit of the faces and independence
    /// of successive rolls (serial pairs).
    DiceTest(DiceTestArgs),
}

/// Games that can be simulated.
#[derive(Debug, Subcommand)]
pub enum SimulateGame {
    /// Snakes (Chutes) and Ladders: the seed-000 report for a board.
    Snakes(snakes::SnakesArgs),
}

/// Games that can be solved exactly.
#[derive(Debug, Subcommand)]
pub enum AnalyzeGame {
    /// Snakes (Chutes) and Ladders: exact answers for a board and rule set (seed 001).
    Snakes(snakes::AnalyzeArgs),
    /// Chance-it: exact turn values of each strategy, the optimal policy, win-optimal's chances.
    ChanceIt(chance_it::AnalyzeArgs),
    /// noline: the game-theoretic value and the best first moves, by exact search (seed 002).
    Noline(noline::AnalyzeArgs),
}

/// Games that can be played at the terminal.
#[derive(Debug, Subcommand)]
pub enum PlayGame {
    /// Chance-it (seed 003): you against the computer's strategy.
    ChanceIt(chance_it::PlayArgs),
    /// Seega (seed 004): you against an agent, on a board drawn with coordinates.
    Seega(seega::PlayArgs),
}

/// Games whose records can be replayed.
#[derive(Debug, Subcommand)]
pub enum ReplayGame {
    /// Seega: replay a record (RON or JSON), print each position, name the first illegal move.
    Seega(seega::ReplayArgs),
}

/// Games with strategy tournaments.
#[derive(Debug, Subcommand)]
pub enum TournamentGame {
    /// Chance-it: every pair of strategies, seats alternated.
    ChanceIt(chance_it::TournamentArgs),
    /// noline: every pair of agents on one board size, seats alternated.
    Noline(noline::TournamentArgs),
    /// Seega (seed 004): a round-robin, each side placing first equally often, scored as the seed scores it.
    Seega(seega::TournamentArgs),
}

/// Options of `tabula dice-test`.
#[derive(Debug, Args)]
pub struct DiceTestArgs {
    /// Faces on the die.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=120))]
    pub faces: u8,
    /// Rolls to make (seed 000 asks for at least 1,000,000).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(2..))]
    pub rolls: u64,
    /// Seed of the random stream.
    #[arg(long, default_value_t = snakes::DEFAULT_SEED)]
    pub seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// An error a command reports before exiting non-zero.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// Parses `args` (the first is the program name), runs the command, prints
/// errors to stderr and returns the exit code: 0 on success, 1 on an
/// error, 2 on a usage error.
pub fn main_from<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(cli) => finish(run(cli, &mut std::io::stdout().lock())),
        Err(e) => exit_for_clap(e),
    }
}

/// Prints a clap error or help and returns the matching exit code.
pub fn exit_for_clap(e: clap::Error) -> ExitCode {
    let code = if e.use_stderr() { 2 } else { 0 };
    let _ = e.print();
    ExitCode::from(code)
}

/// Turns a command's result into an exit code, printing the error.
pub fn finish(result: Result<(), Error>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed standard output (`tabula ... | head`) ends the
            // program quietly with success, whatever error wraps it.
            if tabula_core::input::is_broken_pipe(e.as_ref()) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a parsed command, writing its output to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Error> {
    match cli.command {
        Command::List { format } => list(format, out),
        Command::Simulate(SimulateGame::Snakes(args)) => snakes::simulate(&args, out),
        Command::Analyze(AnalyzeGame::Snakes(args)) => snakes::analyze(&args, out),
        Command::Analyze(AnalyzeGame::ChanceIt(args)) => chance_it::analyze(&args, out),
        Command::Analyze(AnalyzeGame::Noline(args)) => noline::analyze(&args, out),
        Command::Tournament(TournamentGame::Noline(args)) => noline::tournament(&args, out),
        Command::Play(PlayGame::ChanceIt(args)) => chance_it::play_terminal(&args, out),
        Command::Play(PlayGame::Seega(args)) => seega::play_terminal(&args, out),
        Command::Tournament(TournamentGame::Seega(args)) => seega::tournament(&args, out),
        Command::Replay(ReplayGame::Seega(args)) => seega::replay(&args, out),
        Command::Tournament(TournamentGame::ChanceIt(args)) => chance_it::tournament(&args, out),
        Command::DiceTest(args) => dice_test(&args, out),
    }
}

fn list(format: Format, out: &mut dyn Write) -> Result<(), Error> {
    let games = tabula_core::registry::games()?;
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

/// A progress bar on stderr for long runs, drawn only when stderr is a
/// terminal, so piped and redirected output stays clean.
pub fn progress_bar(total: u64, min_total: u64) -> Option<indicatif::ProgressBar> {
    if total < min_total || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} games (eta {eta})",
    ) {
        bar.set_style(style);
    }
    Some(bar)
}

/// Progress of a long exact solve on stderr: a spinner with what the
/// solver is doing when stderr is a terminal, otherwise one line every
/// [`SolveProgress::LINE_EVERY`] once the solve has run that long. Keep it
/// alive while the solve runs; dropping it clears the spinner.
pub struct SolveProgress {
    bar: Option<indicatif::ProgressBar>,
    sink: tabula_exact::Progress,
}

impl SolveProgress {
    /// How often a line is written when stderr is not a terminal.
    pub const LINE_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

    /// Progress for a solve described by `what` ("exact analysis").
    pub fn new(what: &str) -> SolveProgress {
        let what = what.to_string();
        if std::io::stderr().is_terminal() {
            let bar = indicatif::ProgressBar::new_spinner();
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {msg}")
            {
                bar.set_style(style);
            }
            let shown = bar.clone();
            let sink = tabula_exact::Progress::new(move |_, stage| {
                shown.set_message(format!("{what}: {stage}"));
                shown.tick();
            });
            SolveProgress {
                bar: Some(bar),
                sink,
            }
        } else {
            let next = std::sync::Mutex::new(SolveProgress::LINE_EVERY);
            let sink = tabula_exact::Progress::new(move |elapsed, stage| {
                if let Ok(mut next) = next.lock()
                    && elapsed >= *next
                {
                    *next = elapsed + SolveProgress::LINE_EVERY;
                    eprintln!("{what}: {:.0} s, {stage}", elapsed.as_secs_f64());
                }
            });
            SolveProgress { bar: None, sink }
        }
    }

    /// The sink to put in [`tabula_exact::Limits::progress`].
    pub fn sink(&self) -> tabula_exact::Progress {
        self.sink.clone()
    }
}

impl Drop for SolveProgress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A time budget in whole seconds from the command line: 0 means none.
pub fn seconds_budget(seconds: u64) -> Option<std::time::Duration> {
    (seconds > 0).then(|| std::time::Duration::from_secs(seconds))
}
