//! Keep the last: turns of "roll a die up to `rolls` times, keep the last
//! roll", scored by the sum of the turns.

use tabula_core::{BoardGame, Chance, GameResult, Results, Status};

/// `turns` turns; in each, roll a die up to `rolls` times and keep the
/// last roll (after each roll but the last, stop or roll again: a move is
/// whether to roll again). The score is the sum of the kept rolls, capped
/// at 40. With `back`, the last turn leads back to the first (the turns
/// form a cycle, for the staged solver's cycle check), and the game never
/// ends.
///
/// One turn of up to `n` rolls is worth `v(n)` under optimal play, where
/// `v(1) = 7/2` and `v(n+1) = E[max(X, v(n))]`: 7/2, 17/4, 14/3, 89/18,
/// 277/54.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeepLast {
    /// How many turns.
    pub turns: u8,
    /// The most rolls in a turn.
    pub rolls: u8,
    /// Whether the last turn leads back to the first.
    pub back: bool,
}

impl KeepLast {
    /// One turn of up to `rolls` rolls.
    pub fn one_turn(rolls: u8) -> KeepLast {
        KeepLast {
            turns: 1,
            rolls,
            back: false,
        }
    }
}

/// Where a game of [`KeepLast`] stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The turn, from 0; `turns` when the game is over.
    pub turn: u8,
    /// The kept rolls of the turns before, summed (at most 40).
    pub total: u32,
    /// Rolls made this turn.
    pub rolls: u8,
    /// The last roll this turn, or 0 while the die is due.
    pub face: u8,
}

impl BoardGame for KeepLast {
    type State = State;
    type Move = bool; // roll again?
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> State {
        State {
            turn: 0,
            total: 0,
            rolls: 0,
            face: 0,
        }
    }
    fn status(&self, s: &State) -> Status {
        if s.turn == self.turns {
            Status::Over(GameResult::Win(0))
        } else if s.face == 0 {
            Status::Chance
        } else {
            Status::Decision(0)
        }
    }
    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u8>>) {
        out.extend((1..=6).map(|f| Chance {
            outcome: f,
            probability: 1.0 / 6.0,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut State, f: u8, _: &mut E) {
        s.face = f;
        s.rolls += 1;
        if s.rolls == self.rolls {
            self.apply_move(s, false, &mut |_| {})
        }
    }
    fn legal_moves(&self, _: &State, out: &mut Vec<bool>) {
        out.extend([false, true])
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut State, again: bool, _: &mut E) {
        if again {
            s.face = 0
        } else {
            let mut turn = s.turn + 1;
            if self.back && turn == self.turns {
                turn = 0;
            }
            *s = State {
                turn,
                total: (s.total + u32::from(s.face)).min(40),
                rolls: 0,
                face: 0,
            };
        }
    }
    fn results(&self, s: &State) -> Option<Results> {
        (s.turn == self.turns).then(|| Results::from_scores(vec![f64::from(s.total)]))
    }
}
