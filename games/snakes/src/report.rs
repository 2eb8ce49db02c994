//! The specification-000 report: every statistic specification 000 asks for, on any board, as
//! text or JSON.

use std::fmt::Write;

use serde::Serialize;
use tabula_sim::dice_test::DiceTest;
use tabula_sim::{LengthOf, Lengths, Occupancy, Run, Simulation, Wins};

use crate::board::Board;
use crate::error::SnakesError;
use crate::popularity::{Popularity, landing_note};
use crate::recorded::Recorded;
use crate::registry::RuleSet;
use crate::trace::Trace;

/// The collectors of the specification-000 report.
pub type ReportCollectors = (Lengths, Occupancy, Wins);

/// The report's collectors for `players` on `board`, before any game.
pub fn report_collectors(board: &Board, players: u8) -> ReportCollectors {
    (
        Lengths::new(LengthOf::ChanceSteps),
        Occupancy::new(usize::from(board.size()) + 1),
        Wins::new(usize::from(players)),
    )
}

/// Options of a report beyond the simulation itself.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// Rolls in the dice test (0 skips it).
    pub dice_rolls: u64,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            dice_rolls: 1_000_000,
        }
    }
}

/// The number of throws per game: the framework's summary of a length
/// distribution.
pub type ThrowStats = tabula_sim::LengthSummary;

/// A notable game: its throws and the squares it visited.
#[derive(Clone, Debug, Serialize)]
pub struct NotableGame {
    /// Throws it took.
    pub throws: u32,
    /// Its index in the run; replay it with `--trace --game INDEX`.
    pub game_index: u64,
    /// Each throw (sum of the dice).
    pub rolls: Vec<u16>,
    /// 0, then the square the mover rests on after each throw.
    pub squares: Vec<u16>,
    /// Ladders and chutes taken, as `[from, to]`.
    pub jumps: Vec<[u16; 2]>,
}

impl NotableGame {
    fn from_trace(t: &Trace) -> NotableGame {
        NotableGame {
            throws: t.throws.len() as u32,
            game_index: t.game_index,
            rolls: t.rolls(),
            squares: t.squares(),
            jumps: t
                .throws
                .iter()
                .flat_map(|th| th.jumps.iter().map(|j| [j.from, j.to]))
                .collect(),
        }
    }
}

/// Landings per square, counted as specification 000 counts them.
#[derive(Clone, Debug, Serialize)]
pub struct SquareStats {
    /// Landings per square, index = square number (0 is the start).
    pub landings: Vec<u64>,
    /// Landings on squares 1 to the one before the last.
    pub landings_before_last: u64,
    /// The most landed-on square other than the last (ties: the lowest).
    pub most_popular: u16,
    /// Its share of `landings_before_last`.
    pub most_popular_probability: f64,
    /// The least landed-on square other than the last (ties: the lowest).
    pub least_popular: u16,
    /// Its share of `landings_before_last`.
    pub least_popular_probability: f64,
}

/// Wins per seat (with one player, every finished game is a win for seat 1).
#[derive(Clone, Debug, Serialize)]
pub struct SeatStats {
    /// Games won by each seat.
    pub wins: Vec<u64>,
    /// Each seat's share of all games.
    pub win_rate: Vec<f64>,
}

/// Everything specification 000 asks of a simulation, for one board and rule set.
#[derive(Clone, Debug, Serialize)]
pub struct BoardReport {
    /// Always `"snakes"`.
    pub game: &'static str,
    /// The board's display name.
    pub board: String,
    /// Where the board came from.
    pub board_source: String,
    /// The rule set's name.
    pub rules: &'static str,
    /// Players per game.
    pub players: u8,
    /// Games simulated.
    pub games: u64,
    /// The seed that fixes the run.
    pub seed: u64,
    /// Threads used (the numbers do not depend on it).
    pub threads: usize,
    /// The cap on throws per game.
    pub max_throws: u32,
    /// Games stopped by the cap (counted with the capped length).
    pub capped_games: u64,
    /// Throws per game.
    pub throws: ThrowStats,
    /// The first game (lowest index) with the fewest throws.
    pub shortest_game: NotableGame,
    /// The first game with the most common number of throws.
    pub modal_game: NotableGame,
    /// Landings per square.
    pub squares: SquareStats,
    /// Wins per seat.
    pub seats: SeatStats,
    /// Mean real time per game: the run's wall time over the games.
    pub time_per_game_ns: f64,
    /// The run's wall time.
    pub wall_time_s: f64,
    /// The dice test, `null` if skipped.
    pub dice_test: Option<DiceTest>,
    /// The exact values of the sampled statistics, from the Markov chain
    /// (`null` if the game is too large or too slow to solve).
    pub exact: Option<ExactValues>,
    /// Why there are no exact values (the solver's message), `null` when
    /// there are.
    pub exact_unavailable: Option<String>,
}

