//! What Snakes and Ladders adds to the generic `simulate` and `analyze`
//! ([`capabilities`], registered in the crate's root): `tabula simulate
//! snakes` is the generic verb with Snakes' simulation ([`Spec000`]): its
//! collectors (throws per game, the landing tally, each seat's wins) on
//! the harness's bulk path, its specification-000 report, and its options
//! (the board as a positional argument, `--max-throws`, `--trace`,
//! `--game`, `--record`, `--dice-rolls`, `--exact-seconds`); `tabula
//! analyze snakes` is the generic verb with the game's own solver,
//! specification 001's exact answers from its Markov chain (`--shortest`,
//! `--require`, `--max-seconds`). `tabula replay snakes` and `tabula play
//! snakes` are the generic verbs as they are.

use tabula_exact::Limits;
use tabula_registry::args::{Arguments, FromArgs as _, Values};
use tabula_registry::play::RecordArgs;
use tabula_registry::progress::seconds_budget;
use tabula_registry::simulation::Simulator;
use tabula_registry::solve::{Distribution, Within};
use tabula_registry::{
    Answer, Error, GameBuilder, Io, ParameterSource, Query, SimulationPlan, Solve,
};
use tabula_sim::{Run, Simulation};

use crate::params::SetupParameters;
use crate::recorded::Recorded;
use crate::{Analysis, AnalysisOptions, Board, BoardReport, ReportOptions, Require, Setup, Trace};

/// The seed used when none is given: every run is reproducible.
pub const DEFAULT_SEED: u64 = tabula_registry::DEFAULT_SEED;

/// Snakes' line in the list of games.
pub const SUMMARY: &str =
    "Snakes (Chutes) and Ladders on any RON board (specifications 000 and 001)";

/// What Snakes registers beside its rules: its parameters' sources, its
/// simulation, its solver and their options, added to its registration's
/// builder.
pub fn capabilities(g: GameBuilder<Recorded>) -> GameBuilder<Recorded> {
    g.parameter_source(ParameterSource {
        given: Some(|values| {
            values
                .text("board_file")
                .map(|b| vec![("board".to_string(), b.to_string())])
                .unwrap_or_default()
        }),
        // A board's messages name its file, line and column first.
        build: Some(|parameters| {
            use tabula_play::record::Recordable as _;
            Recorded::from_parameters(parameters).map_err(|e| e.message.into())
        }),
    })
    .picture(state_picture)
    .about(
        "simulate",
        "Snakes (Chutes) and Ladders: the specification-000 report for a board",
    )
    .options("simulate", simulate_arguments)
    .simulation(Spec000)
    .about(
        "analyze",
        "Snakes (Chutes) and Ladders: exact answers for a board and rule set (specification 001)",
    )
    .options("analyze", analyze_arguments)
    .solver(BoardChain)
    .page(crate::designer::PAGE)
}

/// More of `tabula simulate snakes --help`.
const SIMULATE_HELP: &str = "BOARD is a RON board file, or the name of a built-in board: classic (the default), teaching, two-dice.\n\
--trace prints game --game of the run throw by throw, a view of its record; --record DIR writes that record \
(replay it with tabula replay snakes FILE).\n\
--shard K/N plays part K of N of the run (the same games as the whole run plays there); tabula merge combines \
the parts' JSON outputs into the whole run's report.\n\
Example: tabula simulate snakes --rules exact --games 100000 --seed 7";

/// More of `tabula analyze snakes --help`.
const ANALYZE_HELP: &str = "Solves the game exactly as a Markov chain built from the board and rule set (no sampling): \
the distribution of the number of throws, expected landings per square, each seat's chance of winning, \
expected forfeited throws, and with --shortest the shortest games by exhaustive search.\n\
BOARD is a RON board file, or the name of a built-in board: classic (the default), teaching, two-dice.\n\
Examples:\n  tabula analyze snakes --rules exact\n  tabula analyze snakes --rules exact --shortest --require chute\n  tabula analyze snakes --players 2 --format json";

tabula_registry::arguments! {
    /// The board as the first positional argument, beside `--board`.
    #[derive(Debug)]
    pub struct BoardArg {
        /// The board: a RON file or a built-in board name (same as --board).
        #[arg(value_name = "BOARD", conflicts_with = "board")]
        pub board_file: Option<String>,
    }
}

