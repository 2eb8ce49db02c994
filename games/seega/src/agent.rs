//! The agent API, in the spirit of the specification's `InitGame`, `PlacePieces`,
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

use tabula_core::{Agent, GameRng, Seat};
use tabula_play::agents::AgentError;

use crate::board::{Side, Slide, Square};
use crate::game::Seega;
use crate::rules::{Action, Phase, Position, Verdict};

/// What an agent is told before a game (the specification's `InitGame`).
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

/// An answer to "your move" (the specification's `MovePiece`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Move a piece one step.
    Move(Slide),
    /// "I cannot move": legal only when the agent has no legal slide.
    Blocked,
}

/// A Seega player. Only [`place`](Self::place) and [`play`](Self::play)
/// are required.
///
/// Agents get the full [`Position`]: the board, the counts, the
/// moves-without-capture counter, and its legal slides
/// ([`Position::slides`]). Randomized agents draw from `rng`, which the
/// referee seeds per game, so tournaments are reproducible.
pub trait SeegaAgent: Send {
    /// Called once before the game (the specification's `InitGame`). The default
    /// does nothing.
    fn init_game(&mut self, info: &GameInfo) {
        let _ = info;
    }

    /// Two empty squares, neither the centre, for the next two pieces
    /// (the specification's `PlacePieces`).
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2];

    /// A slide for the side to move (the specification's `MovePiece`). When
    /// `follow_up` is `Some(square)`, the piece on `square` has just
    /// captured and can capture again: the slide must move that piece and
    /// capture.
    fn play(&mut self, position: &Position, follow_up: Option<Square>, rng: &mut GameRng) -> Reply;

    /// Called once after the game with its verdict (the specification's
    /// `TermGame`). The default does nothing.
    fn term_game(&mut self, verdict: &Verdict) {
        let _ = verdict;
    }
}

/// The framework's agent of a [`SeegaAgent`]: at placement it calls
/// [`place`](SeegaAgent::place) (and puts the two squares in board order,
/// [`Action::normalized`]), at movement [`play`](SeegaAgent::play)
/// with the position's follow-up square, and turns [`Reply::Blocked`] into
/// [`Action::Blocked`]; [`new_game`](Agent::new_game) calls
/// [`init_game`](SeegaAgent::init_game) with the seat's side, and
/// [`end_game`](Agent::end_game), which the referee, the tournament and
/// terminal play call after every game that ended, calls
/// [`term_game`](SeegaAgent::term_game) with its verdict (a game stopped
/// before its end, or forfeited, has none, and is not told).
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
                Reply::Move(slide) => Action::Move(slide),
                Reply::Blocked => Action::Blocked,
            },
        }
    }

    fn end_game(&mut self, _: &Seega, position: &Position, _: Seat) {
        if let Some(verdict) = position.verdict() {
            self.0.term_game(&verdict);
        }
    }
}

/// A [`SeegaAgent`] as the framework's boxed agent: what an
/// [`AgentEntry`](tabula_play::agents::AgentEntry)'s builder returns.
///
/// ```
/// use tabula_core::GameRng;
/// use tabula_play::agents::{AgentEntry, BuildFn};
/// use tabula_seega::agents::safe_placement;
/// use tabula_seega::{Position, Reply, Seega, SeegaAgent, Square, agent::boxed};
///
/// /// Safe placements, then the first legal slide.
/// struct First;
///
/// impl SeegaAgent for First {
///     fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2] {
///         safe_placement(position, rng)
///     }
///     fn play(&mut self, position: &Position, _: Option<Square>, _: &mut GameRng) -> Reply {
///         position.slides().next().map_or(Reply::Blocked, Reply::Move)
///     }
/// }
///
/// tabula_play::inventory::submit! {
///     AgentEntry {
///         name: "first",
///         parameter: None,
///         summary: "safe placements, then the first legal slide",
///         build: &BuildFn::<Seega>(|_, _| Ok(boxed(First))),
///     }
/// }
/// assert!(tabula_seega::agent::build(&Seega::default(), "first").is_ok());
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
