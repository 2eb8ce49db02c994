//! Snakes and Ladders' commands: `tabula simulate snakes` (the seed-000
//! report), `tabula analyze snakes` (seed 001's exact answers) and
//! `tabula replay snakes` (a record, throw by throw: the generic verb),
//! registered in the crate's root.

use std::path::PathBuf;

use clap::Args;
use tabula_app::play::RecordArgs;
use tabula_app::progress::{RunProgress, SolveProgress, seconds_budget};
use tabula_app::shard::ShardArg;
use tabula_app::{Error, Io, Typed};
use tabula_exact::Limits;
use tabula_sim::Simulation;

use crate::board::BUILT_IN;
use crate::recorded::Recorded;
use crate::{Analysis, AnalysisOptions, Board, Report, ReportOptions, Require, Setup, Trace};

/// The seed used when none is given: every run is reproducible.
pub const DEFAULT_SEED: u64 = tabula_app::DEFAULT_SEED;

/// `tabula simulate snakes`: the seed-000 report.
pub static SIMULATE: Typed<SnakesArgs> = Typed::report(
    "simulate",
    "Snakes (Chutes) and Ladders: the seed-000 report for a board",
    simulate,
)
.with_pictures();

/// `tabula analyze snakes`: seed 001's exact answers.
pub static ANALYZE: Typed<AnalyzeArgs> = Typed::report(
    "analyze",
    "Snakes (Chutes) and Ladders: exact answers for a board and rule set (seed 001)",
    analyze,
)
.with_pictures();

/// Options of a Snakes and Ladders simulation.
#[derive(Debug, Args)]
#[command(
    after_help = "BOARD is a RON board file, or the name of a built-in board: classic (the default), teaching, two-dice.\n\
--trace prints game --game of the run throw by throw, a view of its record; --record DIR writes that record \
(replay it with tabula replay snakes FILE).\n\
--shard K/N plays part K of N of the run (the same games as the whole run plays there); tabula merge combines \
the parts' JSON outputs into the whole run's report.\n\
Example: tabula simulate snakes --rules exact --games 100000 --seed 7",
    group = clap::ArgGroup::new("view").args(["trace", "record"]).multiple(true),
    mut_arg("record", |a| a.help(
        "Write the record of game --game (its throws; tabula replay snakes FILE checks it) into this directory, created if missing"
    ))
)]
pub struct SnakesArgs {
    /// The board, rule set and players.
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Games to simulate (seed 000 asks for at least 10,000).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Seed that fixes the whole run.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads [default: one per core]; the numbers do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Cap on throws per game; capped games are counted and reported.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_throws: u32,
    /// Also print one game throw by throw: rolls, squares, ladders, chutes, forfeits.
    #[arg(long)]
    pub trace: bool,
    /// The game --trace prints and --record writes, by index in the run:
    /// 0 to --games minus 1.
    #[arg(long, default_value_t = 0, requires = "view")]
    pub game: u64,
    /// Write the record of game --game (its throws) into a directory.
    #[command(flatten)]
    pub record: RecordArgs,
    /// Rolls in the report's dice test (0 skips it).
    #[arg(long, default_value_t = 1_000_000)]
    pub dice_rolls: u64,
    /// Time budget, in seconds for each phase, of the exact solve behind the
    /// report's exact values; past it (or past 200,000 states) the report
    /// gives sampled values only and says why. 0: no time limit.
    #[arg(long, default_value_t = 10, value_name = "SECONDS")]
    pub exact_seconds: u64,
    /// Play only part K of N of the run (K from 1), for another machine
    /// to play the rest; `tabula merge` combines the parts' JSON outputs.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<ShardArg>,
}

/// The board, rule set and players: what `simulate` and `analyze` share.
#[derive(Debug, Args)]
pub struct SetupArgs {
    /// The board: a RON file or a built-in board name (same as --board).
    #[arg(value_name = "BOARD", conflicts_with = "board")]
    pub board_file: Option<String>,
    /// The board: a RON file or a built-in board name [default: classic].
    #[arg(long, value_name = "FILE")]
    pub board: Option<String>,
    /// Rule set by name (see `tabula list`) [default: the board's].
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Players taking single throws in turn; the first to finish wins.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub players: u8,
}

