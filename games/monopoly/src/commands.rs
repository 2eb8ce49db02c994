//! Monopoly's verbs, the generic ones: `tabula analyze monopoly` is the
//! generic `analyze` of a game that never ends, with Monopoly's tables
//! read off its long run ([`LONG_RUN`]); `tabula simulate monopoly` is the
//! generic `simulate` of a game that never ends, its long run sampled,
//! with what Monopoly counts and reports ([`Sampling`]). Both are
//! registered in the crate's root.

use std::fmt::Write as _;

use serde::Serialize;
use tabula_registry::args::{Arg, Arguments, Values};
use tabula_registry::{Error, Report};

use tabula_exact::{Chain, Stationary};
use tabula_registry::LongRunData;
use tabula_registry::long_run::{LongRun, LongRunPlan, LongRunSampling};

use crate::Monopoly;
use crate::analysis::{Occupancy, occupancy_of};
use crate::game::Draw;
use crate::params::SetupParameters;
use crate::simulate::{Estimate, Sampled, Tally};

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

/// Monopoly's long run, for the generic `analyze` of a game that never
/// ends: each landing marks its square, and the tables of squares (and
/// their pictures) are read off the stationary distribution.
pub const LONG_RUN: LongRun<Monopoly> = LongRun {
    marks: crate::analysis::landings,
    read: long_run,
};

/// The tables of squares off the chain's stationary distribution.
fn long_run(
    game: &Monopoly,
    _: &SetupParameters,
    chain: &Chain<Monopoly, u64>,
    stationary: &Stationary,
    report: &mut LongRunData,
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
    report.title = Some(format!(
        "Monopoly: long-run occupancy, jail rule {}",
        analysis.jail
    ));
    report.extra.sections.push(analysis.text());
    report.extra.pictures.extend(analysis.pictures());
}

/// More of `tabula analyze monopoly --help`.
pub(crate) fn analyze_arguments(command: Arguments) -> Arguments {
    jail_menu(command).more_help(ANALYZE_HELP)
}

/// `--jail` with the registered jail rules as a form's menu (the game
/// reads the name, on the command line as in a form), in its place.
pub(crate) fn jail_menu(mut command: Arguments) -> Arguments {
    let names: Vec<&str> = crate::jail::all()
        .map(|all| all.iter().map(|r| r.name).collect())
        .unwrap_or_default();
    if let Some(jail) = command.args.iter_mut().find(|a| a.id == "jail") {
        *jail = jail.clone().menu(names);
    }
    command
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
    pub fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        let names: Vec<String> = self.squares.iter().map(|s| s.name.clone()).collect();
        let values: Vec<f64> = self.squares.iter().map(|s| s.turn_end).collect();
        let landings: Vec<f64> = self.squares.iter().map(|s| s.landing).collect();
        vec![
            crate::pictures::ring(
                "turn-ends",
                &format!(
                    "Monopoly, jail rule {}: share of turns ending on each square",
                    self.jail
                ),
                &names,
                values,
                "turn ends",
            ),
            crate::pictures::ring(
                "landings",
                &format!(
                    "Monopoly, jail rule {}: share of landings on each square",
                    self.jail
                ),
                &names,
                landings,
                "landings",
            ),
        ]
    }
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

/// More of `tabula simulate monopoly --help`.
const SIMULATE_HELP: &str = "Monopoly: the share of turns ending on each square and of landings, sampled; the exact values \
(cards drawn uniformly) are shown beside the sampled ones, with z = (sampled - exact) / standard error.\n\
--shuffled-decks draws cards from shuffled decks without replacement, reshuffled when exhausted, as at the table; \
the z column then measures how far that moves the figures from the uniform-draw chain.\n\
Example: tabula simulate monopoly --turns 1000000 --jail pay --seed 7";

/// What Monopoly gives the generic `simulate` of a game that never
/// ends: its `--shuffled-decks`, its counts of each game ([`Tally`]),
/// and its report of the squares sampled beside the exact values
/// ([`Simulated`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Sampling;

impl LongRunSampling<Monopoly> for Sampling {
    type Tally = Tally;
    type Chance = tabula_sim::Sampled;

    fn arguments(&self, command: Arguments) -> Arguments {
        command.more_help(SIMULATE_HELP).arg(
            Arg::new("shuffled_decks")
                .long("shuffled-decks")
                .flag()
                .help("Draw cards from shuffled decks without replacement (reshuffled when exhausted) instead of uniformly with replacement"),
        )
    }

    fn sampled(&self, game: &Monopoly, values: &Values) -> Result<Monopoly, Error> {
        let draw = if values.flag("shuffled_decks") {
            Draw::Shuffled
        } else {
            Draw::Uniform
        };
        Ok(game.clone().with_draw(draw))
    }

    fn with_turns(&self, game: &Monopoly, turns: u32) -> Monopoly {
        game.clone().with_turns(Some(turns))
    }

    fn tally(&self, game: &Monopoly, warmup: u32) -> Tally {
        let board = game.board();
        Tally::new(board.len(), usize::from(board.jail()), warmup)
    }

    fn report(
        &self,
        game: &Monopoly,
        _: &SetupParameters,
        chain: &Chain<Monopoly, u64>,
        stationary: &Stationary,
        tally: &Tally,
        plan: &LongRunPlan,
    ) -> Result<Box<dyn Report>, Error> {
        let sampled = crate::simulate::sampled(tally, plan.turns_per_game, plan.max_steps)?;
        let exact = occupancy_of(game, chain, stationary);
        let mut report = compare(game, &exact, sampled, plan.seed);
        report.turns_asked = plan.turns_asked;
        Ok(Box::new(report))
    }
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
        tabula_registry::pretty(&v)
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

    fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        let names: Vec<String> = self.squares.iter().map(|s| s.name.clone()).collect();
        let values: Vec<f64> = self.squares.iter().map(|s| s.turn_end.value).collect();
        vec![crate::pictures::ring(
            "turn-ends",
            &format!(
                "Monopoly, jail rule {}: sampled share of turns ending on each square",
                self.jail
            ),
            &names,
            values,
            "turn ends",
        )]
    }
}
