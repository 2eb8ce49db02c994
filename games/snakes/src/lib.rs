//! Snakes and Ladders (Chutes and Ladders) for tabula: boards written in
//! RON, rule sets chosen by name, and the seed-000 report.
//!
//! ```
//! use tabula_snakes::{Board, ReportOptions, Setup};
//! use tabula_sim::Simulation;
//!
//! let setup = Setup::new(Board::classic(), Some("exact"), 1)?;
//! let sim = Simulation::new(20_000).seed(1);
//! let report = setup.simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})?;
//! // The exact expected number of throws under exact finish is 39.2251
//! // (Althoen, King and Schilling 1993).
//! assert!((report.throws.mean - 39.2251).abs() < 5.0 * report.throws.std_error);
//! assert_eq!(report.shortest_game.squares.last(), Some(&100));
//! # Ok::<_, tabula_snakes::SnakesError>(())
//! ```
//!
//! A rule set of your own is a type implementing [`Rules`], registered
//! with `inventory::submit! { RuleSet { name, summary, rules: &MyRules } }`;
//! every tool then finds it by name. See the book's tutorial.
#![deny(missing_docs)]

pub mod analysis;
pub mod board;
pub mod commands;
pub mod erased;
pub mod game;
pub mod pictures;
pub mod report;
pub mod rules;

pub use analysis::{Analysis, AnalysisOptions, Require};
pub use board::{Board, BoardSpec, Jump};
pub use erased::{ErasedRules, Throw, Trace};
pub use game::{Event, MAX_SEATS, Snakes, State};
pub use report::{Report, ReportOptions};
pub use rules::{Bounce, Exact, Overshoot, RuleSet, Rules, Step};

use tabula_app::{GameEntry, PluginInfo};
use tabula_sim::Simulation;

