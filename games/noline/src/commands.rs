//! noline's own commands: `tabula analyze noline` (its solver) and
//! `tabula play noline` (the seed's way to play), beside the generic
//! `simulate`, `tournament` and `replay` it registers in the crate's root.

use std::fmt::Write as _;

use clap::{Args, ValueEnum};
use tabula_app::play::RecordArgs;
use tabula_app::{Error, Io, Report, Typed};

use crate::board::MAX_DIM;
use crate::solve::Value;
use crate::{Noline, solve};

/// `tabula analyze noline`: the exact value by noline's own solver.
pub static ANALYZE: Typed<AnalyzeArgs> = Typed::report(
    "analyze",
    "noline: the game-theoretic value and the best first moves, by exact search (seed 002)",
    analyze,
);

/// `tabula play noline`: you against an agent, as the seed plays it.
pub static PLAY: Typed<PlayArgs> = Typed::interactive(
    "play",
    "noline: you against an agent at the terminal, moves typed ROW COL",
    play,
);

fn odd_dim(s: &str) -> Result<usize, String> {
    let d: usize = s
        .parse()
        .map_err(|_| format!("{s:?} is not a whole number"))?;
    if d < 3 || d.is_multiple_of(2) {
        return Err(format!(
            "the board size must be odd and at least 3, not {d}"
        ));
    }
    // The limit the `noline` program enforces.
    if d > MAX_DIM {
        return Err(format!(
            "the board size must be at most {MAX_DIM} (the noline program's limit), not {d}"
        ));
    }
    Ok(d)
}

/// The largest odd board the exact solver takes (its keys hold 8 x 8).
pub const SOLVER_MAX_DIM: usize = 7;

fn solver_dim(s: &str) -> Result<usize, String> {
    let d = odd_dim(s)?;
    if d > SOLVER_MAX_DIM {
        return Err(format!(
            "the solver handles odd boards up to {SOLVER_MAX_DIM} x {SOLVER_MAX_DIM}, not {d} x {d}"
        ));
    }
    Ok(d)
}

/// Options of `tabula analyze noline`.
#[derive(Debug, Args)]
#[command(
    after_help = "Solves the game from the empty board by the framework's proof search (alpha-beta over win, draw and loss, \
a transposition table of fixed memory, the board's 8 symmetries, bitboards): the value for the first player and the \
value of every first move. On odd boards the first player draws at least (the centre, then mirroring), so each first \
move is asked only whether it wins or loses. What --max-nodes does not settle is reported as bounds.\n\
3x3 takes milliseconds; see the book for how far 5x5 goes."
)]
pub struct AnalyzeArgs {
    /// Board side (odd, 3 to 7: the largest odd board the solver takes).
    #[arg(long, default_value = "3", value_parser = solver_dim)]
    pub dim: usize,
    /// Stop after this many positions searched, reporting what is
    /// settled.
    #[arg(long, default_value_t = 2_000_000_000)]
    pub max_nodes: u64,
    /// Memory of the solver's table in MB: past it, entries that cost
    /// less to find are replaced (slower, never wrong).
    #[arg(long, value_name = "MB", default_value_t = solve::DEFAULT_MAX_MEMORY_MB,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_memory: u64,
    /// With --agents: the game solved with these agents' policies in the
    /// seats (O first), instead of perfect play.
    #[command(flatten)]
    pub policies: tabula_app::exact::PolicyArgs,
}

/// Solves from the empty board.
fn analyze(args: AnalyzeArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    if !args.policies.agents.is_empty() {
        return Ok(Box::new(tabula_app::exact::analyze_agents(
            &Noline::new(args.dim),
            "noline",
            &args.policies,
        )?));
    }
    let searching = tabula_app::progress::SolveProgress::new("noline solve");
    Ok(Box::new(solve::solve_reporting(
        args.dim,
        args.max_nodes,
        args.max_memory * 1_000_000,
        Some(searching.sink()),
    )?))
}

impl Report for solve::Solution {
    fn title(&self) -> String {
        format!("noline {0}x{0}: exact value", self.dim)
    }

    fn json(&self) -> Result<String, Error> {
        let mut v = serde_json::to_value(self)?;
        if let Some(m) = v.as_object_mut() {
            m.insert("game".into(), "noline".into());
        }
        tabula_app::pretty(&v)
    }

    fn text(&self) -> String {
        let s = self;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "noline {0}x{0}, {1} from the empty board: {2}.",
            s.dim,
            if s.value.is_some() {
                "solved exactly"
            } else {
                "searched"
            },
            s.verdict
        );
        if s.value.is_some() {
            let best: Vec<String> = s
                .best_first_moves
                .iter()
                .map(|[r, c]| format!("{r} {c}"))
                .collect();
            let _ = writeln!(out, "Best first moves for O: {}", best.join(", "));
        }
        let _ = writeln!(out, "Value of each first move for O (row by row):");
        for row in s.first_moves.chunks(s.dim) {
            let cells: Vec<&str> = row
                .iter()
                .map(|m| match (m.at_least, m.at_most) {
                    (Value::Win, _) => "win ",
                    (Value::Draw, Value::Draw) => "draw",
                    (Value::Loss, Value::Loss) => "loss",
                    (Value::Draw, _) => ">=draw",
                    (_, Value::Draw) => "<=draw",
                    _ => "?",
                })
                .collect();
            let _ = writeln!(out, "  {}", cells.join(" "));
        }
        let _ = writeln!(
            out,
            "Searched {} positions ({} in the transposition table, {:.0} MB, {} replaced) in {:.3} s.",
            s.nodes, s.table_positions, s.table_mb, s.replaced, s.seconds
        );
        out
    }
}

/// Who moves first in `tabula play noline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You play O and move first.
    You,
    /// The agent plays O and moves first.
    Agent,
}

/// Options of `tabula play noline`.
#[derive(Debug, Args)]
#[command(
    after_help = "You against an agent on a --dim board: type a move as ROW COL (counted from 0), help for the legal moves, quit to stop.\n\
Whoever makes a line of three of their own tiles (across, down or diagonal) loses.\n\
Example: tabula play noline --dim 5 --agent random --first agent --seed 7 --record games"
)]
pub struct PlayArgs {
    /// Board side (odd, 3 to 9999, as the noline program takes).
    #[arg(long, default_value = "3", value_parser = odd_dim)]
    pub dim: usize,
    /// The agent you play against (see `tabula list`).
    #[arg(long, default_value = "type1")]
    pub agent: String,
    /// Who plays O and moves first.
    #[arg(long, value_enum, default_value_t = First::You)]
    pub first: First,
    /// Seed of the agent's random choices; 0 picks one and prints it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Where to write the game's record.
    #[command(flatten)]
    pub record: RecordArgs,
}

/// Plays one game at the terminal.
fn play(args: PlayArgs, io: &mut Io<'_>) -> Result<(), Error> {
    let game = Noline::new(args.dim);
    let you = match args.first {
        First::You => 0,
        First::Agent => 1,
    };
    // The agent and the record directory first: a game that cannot start
    // has no seed to show.
    let players = tabula_app::play::players(&game, &[you], &args.agent)?;
    args.record.prepare()?;
    let seed = tabula_app::play::seed_or_fresh(args.seed);
    if args.seed == 0 {
        writeln!(io.out, "Seed {seed} (--seed {seed} plays this game again).")?;
    }
    tabula_app::play::play_keeping_record(&game, players, seed, &args.record, io)?;
    Ok(())
}
