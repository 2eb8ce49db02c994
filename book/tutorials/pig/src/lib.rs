//! Pig, a dice game of chance and decisions, written as a game of its own
//! for tabula: outside tabula, in a crate of its own, run by its own
//! `tabula` command (`src/main.rs`).
//!
//! Two players take turns. On your turn you roll a die as often as you
//! like, adding each roll to a turn total; a 1 loses the turn total and
//! ends the turn, and holding banks it. The first to reach the target
//! wins, at once.
//!
//! ```
//! let hold = pig::strategy("hold-at-20", 50)?;
//! let optimal = pig::strategy("optimal", 50)?;
//! let exact = pig::Exact::solve(50, [&*hold, &*optimal]);
//! // Playing second, `optimal` still wins more often than not.
//! assert!(exact.first_seat_wins() < 0.5);
//! # Ok::<_, String>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: imports
use std::fmt::Write as _;
use std::sync::Arc;

use tabula::app::play::{RecordArgs, ScoringArg};
use tabula::app::{Command, Error, GameEntry, Io, PluginInfo, Report, Typed, inventory};
use tabula::core::{Agent, BoardGame, Chance, CoreError, Dice, GameResult, GameRng, Seat, Status};
use tabula::play::agents::{self, AgentEntry, BuildError, Builder};
use tabula::play::record::Recordable;
use tabula::play::terminal::{Notation, Player as Seated};
use tabula::play::tournament::Chances;
use tabula::plot::chart::{Distribution, Mark};
use tabula::plot::{Picture, PlotError};
use tabula::sim::{LengthOf, Lengths, Simulation, Wins};
// ANCHOR_END: imports

// ANCHOR: game
/// Pig to a target score.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub struct Pig {
    /// The score that wins.
    pub target: u32,
}

/// Everything that changes during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Each seat's banked score.
    pub scores: [u32; 2],
    /// The points of the turn so far, lost on a 1.
    pub turn_total: u32,
    /// Whose turn it is.
    pub seat: Seat,
    /// Whether the die is in the air: the seat chose to roll.
    pub rolling: bool,
}

/// A decision: roll again, or bank the turn total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Move {
    /// Roll the die.
    Roll,
    /// Bank the turn total and pass the die.
    Hold,
}

impl BoardGame for Pig {
    type State = State;
    type Move = Move;
    type Outcome = u16; // the face rolled
    type Event = ();

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        State {
            scores: [0, 0],
            turn_total: 0,
            seat: 0,
            rolling: false,
        }
    }

    fn status(&self, s: &State) -> Status {
        match s.scores.iter().position(|&score| score >= self.target) {
            Some(winner) => Status::Over(GameResult::Win(winner)),
            None if s.rolling => Status::Chance,
            None => Status::Decision(s.seat),
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u16>>) {
        out.extend(Dice::D6.chances()); // 1 to 6, a sixth each
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, _: &mut E) {
        s.rolling = false;
        if face == 1 {
            // Pig: the turn total is lost and the die passes.
            s.turn_total = 0;
            s.seat = 1 - s.seat;
        } else {
            s.turn_total += u32::from(face);
            if s.scores[s.seat] + s.turn_total >= self.target {
                // The target is reached: bank it, the game is won.
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
            }
        }
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, _: &mut E) {
        match mv {
            Move::Roll => s.rolling = true,
            Move::Hold => {
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
                s.seat = 1 - s.seat;
            }
        }
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        out.push(Move::Roll);
        if s.turn_total > 0 {
            out.push(Move::Hold); // nothing to bank before the first roll
        }
    }
}
// ANCHOR_END: game

// ANCHOR: strategy
/// What a strategy sees when it decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Its own banked score.
    pub mine: u32,
    /// The opponent's.
    pub theirs: u32,
    /// The turn total, at least 2: before the first roll of a turn there
    /// is nothing to decide.
    pub turn_total: u32,
    /// The score that wins.
    pub target: u32,
}