/// Errors of the snakes game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SnakesError {
    /// A board file that cannot be used.
    #[error(transparent)]
    Board(#[from] tabula_core::spec::SpecError),
    /// An unknown rule set or a registry problem.
    #[error(transparent)]
    Registry(#[from] tabula_core::CoreError),
    /// A board on which some game could never finish under these rules.
    #[error("{board}: under rules {rules:?}: {message}")]
    Unplayable {
        /// The board's source.
        board: String,
        /// The rule set.
        rules: &'static str,
        /// What cannot be reached.
        message: String,
    },
    /// A bad number of players.
    #[error("players must be from 1 to {MAX_SEATS}, found {0}")]
    Players(usize),
    /// The board could not be solved exactly.
    #[error(transparent)]
    Exact(#[from] tabula_exact::ExactError),
    /// The simulation failed.
    #[error(transparent)]
    Sim(#[from] tabula_sim::SimError),
}

/// The largest chain the simulation report solves for its exact values.
pub const REPORT_MAX_STATES: usize = 200_000;

/// The most time each phase of the simulation report's exact solve may
/// take before the report settles for sampled values.
pub const REPORT_MAX_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// The limits of the exact solve behind the simulation report: at most
/// [`REPORT_MAX_STATES`] states and [`REPORT_MAX_TIME`] per phase.
pub fn report_limits() -> tabula_exact::Limits {
    tabula_exact::Limits {
        max_states: REPORT_MAX_STATES,
        max_time: Some(REPORT_MAX_TIME),
        ..Default::default()
    }
}

/// Why the simulation report has no exact values, in its own words (the
/// solver's messages advise simulating, which the report already does).
fn exact_unavailable(e: &SnakesError, limits: &tabula_exact::Limits) -> String {
    use tabula_exact::ExactError;
    match e {
        SnakesError::Exact(ExactError::OutOfTime { limit_s, stage }) => {
            format!("the exact solve ran past its time budget of {limit_s} s while {stage}")
        }
        SnakesError::Exact(ExactError::TooLarge { what, limit }) => format!(
            "the game's chain has more than {limit} {what}, past what the report solves (at most {} states)",
            limits.max_states
        ),
        other => other.to_string(),
    }
}

/// A validated game definition: a board, a rule set, a number of players.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The rule set.
    pub rules: &'static RuleSet,
    /// Players per game.
    pub players: u8,
}

impl Setup {
    /// Chooses the rule set by name (or the board's default with `None`)
    /// and checks that every game can finish under it.
    pub fn new(board: Board, rules: Option<&str>, players: usize) -> Result<Setup, SnakesError> {
        if !(1..=MAX_SEATS).contains(&players) {
            return Err(SnakesError::Players(players));
        }
        let rules = match rules {
            Some(name) => rules::find(name)?,
            None => board.default_rules(),
        };
        if !std::ptr::eq(rules, board.default_rules()) {
            rules
                .rules
                .check_playable(&board)
                .map_err(|message| SnakesError::Unplayable {
                    board: board.source().to_string(),
                    rules: rules.name,
                    message,
                })?;
        }
        Ok(Setup {
            board,
            rules,
            players: players as u8,
        })
    }

    /// Simulates and builds the seed-000 report. `progress` is told how
    /// many games are done, now and then. The exact values beside the
    /// sampled ones are solved within [`report_limits`].
    pub fn simulate(
        &self,
        sim: &Simulation,
        options: &ReportOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Report, SnakesError> {
        self.simulate_within(sim, options, &report_limits(), progress)
    }

    /// [`simulate`](Self::simulate), solving the exact values within
    /// `limits` (which may carry a progress sink). A game too large or too
    /// slow to solve within them gets a report of sampled values only,
    /// with the reason in [`Report::exact_unavailable`].
    pub fn simulate_within(
        &self,
        sim: &Simulation,
        options: &ReportOptions,
        limits: &tabula_exact::Limits,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Report, SnakesError> {
        let run = self
            .rules
            .rules
            .simulate(&self.board, self.players, sim, progress)?;
        let exact = self.analyze(&AnalysisOptions {
            limits: limits.clone(),
            ..Default::default()
        });
        let (exact, unavailable) = match exact {
            Ok(a) => (Some(report::ExactValues::from_analysis(&a)), None),
            Err(e) => (None, Some(exact_unavailable(&e, limits))),
        };
        let mut report = Report::build(self, &run, sim, options, exact)?;
        report.exact_unavailable = unavailable;
        Ok(report)
    }

    /// Solves the game exactly for this setup's players: the length
    /// distribution, expected landings, each seat's chance of winning and,
    /// if asked, the shortest games.
    ///
    /// ```
    /// use tabula_snakes::{AnalysisOptions, Board, Setup};
    /// let setup = Setup::new(Board::classic(), Some("exact"), 1)?;
    /// let a = setup.analyze(&AnalysisOptions::default())?;
    /// // Althoen, King and Schilling (1993): 39.2251 throws under exact finish.
    /// assert!((a.throws.mean - 39.225122).abs() < 1e-6);
    /// # Ok::<_, tabula_snakes::SnakesError>(())
    /// ```
    pub fn analyze(&self, options: &AnalysisOptions) -> Result<Analysis, SnakesError> {
        let options = AnalysisOptions {
            players: self.players,
            ..options.clone()
        };
        let mut analysis = self.rules.rules.analyze(&self.board, &options)?;
        analysis.rules = self.rules.name;
        Ok(analysis)
    }

    /// Replays game `index` of the run with `seed`, throw by throw.
    pub fn trace(&self, seed: u64, index: u64, max_throws: u32) -> Result<Trace, SnakesError> {
        Ok(self
            .rules
            .rules
            .trace(&self.board, self.players, seed, index, max_throws)?)
    }
}

fn plugins() -> Result<Vec<PluginInfo>, tabula_core::CoreError> {
    Ok(rules::all()?
        .into_iter()
        .map(|r| PluginInfo {
            kind: "rule set",
            name: r.name,
            summary: r.summary,
        })
        .collect())
}

inventory::submit! {
    GameEntry {
        name: "snakes",
        summary: "Snakes (Chutes) and Ladders on any RON board (seeds 000 and 001)",
        plugins,
        commands: commands::COMMANDS,
    }
}
