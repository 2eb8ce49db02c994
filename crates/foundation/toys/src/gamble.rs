//! Gamble: one seat, one decision again and again, and a cycle through
//! it.

use tabula_core::{BoardGame, Chance, GameResult, Results, Status};

/// One decision, again and again: take `stop` points and end, or throw a
/// die: a one puts you back where you started, a six pays `six`, anything
/// else pays nothing. Throwing is worth `six/6 + V/6`, so under optimal
/// play `V = max(stop, six / 5)`. A move is whether to throw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gamble {
    /// The points for stopping.
    pub stop: f64,
    /// The points for a six.
    pub six: f64,
    /// Whether "throw" is listed before "stop".
    pub throw_first: bool,
}

/// Where the gamble stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// The seat decides: stop or throw.
    Deciding,
    /// The die is in the air.
    Throwing,
    /// Over, paid: 0 stopped, 1 nothing, 2 a six.
    Paid(u8),
}

impl BoardGame for Gamble {
    type State = State;
    type Move = bool; // throw?
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> State {
        State::Deciding
    }
    fn status(&self, s: &State) -> Status {
        match s {
            State::Deciding => Status::Decision(0),
            State::Throwing => Status::Chance,
            State::Paid(_) => Status::Over(GameResult::Win(0)),
        }
    }
    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u8>>) {
        out.extend((1..=6).map(|f| Chance {
            outcome: f,
            probability: 1.0 / 6.0,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u8, _: &mut E) {
        *s = match face {
            1 => State::Deciding,
            6 => State::Paid(2),
            _ => State::Paid(1),
        };
    }
    fn legal_moves(&self, _: &State, out: &mut Vec<bool>) {
        out.extend([self.throw_first, !self.throw_first]);
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut State, throw: bool, _: &mut E) {
        *s = if throw {
            State::Throwing
        } else {
            State::Paid(0)
        };
    }
    fn results(&self, s: &State) -> Option<Results> {
        let score = match s {
            State::Paid(0) => self.stop,
            State::Paid(2) => self.six,
            State::Paid(_) => 0.0,
            _ => return None,
        };
        Some(Results::from_scores(vec![score]))
    }
}