/// A Pig strategy: roll again, or hold. Deterministic, so that the exact
/// analysis can follow it.
pub trait Strategy: Send + Sync {
    /// Whether to roll again.
    fn roll(&self, view: View) -> bool;
}

/// What makes a strategy: from the target score and the parameter's value
/// (the `N` of `hold-at-N`).
pub type Build = fn(target: u32, parameter: Option<u32>) -> Result<Arc<dyn Strategy>, String>;

/// A strategy's builder, registered as an agent of Pig: one registration
/// makes it an agent for every tool (tournaments, play, `tabula list`)
/// and, through a downcast, a strategy for the exact analysis.
pub struct StrategyBuild(pub Build);

impl Builder for StrategyBuild {
    fn game(&self) -> std::any::TypeId {
        std::any::TypeId::of::<Pig>()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn build_any(
        &self,
        game: &dyn std::any::Any,
        parameter: Option<&str>,
    ) -> Result<Box<dyn std::any::Any>, BuildError> {
        let pig = game.downcast_ref::<Pig>().ok_or("not a game of Pig")?;
        let strategy = self.build(pig.target, parameter)?;
        let agent: Box<dyn Agent<Pig>> = Box::new(Player(strategy));
        Ok(Box::new(agent))
    }
}

impl StrategyBuild {
    fn build(&self, target: u32, parameter: Option<&str>) -> Result<Arc<dyn Strategy>, String> {
        let value = match parameter {
            None => None,
            Some(v) => Some(
                v.parse()
                    .map_err(|_| format!("the parameter must be a whole number, not {v:?}"))?,
            ),
        };
        (self.0)(target, value)
    }
}
// ANCHOR_END: strategy

/// Builds the strategy a user names (`optimal`, `hold-at-20`) for a target.
pub fn strategy(name: &str, target: u32) -> Result<Arc<dyn Strategy>, String> {
    let (entry, parameter) = agents::find::<Pig>(name).map_err(|e| e.to_string())?;
    let build = entry
        .build
        .as_any()
        .downcast_ref::<StrategyBuild>()
        .ok_or_else(|| format!("{name:?} is an agent, not a strategy the analysis can follow"))?;
    build
        .build(target, parameter.as_deref())
        .map_err(|e| format!("strategy {name:?}: {e}"))
}

// ANCHOR: hold-at
/// Rolls until the turn total reaches N, then holds.
pub struct HoldAt(pub u32);

impl Strategy for HoldAt {
    fn roll(&self, view: View) -> bool {
        view.turn_total < self.0
    }
}

inventory::submit! {
    AgentEntry {
        name: "hold-at",
        parameter: Some("N"),
        summary: "hold-at-N: roll until the turn total reaches N, then hold",
        build: &StrategyBuild(|_, n| match n {
            Some(n) if n >= 1 => Ok(Arc::new(HoldAt(n))),
            _ => Err("hold-at-N needs an N of 1 or more".into()),
        }),
    }
}
// ANCHOR_END: hold-at

// ANCHOR: optimal
/// Rolls exactly where rolling wins more often than holding, as the
/// game's exact solution says: the best strategy there is.
pub struct Optimal {
    target: u32,
    /// Whether to roll, by (mine, theirs, turn total).
    roll: Vec<bool>,
}

impl Optimal {
    /// Solves the game to `target` for the best play of both seats.
    pub fn solve(target: u32) -> Optimal {
        let best = |_: Seat, _: View, roll: f64, hold: f64| roll.max(hold);
        let win = iterate(target, best);
        let mut roll = vec![true; cube(target)];
        for (mine, theirs, turn) in states(target) {
            let (r, h) = values(&win, target, 0, mine, theirs, turn);
            roll[index(target, mine, theirs, turn)] = r >= h;
        }
        Optimal { target, roll }
    }
}

impl Strategy for Optimal {
    fn roll(&self, v: View) -> bool {
        let at = index(self.target, v.mine, v.theirs, v.turn_total);
        // Another target than the one solved: keep rolling.
        v.target != self.target || self.roll.get(at).copied().unwrap_or(true)
    }
}

inventory::submit! {
    AgentEntry {
        name: "optimal",
        parameter: None,
        summary: "the best play: roll exactly where rolling wins more often than holding",
        build: &StrategyBuild(|target, _| Ok(Arc::new(Optimal::solve(target)))),
    }
}
// ANCHOR_END: optimal

// ANCHOR: exact
/// The exact chances of a game between two strategies: for every state,
/// the probability that the seat to move wins.
pub struct Exact {
    /// By seat to move, then [`index`] of (mine, theirs, turn total).
    win: Vec<f64>,
}

impl Exact {
    /// Solves the game of `players[0]`, moving first, against
    /// `players[1]`.
    pub fn solve(target: u32, players: [&dyn Strategy; 2]) -> Exact {
        let follow = |seat: Seat, view: View, roll: f64, hold: f64| {
            if players[seat].roll(view) { roll } else { hold }
        };
        Exact {
            win: iterate(target, follow),
        }
    }

