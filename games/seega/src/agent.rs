//! The agent API, in the spirit of the seed's `InitGame`, `PlacePieces`,
//! `MovePiece` and `TermGame`, and the registry agents plug into.
//!
//! An agent is told its side, the board size, whether it places first and
//! the stalemate threshold ([`SeegaAgent::init_game`]); asked for two
//! placements at a time ([`SeegaAgent::place`]); then asked for moves
//! ([`SeegaAgent::play`]), with the square of the piece that must capture
//! again when a follow-up move is due, answering [`Reply::Blocked`] when
//! it cannot move; and told the result ([`SeegaAgent::term_game`]).
//!
//! The referee checks every answer: an illegal one, or a panic, loses the
//! game (see [`referee`](crate::referee)).

use std::time::Duration;

use tabula_core::registry::{self, Named};
use tabula_core::{CoreError, GameRng};

use crate::SeegaError;
use crate::board::{Side, Square, Step};
use crate::rules::{Outcome, Position};

/// What an agent is told before a game (the seed's `InitGame`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The side it plays.
    pub side: Side,
    /// Board side (odd, at least 5).
    pub size: usize,
    /// Whether it places first (and so moves second).
    pub places_first: bool,
    /// Moves without a capture after which the game ends.
    pub stalemate: u32,
}

/// An answer to "your move" (the seed's `MovePiece`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Move a piece one step.
    Move(Step),
    /// "I cannot move": legal only when the agent has no legal step.
    Blocked,
}

/// A Seega player. Only [`place`](Self::place) and [`play`](Self::play)
/// are required.
///
/// Agents get the full [`Position`]: the board, the counts, the
/// moves-without-capture counter, and its legal steps
/// ([`Position::steps`]). Randomized agents draw from `rng`, which the
/// referee seeds per game, so tournaments are reproducible.
pub trait SeegaAgent: Send {
    /// Called once before the game (the seed's `InitGame`). The default
    /// does nothing.
    fn init_game(&mut self, info: &GameInfo) {
        let _ = info;
    }

    /// Two empty squares, neither the centre, for the next two pieces
    /// (the seed's `PlacePieces`).
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2];

    /// A step for the side to move (the seed's `MovePiece`). When
    /// `follow_up` is `Some(square)`, the piece on `square` has just
    /// captured and can capture again: the step must move that piece and
    /// capture.
    fn play(&mut self, position: &Position, follow_up: Option<Square>, rng: &mut GameRng) -> Reply;

    /// Called once after the game with its outcome (the seed's
    /// `TermGame`). The default does nothing.
    fn term_game(&mut self, outcome: &Outcome) {
        let _ = outcome;
    }
}

/// How much an agent may think per answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed amount of work (search nodes, playouts): the same answers
    /// on every machine.
    Work(u64),
    /// Wall-clock time per answer: stronger on faster machines, and not
    /// reproducible.
    Time(Duration),
}

/// The largest work budget: nodes or playouts per answer.
pub const MAX_WORK: u64 = 10_000_000;

/// The largest time budget per answer, in milliseconds.
pub const MAX_TIME_MS: u64 = 60_000;

impl Budget {
    /// Parses `N` (work, 1 to [`MAX_WORK`]) or `Nms` (milliseconds, 1 to
    /// [`MAX_TIME_MS`]).
    pub fn parse(text: &str) -> Result<Budget, SeegaError> {
        let bad = || SeegaError::NotABudget {
            text: tabula_core::input::excerpt(text),
        };
        let too_much = |limit: String| SeegaError::BudgetTooLarge {
            text: tabula_core::input::excerpt(text),
            limit,
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if let Some(ms) = text.strip_suffix("ms") {
            if !digits(ms) {
                return Err(bad());
            }
            return match ms.parse::<u64>() {
                Ok(0) => Err(bad()),
                Ok(ms) if ms <= MAX_TIME_MS => Ok(Budget::Time(Duration::from_millis(ms))),
                _ => Err(too_much(format!("{MAX_TIME_MS}ms"))),
            };
        }
        if !digits(text) {
            return Err(bad());
        }
        match text.parse::<u64>() {
            Ok(0) => Err(bad()),
            Ok(n) if n <= MAX_WORK => Ok(Budget::Work(n)),
            _ => Err(too_much(format!("{MAX_WORK} nodes or playouts"))),
        }
    }
}

/// Builds an agent; the argument is the `BUDGET` of a name like
/// `alphabeta-BUDGET`, if one was given.
pub type BuildAgent = fn(Option<&str>) -> Result<Box<dyn SeegaAgent>, SeegaError>;

/// A registered agent.
pub struct AgentEntry {
    /// Unique name.
    pub name: &'static str,
    /// The placeholder of an optional parameter (`"BUDGET"` allows
    /// `alphabeta-50ms`), if it takes one.
    pub parameter: Option<&'static str>,
    /// One line saying how it plays.
    pub summary: &'static str,
    /// Makes a fresh agent (one per game).
    pub build: BuildAgent,
}

impl std::fmt::Debug for AgentEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentEntry")
            .field("name", &self.name)
            .finish()
    }
}

impl Named for AgentEntry {
    fn name(&self) -> &'static str {
        self.name
    }
}

inventory::collect!(AgentEntry);

/// All registered agents, sorted by name.
pub fn all() -> Result<Vec<&'static AgentEntry>, CoreError> {
    registry::sorted_unique("agent", inventory::iter::<AgentEntry>)
}

/// Builds the agent a user names: a registered name, or `NAME-PARAMETER`
/// for an agent that takes a parameter (`alphabeta-50ms`, `mcts-2000`).
pub fn build(name: &str) -> Result<Box<dyn SeegaAgent>, SeegaError> {
    let entries = all()?;
    if let Some(e) = entries.iter().find(|e| e.name == name) {
        return (e.build)(None);
    }
    for e in &entries {
        if e.parameter.is_some()
            && let Some(arg) = name
                .strip_prefix(e.name)
                .and_then(|rest| rest.strip_prefix('-'))
        {
            return (e.build)(Some(arg)).map_err(|error| SeegaError::AgentParameter {
                name: name.to_string(),
                error: Box::new(error),
            });
        }
    }
    let known: Vec<String> = entries
        .iter()
        .map(|e| match e.parameter {
            Some(p) => format!("{} (or {}-{p})", e.name, e.name),
            None => e.name.to_string(),
        })
        .collect();
    Err(SeegaError::UnknownAgent {
        name: name.to_string(),
        known,
    })
}
