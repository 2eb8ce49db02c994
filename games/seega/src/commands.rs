//! Seega's commands: `tabula tournament seega`, `tabula play seega` and
//! `tabula replay seega`, registered in [`COMMANDS`].

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use tabula_app::{Command, Error, Io, Report, Typed};

use crate::record::{Record, RecordFormat, Replay};
use crate::rules::DEFAULT_STALEMATE;
use crate::{Rules, Side, play, tournament};

/// The commands Seega registers.
pub static COMMANDS: &[&dyn Command] = &[
    &Typed::report(
        "tournament",
        "Seega (seed 004): a round-robin, each side placing first equally often, scored as the seed scores it",
        run_tournament,
    )
    .with_pictures(),
    &Typed::interactive(
        "play",
        "Seega (seed 004): you against an agent, on a board drawn with coordinates",
        play_terminal,
    ),
    &Typed::interactive(
        "replay",
        "Seega: replay a record (RON or JSON), print each position, name the first illegal move",
        replay,
    ),
];

/// Board side and stalemate threshold.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Board side: odd, from 5 to 19.
    #[arg(long, default_value_t = 5)]
    pub size: usize,
    /// Moves without a capture that end the game (more pieces wins).
    #[arg(long, default_value_t = DEFAULT_STALEMATE)]
    pub stalemate: u32,
}

impl RulesArgs {
    fn rules(&self, first: Side) -> Result<Rules, Error> {
        Ok(Rules::new(self.size, self.stalemate, first)?)
    }
}

/// The file format of records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RecordFormatArg {
    /// RON (`.ron`).
    #[default]
    Ron,
    /// JSON (`.json`).
    Json,
}

impl From<RecordFormatArg> for RecordFormat {
    fn from(f: RecordFormatArg) -> RecordFormat {
        match f {
            RecordFormatArg::Ron => RecordFormat::Ron,
            RecordFormatArg::Json => RecordFormat::Json,
        }
    }
}

/// Options of `tabula tournament seega`.
#[derive(Debug, Args)]
#[command(
    after_help = "A round-robin: every pair of agents plays --games games, each agent placing first in half of them.\n\
Ranked by the seed's score: wins minus one win per second of cumulative execution time in the agent's calls.\n\
An illegal answer or a panic loses that game; the tournament goes on.\n\
Agents: random, greedy, alphabeta[-BUDGET], mcts[-BUDGET]; BUDGET is nodes or playouts per move (alphabeta-50000, at most 10000000) or time (mcts-20ms, at most 60000ms).\n\
An mcts search tree stops growing at 64 MB (the agent then answers); alphabeta's table has a fixed size.\n\
With work budgets (the default) the results depend only on --seed; times vary from run to run.\n\
Example: tabula tournament seega --agents random,greedy,alphabeta,mcts --games 20 --seed 1"
)]
pub struct TournamentArgs {
    /// Agents, comma-separated (see `tabula list`).
    #[arg(long, value_delimiter = ',', required = true, num_args = 1..)]
    pub agents: Vec<String>,
    /// Board side and stalemate threshold.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Games per pair: even, so each agent places first in half.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(2..))]
    pub games: u64,
    /// Seed that fixes every game.
    #[arg(long, default_value_t = tabula_app::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads [default: one per core]. Timings are fairest with 1.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Write every game's record into this directory.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Format of the records.
    #[arg(long, value_enum, default_value_t)]
    pub record_format: RecordFormatArg,
}

