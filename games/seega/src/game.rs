//! Seega as a [`BoardGame`], so the framework's generic tools (the
//! harness, conformance checks, generic search) can drive it. The rules
//! themselves live in [`rules`](crate::rules).

use tabula_core::{BoardGame, GameResult, Status};

use crate::board::{Side, Square, Step};
use crate::rules::{Action, Outcome, Position, Reason, Rules};

/// What an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Two pieces were placed.
    Placed {
        /// Whose.
        side: Side,
        /// Where.
        squares: [Square; 2],
    },
    /// A piece moved.
    Moved {
        /// Whose.
        side: Side,
        /// From where to where.
        step: Step,
    },
    /// A piece was captured.
    Captured {
        /// The side that lost it.
        side: Side,
        /// Where it stood.
        square: Square,
    },
    /// A side could not move and passed.
    Passed {
        /// Who.
        side: Side,
    },
    /// The game ended.
    Ended(Outcome),
}

/// Seega with fixed [`Rules`]. Seat 0 is Black, seat 1 White.
///
/// [`apply_move`](BoardGame::apply_move) is total: an illegal action loses
/// the game for the side that made it, as the seed rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seega {
    rules: Rules,
}

impl Seega {
    /// The game with these rules.
    pub fn new(rules: Rules) -> Seega {
        Seega { rules }
    }

    /// Its rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl BoardGame for Seega {
    type State = Position;
    type Move = Action;
    type Outcome = ();
    type Event = Event;

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> Position {
        Position::new(self.rules)
    }

    fn status(&self, state: &Position) -> Status {
        match state.outcome() {
            Some(Outcome {
                winner: Some(w), ..
            }) => Status::Over(GameResult::Win(w.seat())),
            Some(_) => Status::Over(GameResult::Draw),
            None => Status::Decision(state.to_move().seat()),
        }
    }

    fn apply_chance<E: FnMut(Event)>(&self, _: &mut Position, _: (), _: &mut E) {}

    fn apply_move<E: FnMut(Event)>(&self, state: &mut Position, mv: Action, events: &mut E) {
        let side = state.to_move();
        match state.play(&mv) {
            Err(_) => state.forfeit(side, Reason::Illegal),
            Ok(captures) => {
                events(match mv {
                    Action::Place(squares) => Event::Placed { side, squares },
                    Action::Move(step) => Event::Moved { side, step },
                    Action::Blocked => Event::Passed { side },
                });
                for &square in captures.squares() {
                    events(Event::Captured {
                        side: side.other(),
                        square,
                    });
                }
            }
        }
        if let Some(o) = state.outcome() {
            events(Event::Ended(o));
        }
    }

    /// Every legal action: all pairs of free squares while placing (in
    /// board order), the steps while moving, or `Blocked` when there are
    /// none.
    fn legal_moves(&self, state: &Position, out: &mut Vec<Action>) {
        if state.outcome().is_some() {
            return;
        }
        match state.phase() {
            crate::rules::Phase::Placement => {
                let free: Vec<Square> = state.placements().collect();
                for (i, &a) in free.iter().enumerate() {
                    for &b in &free[i + 1..] {
                        out.push(Action::Place([a, b]));
                    }
                }
            }
            crate::rules::Phase::Movement => {
                let before = out.len();
                out.extend(state.steps().map(Action::Move));
                if out.len() == before {
                    out.push(Action::Blocked);
                }
            }
        }
    }
}