    /// The probability that the first seat wins.
    pub fn first_seat_wins(&self) -> f64 {
        self.win[0] // seat 0 to move, no points anywhere
    }
}

/// The chances of the seat to move by value iteration: sweep every state
/// (seat to move, its score, the other's, the turn total), setting its
/// chance from those it leads to, until nothing changes. A state's
/// chance is what `decide(seat, view, if it rolls, if it holds)` picks.
fn iterate(target: u32, decide: impl Fn(Seat, View, f64, f64) -> f64) -> Vec<f64> {
    let mut win = vec![0.0; 2 * cube(target)];
    for _sweep in 0..100_000 {
        let mut change: f64 = 0.0;
        for seat in 0..2 {
            for (mine, theirs, turn) in states(target) {
                let (roll, hold) = values(&win, target, seat, mine, theirs, turn);
                let chance = if turn == 0 {
                    roll // nothing to hold yet
                } else {
                    let view = View {
                        mine,
                        theirs,
                        turn_total: turn,
                        target,
                    };
                    decide(seat, view, roll, hold)
                };
                let at = seat * cube(target) + index(target, mine, theirs, turn);
                change = change.max((chance - win[at]).abs());
                win[at] = chance;
            }
        }
        if change < 1e-14 {
            break;
        }
    }
    win
}

/// The chance of the seat to move if it rolls, and if it holds.
fn values(win: &[f64], target: u32, seat: Seat, mine: u32, theirs: u32, turn: u32) -> (f64, f64) {
    let other = (1 - seat) * cube(target);
    // The other seat's chance when the die passes to it.
    let passed = |mine: u32| 1.0 - win[other + index(target, theirs, mine, 0)];
    let mut roll = passed(mine) / 6.0; // a 1
    for face in 2..=6 {
        let total = turn + face;
        roll += if mine + total >= target {
            1.0
        } else {
            win[seat * cube(target) + index(target, mine, theirs, total)]
        } / 6.0;
    }
    let hold = if turn > 0 { passed(mine + turn) } else { 0.0 };
    (roll, hold)
}

/// Every state of a seat to move that is not over, the late ones first.
fn states(target: u32) -> impl Iterator<Item = (u32, u32, u32)> {
    (0..target).rev().flat_map(move |mine| {
        (0..target).rev().flat_map(move |theirs| {
            (0..target - mine)
                .rev()
                .map(move |turn| (mine, theirs, turn))
        })
    })
}

fn cube(target: u32) -> usize {
    (target as usize).pow(3)
}

fn index(target: u32, mine: u32, theirs: u32, turn: u32) -> usize {
    let t = target as usize;
    (mine as usize * t + theirs as usize) * t + turn as usize
}
// ANCHOR_END: exact

// ANCHOR: simulate
/// A strategy in a seat: the agent the simulation harness drives.
pub struct Player(pub Arc<dyn Strategy>);

impl Agent<Pig> for Player {
    fn choose(&mut self, game: &Pig, s: &State, seat: Seat, _: &mut GameRng) -> Move {
        let view = View {
            mine: s.scores[seat],
            theirs: s.scores[1 - seat],
            turn_total: s.turn_total,
            target: game.target,
        };
        if s.turn_total == 0 || self.0.roll(view) {
            Move::Roll
        } else {
            Move::Hold
        }
    }
}

/// Plays the games of `sim`, `players[0]` moving first: each seat's wins
/// and the throws of the die per game.
pub fn simulate(
    game: &Pig,
    players: [&Arc<dyn Strategy>; 2],
    sim: &Simulation,
) -> Result<(Wins, Lengths), Error> {
    let seats = || -> Vec<Box<dyn Agent<Pig>>> {
        vec![
            Box::new(Player(players[0].clone())),
            Box::new(Player(players[1].clone())),
        ]
    };
    let collectors = (Wins::new(2), Lengths::new(LengthOf::ChanceSteps));
    Ok(sim.run_with(game, seats, collectors, &|_| {})?.collector)
}
// ANCHOR_END: simulate

// ANCHOR: simulate-command
/// Options every command shares.
#[derive(Debug, clap::Args)]
pub struct GameArgs {
    /// The score that wins.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(2..=100))]
    pub target: u32,
}

/// Options of `tabula simulate pig`.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// The two strategies, the first moving first (see `tabula list`).
    #[arg(long, value_delimiter = ',', default_values = ["hold-at-20", "optimal"])]
    pub agents: Vec<String>,
    /// How many games.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// The seed that fixes every game.
    #[arg(long, default_value_t = tabula::app::DEFAULT_SEED)]
    pub seed: u64,
    /// The game's options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// What `tabula simulate pig` reports.
#[derive(Debug, serde::Serialize)]
pub struct SimulateReport {
    /// The score that wins.
    pub target: u32,
    /// The strategies, by seat.
    pub agents: Vec<String>,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Games won by each seat.
    pub wins: Vec<u64>,
    /// The share the first seat won, and its standard error.
    pub first_seat_share: f64,
    /// The standard error of `first_seat_share`.
    pub std_error: f64,
    /// The first seat's exact chance.
    pub first_seat_exact: f64,
    /// Throws of the die per game: fewest, mean, most.
    pub throws: [f64; 3],
    /// The mean's standard error.
    pub throws_std_error: f64,
    /// How many games took each number of throws.
    pub histogram: Vec<(u32, u64)>,
}

fn simulate_command(args: SimulateArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let game = Pig {
        target: args.game.target,
    };
    let [a, b] = two(&args.agents, game.target)?;
    let sim = Simulation::new(args.games).seed(args.seed);
    let (wins, lengths) = simulate(&game, [&a, &b], &sim)?;
    let share = wins.wins()[0] as f64 / args.games as f64;
    Ok(Box::new(SimulateReport {
        target: game.target,
        agents: args.agents.clone(),
        games: args.games,
        seed: args.seed,
        wins: wins.wins().to_vec(),
        first_seat_share: share,
        std_error: (share * (1.0 - share) / args.games as f64).sqrt(),
        first_seat_exact: Exact::solve(game.target, [&*a, &*b]).first_seat_wins(),
        throws: [
            f64::from(lengths.min().unwrap_or(0)),
            lengths.mean(),
            f64::from(lengths.max().unwrap_or(0)),
        ],
        throws_std_error: lengths.std_error(),
        histogram: lengths.histogram().collect(),
    }))
}

impl Report for SimulateReport {
    fn title(&self) -> String {
        format!("Pig to {}: {} games", self.target, self.games)
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Pig to {}: {} games of {} (first) against {}, seed {}",
            self.target, self.games, self.agents[0], self.agents[1], self.seed
        );
        let _ = writeln!(
            out,
            "  {} wins {} games: {:.4} +/- {:.4}, exact {:.4}",
            self.agents[0],
            self.wins[0],
            self.first_seat_share,
            self.std_error,
            self.first_seat_exact
        );
        let _ = writeln!(
            out,
            "  {} wins {} games: {:.4}, exact {:.4}",
            self.agents[1],
            self.wins[1],
            1.0 - self.first_seat_share,
            1.0 - self.first_seat_exact
        );
        let [min, mean, max] = self.throws;
        let _ = writeln!(
            out,
            "  throws per game: fewest {min}, mean {mean:.2} +/- {:.2}, most {max}",
            self.throws_std_error
        );
        out
    }

