//! What noline adds to the generic `analyze` and `play` (registered in
//! the crate's root, through its registration):
//! `tabula analyze noline` answers perfect play from the empty board with
//! noline's own solver ([`solve`], the framework's proof search on
//! bitboards) and leaves `--agents` to the generic solve; `tabula play
//! noline` is the generic `play` with the specification's options (`--agent`,
//! `--first`) and its way of greeting.

use std::fmt::Write as _;

use tabula_registry::PlaySetup;
use tabula_registry::args::{Arguments, FromArgs as _, ValueKind, Values};
use tabula_registry::solve::Within;
use tabula_registry::{Answer, Error, Query, Report, Solve};

use crate::board::MAX_DIM;
use crate::solve::Value;
use crate::{Dim, Noline, solve};

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

/// `--dim` checked by `check` as the command line reads it (a clear
/// message and exit status 2, as before the verbs were generic), its
/// value kept as typed for the generic parameters.
fn checked_dim(
    command: Arguments,
    check: fn(&str) -> Result<(), String>,
    help: &'static str,
) -> Arguments {
    command.mut_arg("dim", |a| a.kind(ValueKind::Checked(check)).help(help))
}

/// [`odd_dim`] as the command line checks it.
fn odd_dim_checked(s: &str) -> Result<(), String> {
    odd_dim(s).map(|_| ())
}

/// [`solver_dim`] as the command line checks it.
fn solver_dim_checked(s: &str) -> Result<(), String> {
    solver_dim(s).map(|_| ())
}

/// The generic help, then noline's.
fn more_help(command: Arguments, more: &str) -> Arguments {
    let generic = command
        .after_help_text()
        .map(ToString::to_string)
        .unwrap_or_default();
    command.after_help(format!("{generic}\n{more}"))
}

/// More of `tabula analyze noline --help`.
const ANALYZE_HELP: &str = "Without --agents: solves the game from the empty board by the framework's proof search (alpha-beta over win, draw and loss, \
a transposition table of fixed memory, the board's 8 symmetries, bitboards): the value for the first player and the \
value of every first move. Each first move is asked whether O wins after it, and if not, whether O loses. \
What --max-nodes does not settle is reported as bounds.\n\
3x3 takes milliseconds; see the book for how far 5x5 goes.";

tabula_registry::arguments! {
    /// noline's own options of `tabula analyze noline`: its solver's.
    #[derive(Debug)]
    pub struct SolverOptions {
        /// Stop after this many positions searched, reporting what is
        /// settled.
        #[arg(long, default_value_t = 2_000_000_000)]
        pub max_nodes: u64,
        /// Memory of the solver's table in MB: past it, entries that cost
        /// less to find are replaced (slower, never wrong).
        #[arg(long, value_name = "MB", default_value_t = solve::DEFAULT_MAX_MEMORY_MB,
              range = 1..=1_000_000)]
        pub max_memory: u64,
    }
}

/// noline's options of `tabula analyze noline`: `--dim` up to the
/// solver's largest board, its solver's ([`SolverOptions`]), and
/// `--agents` without a default (perfect play unless named).
pub fn analyze_arguments(command: Arguments) -> Arguments {
    let command = checked_dim(
        command,
        solver_dim_checked,
        "Board side (odd, 3 to 7: the largest odd board the solver takes)",
    )
    .mut_arg("agents", |a| {
        a.no_default_value()
            .value_name("A,B")
            .help("Solve the game exactly with these agents in the seats, O first (one per seat), each a fixed policy (a strategy, not a search; see `tabula list`) [default: perfect play, by noline's solver]")
    });
    more_help(SolverOptions::augment(command), ANALYZE_HELP)
}

/// noline's proof search, registered with the framework: the game's
/// value from the empty board under perfect play, and the value of each
/// first move ([`solve::solve_reporting`]); and the `perfect` agent's
/// table ([`Query::Solved`] `perfect`, kept in the one cache); within `--max-nodes` and
/// `--max-memory` (its own budget, read from the verb's options).
pub struct ProofSolve;