/// The exact values beside the sampled ones, so a reader can see the
/// sampler is right.
#[derive(Clone, Debug, Serialize)]
pub struct ExactValues {
    /// Throws per game (all players together).
    pub throws: ExactThrows,
    /// The most popular square other than the last, by expected landings.
    pub most_popular: u16,
    /// Its share of all expected landings before the last square.
    pub most_popular_probability: f64,
    /// The least popular square, by expected landings.
    pub least_popular: u16,
    /// Its share of all expected landings before the last square.
    pub least_popular_probability: f64,
    /// Expected landings per game on each square.
    pub landings: Vec<f64>,
    /// Each seat's probability of winning.
    pub win_probability: Vec<f64>,
    /// The probability of each number of throws (index = throws, all
    /// players together), for pictures; left out of the JSON, where
    /// `tabula analyze snakes` gives it.
    #[serde(skip)]
    pub throws_pmf: Vec<f64>,
}

/// Exact statistics of the number of throws per game.
#[derive(Clone, Debug, Serialize)]
pub struct ExactThrows {
    /// Fewest possible.
    pub min: u32,
    /// Expected.
    pub mean: f64,
    /// Standard deviation.
    pub std_dev: f64,
    /// Most likely (ties: the smaller).
    pub mode: u32,
    /// Median.
    pub median: u32,
}

impl ExactValues {
    /// The exact values of an analysis, for the simulation report.
    pub fn from_analysis(a: &crate::analysis::Analysis) -> ExactValues {
        ExactValues {
            throws: ExactThrows {
                min: a.seats.total_throws_min,
                mean: a.seats.total_throws_mean,
                std_dev: a.seats.total_throws_variance.sqrt(),
                mode: a.seats.total_throws_mode,
                median: a.seats.total_throws_median,
            },
            most_popular: a.squares.most_popular,
            most_popular_probability: a.squares.most_popular_probability,
            least_popular: a.squares.least_popular,
            least_popular_probability: a.squares.least_popular_probability,
            landings: a.squares.landings.clone(),
            win_probability: a.seats.win_probability.clone(),
            throws_pmf: a.seats.total_throws_pmf.clone(),
        }
    }
}

