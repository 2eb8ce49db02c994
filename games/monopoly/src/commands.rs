//! Monopoly's verbs: `tabula analyze monopoly` is the generic `analyze`
//! of a game that never ends, with Monopoly's tables ([`Tables`], its
//! [`Extension`]); `tabula simulate monopoly` (the long-run figures
//! sampled, beside the exact values) is its own command. Both are
//! registered in the crate's root.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;
use tabula_app::progress::{RunProgress, SolveProgress, seconds_budget};
use tabula_app::{Error, Io, Report, Typed};
use tabula_exact::Limits;

use tabula_app::verbs::{Extension, LongRunReport};
use tabula_exact::{Chain, Stationary};

use crate::analysis::{Occupancy, occupancy, occupancy_of};
use crate::game::Draw;
use crate::game::Event;
use crate::params::SetupParameters;
use crate::simulate::{Estimate, Plan, Sampled};
use crate::{Monopoly, jail};

/// `tabula simulate monopoly`: the same, sampled.
pub static SIMULATE: Typed<SimulateArgs> = Typed::report(
    "simulate",
    "Monopoly: the long-run shares sampled over many turns, beside the exact values",
    run_simulation,
)
.with_pictures();

/// The board, the cards and the jail rule.
#[derive(Debug, Args)]
pub struct SetupArgs {
    /// The jail rule (see `tabula list`): pay, or doubles.
    #[arg(long, default_value = jail::DEFAULT)]
    pub jail: String,
    /// A RON board file [default: the standard US board].
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// A RON card file [default: the standard US decks].
    #[arg(long, value_name = "FILE")]
    pub cards: Option<PathBuf>,
    /// Give up past this many states of the chain.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub max_states: u64,
    /// Time budget of each phase of the exact solve, in seconds. 0: no limit.
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub max_time: u64,
}

impl SetupArgs {
    /// The game, built from its parameters ([`SetupParameters::game`]).
    fn game(&self) -> Result<Monopoly, Error> {
        let file = |path: &Option<PathBuf>| {
            path.as_ref()
                .map_or_else(String::new, |p| p.to_string_lossy().into_owned())
        };
        Ok(SetupParameters {
            jail: self.jail.clone(),
            board: file(&self.board),
            cards: file(&self.cards),
        }
        .game()?)
    }

    fn exact(&self, game: &Monopoly) -> Result<Occupancy, Error> {
        let solving = SolveProgress::new("exact analysis");
        let limits = Limits {
            max_states: usize::try_from(self.max_states).unwrap_or(usize::MAX),
            max_time: seconds_budget(self.max_time),
            progress: Some(solving.sink()),
            ..Limits::default()
        };
        Ok(occupancy(game, &limits)?)
    }
}

/// One square's exact figures.
#[derive(Clone, Debug, Serialize)]
pub struct SquareRow {
    /// Its position, Go = 0.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Its kind.
    pub kind: crate::Kind,
    /// The long-run share of turns ending there.
    pub turn_end: f64,
    /// The long-run share of throws after which the token rests there.
    pub per_throw: f64,
    /// The long-run share of landings there.
    pub landing: f64,
}

/// What `tabula analyze monopoly` reports.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The board's name.
    pub board: String,
    /// The cards' edition.
    pub cards: String,
    /// The jail rule.
    pub jail: String,
    /// Every square.
    pub squares: Vec<SquareRow>,
    /// The ten squares where turns most often end, most likely first
    /// (indices into `squares`).
    pub top_ten: Vec<usize>,
    /// The share of turns ending in jail.
    pub in_jail: f64,
    /// The share of turns ending just visiting.
    pub just_visiting: f64,
    /// Landings per turn.
    pub landings_per_turn: f64,
    /// Chance steps (throws and card draws) per turn.
    pub steps_per_turn: f64,
    /// States of the Markov chain.
    pub states: usize,
    /// Iterations of the stationary solve.
    pub iterations: u32,
    /// Its residual.
    pub residual: f64,
}

