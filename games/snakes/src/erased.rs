//! Type erasure for rule sets chosen by name: [`ErasedRules`] is
//! implemented for every [`Rules`] type, and each of its methods runs a
//! fully monomorphized game for that type.

use tabula_core::BoardGame;
pub use tabula_core::erased::AnyState;
use tabula_sim::{LengthOf, Lengths, Occupancy, Run, SimError, Simulation, Wins};

use crate::analysis::{self, Analysis, AnalysisOptions};
use crate::board::Board;
use crate::game::{Event, Snakes, State};
use crate::playable::{self, Unplayable};
use crate::plugin::Rules;
// Traces live in `trace`; re-exported so `erased::{Trace, Throw}` still work.
pub use crate::trace::{Throw, Trace};

/// The collectors of the seed-000 report.
pub type ReportCollectors = (Lengths, Occupancy, Wins);

/// The report's collectors for `players` on `board`, before any game.
pub fn report_collectors(board: &Board, players: u8) -> ReportCollectors {
    (
        Lengths::new(LengthOf::ChanceSteps),
        Occupancy::new(usize::from(board.size()) + 1),
        Wins::new(usize::from(players)),
    )
}

/// A rule set behind a `&dyn`: what the framework can do with any rules.
pub trait ErasedRules: Send + Sync {
    /// Whether the rules may give the same seat another throw
    /// ([`Rules::THROWS_AGAIN`]).
    fn throws_again(&self) -> bool;

    /// Whether the rules may move other seats' tokens
    /// ([`Rules::INTERACTS`]).
    fn interacts(&self) -> bool;

    /// Checks that every game on `board` can finish (see
    /// [`playable::check_playable`]).
    fn check_playable(&self, board: &Board) -> Result<(), Unplayable>;

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

    /// The throws of game `index` of the run with `seed`, as
    /// [`tabula_sim::replay`] replays it (at most `max_throws`).
    fn throws(
        &self,
        board: &Board,
        players: u8,
        seed: u64,
        index: u64,
        max_throws: u32,
    ) -> Result<Vec<u16>, SimError>;

    /// The first state of a game under these rules.
    fn start(&self) -> AnyState;

    /// Applies a throw to a state [`start`](Self::start) made (a state of
    /// another rule set is left as it is).
    fn throw(
        &self,
        board: &Board,
        players: u8,
        state: &mut AnyState,
        roll: u16,
        events: &mut dyn FnMut(Event),
    );

    /// The seat that finished, once one has.
    fn winner(&self, state: &AnyState) -> Option<usize>;

    /// The seat to throw next.
    fn turn(&self, state: &AnyState) -> usize;

    /// Every seat's square (0 is the start).
    fn squares(&self, players: u8, state: &AnyState) -> Vec<u16>;
}

impl<R: Rules> ErasedRules for R {
    fn throws_again(&self) -> bool {
        R::THROWS_AGAIN
    }

    fn interacts(&self) -> bool {
        R::INTERACTS
    }

    fn check_playable(&self, board: &Board) -> Result<(), Unplayable> {
        playable::check_playable(self, board)
    }

    fn simulate(
        &self,
        board: &Board,
        players: u8,
        sim: &Simulation,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Run<ReportCollectors>, SimError> {
        let game = Snakes::new(board, self, players);
        let collectors = report_collectors(board, players);
        sim.run_tallied_with(&game, || tabula_core::NoAgents, collectors, progress)
    }

    fn analyze(
        &self,
        board: &Board,
        options: &AnalysisOptions,
    ) -> Result<Analysis, tabula_exact::ExactError> {
        analysis::analyze(board, self, options)
    }

    fn throws(
        &self,
        board: &Board,
        players: u8,
        seed: u64,
        index: u64,
        max_throws: u32,
    ) -> Result<Vec<u16>, SimError> {
        let game = Snakes::new(board, self, players);
        let mut throws = Vec::new();
        tabula_sim::replay(&game, seed, index, max_throws, |e| match *e {
            Event::Moved { roll, .. }
            | Event::Forfeited { roll, .. }
            | Event::SentTo { roll, .. } => throws.push(roll),
            _ => {}
        })?;
        Ok(throws)
    }

    fn start(&self) -> AnyState {
        AnyState::new(State::<R::Extra>::start())
    }

    fn throw(
        &self,
        board: &Board,
        players: u8,
        state: &mut AnyState,
        roll: u16,
        events: &mut dyn FnMut(Event),
    ) {
        if let Some(s) = state.get_mut::<State<R::Extra>>()
            && s.winner().is_none()
        {
            Snakes::new(board, self, players).apply_chance(s, roll, &mut |e| events(e));
        }
    }

    fn winner(&self, state: &AnyState) -> Option<usize> {
        state.get::<State<R::Extra>>().and_then(State::winner)
    }

    fn turn(&self, state: &AnyState) -> usize {
        state.get::<State<R::Extra>>().map_or(0, State::turn)
    }

    fn squares(&self, players: u8, state: &AnyState) -> Vec<u16> {
        let s = state.get::<State<R::Extra>>();
        (0..usize::from(players))
            .map(|seat| s.map_or(0, |s| s.square(seat)))
            .collect()
    }
}