/// Runs a tournament.
pub fn run_tournament(args: TournamentArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    if let Some(dir) = &args.record {
        check_record_dir(dir)?;
    }
    let options = tournament::Options {
        rules: args.rules.rules(Side::Black)?,
        agents: args.agents.clone(),
        games_per_pair: args.games,
        seed: args.seed,
        threads: args.threads.map(usize::from),
        record: args
            .record
            .clone()
            .map(|d| (d, RecordFormat::from(args.record_format))),
    };
    let n = args.agents.len() as u64;
    let total = n * n.saturating_sub(1) / 2 * args.games;
    let bar = tabula_app::progress::progress_bar(total, 1);
    let t = tournament::run(&options, &|done| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(Box::new(t))
}

impl Report for tournament::Tournament {
    fn title(&self) -> String {
        format!("Seega tournament, {s}x{s}", s = self.size)
    }

    fn text(&self) -> String {
        self.to_text()
    }

    fn json(&self) -> Result<String, Error> {
        tabula_app::pretty(self)
    }

    fn pictures(&self) -> Result<Vec<tabula_plot::Picture>, tabula_plot::PlotError> {
        crate::pictures::tournament_pictures(self)
    }
}

/// Who places first in `tabula play seega`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You place first (and move second).
    #[default]
    You,
    /// The agent places first.
    Agent,
}

/// The side you play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// Black (B).
    #[default]
    Black,
    /// White (W).
    White,
}

/// Options of `tabula play seega`.
#[derive(Debug, Args)]
#[command(
    after_help = "You against an agent at the terminal. Squares are a column letter and a row number, like c3 (row 1 is the top row).\n\
Place with two squares (a1 b2), move with two squares (c2 c3); help explains the rules, quit stops.\n\
Wrong input is explained and asked again; end of input stops the game cleanly.\n\
Example: tabula play seega --agent alphabeta --record games/"
)]
pub struct PlayArgs {
    /// The agent you play against (random, greedy, alphabeta, mcts, ...).
    #[arg(long, default_value = "greedy")]
    pub agent: String,
    /// Board side and stalemate threshold.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Who places first.
    #[arg(long, value_enum, default_value_t)]
    pub first: First,
    /// The side you play.
    #[arg(long, value_enum, default_value_t)]
    pub side: SideArg,
    /// Seed of the agent's random choices; 0 picks one (and prints it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write the game's record (finished or not) into this directory.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Format of the record.
    #[arg(long, value_enum, default_value_t)]
    pub record_format: RecordFormatArg,
}

/// Plays on the command's input and output.
pub fn play_terminal(args: PlayArgs, io: &mut Io<'_>) -> Result<(), Error> {
    play_with(&args, io.input, io.out)
}

/// Plays on any input and output.
pub fn play_with(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let human = match args.side {
        SideArg::Black => Side::Black,
        SideArg::White => Side::White,
    };
    let first = match args.first {
        First::You => human,
        First::Agent => human.other(),
    };
    let rules = args.rules.rules(first)?;
    // Fail on a bad name or an unusable record directory before the game
    // starts.
    crate::agent::build(&args.agent)?;
    if let Some(dir) = &args.record {
        check_record_dir(dir)?;
    }
    let seed = if args.seed == 0 {
        let s = tabula_core::fresh_seed();
        writeln!(
            out,
            "(seed {s}: --seed {s} makes the agent answer the same way again)"
        )?;
        s
    } else {
        args.seed
    };
    let options = play::PlayOptions {
        rules,
        human,
        agent: args.agent.clone(),
        seed,
    };
    let format = RecordFormat::from(args.record_format);
    let path = args
        .record
        .as_ref()
        .map(|dir| dir.join(format!("seega-play-{seed}.{}", format.extension())));
    let played = match play::play_keeping_record(&options, input, out) {
        Ok(p) => p,
        Err(stopped) => {
            // The output closed (or the input failed): keep the game so far.
            if let Some(path) = &path {
                write_record(&stopped.record, path, format)?;
            }
            return Err(stopped.error.into());
        }
    };
    match played.outcome.and_then(|o| o.winner) {
        _ if played.outcome.is_none() => {}
        Some(w) if w == human => writeln!(out, "You win!")?,
        Some(_) => writeln!(out, "You lose.")?,
        None => writeln!(out, "A draw.")?,
    }
    if let Some(path) = &path {
        write_record(&played.record, path, format)?;
        writeln!(out, "Record written to {}", path.display())?;
    }
    Ok(())
}