/// The squares ordered by `value`, largest first (ties by position).
fn ranked(values: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    order
}

fn analysis_of(game: &Monopoly, exact: &Occupancy) -> Analysis {
    let squares = game
        .board()
        .squares()
        .iter()
        .enumerate()
        .map(|(i, s)| SquareRow {
            index: i,
            name: s.name.clone(),
            kind: s.kind,
            turn_end: exact.turn_end[i],
            per_throw: exact.per_throw[i],
            landing: exact.landing[i],
        })
        .collect();
    Analysis {
        board: game.board().name().to_string(),
        cards: game.cards().edition.clone(),
        jail: game.jail_rule().name.to_string(),
        squares,
        top_ten: ranked(&exact.turn_end).into_iter().take(10).collect(),
        in_jail: exact.in_jail,
        just_visiting: exact.just_visiting,
        landings_per_turn: exact.landings_per_turn,
        steps_per_turn: exact.steps_per_turn,
        states: exact.states,
        iterations: exact.iterations,
        residual: exact.residual,
    }
}

fn percent(p: f64) -> String {
    format!("{:.3}%", 100.0 * p)
}

/// More of `tabula analyze monopoly --help`.
const ANALYZE_HELP: &str = "Builds the Markov chain of one token's movement (two dice, doubles, three doubles to jail, Go To Jail, \
Chance and Community Chest cards drawn uniformly) and solves its stationary distribution (the generic analyze of a game that never ends).\n\
Reports the long-run share of turns that end on each square (a turn ends when the token stops: \
no double to throw again, no card to draw), the ten most likely squares, turns ending in jail vs just visiting, \
and the share of all landings on each square (every arrival: by a throw, by a card, or sent to jail).\n\
Jail rules: pay (pay on the next turn and throw as usual), doubles (try for a double up to three turns).\n\
Example: tabula analyze monopoly --jail pay --format json";

/// Monopoly's [`Extension`] of the generic verbs: its long run
/// (`analyze`) read off the stationary distribution as its tables of
/// squares, and its pictures.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tables;

impl Extension<Monopoly> for Tables {
    fn long_run_marks(&self) -> Option<fn(&Event, &mut Vec<u64>)> {
        Some(crate::analysis::landings)
    }

    fn long_run_help(&self) -> &'static str {
        ANALYZE_HELP
    }

    fn long_run(
        &self,
        game: &Monopoly,
        _: &SetupParameters,
        chain: &Chain<Monopoly, u64>,
        stationary: &Stationary,
        report: &mut LongRunReport,
    ) {
        let analysis = analysis_of(game, &occupancy_of(game, chain, stationary));
        if let Ok(serde_json::Value::Object(keys)) = serde_json::to_value(&analysis) {
            for (key, value) in keys {
                // The generic report has the chain's size and settling.
                if !["states", "iterations", "residual"].contains(&key.as_str()) {
                    report.extra.keys.insert(key, value);
                }
            }
        }
        report.title = format!("Monopoly: long-run occupancy, jail rule {}", analysis.jail);
        report.extra.sections.push(analysis.text());
        match analysis.pictures() {
            Ok(pictures) => report.extra.pictures.extend(pictures),
            Err(e) => report
                .extra
                .sections
                .push(format!("(The pictures could not be drawn: {e}.)\n")),
        }
    }
}

