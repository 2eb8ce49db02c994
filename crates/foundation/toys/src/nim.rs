//! Nim with one pile and two seats.

use tabula_core::{BoardGame, GameResult, Seat, Status};

/// Take 1 to `most` from a pile of `pile`; whoever takes the last wins.
/// The state is the pile left and the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim {
    /// The pile at the start.
    pub pile: u32,
    /// The most a seat may take at once.
    pub most: u32,
}

impl BoardGame for Nim {
    type State = (u32, Seat);
    type Move = u32;
    type Outcome = ();
    type Event = ();
    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> (u32, Seat) {
        (self.pile, 0)
    }
    fn status(&self, &(pile, seat): &(u32, Seat)) -> Status {
        if pile == 0 {
            Status::Over(GameResult::Win(1 - seat))
        } else {
            Status::Decision(seat)
        }
    }
    fn apply_chance<E: FnMut(())>(&self, _: &mut (u32, Seat), _: (), _: &mut E) {}
    fn apply_move<E: FnMut(())>(&self, s: &mut (u32, Seat), take: u32, _: &mut E) {
        *s = (s.0 - take, 1 - s.1);
    }
    fn legal_moves(&self, s: &(u32, Seat), out: &mut Vec<u32>) {
        out.extend((1..=self.most).filter(|&take| take <= s.0));
    }
}
