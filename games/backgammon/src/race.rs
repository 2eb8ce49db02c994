//! The two-sided bear-off: both sides bearing off, every checker home,
//! the first to finish wins. A two-seat game on the same move generator,
//! numbered ([`Dense`]) so that the exact engine's [`DenseOptimal`]
//! solves it under [`WinZeroSum`]: the exact chance that the side to roll
//! wins, and the best turn, for every pair of positions of up to
//! `checkers` checkers each.
//!
//! Memory: [`DenseOptimal`] keeps a value (8 bytes) and a best move (1
//! byte) per numbered state, and the race numbers every pair of positions
//! with either side to roll: 18 n² bytes for n positions a side. In 4 GiB
//! that is n ≤ 15,447: up to 11 checkers a side (12,376 positions, 2.6
//! GiB); 12 (18,564) would take 5.8 GiB.
//!
//! ```
//! use tabula_backgammon::bearoff::Home;
//! use tabula_backgammon::race::Race;
//!
//! let db = Race::new(2).solve()?;
//! // A last checker on the 1 point: the side to roll wins at once.
//! let p = db.win(&Home([1, 0, 0, 0, 0, 0]), &Home([0, 0, 0, 0, 0, 1])).unwrap();
//! assert!((p - 1.0).abs() < 1e-12);
//! // On the 6 point, against one on the 1 point: it needs 6 pips or a
//! // double, 27 rolls in 36.
//! let p = db.win(&Home([0, 0, 0, 0, 0, 1]), &Home([1, 0, 0, 0, 0, 0])).unwrap();
//! assert!((p - 27.0 / 36.0).abs() < 1e-12);
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```

use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_exact::{Dense, DenseOptimal, ExactError, Limits, WinZeroSum};

use crate::bearoff::{BearOff, Home};
use crate::board::{Position, Turn, legal_turns};
use crate::game::{Roll, rolls};

/// The race of up to `checkers` checkers a side.
#[derive(Clone, Debug)]
pub struct Race {
    side: BearOff,
}

/// A race state: each seat's checkers, the seat to move, the dice to
/// play (`[0, 0]` to roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaceState {
    /// Each seat's checkers.
    pub homes: [Home; 2],
    /// The seat to roll or play.
    pub seat: u8,
    /// The dice to play, larger first, or `[0, 0]`.
    pub dice: [u8; 2],
}

impl RaceState {
    fn position(&self) -> Position {
        let mut p = self.homes[0].position();
        p.checkers[1] = self.homes[1].position().checkers[0];
        p
    }
}

impl Race {
    /// The race of up to `checkers` checkers a side (at most 15).
    pub fn new(checkers: u8) -> Race {
        Race {
            side: BearOff::new(checkers),
        }
    }

    /// Positions a side.
    pub fn positions(&self) -> usize {
        self.side.positions().len()
    }

    /// Solves every pair, in memory of about 18 bytes a pair.
    pub fn solve(self) -> Result<RaceDb, ExactError> {
        let limits = Limits {
            max_states: usize::MAX,
            max_time: None,
            ..Limits::default()
        };
        let optimal = DenseOptimal::solve(&self, &WinZeroSum, &limits)?;
        Ok(RaceDb {
            game: self,
            optimal,
        })
    }
}

impl BoardGame for Race {
    type State = RaceState;
    type Move = Turn;
    type Outcome = Roll;
    type Event = ();

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> RaceState {
        let full = self
            .side
            .positions()
            .last()
            .copied()
            .unwrap_or(Home([0; 6]));
        RaceState {
            homes: [full, full],
            seat: 0,
            dice: [0, 0],
        }
    }

    fn status(&self, s: &RaceState) -> Status {
        if let Some(w) = (0..2).find(|&w| s.homes[w].count() == 0) {
            Status::Over(GameResult::Win(w))
        } else if s.dice[0] == 0 {
            Status::Chance
        } else {
            Status::Decision(usize::from(s.seat))
        }
    }

    fn chance_outcomes(&self, _: &RaceState, out: &mut Vec<Chance<Roll>>) {
        out.extend(rolls().map(|(outcome, probability)| Chance {
            outcome,
            probability,
        }));
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut RaceState, Roll(a, b): Roll, _: &mut E) {
        s.dice = [a.max(b), a.min(b)];
    }

    fn legal_moves(&self, s: &RaceState, out: &mut Vec<Turn>) {
        legal_turns(&s.position(), usize::from(s.seat), s.dice, out);
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut RaceState, turn: Turn, _: &mut E) {
        let seat = usize::from(s.seat);
        let mut p = s.homes[seat].position();
        p.play(0, &turn);
        if let Some(h) = Home::of(&p, 0) {
            s.homes[seat] = h;
        }
        s.dice = [0, 0];
        s.seat = 1 - s.seat;
    }
}

impl Dense for Race {
    fn state_count(&self) -> usize {
        2 * self.positions() * self.positions()
    }

    /// Pairs row by row, fewest pips first in each side: a turn lowers
    /// one side's index, so every successor comes earlier.
    fn index(&self, s: &RaceState) -> Option<usize> {
        if s.dice[0] != 0 {
            return None;
        }
        let a = self.side.position_index(&s.homes[0])?;
        let b = self.side.position_index(&s.homes[1])?;
        Some((a * self.positions() + b) * 2 + usize::from(s.seat))
    }

    fn states(&self) -> impl Iterator<Item = RaceState> + '_ {
        let all = self.side.positions();
        all.iter().flat_map(move |&a| {
            all.iter().flat_map(move |&b| {
                (0..2).map(move |seat| RaceState {
                    homes: [a, b],
                    seat,
                    dice: [0, 0],
                })
            })
        })
    }
}

/// The solved two-sided bear-off.
pub struct RaceDb {
    game: Race,
    optimal: DenseOptimal<Race>,
}

impl RaceDb {
    /// The game it solved.
    pub fn game(&self) -> &Race {
        &self.game
    }

    /// Bytes the solve keeps.
    pub fn memory(&self) -> usize {
        self.optimal.memory()
    }

    /// The chance that the side to roll with `mine` wins the race against
    /// `theirs`, both playing their best.
    pub fn win(&self, mine: &Home, theirs: &Home) -> Option<f64> {
        if mine.count() == 0 {
            return Some(1.0);
        }
        if theirs.count() == 0 {
            return Some(0.0);
        }
        let s = RaceState {
            homes: [*mine, *theirs],
            seat: 0,
            dice: [0, 0],
        };
        self.optimal.value_of(&self.game, &s)
    }

    /// The turn with `dice` that leaves the side to play `mine` the best
    /// chance against `theirs`, and that chance.
    pub fn best_turn(&self, mine: &Home, theirs: &Home, dice: [u8; 2]) -> Option<(Turn, f64)> {
        let s = RaceState {
            homes: [*mine, *theirs],
            seat: 0,
            dice: [dice[0].max(dice[1]), dice[0].min(dice[1])],
        };
        let mut moves = Vec::new();
        self.game.legal_moves(&s, &mut moves);
        let mut best: Option<(Turn, f64)> = None;
        for t in moves {
            let mut p = mine.position();
            p.play(0, &t);
            let after = Home::of(&p, 0)?;
            // The other side rolls next: my chance is one less theirs.
            let chance = 1.0 - self.win(theirs, &after)?;
            if best.is_none_or(|(_, b)| chance > b + 1e-12) {
                best = Some((t, chance));
            }
        }
        best
    }
}
