//! The two-sided bear-off: both sides bearing off, every checker home,
//! the first to finish wins. A two-seat game on the same move generator,
//! numbered ([`Dense`]) so that the exact engine's [`DenseOptimal`]
//! solves it under [`WinZeroSum`]: the exact chance that the side to roll
//! wins, and the best turn, for every pair of positions of up to
//! `checkers` checkers each.
//!
//! Time: the solver never generates a turn. [`Race::new`] builds a
//! table once, with the move generator, of the positions each position's
//! turns reach with each roll (12,376 positions × 21 rolls for 11
//! checkers, 6.3 positions a roll on average, a quarter of a second), and
//! the race writes each state's successors from it
//! ([`Dense::successors`]): for each roll, the mover's best of the states
//! those positions lead to. Every turn lowers the mover's pip count and
//! the numbering puts every successor first, so the solver settles each
//! state in one pass over its successors' values. Eleven checkers a side
//! (306 million states) took 204 s of CPU (0.67 µs a state; 9 min 36 s
//! on the project's two cores while other builds ran) and 2.29 GiB peak
//! resident memory; six (1.7 million states) 0.85 s, where generating
//! every state's turns took 30.8 s. [`Race::generating`] is the race
//! without the table, for checking it: the same values to the bit.
//! Measured with
//! `cargo run --release -p tabula-backgammon --example race_solve -- 11`.
//!
//! Memory: [`DenseOptimal`] keeps a value (8 bytes) per numbered state
//! (and no best move: the numbered states are the rolls, the best turn is
//! worked out from the values when asked), and the race numbers every
//! pair of positions with either side to roll: 16 n² bytes for n
//! positions a side. In 4 GiB that is n ≤ 16,384: up to 11 checkers a
//! side (12,376 positions, 2.28 GiB); 12 (18,564) would take 5.1 GiB.
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
use tabula_exact::dense::Successors;
use tabula_exact::{Dense, DenseOptimal, ExactError, Limits, WinZeroSum};

use crate::bearoff::{BearOff, Home};
use crate::board::{Position, Turn, legal_turns};
use crate::game::{Roll, rolls};

/// The race of up to `checkers` checkers a side.
#[derive(Clone, Debug)]
pub struct Race {
    side: BearOff,
    /// Where each position's turns lead, per roll; `None`: the solver
    /// generates the turns.
    table: Option<Table>,
}

/// For each position (by index) and roll (in [`rolls`] order), the
/// positions its turns reach, by index, lowest first:
/// `reach[ends[k]..ends[k + 1]]` for `k = 21 × position + roll`.
#[derive(Clone, Debug)]
struct Table {
    ends: Vec<u32>,
    reach: Vec<u32>,
    probabilities: Vec<f64>,
}

impl Table {
    /// Every turn of every roll from every position, generated once.
    fn new(side: &BearOff) -> Table {
        let probabilities: Vec<f64> = rolls().map(|(_, p)| p).collect();
        let mut ends = vec![0];
        let mut reach = Vec::new();
        let mut turns = Vec::new();
        let mut found = Vec::new();
        for home in side.positions() {
            for (Roll(a, b), _) in rolls() {
                turns.clear();
                found.clear();
                if home.count() > 0 {
                    legal_turns(&home.position(), 0, [a.max(b), a.min(b)], &mut turns);
                }
                for t in &turns {
                    let mut p = home.position();
                    p.play(0, t);
                    // A bear-off turn stays home, with no more checkers.
                    if let Some(i) = Home::of(&p, 0).and_then(|h| side.position_index(&h)) {
                        found.push(i as u32);
                    }
                }
                found.sort_unstable();
                found.dedup();
                reach.extend_from_slice(&found);
                ends.push(reach.len() as u32);
            }
        }
        Table {
            ends,
            reach,
            probabilities,
        }
    }

