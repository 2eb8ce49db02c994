//! Seega as a [`BoardGame`], so the framework's services drive it: the
//! referee, tournaments, records and replay ([`Recordable`]), terminal play
//! ([`Notation`]) and generic search. The rules themselves live in
//! [`rules`](crate::rules).

use tabula_core::{BoardGame, GameResult, Seat, Status};
use tabula_play::record::Recordable;
use tabula_play::terminal::Notation;

use crate::board::{Side, Slide, Square, parse_pair};
use crate::rules::{Action, Phase, Position, Reason, Rules, Verdict};

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
        slide: Slide,
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
    Ended(Verdict),
}

/// Seega with fixed [`Rules`]. Seat 0 is Black, seat 1 White.
///
/// [`apply_move`](BoardGame::apply_move) is total: an illegal action loses
/// the game for the side that made it, as the specification rules.
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
        match state.verdict() {
            Some(Verdict {
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
                    Action::Move(slide) => Event::Moved { side, slide },
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
        if let Some(o) = state.verdict() {
            events(Event::Ended(o));
        }
    }

    /// Every legal action: all pairs of free squares while placing (in
    /// board order, each pair's squares in board order too: see
    /// [`Action::normalized`]), the slides while moving, or `Blocked` when
    /// there are none.
    fn legal_moves(&self, state: &Position, out: &mut Vec<Action>) {
        if state.verdict().is_some() {
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
                out.extend(state.slides().map(Action::Move));
                if out.len() == before {
                    out.push(Action::Blocked);
                }
            }
        }
    }
}

/// Records carry the rules (`size`, `stalemate`, `first`); moves are
/// [`Action`]s, squares `(row, col)` from 0.
impl Recordable for Seega {
    const NAME: &'static str = "seega";
    type Parameters = Rules;

    fn parameters(&self) -> Rules {
        self.rules
    }

    fn from_parameters(rules: &Rules) -> Result<Seega, tabula_play::record::ParametersError> {
        Rules::new(rules.size(), rules.stalemate(), rules.first())
            .map(Seega::new)
            .map_err(|e| e.to_string().into())
    }
}

/// How to play at the terminal, shown by `help`.
pub const HELP: &str = "Squares are a column letter and a row number, like c3 (row 1 is the top row).\n\
Placing: type two free squares, like a1 b2 (not the centre, marked +).\n\
Moving: type the piece's square and the square next to it, like c2 c3.\n\
A piece sandwiched between your moved piece and another of yours, in a row or column, is captured\n\
(except on the centre). After a capture you must capture again with the same piece if you can.\n\
When you cannot move, type pass.";

/// Squares like `c3`; placements `a1 b2`, moves `c2 c3` (or `c2-c3`,
/// `c2c3`), `pass` when blocked. The board is drawn with coordinates and a
/// line with the counts and whose turn it is.
impl Notation for Seega {
    fn format_move(&self, _: &Position, mv: &Action) -> String {
        match mv {
            Action::Place([a, b]) => format!("{a} {b}"),
            Action::Move(s) => format!("{} {}", s.from, s.to),
            Action::Blocked => "pass".to_string(),
        }
    }

    /// Reads a placement, a move or `pass`, and says why it is not allowed
    /// here when it is not.
    fn parse_move(
        &self,
        position: &Position,
        text: &str,
    ) -> Result<Action, tabula_play::notation::MoveError> {
        let text = text.trim();
        let action = if ["pass", "blocked"].contains(&text.to_ascii_lowercase().as_str()) {
            Action::Blocked
        } else {
            let pair = parse_pair(text, self.rules.size()).map_err(|e| format!("{e}."))?;
            match position.phase() {
                Phase::Placement => Action::Place(pair).normalized(),
                Phase::Movement => Action::Move(Slide {
                    from: pair[0],
                    to: pair[1],
                }),
            }
        };
        position
            .check(&action)
            .map_err(|e| format!("Not allowed: {e}."))?;
        Ok(action)
    }

    fn render(&self, position: &Position) -> String {
        format!("{}{}\n", position.render(), position.summary())
    }

    fn seat_name(&self, seat: Seat) -> String {
        Side::from_seat(seat).to_string()
    }

    fn move_help(&self) -> String {
        HELP.to_string()
    }
}