    fn json(&self) -> Result<String, Error> {
        tabula::app::pretty(self)
    }

    fn pictures(&self) -> Result<Vec<Picture>, PlotError> {
        let chart = Distribution {
            title: format!("Pig to {}: throws of the die per game", self.target),
            x_label: "throws per game".into(),
            sampled: self.histogram.clone(),
            exact: None,
            marks: vec![Mark {
                label: format!("mean {:.1}", self.throws[1]),
                x: self.throws[1],
            }],
            show_share: 0.99,
        };
        Ok(vec![chart.picture("throws", (800, 480))?])
    }
}
// ANCHOR_END: simulate-command

/// The two strategies `--agents` names.
fn two(names: &[String], target: u32) -> Result<[Arc<dyn Strategy>; 2], Error> {
    match names {
        [a, b] if a == b => {
            let one = strategy(a, target)?; // built (and solved) once
            Ok([one.clone(), one])
        }
        [a, b] => Ok([strategy(a, target)?, strategy(b, target)?]),
        _ => Err(format!("--agents takes two strategies, not {}", names.len()).into()),
    }
}

/// Options of `tabula analyze pig`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// The two strategies (see `tabula list`).
    #[arg(long, value_delimiter = ',', default_values = ["hold-at-20", "optimal"])]
    pub agents: Vec<String>,
    /// The game's options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// What `tabula analyze pig` reports: exact chances, both seatings.