    /// The positions reached from position `from` with roll `roll`.
    fn reach(&self, from: usize, roll: usize) -> &[u32] {
        let k = from * self.probabilities.len() + roll;
        &self.reach[self.ends[k] as usize..self.ends[k + 1] as usize]
    }
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
    /// The race of up to `checkers` checkers a side (at most 15), with
    /// a table of where every position's turns lead for each roll, so
    /// that the solver looks successors up
    /// ([`Dense::successors`]) instead of generating turns.
    pub fn new(checkers: u8) -> Race {
        let side = BearOff::new(checkers);
        let table = Some(Table::new(&side));
        Race { side, table }
    }

    /// The same race without the table: the solver generates every
    /// state's turns through [`BoardGame::legal_moves`] (about a hundred
    /// times slower); the same values, for checking the table.
    pub fn generating(checkers: u8) -> Race {
        Race {
            side: BearOff::new(checkers),
            table: None,
        }
    }

    /// Positions a side.
    pub fn positions(&self) -> usize {
        self.side.positions().len()
    }

    /// Solves every pair, in memory of 16 bytes a pair (8 a state), on
    /// one thread.
    pub fn solve(self) -> Result<RaceDb, ExactError> {
        self.solve_threads(1)
    }

    /// [`solve`](Self::solve) on `threads` threads (0: every core), by
    /// [`DenseOptimal::solve_parallel`]: the same values whatever the
    /// number. On the project's two cores shared with other builds, two
    /// threads were no faster (8 checkers a side: 46 s against 35 s of
    /// wall time, 12.2 s against 11.5 s of CPU), so one is the default.
    pub fn solve_threads(self, threads: usize) -> Result<RaceDb, ExactError> {
        let limits = Limits {
            max_states: usize::MAX,
            max_time: None,
            ..Limits::default()
        };
        let optimal = DenseOptimal::solve_parallel(&self, &WinZeroSum, &limits, threads)?;
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

    /// By seat 0's position (fewest pips first), then the seat to roll,
    /// then seat 1's position: `(2a + seat) n + b`. A turn of seat 0
    /// lowers `a`, one of seat 1 lowers `b` (after seat 0's states of
    /// the same `a`), so every successor comes earlier; and the states
    /// seat 0's turns lead to, `(2a' + 1) n + b`, are read in runs as `b`
    /// goes up.
    fn index(&self, s: &RaceState) -> Option<usize> {
        if s.dice[0] != 0 || s.seat > 1 {
            return None;
        }
        let a = self.side.position_index(&s.homes[0])?;
        let b = self.side.position_index(&s.homes[1])?;
        Some((2 * a + usize::from(s.seat)) * self.positions() + b)
    }

    /// From the table, if there is one: for each roll, the mover's best
    /// of the positions its turns reach (an empty one wins at once).
    fn successors(&self, index: usize, _: &RaceState, out: &mut Successors<RaceState>) -> bool {
        let Some(table) = &self.table else {
            return false;
        };
        let n = self.positions();
        let (row, b) = (index / n, index % n);
        let (a, seat) = (row / 2, row % 2);
        let mine = if seat == 0 { a } else { b };
        // Position 0 is the empty one: a finished race is left to the
        // solver.
        if a == 0 || b == 0 || a >= n {
            return false;
        }
        for (roll, &p) in table.probabilities.iter().enumerate() {
            out.outcome(p, Some(seat));
            for &t in table.reach(mine, roll) {
                let t = t as usize;
                if t == 0 {
                    let mut over = RaceState {
                        homes: [self.side.positions()[a], self.side.positions()[b]],
                        seat: 1 - seat as u8,
                        dice: [0, 0],
                    };
                    over.homes[seat] = Home([0; 6]);
                    out.end_in(over);
                } else if seat == 0 {
                    out.to((2 * t + 1) * n + b);
                } else {
                    out.to(2 * a * n + t);
                }
            }
        }
        true
    }

    fn states(&self) -> impl Iterator<Item = RaceState> + '_ {
        let all = self.side.positions();
        all.iter().flat_map(move |&a| {
            (0..2).flat_map(move |seat| {
                all.iter().map(move |&b| RaceState {
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

    /// The engine's solve: every state's value, by index.
    pub fn optimal(&self) -> &DenseOptimal<Race> {
        &self.optimal
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