impl Solve<Noline> for ProofSolve {
    fn name(&self) -> &'static str {
        "proof search"
    }

    fn answers(&self, _: &Noline, _: &Dim, query: &Query<'_>) -> bool {
        matches!(query, Query::Value)
            || matches!(query, Query::Solved { what } if *what == crate::agents::PERFECT)
    }

    fn solve(
        &self,
        _: &Noline,
        p: &Dim,
        query: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<Noline>, Error> {
        match query {
            Query::Value => Ok(Answer::Value(solve_perfect(p.dim, within.options)?)),
            // The `perfect` agent's table: its own budget, not the verb's.
            Query::Solved { .. } => Ok(Answer::Solved(std::sync::Arc::new(
                crate::agents::Perfect::table(p.dim)?,
            ))),
            _ => Err(tabula_registry::solve::unsupported(self.name(), query)),
        }
    }

    fn own_budget(&self) -> bool {
        true
    }
}

fn solve_perfect(dim: usize, values: &Values) -> Result<Box<dyn Report>, Error> {
    // A --params file is not read by the command line's check.
    solver_dim(&dim.to_string())?;
    let o = SolverOptions::from_values(values)?;
    let searching = tabula_registry::progress::installed().start_solve("noline solve");
    Ok(Box::new(solve::solve_reporting(
        dim,
        o.max_nodes,
        o.max_memory.saturating_mul(1_000_000),
        searching.sink(),
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
        tabula_registry::pretty(&v)
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// You play O and move first.
    You,
    /// The agent plays O and moves first.
    Agent,
}

tabula_registry::choice!(First {
    You = "you": "You play O and move first",
    Agent = "agent": "The agent plays O and moves first",
});

/// More of `tabula play noline --help`.
const PLAY_HELP: &str = "noline: you against an agent on a --dim board: type a move as ROW COL (counted from 0), help for the legal moves, quit to stop.\n\
Whoever makes a line of three of their own tiles (across, down or diagonal) loses.\n\
--agent and --first seat you and the agent (--agents names every seat instead); --seed 0, the default here, picks a seed and prints it.\n\
Example: tabula play noline --dim 5 --agent random --first agent --seed 7 --record games";

tabula_registry::arguments! {
    /// noline's own options of `tabula play noline`: who you play and who
    /// moves first.
    #[derive(Debug)]
    pub struct Seating {
        /// The agent you play against (see `tabula list`).
        #[arg(long, default_value = "type1", conflicts_with_all = ["agents", "against"])]
        pub agent: String,
        /// Who plays O and moves first.
        #[arg(long, default_value_t = First::You, conflicts_with = "agents")]
        pub first: First,
    }
}

/// noline's options of `tabula play noline`: `--dim` as the noline
/// program takes it, its [`Seating`], and `--seed` 0 by default (a seed
/// picked and printed).
pub fn play_arguments(command: Arguments) -> Arguments {
    let command = checked_dim(
        command,
        odd_dim_checked,
        "Board side (odd, 3 to 9999, as the noline program takes)",
    )
    .mut_arg("seed", |a| {
        a.default_value("0")
            .help("Seed of the agent's random choices; 0 picks one and prints it")
    });
    more_help(Seating::augment(command), PLAY_HELP)
}

/// Who sits where: you and the agent (`--agent`, or the generic
/// `--against`), O first as `--first` says; `--agents` leaves it to the
/// generic options.
pub fn play_setup(values: &Values) -> Result<PlaySetup, Error> {
    if values.given("agents") {
        return Ok(PlaySetup::default());
    }
    let o = Seating::from_values(values)?;
    let agent = values
        .text("against")
        .unwrap_or(&o.agent)
        .trim()
        .to_string();
    let you = "you".to_string();
    let seats = match o.first {
        First::Agent => vec![agent, you],
        First::You => vec![you, agent],
    };
    Ok(PlaySetup {
        parameters: Vec::new(),
        seats,
    })
}

/// What `tabula play noline` says first: the seed it picked, if it
/// picked one, as the specification's way to play always said it.
pub fn play_opening(seed: u64, picked: bool) -> String {
    if picked {
        format!("Seed {seed} (--seed {seed} plays this game again).\n")
    } else {
        String::new()
    }
}