#[derive(Debug, serde::Serialize)]
pub struct AnalyzeReport {
    /// The score that wins.
    pub target: u32,
    /// The two strategies.
    pub agents: Vec<String>,
    /// The chance that the first agent wins, moving first.
    pub a_first_wins: f64,
    /// The chance that the second agent wins, moving first.
    pub b_first_wins: f64,
    /// The first agent's chance when seats alternate.
    pub a_wins_alternating: f64,
}

fn analyze(args: AnalyzeArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let target = args.game.target;
    let [a, b] = two(&args.agents, target)?;
    let a_first = Exact::solve(target, [&*a, &*b]).first_seat_wins();
    let b_first = if args.agents[0] == args.agents[1] {
        a_first // the same game
    } else {
        Exact::solve(target, [&*b, &*a]).first_seat_wins()
    };
    Ok(Box::new(AnalyzeReport {
        target,
        agents: args.agents,
        a_first_wins: a_first,
        b_first_wins: b_first,
        a_wins_alternating: (a_first + 1.0 - b_first) / 2.0,
    }))
}

impl Report for AnalyzeReport {
    fn title(&self) -> String {
        format!("Pig to {}: exact chances", self.target)
    }

    fn text(&self) -> String {
        let [a, b] = [&self.agents[0], &self.agents[1]];
        format!(
            "Pig to {}, exact (value iteration):\n  \
             {a} first against {b}: {a} wins {:.6}\n  \
             {b} first against {a}: {b} wins {:.6}\n  \
             seats alternating: {a} wins {:.6}\n",
            self.target, self.a_first_wins, self.b_first_wins, self.a_wins_alternating
        )
    }

    fn json(&self) -> Result<String, Error> {
        tabula::app::pretty(self)
    }
}