/// The generic game parameters as Snakes' commands have always shown
/// them: `--board FILE`, `--rules NAME`, `--players` checked as the
/// command line reads it (exit status 2, as before the verbs were
/// generic), and the board as a positional argument.
fn setup_arguments(command: Arguments) -> Arguments {
    BoardArg::augment(command)
        .mut_arg("board", |a| {
            a.value_name("FILE")
                .help("The board: a RON file or a built-in board name")
        })
        .mut_arg("rules", |a| {
            a.value_name("NAME")
                .help("Rule set by name (see `tabula list`) [default: the board's]")
                .hide_default_value(true)
        })
        .mut_arg("players", |a| {
            a.of::<u8>()
                .range(1..=8)
                .help("Players taking single throws in turn; the first to finish wins")
        })
}

tabula_registry::arguments! {
    /// Options of `tabula simulate snakes` beside the generic ones.
    #[derive(Debug)]
    pub struct SimulateOptions {
        /// Cap on throws per game; capped games are counted and reported.
        #[arg(long, default_value_t = 10_000, range = 1..)]
        pub max_throws: u32,
        /// Also print one game throw by throw: rolls, squares, ladders, chutes, forfeits.
        #[arg(long)]
        pub trace: bool,
        /// The game --trace prints and --record writes, by index in the run:
        /// 0 to --games minus 1.
        #[arg(long, default_value_t = 0, requires = "view")]
        pub game: u64,
        /// Write the record of game --game (its throws) into a directory.
        #[arg(flatten)]
        pub record: RecordArgs,
        /// Rolls in the report's dice test (0 skips it).
        #[arg(long, default_value_t = 1_000_000)]
        pub dice_rolls: u64,
        /// Time budget, in seconds for each phase, of the exact solve behind the
        /// report's exact values; past it (or past --max-states states) the report
        /// gives sampled values only and says why. 0: no time limit.
        #[arg(long, default_value_t = 10, value_name = "SECONDS")]
        pub exact_seconds: u64,
    }
}

tabula_registry::arguments! {
    /// Options of `tabula analyze snakes` beside the generic ones.
    #[derive(Debug)]
    pub struct AnalyzeOptions {
        /// Also find the shortest games by exhaustive search, grouped by the set of ladders and chutes used.
        #[arg(long)]
        pub shortest: bool,
        /// Which shortest games count: any (none), those down at least one chute, or up at least one ladder.
        #[arg(long, default_value_t = RequireArg::None, requires = "shortest")]
        pub require: RequireArg,
        /// Give up with an error after this many seconds in any phase of the
        /// solve (building the chain, walking it, searching shortest games).
        /// Long solves show their progress on stderr. 0: no time limit.
        #[arg(long, default_value_t = 60, value_name = "SECONDS")]
        pub max_seconds: u64,
    }
}

/// The setup a game of the generic verbs is: its board, rules and
/// players.
fn setup_of(game: &Recorded) -> Setup {
    Setup {
        board: game.board().clone(),
        rules: game.rules(),
        players: game.players(),
    }
}

/// Snakes' options of `analyze`: the board as a positional argument,
/// `--shortest`, `--require`, `--max-seconds`.
fn analyze_arguments(command: Arguments) -> Arguments {
    AnalyzeOptions::augment(setup_arguments(command))
        .mut_arg("max_states", |a| {
            a.default_value("2000000")
                .of::<u64>()
                .range(1..=100_000_000)
                .help("Give up with an error past this many chain states")
        })
        .after_help(ANALYZE_HELP)
}

