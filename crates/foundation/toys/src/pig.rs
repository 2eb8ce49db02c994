//! Pig, as the book's tutorial writes it (`book/tutorials/pig/src/lib.rs`,
//! anchor `game`).
//!
//! Two players take turns. On your turn you roll a die as often as you
//! like, adding each roll to a turn total; a 1 loses the turn total and
//! ends the turn, and holding banks it. The first to reach the target
//! wins, at once.

use tabula_core::{BoardGame, Chance, Dice, GameResult, Seat, Status};

/// Pig to a target score.
#[derive(Clone, Copy, Debug)]
pub struct Pig {
    /// The score that wins.
    pub target: u32,
}

/// Everything that changes during play (the tutorial's, with `Hash` for
/// a hashed solver).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Each seat's banked score.
    pub scores: [u32; 2],
    /// The points of the turn so far, lost on a 1.
    pub turn_total: u32,
    /// Whose turn it is.
    pub seat: Seat,
    /// Whether the die is in the air: the seat chose to roll.
    pub rolling: bool,
}

/// A decision: roll again, or bank the turn total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Roll the die.
    Roll,
    /// Bank the turn total and pass the die.
    Hold,
}

impl BoardGame for Pig {
    type State = State;
    type Move = Move;
    type Outcome = u16; // the face rolled
    type Event = ();

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        State {
            scores: [0, 0],
            turn_total: 0,
            seat: 0,
            rolling: false,
        }
    }

    fn status(&self, s: &State) -> Status {
        match s.scores.iter().position(|&score| score >= self.target) {
            Some(winner) => Status::Over(GameResult::Win(winner)),
            None if s.rolling => Status::Chance,
            None => Status::Decision(s.seat),
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u16>>) {
        Dice::D6.chances_into(out); // 1 to 6, a sixth each
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, _: &mut E) {
        s.rolling = false;
        if face == 1 {
            // Pig: the turn total is lost and the die passes.
            s.turn_total = 0;
            s.seat = 1 - s.seat;
        } else {
            s.turn_total += u32::from(face);
            if s.scores[s.seat] + s.turn_total >= self.target {
                // The target is reached: bank it, the game is won.
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
            }
        }
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, _: &mut E) {
        match mv {
            Move::Roll => s.rolling = true,
            Move::Hold => {
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
                s.seat = 1 - s.seat;
            }
        }
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        out.push(Move::Roll);
        if s.turn_total > 0 {
            out.push(Move::Hold); // nothing to bank before the first roll
        }
    }
}

/// The decision states, numbered by the scores, late ones first: for
/// each pair of scores (the first seat's falling, then the second's), the
/// first seat to move with each turn total it can hold (falling), then
/// the second. The states of one pair of scores are a cycle (a 1 passes
/// the die and changes no score); every other move raises a score or the
/// turn total, to a state numbered lower. The die in the air is left to
/// the solver.
#[cfg(feature = "exact")]
impl tabula_exact::Dense for Pig {
    fn state_count(&self) -> usize {
        let t = self.target as usize;
        t * t * (t + 1)
    }

    fn index(&self, s: &State) -> Option<usize> {
        if s.rolling {
            return None;
        }
        let t = self.target as usize;
        // How far each score is from the target, less one: 0 is late.
        let u = t - 1 - s.scores[0] as usize;
        let v = t - 1 - s.scores[1] as usize;
        // The pair (u, v) holds u + 1 and v + 1 turn totals, after every
        // pair (u' < u, any v') and (u, v' < v).
        let before =
            t * (u * (u + 3) / 2) + u * t * (t - 1) / 2 + v * (u + 2) + v * v.saturating_sub(1) / 2;
        let turn = s.turn_total as usize;
        Some(match s.seat {
            0 => before + u - turn,
            _ => before + u + 1 + v - turn,
        })
    }

    fn states(&self) -> impl Iterator<Item = State> + '_ {
        let t = self.target;
        let state = |scores: [u32; 2], seat: usize, turn_total: u32| State {
            scores,
            turn_total,
            seat,
            rolling: false,
        };
        (0..t).rev().flat_map(move |a| {
            (0..t).rev().flat_map(move |b| {
                let first = (0..t - a).rev().map(move |turn| state([a, b], 0, turn));
                let second = (0..t - b).rev().map(move |turn| state([a, b], 1, turn));
                first.chain(second)
            })
        })
    }
}