// ANCHOR: services
/// Pig's records name the game and its target; a record rebuilds the game.
impl Recordable for Pig {
    const NAME: &'static str = "pig";
    type Parameters = Pig;

    fn parameters(&self) -> Pig {
        *self
    }

    fn from_parameters(p: &Pig) -> Result<Pig, String> {
        match p.target {
            2..=100 => Ok(*p),
            t => Err(format!("the target must be from 2 to 100, not {t}")),
        }
    }
}

/// How Pig reads at the terminal: `roll` or `hold`, and the scores.
impl Notation for Pig {
    fn format_move(&self, _: &State, mv: &Move) -> String {
        match mv {
            Move::Roll => "roll".into(),
            Move::Hold => "hold".into(),
        }
    }

    fn parse_move(&self, _: &State, text: &str) -> Result<Move, String> {
        match text.to_ascii_lowercase().as_str() {
            "r" | "roll" => Ok(Move::Roll),
            "h" | "hold" => Ok(Move::Hold),
            _ => Err("please answer roll (r) or hold (h)".into()),
        }
    }

    fn render(&self, s: &State) -> String {
        format!(
            "Seat 1 has {}, seat 2 has {}; seat {}'s turn total is {}.",
            s.scores[0],
            s.scores[1],
            s.seat + 1,
            s.turn_total
        )
    }

    fn format_outcome(&self, _: &State, face: &u16) -> String {
        match face {
            1 => "a 1: the turn total is lost".into(),
            f => format!("a {f}"),
        }
    }
}
// ANCHOR_END: services

// ANCHOR: tournament-args
/// Options of `tabula tournament pig`: the game's, and the framework's
/// for every tournament, with 10,000 games per pair unless given.
#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// The game's options.
    #[command(flatten)]
    pub game: GameArgs,
    /// The strategies (at least two; see `tabula list`), games per pair,
    /// seed, threads, and the options every tournament has.
    #[command(flatten)]
    pub tournament: tabula::app::play::TournamentArgs<10_000>,
}
// ANCHOR_END: tournament-args

/// One pair of a tournament.
#[derive(Debug, serde::Serialize)]
pub struct Pair {
    /// The first named.
    pub a: String,
    /// The second.
    pub b: String,
    /// Games `a` won.
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Games played (in a part of a split run, the part's).
    pub games: u64,
    /// `a`'s exact chance, seats alternating (`null` in a part of a split
    /// run: the merge adds it).
    pub a_exact: Option<f64>,
}

/// What `tabula tournament pig` reports.
#[derive(Debug, serde::Serialize)]
pub struct TournamentReport {
    /// The score that wins.
    pub target: u32,
    /// Games per pair.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Every pair, with its exact chances.
    pub pairs: Vec<Pair>,
    /// The framework's standings: ranks, points, times, forfeits.
    pub standings: tabula::play::tournament::Standings,
}

// ANCHOR: tournament
fn tournament(args: TournamentArgs, _: &mut Io<'_>) -> Result<Box<dyn Report>, Error> {
    let game = Pig {
        target: args.game.target,
    };
    let t = &args.tournament;
    let entrants = t.entrants(&game)?;
    // Pig's own exact solver: the chances of each seat in one seating.
    let solve = |names: &[&str]| -> Result<Vec<Chances>, String> {
        let [first, second] = names else {
            return Err("Pig seats two players".into());
        };
        let (first, second) = (
            strategy(first, game.target)?,
            strategy(second, game.target)?,
        );
        let win = Exact::solve(game.target, [&*first, &*second]).first_seat_wins();
        let chances = |win| Chances {
            win,
            shared_first: 0.0,
            score: None,
        };
        Ok(vec![chances(win), chances(1.0 - win)])
    };
    // Progress, records (--record), parts (--shard K/N) and the exact
    // chances beside the sampled ones: the framework's.
    let (standings, _) = t.options.run_with_solver(
        &game,
        &entrants,
        t.engine(),
        ScoringArg::Points,
        &|_| (),
        Some(&solve),
    )?;
    let pairs = standings
        .pairs()
        .into_iter()
        .map(|p| Pair {
            a_exact: p.a_win_probability_exact,
            games: p.games,
            a: p.a,
            b: p.b,
            a_wins: p.a_wins,
            b_wins: p.b_wins,
        })
        .collect();
    Ok(Box::new(TournamentReport {
        target: game.target,
        games: t.games,
        seed: t.seed,
        pairs,
        standings,
    }))
}
// ANCHOR_END: tournament

impl Report for TournamentReport {
    fn title(&self) -> String {
        format!("Pig to {}: tournament", self.target)
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Pig to {}: {} games per pair, each moving first in half, seed {}",
            self.target, self.games, self.seed
        );
        for p in &self.pairs {
            let n = p.games.max(1) as f64;
            let share = p.a_wins as f64 / n;
            let _ = writeln!(
                out,
                "  {} {} - {} {}: {} wins {:.4} +/- {:.4}{}",
                p.a,
                p.a_wins,
                p.b_wins,
                p.b,
                p.a,
                share,
                (share * (1.0 - share) / n).sqrt(),
                p.a_exact
                    .map_or(String::new(), |exact| format!(", exact {exact:.4}"))
            );
        }
        let _ = writeln!(out);
        out.push_str(&tabula::app::play::standings_text(&self.standings));
        out
    }

