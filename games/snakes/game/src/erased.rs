//! Type erasure for rule sets chosen by name: [`ErasedRules`] is
//! implemented for every [`Rules`] type, and each of its methods runs a
//! fully monomorphized game for that type.

use tabula_sim::{LengthOf, Lengths, Occupancy, Run, SimError, Simulation, Wins};

use crate::analysis::{self, Analysis, AnalysisOptions};
use crate::board::Board;
use crate::game::Snakes;
use crate::plugin::{self, Rules};
// Traces live in `trace`; re-exported so `erased::{Trace, Throw}` still work.
pub use crate::trace::{Throw, Trace};

/// The collectors of the seed-000 report.
pub type ReportCollectors = (Lengths, Occupancy, Wins);

/// A rule set behind a `&dyn`: what the framework can do with any rules.
pub trait ErasedRules: Send + Sync {
    /// Whether the rules may give the same seat another throw
    /// ([`Rules::THROWS_AGAIN`]).
    fn throws_again(&self) -> bool;

    /// Whether the rules may move other seats' tokens
    /// ([`Rules::INTERACTS`]).
    fn interacts(&self) -> bool;

    /// Checks that every game on `board` can finish (see
    /// [`plugin::check_playable`]).
    fn check_playable(&self, board: &Board) -> Result<(), plugin::Unplayable>;

    /// Runs a simulation with the report's collectors.
    fn simulate(
        &self,
        board: &Board,
        players: u8,
        sim: &Simulation,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<ReportCollectors>, SimError>;

    /// Solves the board exactly (see [`analysis::analyze`]).
    fn analyze(
        &self,
        board: &Board,
        options: &AnalysisOptions,
    ) -> Result<Analysis, tabula_exact::ExactError>;

    /// Replays one game of a run, throw by throw.
    fn trace(
        &self,
        board: &Board,
        players: u8,
        seed: u64,
        index: u64,
        max_throws: u32,
    ) -> Result<Trace, SimError>;
}

impl<R: Rules> ErasedRules for R {
    fn throws_again(&self) -> bool {
        R::THROWS_AGAIN
    }

    fn interacts(&self) -> bool {
        R::INTERACTS
    }

    fn check_playable(&self, board: &Board) -> Result<(), plugin::Unplayable> {
        plugin::check_playable(self, board)
    }

    fn simulate(
        &self,
        board: &Board,
        players: u8,
        sim: &Simulation,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<ReportCollectors>, SimError> {
        let game = Snakes::new(board, self, players);
        let collectors = (
            Lengths::new(LengthOf::ChanceSteps),
            Occupancy::new(usize::from(board.size()) + 1),
            Wins::new(usize::from(players)),
        );
        sim.run_with(&game, || tabula_core::NoAgents, collectors, progress)
    }

    fn analyze(
        &self,
        board: &Board,
        options: &AnalysisOptions,
    ) -> Result<Analysis, tabula_exact::ExactError> {
        analysis::analyze(board, self, options)
    }

    fn trace(
        &self,
        board: &Board,
        players: u8,
        seed: u64,
        index: u64,
        max_throws: u32,
    ) -> Result<Trace, SimError> {
        let game = Snakes::new(board, self, players);
        let mut trace = Trace::new(seed, index);
        tabula_sim::replay(&game, seed, index, max_throws, |e| trace.record(e))?;
        Ok(trace)
    }
}
