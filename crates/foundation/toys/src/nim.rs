//! Nim with one pile and two seats.

use tabula_core::{BoardGame, GameResult, Seat, Status};

/// Take 1 to `most` from a pile of `pile` (or, with `pass`, none);
/// whoever takes the last wins. The state is the pile left and the seat
/// to move; a move is how many to take.
///
/// With `pass` a seat may take nothing, so a game of two passers never
/// ends (for tests of move limits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "play", derive(serde::Serialize, serde::Deserialize))]
pub struct Nim {
    /// The pile at the start.
    pub pile: u32,
    /// The most a seat may take at once.
    pub most: u32,
    /// Whether a seat may take nothing (listed first).
    pub pass: bool,
}

impl Nim {
    /// Take one or two from a pile of `pile`, no passing.
    pub const fn one_or_two(pile: u32) -> Nim {
        Nim {
            pile,
            most: 2,
            pass: false,
        }
    }
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
        if self.pass {
            out.push(0);
        }
        out.extend((1..=self.most).filter(|&take| take <= s.0));
    }
}

/// Records and replay: the game's parameters are the game itself, and a
/// record with an empty pile is refused.
#[cfg(feature = "play")]
impl tabula_play::record::Recordable for Nim {
    const NAME: &'static str = "nim";
    type Parameters = Nim;
    fn parameters(&self) -> Nim {
        *self
    }
    fn from_parameters(p: &Nim) -> Result<Nim, tabula_play::record::ParametersError> {
        if p.pile == 0 {
            return Err("the pile must not be empty".into());
        }
        Ok(*p)
    }
}

/// A move is the number taken; the board is the pile.
#[cfg(feature = "play")]
impl tabula_play::notation::Notation for Nim {
    fn format_move(&self, _: &(u32, Seat), mv: &u32) -> String {
        mv.to_string()
    }
    fn parse_move(
        &self,
        _: &(u32, Seat),
        text: &str,
    ) -> Result<u32, tabula_play::notation::MoveError> {
        text.parse()
            .map_err(|_| format!("{text:?} is not a number of stones").into())
    }
    fn render(&self, s: &(u32, Seat)) -> String {
        format!("Pile: {}", s.0)
    }
}

// No evaluation of its own (0 until the end), states keyed by their hash,
// and the four search agents by name: `random`, `greedy`, `alphabeta`,
// `mcts`.
#[cfg(feature = "search")]
tabula_search::register_search_agents! { game: Nim, heuristic: default }
