//! The one-sided bear-off: one side alone, every checker in its home
//! board, bearing off in as few rolls as it can. A one-seat game on the
//! same move generator, numbered ([`Dense`]) so that the exact engine's
//! [`Fewest`] solves it: for every position of up to 15 checkers on the
//! six home points (54,264 of them, the empty one included) the play
//! that minimises the expected number of rolls, that expectation, and the
//! distribution of the number of rolls.
//!
//! ```
//! use tabula_backgammon::bearoff::{BearOff, Home};
//!
//! let db = BearOff::new(2).solve()?;
//! // One checker on the 1 point: one roll, whatever it is.
//! assert_eq!(db.expected(&Home([1, 0, 0, 0, 0, 0])), Some(1.0));
//! // Two on the 1 point: every roll takes both.
//! assert_eq!(db.expected(&Home([2, 0, 0, 0, 0, 0])), Some(1.0));
//! // Two on the 6 point: only a double of 3 or more (4 in 36) takes both
//! // in one roll.
//! let e = db.expected(&Home([0, 0, 0, 0, 0, 2])).unwrap();
//! assert!(e > 2.0 - 4.0 / 36.0);
//! # Ok::<_, tabula_exact::ExactError>(())
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_exact::{Dense, ExactError, Fewest};

use crate::board::{CHECKERS, OFF, Position, Turn, legal_turns};
use crate::game::{Roll, rolls};

/// Checkers on the six home points, the 1 point first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Home(pub [u8; 6]);

impl Home {
    /// Checkers left.
    pub fn count(&self) -> u8 {
        self.0.iter().sum()
    }

    /// Pips left.
    pub fn pips(&self) -> u32 {
        self.0
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
            .sum()
    }

    /// The side's checkers as a board position (the rest borne off; the
    /// other side's all borne off, out of the way).
    pub fn position(&self) -> Position {
        let mut me = [0u8; 26];
        me[1..=6].copy_from_slice(&self.0);
        me[OFF] = CHECKERS - self.count();
        let mut opp = [0u8; 26];
        opp[OFF] = CHECKERS;
        Position {
            checkers: [me, opp],
        }
    }

    /// The home board of seat `seat` in `position`, if every checker of
    /// it is home or off.
    pub fn of(position: &Position, seat: usize) -> Option<Home> {
        let side = &position.checkers[seat];
        side[7..].iter().all(|&c| c == 0).then(|| {
            let mut h = [0u8; 6];
            h.copy_from_slice(&side[1..=6]);
            Home(h)
        })
    }

    fn key(&self) -> u32 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |k, (i, &c)| k | (u32::from(c) << (4 * i)))
    }
}

/// Hashes a position's key by one multiplication, its high half folded
/// into the low (the index is asked for at every state a solver reads).
#[derive(Clone, Copy, Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(u32::from(b) ^ (self.0 as u32).rotate_left(8));
        }
    }

    fn write_u32(&mut self, n: u32) {
        let x = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x ^ (x >> 32);
    }
}

/// The bear-off of up to `checkers` checkers: a one-seat game whose
/// state is the home board and the dice.
#[derive(Clone, Debug)]
pub struct BearOff {
    positions: Vec<Home>,
    index: HashMap<u32, u32, BuildHasherDefault<KeyHasher>>,
}

/// A bear-off state: the checkers, and the dice to play (`[0, 0]` to
/// roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BearState {
    /// The checkers.
    pub home: Home,
    /// The dice to play, larger first, or `[0, 0]`.
    pub dice: [u8; 2],
}

/// Every home board of at most `max` checkers, fewest pips first.
pub fn homes(max: u8) -> Vec<Home> {
    let mut all = Vec::new();
    let mut h = [0u8; 6];
    fn fill(i: usize, left: u8, h: &mut [u8; 6], all: &mut Vec<Home>) {
        if i == 6 {
            all.push(Home(*h));
            return;
        }
        for c in 0..=left {
            h[i] = c;
            fill(i + 1, left - c, h, all);
        }
        h[i] = 0;
    }
    fill(0, max, &mut h, &mut all);
    all.sort_by_key(|h| (h.pips(), *h));
    all
}