impl Analysis {
    /// The tables as text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Monopoly, {}, cards of the {}, jail rule {}: exact long-run figures.",
            self.board, self.cards, self.jail
        );
        let _ = writeln!(out, "The ten squares where turns most often end:");
        for (rank, &i) in self.top_ten.iter().enumerate() {
            let s = &self.squares[i];
            let _ = writeln!(
                out,
                "  {:>2}. {:<24} {:>8}",
                rank + 1,
                s.name,
                percent(s.turn_end)
            );
        }
        let _ = writeln!(
            out,
            "Turns ending in jail: {}; just visiting: {}.",
            percent(self.in_jail),
            percent(self.just_visiting)
        );
        let _ = writeln!(
            out,
            "Per turn: {:.4} landings, {:.4} chance steps (throws and card draws).",
            self.landings_per_turn, self.steps_per_turn
        );
        let _ = writeln!(
            out,
            "Every square (turn end: share of turns ending there; per throw: share of throws after which the token rests there; landings: share of all landings):"
        );
        let _ = writeln!(
            out,
            "  {:>2}  {:<24} {:>9} {:>9} {:>9}",
            "#", "square", "turn end", "per throw", "landings"
        );
        for s in &self.squares {
            let _ = writeln!(
                out,
                "  {:>2}  {:<24} {:>9} {:>9} {:>9}",
                s.index,
                s.name,
                percent(s.turn_end),
                percent(s.per_throw),
                percent(s.landing)
            );
        }
        out
    }

    /// The board as rings: the share of turns ending on each square, and
    /// of landings.
    pub fn pictures(&self) -> Result<Vec<tabula_plot::Picture>, tabula_plot::PlotError> {
        let names: Vec<String> = self.squares.iter().map(|s| s.name.clone()).collect();
        let values: Vec<f64> = self.squares.iter().map(|s| s.turn_end).collect();
        let landings: Vec<f64> = self.squares.iter().map(|s| s.landing).collect();
        Ok(vec![
            crate::pictures::ring(
                "turn-ends",
                &format!(
                    "Monopoly, jail rule {}: share of turns ending on each square",
                    self.jail
                ),
                &names,
                &values,
                "turn ends",
            )?,
            crate::pictures::ring(
                "landings",
                &format!(
                    "Monopoly, jail rule {}: share of landings on each square",
                    self.jail
                ),
                &names,
                &landings,
                "landings",
            )?,
        ])
    }
}

/// Options of `tabula simulate monopoly`.
#[derive(Debug, Args)]
#[command(
    after_help = "Plays about --turns turns, split into independent games (at least 100, at most 10,000 counted turns each), \
each starting on Go and counted after a warm-up of 100 turns; standard errors come from the spread between games.\n\
The exact values (cards drawn uniformly) are shown beside the sampled ones, with z = (sampled - exact) / standard error.\n\
--shuffled-decks draws cards from shuffled decks without replacement, reshuffled when exhausted, as at the table; \
the z column then measures how far that moves the figures from the uniform-draw chain.\n\
--shard K/N plays part K of N of the run's games; tabula merge combines the parts' --format json outputs into \
exactly the whole run's report.\n\
Example: tabula simulate monopoly --turns 1000000 --jail pay --seed 7"
)]
pub struct SimulateArgs {
    /// The board, cards and jail rule.
    #[command(flatten)]
    pub setup: SetupArgs,
    /// Turns to count (after each game's warm-up).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000_000))]
    pub turns: u64,
    /// Seed that fixes the whole run.
    #[arg(long, default_value_t = tabula_app::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads [default: one per core]; the numbers do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Draw cards from shuffled decks without replacement (reshuffled when
    /// exhausted) instead of uniformly with replacement.
    #[arg(long)]
    pub shuffled_decks: bool,
    /// Play only part K of N of the run's games (K from 1), for another
    /// machine to play the rest; `tabula merge` combines the parts' JSON
    /// outputs into the whole run's report.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<tabula_app::shard::ShardArg>,
}

/// One square, sampled and exact.
#[derive(Clone, Debug, Serialize)]
pub struct SampledRow {
    /// Its position, Go = 0.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// The sampled share of turns ending there.
    pub turn_end: Estimate,
    /// The exact share.
    pub exact_turn_end: f64,
    /// (sampled − exact) / standard error.
    pub z: f64,
    /// The sampled share of landings there.
    pub landing: Estimate,
    /// The exact share.
    pub exact_landing: f64,
}

