//! The agent API, in the spirit of the seed's `InitGame`, `PlacePieces`,
//! `MovePiece` and `TermGame`: a richer trait on top of the framework's
//! [`Agent`], which [`Adapted`] implements for any [`SeegaAgent`]. Agents
//! are registered in the framework's registry
//! ([`tabula_play::agents`]) with [`boxed`].
//!
//! An agent is told its side, the board size, whether it places first and
//! the stalemate threshold ([`SeegaAgent::init_game`]); asked for two
//! placements at a time ([`SeegaAgent::place`]); then asked for moves
//! ([`SeegaAgent::play`]), with the square of the piece that must capture
//! again when a follow-up move is due, answering [`Reply::Blocked`] when
//! it cannot move; and told the result ([`SeegaAgent::term_game`]).
//!
//! The framework's referee ([`tabula_play::referee`]) checks every answer:
//! an illegal one, or a panic, loses the game.

use std::time::Duration;

use tabula_core::{Agent, GameRng, Seat};
use tabula_play::agents::AgentError;

use crate::SeegaError;
use crate::board::{Side, Square, Step};
use crate::game::Seega;
use crate::rules::{Action, Outcome, Phase, Position};

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

/// The framework's agent of a [`SeegaAgent`]: at placement it calls
/// [`place`](SeegaAgent::place) (and puts the two squares in board order,
/// [`Action::normalized`]), at movement [`play`](SeegaAgent::play)
/// with the position's follow-up square, and turns [`Reply::Blocked`] into
/// [`Action::Blocked`]; [`new_game`](Agent::new_game) calls
/// [`init_game`](SeegaAgent::init_game) with the seat's side.
///
/// The framework's [`Agent`] has no end-of-game call, so the referee never
/// calls [`term_game`](SeegaAgent::term_game).
#[derive(Clone, Debug, Default)]
pub struct Adapted<A>(pub A);

impl<A: SeegaAgent> Agent<Seega> for Adapted<A> {
    fn new_game(&mut self, game: &Seega, seat: Seat) {
        let side = Side::from_seat(seat);
        let rules = game.rules();
        self.0.init_game(&GameInfo {
            side,
            size: rules.size(),
            places_first: rules.first() == side,
            stalemate: rules.stalemate(),
        });
    }

    fn choose(&mut self, _: &Seega, position: &Position, _: Seat, rng: &mut GameRng) -> Action {
        match position.phase() {
            Phase::Placement => Action::Place(self.0.place(position, rng)).normalized(),
            Phase::Movement => match self.0.play(position, position.follow_up(), rng) {
                Reply::Move(step) => Action::Move(step),
                Reply::Blocked => Action::Blocked,
            },
        }
    }
}

/// A [`SeegaAgent`] as the framework's boxed agent: what an
/// [`AgentEntry`](tabula_play::agents::AgentEntry)'s builder returns.
///
/// ```
/// use tabula_play::agents::{AgentEntry, BuildFn};
/// use tabula_seega::{Seega, agent::boxed, agents::Greedy};
///
/// tabula_play::inventory::submit! {
///     AgentEntry {
///         name: "my-greedy",
///         parameter: None,
///         summary: "greedy, under another name",
///         build: &BuildFn::<Seega>(|_, _| Ok(boxed(Greedy))),
///     }
/// }
/// assert!(tabula_seega::agent::build(&Seega::default(), "my-greedy").is_ok());
/// ```
pub fn boxed<A: SeegaAgent + 'static>(agent: A) -> Box<dyn Agent<Seega>> {
    Box::new(Adapted(agent))
}

/// Builds the registered agent a user names for `game`
/// ([`tabula_play::agents::build`]): `greedy`, or `NAME-PARAMETER` for one
/// that takes a parameter (`alphabeta-50ms`, `mcts-2000`).
pub fn build(game: &Seega, name: &str) -> Result<Box<dyn Agent<Seega>>, AgentError> {
    tabula_play::agents::build(game, name)
}