impl BoardReport {
    /// Builds the report of `run`, a simulation of `players` players on
    /// `board` under `rules` (which replays its notable games).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn build(
        board: &Board,
        rules: &'static RuleSet,
        players: u8,
        run: &Run<ReportCollectors>,
        sim: &Simulation,
        options: &ReportOptions,
        exact: Option<ExactValues>,
    ) -> Result<BoardReport, SnakesError> {
        let (lengths, occupancy, wins) = &run.collector;
        let Some(throws) = lengths.summary() else {
            return Err(SnakesError::Sim(tabula_sim::SimError::NoGames));
        };
        let notable = |len: u32| -> Result<NotableGame, SnakesError> {
            let index = lengths.first_game_with(len).unwrap_or(0);
            let game = Recorded::new(board.clone(), rules, players);
            let record = game.record(run.seed, index, sim.max_steps())?;
            Ok(NotableGame::from_trace(&game.trace(&record)))
        };
        let size = usize::from(board.size());
        let mut landings = occupancy.counts().to_vec();
        landings.resize(size + 1, 0);
        let counts: Vec<f64> = landings.iter().map(|&c| c as f64).collect();
        let p = Popularity::of(&counts, 0.0);
        let (most, least) = (p.most, p.least);
        let total: u64 = landings[1..size].iter().sum();
        let share = |s: usize| p.share(&counts, s);
        let games = run.games as f64;
        Ok(BoardReport {
            game: "snakes",
            board: board.name().to_string(),
            board_source: board.source().to_string(),
            rules: rules.name,
            players,
            games: run.games,
            seed: run.seed,
            threads: run.threads,
            max_throws: sim.max_steps(),
            capped_games: lengths.capped(),
            shortest_game: notable(throws.min)?,
            modal_game: notable(throws.mode)?,
            throws,
            squares: SquareStats {
                most_popular: most as u16,
                most_popular_probability: share(most),
                least_popular: least as u16,
                least_popular_probability: share(least),
                landings_before_last: total,
                landings,
            },
            seats: SeatStats {
                wins: wins.wins().to_vec(),
                win_rate: wins.wins().iter().map(|&w| w as f64 / games).collect(),
            },
            time_per_game_ns: run.time_per_game_ns(),
            wall_time_s: run.wall_time.as_secs_f64(),
            dice_test: (options.dice_rolls > 0)
                .then(|| DiceTest::run(board.dice(), options.dice_rolls, run.seed)),
            exact,
            exact_unavailable: None,
        })
    }

    /// The report as one JSON object (keys documented in the book).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// The report as text, in specification 000's order.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let last = self.squares.landings.len().saturating_sub(1);
        let _ = writeln!(
            s,
            "Snakes and Ladders: {} ({} squares), rules {}",
            self.board, last, self.rules
        );
        let who = if self.players == 1 {
            "1 player".to_string()
        } else {
            format!("{} players", self.players)
        };
        let _ = writeln!(
            s,
            "Simulated {} game{}, {who}, seed {}, {} thread{}.",
            group(self.games),
            if self.games == 1 { "" } else { "s" },
            self.seed,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        );
        if self.capped_games > 0 {
            let _ = writeln!(
                s,
                "WARNING: {} games reached the cap of {} throws and were stopped.",
                group(self.capped_games),
                self.max_throws
            );
        }
        let t = &self.throws;
        let x = self.exact.as_ref();
        let beside = |f: &dyn Fn(&ExactValues) -> String| match x {
            Some(e) => format!("   (exact {})", f(e)),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            "\nThrows per game{}",
            if x.is_some() {
                " (exact values solved from the game's Markov chain)"
            } else {
                ""
            }
        );
        if let Some(why) = &self.exact_unavailable {
            let _ = writeln!(s, "  (sampled values only; no exact values: {why})");
        }
        let _ = writeln!(
            s,
            "  minimum       {:>8}{}",
            t.min,
            beside(&|e| e.throws.min.to_string())
        );
        let path = |g: &NotableGame| {
            let squares: Vec<String> = g.squares.iter().map(u16::to_string).collect();
            let rolls: Vec<String> = g.rolls.iter().map(u16::to_string).collect();
            format!(
                "squares {}\n                    rolls {}",
                squares.join(","),
                rolls.join(",")
            )
        };
        let _ = writeln!(
            s,
            "    game {:<10} {}",
            self.shortest_game.game_index,
            path(&self.shortest_game)
        );
        let _ = writeln!(
            s,
            "  most common   {:>8}{}",
            t.mode,
            beside(&|e| e.throws.mode.to_string())
        );
        let _ = writeln!(
            s,
            "    game {:<10} {}",
            self.modal_game.game_index,
            path(&self.modal_game)
        );
        if t.std_error.is_finite() {
            let _ = writeln!(
                s,
                "  mean          {:>11.4} +/- {:.4} (standard error){}",
                t.mean,
                t.std_error,
                match x {
                    Some(e) => format!(", exact {:.4}", e.throws.mean),
                    None => String::new(),
                }
            );
        } else {
            let _ = writeln!(
                s,
                "  mean          {:>11.4} (one game: no standard error)",
                t.mean
            );
        }
        let _ = writeln!(
            s,
            "  median        {:>8}{}",
            t.median,
            beside(&|e| e.throws.median.to_string())
        );
        let _ = writeln!(s, "  maximum       {:>8}", t.max);
        let q = &self.squares;
        let _ = writeln!(
            s,
            "\nSquares (a ladder's foot or chute's head and where it leads both count as landed on)"
        );
        let most_label = format!("most popular (other than {last})");
        let width = most_label.len();
        let _ = writeln!(
            s,
            "  {most_label:<width$} {:>5}   probability of landing {:.6}{}",
            q.most_popular,
            q.most_popular_probability,
            beside(&|e| format!("{}, {:.6}", e.most_popular, e.most_popular_probability))
        );
        let _ = writeln!(
            s,
            "  {:<width$} {:>5}   probability of landing {:.6}{}",
            "least popular",
            q.least_popular,
            q.least_popular_probability,
            beside(&|e| format!("{}, {:.6}", e.least_popular, e.least_popular_probability))
        );
        let _ = writeln!(s, "{}", landing_note(last));
        if self.players > 1 {
            let _ = writeln!(s, "\nWins per seat (first to finish wins)");
            for (i, (w, r)) in self.seats.wins.iter().zip(&self.seats.win_rate).enumerate() {
                let _ = writeln!(
                    s,
                    "  player {}  {:>12}  {:.4}{}",
                    i + 1,
                    group(*w),
                    r,
                    beside(&|e| format!("{:.4}", e.win_probability.get(i).copied().unwrap_or(0.0)))
                );
            }
        }
        let _ = writeln!(s, "\nTime");
        let _ = writeln!(
            s,
            "  mean real time per game {:.1} ns ({:.3} s for all games on {} thread{})",
            self.time_per_game_ns,
            self.wall_time_s,
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        );
        if let Some(d) = &self.dice_test {
            let _ = writeln!(
                s,
                "\nDice test ({} rolls of one d{}, seed {})",
                group(d.rolls),
                d.die_faces,
                d.seed
            );
            let counts: Vec<String> = d.counts.iter().map(|c| group(*c)).collect();
            let _ = writeln!(s, "  faces         {}", counts.join(" "));
            for (name, t) in [("uniformity", d.faces), ("serial pairs", d.serial_pairs)] {
                let _ = match (t.chi_square, t.p_value) {
                    (Some(x), Some(p)) => writeln!(
                        s,
                        "  {name:<13} chi-square {x:.2} on {} df, p = {p:.4}{}",
                        t.degrees_of_freedom,
                        verdict(p)
                    ),
                    _ => writeln!(
                        s,
                        "  {name:<13} not tested: too few rolls ({:.1} expected per cell, at least {} needed)",
                        t.expected_per_cell,
                        tabula_sim::dice_test::MIN_EXPECTED_PER_CELL
                    ),
                };
            }
        }
        s
    }
}

fn verdict(p: f64) -> &'static str {
    if p < 0.001 {
        "  (SUSPICIOUS: p < 0.001)"
    } else {
        "  (consistent with a fair die)"
    }
}

pub use tabula_core::text::group;