/// What `tabula simulate monopoly` reports.
#[derive(Clone, Debug, Serialize)]
pub struct Simulated {
    /// The board's name.
    pub board: String,
    /// The cards' edition.
    pub cards: String,
    /// The jail rule.
    pub jail: String,
    /// Whether cards came from shuffled decks.
    pub shuffled_decks: bool,
    /// The run's seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Counted turns per game.
    pub turns_per_game: u64,
    /// Uncounted turns at the start of each game.
    pub warmup: u32,
    /// Counted turns in all: `turns_asked` rounded up to whole games of
    /// equal length (at least 100 games).
    pub turns: u64,
    /// The counted turns asked for (`--turns`).
    pub turns_asked: u64,
    /// Every square.
    pub squares: Vec<SampledRow>,
    /// The ten squares where sampled turns most often end.
    pub top_ten: Vec<usize>,
    /// Turns ending in jail, sampled.
    pub in_jail: Estimate,
    /// Exact.
    pub exact_in_jail: f64,
    /// Turns ending just visiting, sampled.
    pub just_visiting: Estimate,
    /// Exact.
    pub exact_just_visiting: f64,
    /// The largest |z| over the squares' turn-end shares.
    pub max_abs_z: f64,
    /// The largest |sampled − exact| over the squares' turn-end shares.
    pub max_abs_difference: f64,
    /// Landings per turn, sampled.
    pub landings_per_turn: f64,
}

fn run_simulation(args: SimulateArgs, io: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let draw = if args.shuffled_decks {
        Draw::Shuffled
    } else {
        Draw::Uniform
    };
    let game = args.setup.game()?;
    let exact = args.setup.exact(&game)?;
    let game = game.with_draw(draw);
    let plan = Plan::new(&game, args.turns, args.seed, args.threads.map(usize::from));
    // A part plays its games; `tabula merge` merges the parts' instead.
    let run = tabula_app::shard::simulation::<Monopoly, _>(
        &mut io.shard,
        plan.sim.clone(),
        args.shard,
        |sim| {
            let progress =
                RunProgress::new("simulation", tabula_app::shard::part_games(sim), "games");
            let tick = |done| progress.tick(done);
            Ok(sim.run_with(&plan.game, || tabula_core::NoAgents, plan.tally(), &tick)?)
        },
    )?;
    let sampled = plan.sampled(&run.collector)?;
    let mut report = compare(&game, &exact, sampled, args.seed);
    report.turns_asked = args.turns;
    Ok(Box::new(report))
}

fn compare(game: &Monopoly, exact: &Occupancy, s: Sampled, seed: u64) -> Simulated {
    let z = |e: &Estimate, x: f64| {
        if e.std_error > 0.0 {
            (e.value - x) / e.std_error
        } else if e.value == x {
            0.0
        } else {
            f64::INFINITY
        }
    };
    let squares: Vec<SampledRow> = game
        .board()
        .squares()
        .iter()
        .enumerate()
        .map(|(i, sq)| SampledRow {
            index: i,
            name: sq.name.clone(),
            turn_end: s.turn_end[i],
            exact_turn_end: exact.turn_end[i],
            z: z(&s.turn_end[i], exact.turn_end[i]),
            landing: s.landing[i],
            exact_landing: exact.landing[i],
        })
        .collect();
    let values: Vec<f64> = s.turn_end.iter().map(|e| e.value).collect();
    Simulated {
        board: game.board().name().to_string(),
        cards: game.cards().edition.clone(),
        jail: game.jail_rule().name.to_string(),
        shuffled_decks: game.draw() == Draw::Shuffled,
        seed,
        games: s.games,
        turns_per_game: s.turns_per_game,
        warmup: s.warmup,
        turns: s.games * s.turns_per_game,
        turns_asked: s.games * s.turns_per_game,
        max_abs_z: squares.iter().map(|r| r.z.abs()).fold(0.0, f64::max),
        max_abs_difference: squares
            .iter()
            .map(|r| (r.turn_end.value - r.exact_turn_end).abs())
            .fold(0.0, f64::max),
        squares,
        top_ten: ranked(&values).into_iter().take(10).collect(),
        in_jail: s.in_jail,
        exact_in_jail: exact.in_jail,
        just_visiting: s.just_visiting,
        exact_just_visiting: exact.just_visiting,
        landings_per_turn: s.landings_per_turn,
    }
}