/// Snakes' options of `simulate`: the board as a positional argument,
/// `--max-throws` (its name of the step cap), `--trace`, `--game`,
/// `--record`, `--dice-rolls`, `--exact-seconds`.
fn simulate_arguments(command: Arguments) -> Arguments {
    SimulateOptions::augment(setup_arguments(command))
        .group("view", ["trace", "record"])
        .mut_arg("record", |a| a.help(
            "Write the record of game --game (its throws; tabula replay snakes FILE checks it) into this directory, created if missing"
        ))
        .mut_arg("games", |a| {
            a.help("Games to simulate (specification 000 asks for at least 10,000)")
        })
        // --max-throws is Snakes' name of the generic cap.
        .mut_arg("max_steps", |a| a.hide(true).conflicts_with("max_throws"))
        .mut_arg("max_states", |a| {
            a.default_value(crate::REPORT_MAX_STATES.to_string()).value_name("N").help(
                "The most chain states the exact solve behind the report's exact values may build; past it the report gives sampled values only and says why",
            )
        })
        .after_help(SIMULATE_HELP)
}

/// Loads the board an argument names: an existing file, else a built-in
/// board of that name.
pub fn load_board(arg: Option<&str>) -> Result<Board, Error> {
    match arg {
        None => Ok(Board::classic()),
        Some(arg) => Ok(crate::load::load_board(arg)?),
    }
}

/// What `tabula simulate snakes` reports: the specification-000 report, and the
/// traced game if `--trace` asked for one.
pub struct Simulated {
    /// The report.
    pub report: BoardReport,
    /// The traced game.
    pub trace: Option<Trace>,
    /// The board, for the pictures.
    pub setup: Setup,
}

impl tabula_registry::Report for Simulated {
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
        tabula_registry::pretty(&value)
    }

    fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        crate::pictures::report_pictures(&self.report, &self.setup.board)
    }
}

/// `--require`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequireArg {
    /// Any game.
    None,
    /// At least one chute.
    Chute,
    /// At least one ladder.
    Ladder,
}

tabula_registry::choice!(RequireArg {
    None = "none": "Any game",
    Chute = "chute": "At least one chute",
    Ladder = "ladder": "At least one ladder",
});

/// What `tabula analyze snakes` reports: the analysis, on its board.
pub struct Analyzed {
    /// The analysis.
    pub analysis: Analysis,
    /// The board, for the pictures.
    pub board: Board,
}

impl tabula_registry::Report for Analyzed {
    fn title(&self) -> String {
        format!("{}: exact analysis", self.analysis.board)
    }

    fn text(&self) -> String {
        self.analysis.to_text()
    }

    fn json(&self) -> Result<String, Error> {
        Ok(self.analysis.to_json())
    }

    fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        crate::pictures::analysis_pictures(&self.analysis, &self.board)
    }
}

/// Snakes' simulation: specification 000's collectors (throws per game,
/// the landing tally, each seat's wins) on the harness's bulk path, for
/// any rule set in the type compiled for it ([`Setup::run`]), and its
/// report, with the exact values, the dice test and the traced game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spec000;

impl Simulator<Recorded> for Spec000 {
    type Collector = crate::report::ReportCollectors;