impl BearOff {
    /// The bear-off of up to `checkers` checkers (at most 15).
    pub fn new(checkers: u8) -> BearOff {
        let positions = homes(checkers.min(CHECKERS));
        let index = positions
            .iter()
            .enumerate()
            .map(|(i, h)| (h.key(), i as u32))
            .collect();
        BearOff { positions, index }
    }

    /// Its positions, fewest pips first (the empty one first).
    pub fn positions(&self) -> &[Home] {
        &self.positions
    }

    /// The index of a position, if it has few enough checkers.
    pub fn position_index(&self, home: &Home) -> Option<usize> {
        self.index.get(&home.key()).map(|&i| i as usize)
    }

    /// Solves every position: [`Fewest`] over the numbering.
    pub fn solve(self) -> Result<BearOffDb, ExactError> {
        let fewest = Fewest::solve(&self, true)?;
        Ok(BearOffDb { game: self, fewest })
    }
}

impl BoardGame for BearOff {
    type State = BearState;
    type Move = Turn;
    type Outcome = Roll;
    type Event = ();

    fn seats(&self) -> usize {
        1
    }

    fn initial_state(&self) -> BearState {
        BearState {
            home: self.positions.last().copied().unwrap_or(Home([0; 6])),
            dice: [0, 0],
        }
    }

    fn status(&self, s: &BearState) -> Status {
        if s.home.count() == 0 {
            Status::Over(GameResult::Win(0))
        } else if s.dice[0] == 0 {
            Status::Chance
        } else {
            Status::Decision(0)
        }
    }

    fn chance_outcomes(&self, _: &BearState, out: &mut Vec<Chance<Roll>>) {
        out.extend(rolls().map(|(outcome, probability)| Chance {
            outcome,
            probability,
        }));
    }

    fn apply_chance<E: FnMut(())>(&self, s: &mut BearState, Roll(a, b): Roll, _: &mut E) {
        s.dice = [a.max(b), a.min(b)];
    }

    fn legal_moves(&self, s: &BearState, out: &mut Vec<Turn>) {
        legal_turns(&s.home.position(), 0, s.dice, out);
    }

    fn apply_move<E: FnMut(())>(&self, s: &mut BearState, turn: Turn, _: &mut E) {
        let mut p = s.home.position();
        p.play(0, &turn);
        if let Some(h) = Home::of(&p, 0) {
            s.home = h;
        }
        s.dice = [0, 0];
    }
}

impl Dense for BearOff {
    fn state_count(&self) -> usize {
        self.positions.len()
    }

    fn index(&self, s: &BearState) -> Option<usize> {
        if s.dice[0] != 0 {
            return None;
        }
        self.position_index(&s.home)
    }

    fn states(&self) -> impl Iterator<Item = BearState> + '_ {
        self.positions
            .iter()
            .map(|&home| BearState { home, dice: [0, 0] })
    }
}

/// The solved one-sided bear-off database.
pub struct BearOffDb {
    game: BearOff,
    fewest: Fewest<BearOff>,
}

impl BearOffDb {
    /// The game it solved.
    pub fn game(&self) -> &BearOff {
        &self.game
    }

    /// The expected number of rolls to bear off `home` with the best play.
    pub fn expected(&self, home: &Home) -> Option<f64> {
        let i = self.game.position_index(home)?;
        self.fewest.expected.get(i).copied()
    }

    /// The distribution of the number of rolls (`[n]`: exactly `n`).
    pub fn distribution(&self, home: &Home) -> Option<&[f64]> {
        self.fewest.distribution(self.game.position_index(home)?)
    }

    /// The turn that leaves the fewest expected rolls with `dice`
    /// (larger first), if `home` is in the database.
    pub fn best_turn(&self, home: &Home, dice: [u8; 2]) -> Option<Turn> {
        self.game.position_index(home)?;
        let state = BearState { home: *home, dice };
        let k = self.fewest.best_move(&self.game, &state)?;
        let mut moves = Vec::new();
        self.game.legal_moves(&state, &mut moves);
        moves.get(k).copied()
    }
}