impl Report for Simulated {
    fn title(&self) -> String {
        format!(
            "Monopoly: {} simulated turns, jail rule {}",
            self.turns, self.jail
        )
    }

    fn json(&self) -> Result<String, Error> {
        let mut v = serde_json::to_value(self)?;
        if let Some(m) = v.as_object_mut() {
            m.insert("game".into(), "monopoly".into());
        }
        tabula_app::pretty(&v)
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let draws = if self.shuffled_decks {
            "cards from shuffled decks, without replacement"
        } else {
            "cards drawn uniformly"
        };
        let _ = writeln!(
            out,
            "Monopoly, {}, jail rule {}, {draws}: {} counted turns ({} games of {} after {} warm-up turns each), seed {}.",
            self.board,
            self.jail,
            self.turns,
            self.games,
            self.turns_per_game,
            self.warmup,
            self.seed
        );
        if self.turns != self.turns_asked {
            let _ = writeln!(
                out,
                "(--turns {} asked: every game counts as many turns, and there are at least {} games, so {} turns are counted.)",
                self.turns_asked,
                crate::simulate::MIN_GAMES.min(self.turns_asked.max(1)),
                self.turns
            );
        }
        let _ = writeln!(
            out,
            "Exact values: the Markov chain with cards drawn uniformly. z = (sampled - exact) / standard error."
        );
        let _ = writeln!(out, "The ten squares where sampled turns most often end:");
        for (rank, &i) in self.top_ten.iter().enumerate() {
            let r = &self.squares[i];
            let _ = writeln!(
                out,
                "  {:>2}. {:<24} {:>8} ± {:.3}%  exact {:>8}  z {:+.2}",
                rank + 1,
                r.name,
                percent(r.turn_end.value),
                100.0 * r.turn_end.std_error,
                percent(r.exact_turn_end),
                r.z
            );
        }
        let _ = writeln!(
            out,
            "Turns ending in jail: {} ± {:.3}% (exact {}); just visiting: {} ± {:.3}% (exact {}).",
            percent(self.in_jail.value),
            100.0 * self.in_jail.std_error,
            percent(self.exact_in_jail),
            percent(self.just_visiting.value),
            100.0 * self.just_visiting.std_error,
            percent(self.exact_just_visiting)
        );
        let _ = writeln!(
            out,
            "Largest |z| over the 40 squares: {:.2}; largest |sampled - exact|: {:.4} percentage points.",
            self.max_abs_z,
            100.0 * self.max_abs_difference
        );
        let beyond: Vec<String> = self
            .squares
            .iter()
            .filter(|r| r.z.abs() > 4.0)
            .map(|r| format!("{} ({:+.1})", r.name, r.z))
            .collect();
        let _ = writeln!(
            out,
            "Squares more than 4 standard errors from exact: {}.",
            if beyond.is_empty() {
                "none".to_string()
            } else {
                beyond.join(", ")
            }
        );
        let _ = writeln!(
            out,
            "Every square (turn-end share, sampled ± standard error, exact, z):"
        );
        for r in &self.squares {
            let _ = writeln!(
                out,
                "  {:>2}  {:<24} {:>8} ± {:.3}%  {:>8}  {:+.2}",
                r.index,
                r.name,
                percent(r.turn_end.value),
                100.0 * r.turn_end.std_error,
                percent(r.exact_turn_end),
                r.z
            );
        }
        out
    }

    fn pictures(&self) -> Result<Vec<tabula_plot::Picture>, tabula_plot::PlotError> {
        let names: Vec<String> = self.squares.iter().map(|s| s.name.clone()).collect();
        let values: Vec<f64> = self.squares.iter().map(|s| s.turn_end.value).collect();
        Ok(vec![crate::pictures::ring(
            "turn-ends",
            &format!(
                "Monopoly, jail rule {}: sampled share of turns ending on each square",
                self.jail
            ),
            &names,
            &values,
            "turn ends",
        )?])
    }
}