    fn collectors(
        &self,
        game: &Recorded,
        plan: &mut SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Self::Collector, Error> {
        let args = SimulateOptions::from_values(values)?;
        // --max-throws is Snakes' name of the step cap.
        if !values.given("max_steps") {
            plan.max_steps = args.max_throws;
        }
        let games = plan.games;
        let view = args.trace || args.record.record.is_some();
        if view && args.game >= games {
            return Err(format!(
                "--game {}: the run has {} game{}, numbered 0 to {}; --trace and --record take only one of them",
                args.game,
                games,
                if games == 1 { "" } else { "s" },
                games - 1
            )
            .into());
        }
        let setup = setup_of(game);
        // The traced game is recorded; the trace is a view of its record.
        if view {
            args.record.prepare()?;
            let (record, _) = setup.record(plan.seed, args.game, plan.max_steps)?;
            let stem = format!("snakes-{}-{}", plan.seed, args.game);
            if let Some(path) = args.record.write::<Recorded>(&record, &stem)? {
                io.note(&format!("Record written to {}.", path.display()));
            }
        }
        Ok(setup.collectors())
    }

    fn run(
        &self,
        game: &Recorded,
        sim: &Simulation,
        _: Self::Collector,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<Self::Collector>, Error> {
        Ok(setup_of(game).run(sim, tick)?)
    }

    fn report(
        &self,
        game: &Recorded,
        _: &SetupParameters,
        run: Run<Self::Collector>,
        sim: &Simulation,
        plan: &SimulationPlan,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Box<dyn tabula_registry::Report>, Error> {
        let args = SimulateOptions::from_values(values)?;
        let setup = setup_of(game);
        let trace = if args.trace {
            Some(setup.record(plan.seed, args.game, plan.max_steps)?.1)
        } else {
            None
        };
        let solving = io.progress.start_solve("exact values");
        let limits = Limits {
            max_states: usize::try_from(plan.max_states).unwrap_or(usize::MAX),
            max_time: seconds_budget(args.exact_seconds),
            progress: solving.sink(),
            ..crate::report_limits()
        };
        let options = ReportOptions {
            dice_rolls: args.dice_rolls,
        };
        let report = setup.report(&run, sim, &options, &limits)?;
        drop(solving);
        Ok(Box::new(Simulated {
            report,
            trace,
            setup,
        }))
    }
}

/// Solves `game` exactly: specification 001's answers.
/// Snakes' solve of a board and rule set, registered with the
/// framework: the game decided by chance alone as a Markov chain over
/// squares (specification 001's exact answers: the throws'
/// distribution, expected landings per square, each seat's chance, and
/// with `--shortest` the shortest games), read with its own options.
struct BoardChain;

impl Solve<Recorded> for BoardChain {
    fn name(&self) -> &'static str {
        "board chain"
    }

    fn answers(
        &self,
        _: &Recorded,
        _: &<Recorded as tabula_play::record::Recordable>::Parameters,
        query: &Query<'_>,
    ) -> bool {
        matches!(query, Query::Distribution { agents, .. } if agents.is_empty())
    }

    fn solve(
        &self,
        game: &Recorded,
        p: &<Recorded as tabula_play::record::Recordable>::Parameters,
        query: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<Recorded>, Error> {
        if !self.answers(game, p, query) {
            return Err(tabula_registry::solve::unsupported(self.name(), query));
        }
        Ok(Answer::Distribution(Distribution {
            report: Some(analyze(game, within.options)?),
            ..Default::default()
        }))
    }

    fn own_budget(&self) -> bool {
        true
    }

    fn pictures(&self) -> bool {
        true
    }
}

fn analyze(game: &Recorded, values: &Values) -> Result<Box<dyn tabula_registry::Report>, Error> {
    let args = AnalyzeOptions::from_values(values)?;
    let max_states = values.get::<u64>("max_states")?.unwrap_or(1);
    let setup = setup_of(game);
    let solving = tabula_registry::progress::installed().start_solve("exact analysis");
    let limits = Limits {
        max_states: usize::try_from(max_states).unwrap_or(usize::MAX),
        max_time: seconds_budget(args.max_seconds),
        progress: solving.sink(),
        ..Limits::default()
    };
    let options = AnalysisOptions {
        players: setup.players,
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

/// A position as the play and replay pages of `tabula serve` draw it: the
/// board as the designer and the reports draw it (its ladders and
/// chutes), each square shaded by the players on it, who is where above.
fn state_picture(game: &Recorded, state: &<Recorded as tabula_core::BoardGame>::State) -> String {
    let board = game.board();
    let players = usize::from(game.players());
    // Squares 1 to the last but one; the last reads "finish".
    let mut values = vec![0.0; usize::from(board.size())];
    let mut where_ = Vec::with_capacity(players);
    for seat in 0..players {
        let square = state.square(seat);
        if let Some(v) = values.get_mut(usize::from(square)) {
            *v += 1.0;
        }
        where_.push(format!("player {} on square {square}", seat + 1));
    }
    let title = match state.winner() {
        Some(seat) => format!("player {} wins; {}", seat + 1, where_.join(", ")),
        None => format!(
            "player {} to throw; {}",
            state.turn() + 1,
            where_.join(", ")
        ),
    };
    let picture = tabula_registry::picture::board::TrackBoard {
        size: board.size(),
        columns: board.columns(),
        jumps: board.jumps().iter().map(|j| (j.from, j.to)).collect(),
        values,
        value_label: "players on the square".into(),
        most: None,
        least: None,
    }
    .picture("position", &title);
    tabula_registry::state::picture_data(&picture)
}