impl SetupArgs {
    /// Loads the board and checks the rule set and players.
    pub fn setup(&self) -> Result<Setup, Error> {
        let board = load_board(self.board_file.as_deref().or(self.board.as_deref()))?;
        Ok(Setup::new(
            board,
            self.rules.as_deref(),
            usize::from(self.players),
        )?)
    }
}

/// Loads the board an argument names: an existing file, else a built-in
/// board of that name.
pub fn load_board(arg: Option<&str>) -> Result<Board, Error> {
    let Some(arg) = arg else {
        return Ok(Board::classic());
    };
    // `exists` is false for a path the system cannot follow (a symlink
    // loop, a directory without permission): say what it said.
    match std::fs::metadata(arg) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(board) = Board::built_in(arg) {
                return Ok(board?);
            }
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "{arg}: no such board file, and no built-in board of that name (built in: {})",
                names.join(", ")
            )
            .into());
        }
        Err(e) => {
            if let Some(board) = Board::built_in(arg) {
                return Ok(board?);
            }
            return Err(format!("{arg}: cannot read the board file: {e}").into());
        }
        Ok(_) => {}
    }
    Ok(Board::load(PathBuf::from(arg))?)
}

/// What `tabula simulate snakes` reports: the seed-000 report, and the
/// traced game if `--trace` asked for one.
pub struct Simulated {
    /// The report.
    pub report: Report,
    /// The traced game.
    pub trace: Option<Trace>,
    /// The board, for the pictures.
    pub setup: Setup,
}

impl tabula_app::Report for Simulated {
    fn title(&self) -> String {
        format!(
            "{}: {} games",
            self.report.board,
            tabula_core::text::group(self.report.games)
        )
    }

    fn text(&self) -> String {
        match &self.trace {
            Some(t) => format!(
                "{}\n{}",
                t.to_text(&self.setup.board, self.setup.rules.name, self.setup.players),
                self.report.to_text()
            ),
            None => self.report.to_text(),
        }
    }

    fn json(&self) -> Result<String, Error> {
        let mut value = serde_json::to_value(&self.report)?;
        if let (Some(map), Some(t)) = (value.as_object_mut(), &self.trace) {
            map.insert("trace".into(), serde_json::to_value(t)?);
        }
        tabula_app::pretty(&value)
    }

    fn pictures(&self) -> Result<Vec<tabula_plot::Picture>, tabula_plot::PlotError> {
        crate::pictures::report_pictures(&self.report, &self.setup.board)
    }
}

/// Runs a simulation.
pub fn simulate(args: SnakesArgs, io: &mut Io<'_>) -> Result<Box<dyn tabula_app::Report>, Error> {
    let view = args.trace || args.record.record.is_some();
    if view && args.game >= args.games {
        return Err(format!(
            "--game {}: the run has {} game{}, numbered 0 to {}; --trace and --record take only one of them",
            args.game,
            args.games,
            if args.games == 1 { "" } else { "s" },
            args.games - 1
        )
        .into());
    }
    let setup = args.setup.setup()?;
    let mut sim = Simulation::new(args.games)
        .seed(args.seed)
        .max_steps(args.max_throws);
    if let Some(t) = args.threads {
        sim = sim.threads(usize::from(t));
    }
    // The traced game is recorded; the trace is a view of its record.
    let trace = if view {
        args.record.prepare()?;
        let (record, trace) = setup.record(args.seed, args.game, args.max_throws)?;
        let stem = format!("snakes-{}-{}", args.seed, args.game);
        if let Some(path) = args.record.write::<Recorded>(&record, &stem)? {
            tabula_app::exit::note(&format!("Record written to {}.", path.display()));
        }
        args.trace.then_some(trace)
    } else {
        None
    };
    let solving = SolveProgress::new("exact values");
    let limits = Limits {
        max_time: seconds_budget(args.exact_seconds),
        progress: Some(solving.sink()),
        ..crate::report_limits()
    };
    // A part plays its games; `tabula merge` merges the parts' instead.
    let run = tabula_app::shard::simulation::<Recorded, _>(
        &mut io.shard,
        sim.clone(),
        args.shard,
        |sim| {
            let progress =
                RunProgress::new("simulation", tabula_app::shard::part_games(sim), "games");
            Ok(setup.run(sim, &|done| progress.tick(done))?)
        },
    )?;
    let options = ReportOptions {
        dice_rolls: args.dice_rolls,
    };
    let report = setup.report(&run, &sim, &options, &limits)?;
    drop(solving);
    Ok(Box::new(Simulated {
        report,
        trace,
        setup,
    }))
}