/// Creates `dir` if needed and checks that it is a directory records can
/// be written into, before any game is played.
pub fn check_record_dir(dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| {
        format!(
            "--record {}: cannot create the record directory: {}",
            dir.display(),
            if dir.exists() && !dir.is_dir() {
                "it is a file, not a directory".to_string()
            } else {
                e.to_string()
            }
        )
    })?;
    // Writable? Try, before the work starts.
    let probe = dir.join(format!(".tabula-write-test-{}", std::process::id()));
    std::fs::write(&probe, b"")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| {
            format!(
                "--record {}: cannot write into the record directory: {e}",
                dir.display()
            )
        })?;
    Ok(())
}

fn write_record(record: &Record, path: &Path, format: RecordFormat) -> Result<(), Error> {
    record
        .write(path, format)
        .map_err(|e| format!("cannot write {}: {e}", path.display()).into())
}

/// Options of `tabula replay seega`.
#[derive(Debug, Args)]
#[command(
    after_help = "Replays a record (RON, or JSON if the name ends in .json) from the empty board, checking every turn:\n\
prints each position and the result, and names the first illegal turn if there is one.\n\
Exit status: 0 if every turn is legal and the recorded result agrees; 1 otherwise (or if the file cannot be read)."
)]
pub struct ReplayArgs {
    /// The record.
    pub file: PathBuf,
    /// Print only the turns and the final position, not every position.
    #[arg(long)]
    pub brief: bool,
}

/// Replays a record; fails (exit 1) on an illegal turn or a disagreement.
pub fn replay(args: ReplayArgs, io: &mut Io<'_>) -> Result<(), Error> {
    let out = &mut *io.out;
    let record = Record::read(&args.file)?;
    let replay = Replay::run(&record)?;
    let rules = replay.rules;
    writeln!(
        out,
        "Seega record {file}: {0}x{0} board, stalemate after {1} moves without a capture, {2} places first{3}.",
        rules.size(),
        rules.stalemate(),
        rules.first(),
        record
            .players
            .as_ref()
            .map(|p| format!("; Black: {}, White: {}", p.black, p.white))
            .unwrap_or_default(),
        file = args.file.display(),
    )?;
    let mut last = crate::Position::new(rules);
    for t in &replay.turns {
        write!(out, "{:>4}. {}", t.number, t.turn)?;
        if !t.captured.is_empty() {
            let c: Vec<String> = t.captured.iter().map(|s| s.to_string()).collect();
            write!(out, ", capturing {}", c.join(" "))?;
        }
        writeln!(out)?;
        if !args.brief {
            write!(out, "{}", t.position.render())?;
        }
        last = t.position.clone();
    }
    let mut problems = Vec::new();
    if let Some(i) = &replay.illegal {
        writeln!(out, "{:>4}. {}: ILLEGAL: {}", i.number, i.turn, i.error)?;
        problems.push(format!(
            "turn {} ({}) is illegal: {}",
            i.number, i.turn, i.error
        ));
    }
    if args.brief || replay.illegal.is_some() {
        write!(out, "{}", last.render())?;
    }
    match replay.outcome {
        Some(o) => writeln!(out, "Result: {o}.")?,
        None => writeln!(out, "The record ends before the game does.")?,
    }
    if replay.after_end > 0 {
        problems.push(format!(
            "{} turn(s) recorded after the game ended",
            replay.after_end
        ));
    }
    if let Some(recorded) = record.result
        && Some(recorded) != replay.outcome
    {
        problems.push(format!(
            "the record says the result is \"{recorded}\", but the replay gives {}",
            replay
                .outcome
                .map_or("no result".to_string(), |o| format!("\"{o}\""))
        ));
    }
    if problems.is_empty() {
        writeln!(out, "Every turn is legal.")?;
        Ok(())
    } else {
        Err(problems.join("; ").into())
    }
}