    fn json(&self) -> Result<String, Error> {
        tabula::app::pretty(self)
    }
}

// ANCHOR: play
/// Options of `tabula play pig`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The computer's strategy (see `tabula list`).
    #[arg(long, default_value = "optimal")]
    pub strategy: String,
    /// The seed that fixes the dice; 0 picks one.
    #[arg(long, default_value_t = tabula::app::DEFAULT_SEED)]
    pub seed: u64,
    /// The game's options.
    #[command(flatten)]
    pub game: GameArgs,
    /// Where to write the game's record.
    #[command(flatten)]
    pub record: RecordArgs,
}

/// You (moving first) against a strategy, at the terminal: the framework
/// asks for your moves, plays the computer's, and keeps the record.
fn play(args: PlayArgs, io: &mut Io<'_>) -> Result<(), Error> {
    let game = Pig {
        target: args.game.target,
    };
    let computer = Seated::Agent {
        name: args.strategy.clone(),
        agent: agents::build(&game, &args.strategy)?,
    };
    writeln!(
        io.out,
        "Pig to {}: you are seat 1, against {}. A 1 loses the turn total.",
        game.target, args.strategy
    )?;
    let seed = tabula::app::play::seed_or_fresh(args.seed);
    let players = vec![Seated::Human, computer];
    tabula::app::play::play_keeping_record(&game, players, seed, &args.record, io)?;
    Ok(())
}
// ANCHOR_END: play

// ANCHOR: registration
static COMMANDS: &[&dyn Command] = &[
    &Typed::report(
        "simulate",
        "Pig: two strategies play many games; wins, exact chances and game lengths",
        simulate_command,
    )
    .with_pictures(),
    &Typed::report(
        "analyze",
        "Pig: the exact chance that each of two strategies wins",
        analyze,
    ),
    &Typed::report(
        "tournament",
        "Pig: every pair of strategies, each moving first in half the games",
        tournament,
    ),
    &Typed::interactive("play", "Pig at the terminal: you against a strategy", play),
    &Typed::interactive(
        "replay",
        tabula::app::play::REPLAY_ABOUT,
        tabula::app::play::replay::<Pig>,
    ),
];

fn plugins() -> Result<Vec<PluginInfo>, CoreError> {
    agents::plugins::<Pig>()
}

inventory::submit! {
    GameEntry {
        name: "pig",
        summary: "Pig: roll to build a turn total, hold to bank it, a 1 loses it",
        plugins,
        commands: COMMANDS,
    }
}
// ANCHOR_END: registration