/// Options of `tabula analyze snakes`.
#[derive(Debug, Args)]
#[command(
    after_help = "Solves the game exactly as a Markov chain built from the board and rule set (no sampling): \
the distribution of the number of throws, expected landings per square, each seat's chance of winning, \
expected forfeited throws, and with --shortest the shortest games by exhaustive search.\n\
BOARD is a RON board file, or the name of a built-in board: classic (the default), teaching, two-dice.\n\
Examples:\n  tabula analyze snakes --rules exact\n  tabula analyze snakes --rules exact --shortest --require chute\n  tabula analyze snakes --players 2 --format json"
)]
pub struct AnalyzeArgs {
    /// The board, rule set and players.
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Also find the shortest games by exhaustive search, grouped by the set of ladders and chutes used.
    #[arg(long)]
    pub shortest: bool,
    /// Which shortest games count: any (none), those down at least one chute, or up at least one ladder.
    #[arg(long, value_enum, default_value_t = RequireArg::None, requires = "shortest")]
    pub require: RequireArg,
    /// Give up with an error past this many chain states.
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub max_states: u64,
    /// Give up with an error after this many seconds in any phase of the
    /// solve (building the chain, walking it, searching shortest games).
    /// Long solves show their progress on stderr. 0: no time limit.
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub max_seconds: u64,
}

/// `--require`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RequireArg {
    /// Any game.
    None,
    /// At least one chute.
    Chute,
    /// At least one ladder.
    Ladder,
}

/// What `tabula analyze snakes` reports: the analysis, on its board.
pub struct Analyzed {
    /// The analysis.
    pub analysis: Analysis,
    /// The board, for the pictures.
    pub board: Board,
}

impl tabula_app::Report for Analyzed {
    fn title(&self) -> String {
        format!("{}: exact analysis", self.analysis.board)
    }

    fn text(&self) -> String {
        self.analysis.to_text()
    }

    fn json(&self) -> Result<String, Error> {
        Ok(self.analysis.to_json())
    }

    fn pictures(&self) -> Result<Vec<tabula_plot::Picture>, tabula_plot::PlotError> {
        crate::pictures::analysis_pictures(&self.analysis, &self.board)
    }
}

/// Solves a board exactly.
pub fn analyze(args: AnalyzeArgs, _: &mut Io<'_>) -> Result<Box<dyn tabula_app::Report>, Error> {
    let setup = args.setup.setup()?;
    let solving = SolveProgress::new("exact analysis");
    let limits = Limits {
        max_states: usize::try_from(args.max_states).unwrap_or(usize::MAX),
        max_time: seconds_budget(args.max_seconds),
        progress: Some(solving.sink()),
        ..Limits::default()
    };
    let options = AnalysisOptions {
        players: args.setup.players,
        limits,
        shortest: args.shortest.then_some(match args.require {
            RequireArg::None => Require::None,
            RequireArg::Chute => Require::Chute,
            RequireArg::Ladder => Require::Ladder,
        }),
    };
    let analysis = setup.analyze(&options)?;
    drop(solving);
    Ok(Box::new(Analyzed {
        analysis,
        board: setup.board,
    }))
}
