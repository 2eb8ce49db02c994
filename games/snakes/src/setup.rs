//! [`Setup`]: a board, a rule set and a number of players, validated;
//! what every tool runs.

use tabula_exact::ExactError;
use tabula_sim::{Run, SimError, Simulation};

use crate::analysis::{self, Analysis, AnalysisOptions};
use crate::board::Board;
use crate::dispatch::{WithRules, with_rule_set, with_rules};
use crate::error::SnakesError;
use crate::game::Snakes;
use crate::plugin::Rules;
use crate::recorded::{Recorded, SnakesRecord, checked};
use crate::registry::RuleSet;
use crate::report::{self, BoardReport, ReportCollectors, ReportOptions};
use crate::trace::Trace;

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
        SnakesError::JointTooLarge {
            players,
            what,
            limit,
            why,
            ..
        } => format!(
            "the rules {why}, so the {players} tokens are solved together, and their joint chain has more than {limit} {what}, past what the report solves (at most {} states)",
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
    /// Chooses the rule set by name (or the board's default with `None`
    /// or an empty name) and checks that every game can finish under it.
    pub fn new(board: Board, rules: Option<&str>, players: usize) -> Result<Setup, SnakesError> {
        let (board, rules, players) = checked(board, rules.unwrap_or_default(), players)?;
        Ok(Setup {
            board,
            rules,
            players,
        })
    }

    /// Simulates and builds the specification-000 report. `progress` is told how
    /// many games are done, now and then. The exact values beside the
    /// sampled ones are solved within [`report_limits`].
    pub fn simulate(
        &self,
        sim: &Simulation,
        options: &ReportOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<BoardReport, SnakesError> {
        self.simulate_within(sim, options, &report_limits(), progress)
    }

    /// [`simulate`](Self::simulate), solving the exact values within
    /// `limits` (which may carry a progress sink). A game too large or too
    /// slow to solve within them gets a report of sampled values only,
    /// with the reason in [`BoardReport::exact_unavailable`].
    pub fn simulate_within(
        &self,
        sim: &Simulation,
        options: &ReportOptions,
        limits: &tabula_exact::Limits,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<BoardReport, SnakesError> {
        let run = self.run(sim, progress)?;
        self.report(&run, sim, options, limits)
    }

    /// The report's collectors before any game (what [`run`](Self::run)
    /// starts from).
    pub fn collectors(&self) -> ReportCollectors {
        report::report_collectors(&self.board, self.players)
    }

    /// Plays the games of `sim` (its shard only, if it has one) with every
    /// report collector on.
    pub fn run(
        &self,
        sim: &Simulation,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<ReportCollectors>, SnakesError> {
        let run = with_rules(
            self.rules,
            Simulate {
                board: &self.board,
                players: self.players,
                sim,
                progress,
            },
        )?;
        Ok(run)
    }

    /// The report of `run`, with exact values solved within `limits`.
    pub fn report(
        &self,
        run: &Run<ReportCollectors>,
        sim: &Simulation,
        options: &ReportOptions,
        limits: &tabula_exact::Limits,
    ) -> Result<BoardReport, SnakesError> {
        let exact = self.analyze(&AnalysisOptions {
            limits: limits.clone(),
            ..Default::default()
        });
        let (exact, unavailable) = match exact {
            Ok(a) => (Some(report::ExactValues::from_analysis(&a)), None),
            Err(e) => (None, Some(exact_unavailable(&e, limits))),
        };
        let mut report = BoardReport::build(
            &self.board,
            self.rules,
            self.players,
            run,
            sim,
            options,
            exact,
        )?;
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
        let mut analysis = with_rule_set(
            self.rules,
            Analyze {
                board: &self.board,
                options: &options,
            },
        )
        .map_err(|e| self.explain(e))?;
        analysis.rules = self.rules.name;
        Ok(analysis)
    }

    /// The solver's error, with the joint chain's size explained when the
    /// rules made the analysis solve all tokens together.
    fn explain(&self, e: ExactError) -> SnakesError {
        let (interacts, throws_again) = (self.rules.may_interact(), self.rules.may_throw_again());
        // Only rules that move other tokens solve all tokens together.
        let joint = self.players > 1 && interacts;
        match e {
            ExactError::TooLarge { what, limit }
                if joint && (what == "states" || what == "transitions") =>
            {
                let squares = usize::from(self.board.size()) - self.board.jumps().len();
                let flags = if throws_again { 2.0 } else { 1.0 };
                let estimate = (squares as f64).powi(i32::from(self.players))
                    * f64::from(self.players)
                    * flags;
                SnakesError::JointTooLarge {
                    rules: self.rules.name,
                    players: self.players,
                    why: if interacts {
                        "move each other's tokens"
                    } else {
                        "give another throw, so a turn can be several throws"
                    },
                    what,
                    limit,
                    squares,
                    estimate,
                }
            }
            e => SnakesError::Exact(e),
        }
    }

    /// The record of game `index` of the run with `seed` (its throws),
    /// and the trace `--trace` prints, a view of that record.
    pub fn record(
        &self,
        seed: u64,
        index: u64,
        max_throws: u32,
    ) -> Result<(SnakesRecord, Trace), SnakesError> {
        let game = Recorded::new(self.board.clone(), self.rules, self.players);
        let record = game.record(seed, index, max_throws)?;
        let trace = game.trace(&record);
        Ok((record, trace))
    }

    /// Game `index` of the run with `seed`, throw by throw: the view of
    /// its record ([`Setup::record`]).
    pub fn trace(&self, seed: u64, index: u64, max_throws: u32) -> Result<Trace, SnakesError> {
        Ok(self.record(seed, index, max_throws)?.1)
    }
}

/// A simulation with the report's collectors, as a service over the rule
/// type.
struct Simulate<'s> {
    board: &'s Board,
    players: u8,
    sim: &'s Simulation,
    progress: &'s (dyn Fn(u64) + Sync),
}

impl WithRules for Simulate<'_> {
    type Output = Result<Run<ReportCollectors>, SimError>;
    fn with<R: Rules>(self, rules: &'static R) -> Self::Output {
        let game = Snakes::new(self.board, rules, self.players);
        let collectors = report::report_collectors(self.board, self.players);
        self.sim
            .run_tallied_with(&game, || tabula_sim::NoAgents, collectors, self.progress)
    }
}

/// The exact analysis ([`analysis::analyze`]) as a service over the rule
/// type.
struct Analyze<'s> {
    board: &'s Board,
    options: &'s AnalysisOptions,
}

impl WithRules for Analyze<'_> {
    type Output = Result<Analysis, ExactError>;
    fn with<R: Rules>(self, rules: &'static R) -> Self::Output {
        analysis::analyze(self.board, rules, self.options)
    }
}
