//! The position and the move generator: every whole turn a roll allows,
//! one per position it leads to.
//!
//! Each side counts the points from its own side: its home board is
//! points 1 to 6, it starts with two checkers on its 24 point, and it
//! moves down toward 0. Index 0 of a side's array holds its checkers
//! borne off, 1 to 24 its points, 25 ([`BAR`]) its checkers on the bar.
//! The opponent's checkers on my point `p` are on its point `25 - p`.
//!
//! ```
//! use tabula_backgammon::board::{Position, legal_turns};
//!
//! let mut turns = Vec::new();
//! // The opening 3-1: every whole turn, one per position it leads to.
//! legal_turns(&Position::start(), 0, [3, 1], &mut turns);
//! assert_eq!(turns.len(), 16);
//! ```

use std::cell::RefCell;

/// Index of a side's checkers on the bar.
pub const BAR: usize = 25;
/// Index of a side's checkers borne off.
pub const OFF: usize = 0;
/// Checkers a side has.
pub const CHECKERS: u8 = 15;

/// Why counts make no position: what is wrong with them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadPosition(pub String);

/// Where every checker is: each side's counts in its own numbering
/// (0 borne off, 1 to 24 the points, 25 the bar).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Each seat's checkers, in its own numbering.
    pub checkers: [[u8; 26]; 2],
}

/// One checker moved by one die: from a point (or [`BAR`]) to a lower
/// point, or off (0).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Hop {
    /// The point it leaves, in the mover's numbering (25: the bar).
    pub from: u8,
    /// The point it reaches (0: borne off).
    pub to: u8,
}

/// A whole turn: the die moves in the order played (none: the roll
/// cannot be used, a pass). Read from a record, it is checked: at most
/// four hops, each from a point (or the bar) to a lower one.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "Written")]
pub struct Turn {
    /// The hops; only the first `len` count (records call them `steps`).
    #[serde(rename = "steps")]
    pub hops: [Hop; 4],
    /// How many dice the turn uses (0 to 4).
    pub len: u8,
}

/// A turn as a record writes it, checked into a [`Turn`].
#[derive(serde::Deserialize)]
struct Written {
    steps: [Hop; 4],
    len: u8,
}

impl TryFrom<Written> for Turn {
    type Error = String;

    fn try_from(w: Written) -> Result<Turn, String> {
        if w.len > 4 {
            return Err(format!(
                "a turn plays 0 to 4 steps (its len), not {}",
                w.len
            ));
        }
        if let Some(h) = w.steps[..usize::from(w.len)]
            .iter()
            .find(|h| usize::from(h.from) > BAR || h.from == 0 || h.to >= h.from)
        {
            return Err(format!(
                "a step goes from a point (1 to 24, or 25 for the bar) to a lower one (0: borne off), not from {} to {}",
                h.from, h.to
            ));
        }
        Ok(Turn {
            hops: w.steps,
            len: w.len,
        })
    }
}

impl Turn {
    /// The hops played (never more than four, whatever `len` says).
    pub fn hops(&self) -> &[Hop] {
        &self.hops[..usize::from(self.len).min(4)]
    }

    /// The pass: no die can be used.
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }
}

impl Position {
    /// The standard starting position: for each side two checkers on its
    /// 24 point, five on its 13, three on its 8 and five on its 6.
    pub fn start() -> Position {
        let mut side = [0u8; 26];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        Position {
            checkers: [side, side],
        }
    }

    /// A position from each side's counts, checked: 15 checkers a side,
    /// no point held by both.
    pub fn new(checkers: [[u8; 26]; 2]) -> Result<Position, BadPosition> {
        for (seat, side) in checkers.iter().enumerate() {
            let total: u32 = side.iter().map(|&c| u32::from(c)).sum();
            if total != u32::from(CHECKERS) {
                return Err(BadPosition(format!(
                    "seat {} has {total} checkers, not {CHECKERS}",
                    seat + 1
                )));
            }
        }
        for p in 1..=24 {
            if checkers[0][p] > 0 && checkers[1][25 - p] > 0 {
                return Err(BadPosition(format!(
                    "seat 1's point {p} (seat 2's {}) holds checkers of both seats",
                    25 - p
                )));
            }
        }
        Ok(Position { checkers })
    }

    /// The seat's pip count: what its dice must still total to bear off
    /// (the bar counts 25).
    pub fn pips(&self, seat: usize) -> u32 {
        self.checkers[seat]
            .iter()
            .enumerate()
            .map(|(p, &c)| p as u32 * u32::from(c))
            .sum()
    }

    /// Whether the two sides can still hit each other: some checker of
    /// one side has a checker of the other ahead of it.
    pub fn contact(&self) -> bool {
        // My rearmost checker against the opponent's rearmost, in my
        // numbering: past each other means a race.
        let mine = (1..=25).rev().find(|&p| self.checkers[0][p] > 0);
        let theirs = (1..=25).rev().find(|&p| self.checkers[1][p] > 0);
        match (mine, theirs) {
            (Some(m), Some(t)) => m + t > 25,
            _ => false,
        }
    }

    /// Plays `turn` for `seat`: moves its checkers, and sends a lone
    /// opposing checker it lands on to the bar.
    pub fn play(&mut self, seat: usize, turn: &Turn) {
        for s in turn.hops() {
            self.hop(seat, *s);
        }
    }

    /// Plays one hop for `seat`.
    pub fn hop(&mut self, seat: usize, s: Hop) {
        let (from, to) = (usize::from(s.from), usize::from(s.to));
        self.checkers[seat][from] -= 1;
        self.checkers[seat][to] += 1;
        if to != OFF {
            let opp = &mut self.checkers[1 - seat];
            if opp[25 - to] == 1 {
                opp[25 - to] = 0;
                opp[BAR] += 1;
            }
        }
    }

    /// The seat that has borne off all its checkers, if any.
    pub fn winner(&self) -> Option<usize> {
        (0..2).find(|&s| self.checkers[s][OFF] == CHECKERS)
    }

    /// What the loser of a finished game loses: 1 for a plain loss, 2 for
    /// a gammon (no checker borne off), 3 for a backgammon (a gammon with
    /// a checker on the bar or in the winner's home board).
    pub fn loss_multiple(&self, loser: usize) -> u8 {
        let side = &self.checkers[loser];
        if side[OFF] > 0 {
            1
        } else if side[19..=25].iter().any(|&c| c > 0) {
            3
        } else {
            2
        }
    }
}

/// The positions the turns found so far lead to: an open-addressing set
/// of their keys, emptied by a new stamp rather than cleared, kept by the
/// thread between calls so generation allocates nothing once warm. It
/// doubles when half full, so any number of turns fits.
struct Found {
    slots: Vec<(u32, u128)>,
    stamp: u32,
    len: usize,
}

/// Slots of the set to begin with (it grows to twice the most turns a
/// roll has had on the thread, and stays).
const SLOTS: usize = 256;

impl Found {
    /// Starts a new set.
    fn clear(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); SLOTS];
        }
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
    }

    #[inline]
    fn slot(key: u128, mask: usize) -> usize {
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 40) as usize & mask
    }

    /// Adds `key`; whether it was new.
    #[inline]
    fn insert(&mut self, key: u128) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = Found::slot(key, mask);
        loop {
            let slot = &mut self.slots[i];
            if slot.0 != self.stamp {
                *slot = (self.stamp, key);
                self.len += 1;
                return true;
            }
            if slot.1 == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots, the keys of this set moved over.
    #[cold]
    fn grow(&mut self) {
        let size = 2 * self.slots.len().max(SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        let stamp = self.stamp;
        self.stamp = 1;
        self.len = 0;
        for (s, key) in old {
            if s == stamp {
                self.insert(key);
            }
        }
    }
}

thread_local! {
    static FOUND: RefCell<Found> = const { RefCell::new(Found { slots: Vec::new(), stamp: 0, len: 0 }) };
}

/// The generator's working state: the mover's and the opponent's
/// checkers, in the mover's numbering for `me` and the opponent's own
/// for `opp`.
struct Gen<'a> {
    me: [u8; 26],
    opp: [u8; 26],
    /// Checkers of the mover outside its home board (points 7 to 25).
    outside: u8,
    /// Bit p set when the mover has a checker on p.
    occupied: u32,
    /// The position's key: the mover's counts in 4-bit nibbles, and a
    /// bit for each opposing point hit this turn (which fixes the
    /// opponent's side).
    key: u128,
    hops: [Hop; 4],
    best: u8,
    /// Whether the best length found used the larger die alone.
    out: &'a mut Vec<Turn>,
    found: &'a mut Found,
}

impl Gen<'_> {
    /// Whether a checker of the mover may move from `p` with die `d`.
    #[inline]
    fn can(&self, p: usize, d: usize) -> bool {
        if p > d {
            self.opp[25 - (p - d)] <= 1
        } else if self.outside > 0 {
            false
        } else {
            // Bearing off: exactly, or with a higher die from the highest
            // occupied point.
            p == d || self.me[p + 1..=6].iter().all(|&c| c == 0)
        }
    }

    /// Plays the hop; returns whether it hit.
    #[inline]
    fn apply(&mut self, p: usize, d: usize) -> bool {
        let to = p.saturating_sub(d);
        self.me[p] -= 1;
        self.me[to] += 1;
        if self.me[p] == 0 {
            self.occupied &= !(1 << p);
        }
        self.occupied |= 1 << to;
        self.key -= 1u128 << (4 * p);
        self.key += 1u128 << (4 * to);
        if p > 6 && to <= 6 {
            self.outside -= 1;
        }
        if to != 0 && self.opp[25 - to] == 1 {
            self.opp[25 - to] = 0;
            self.opp[BAR] += 1;
            self.key |= 1u128 << (104 + to - 1);
            true
        } else {
            false
        }
    }

    #[inline]
    fn undo(&mut self, p: usize, d: usize, hit: bool) {
        let to = p.saturating_sub(d);
        if hit {
            self.opp[25 - to] = 1;
            self.opp[BAR] -= 1;
            self.key &= !(1u128 << (104 + to - 1));
        }
        if p > 6 && to <= 6 {
            self.outside += 1;
        }
        self.key += 1u128 << (4 * p);
        self.key -= 1u128 << (4 * to);
        self.me[p] += 1;
        self.me[to] -= 1;
        self.occupied |= 1 << p;
        if self.me[to] == 0 {
            self.occupied &= !(1 << to);
        }
    }

    /// The points a checker may leave, at most `top`, as bits: the bar
    /// alone while it holds a checker (never the off tray, bit 0).
    #[inline]
    fn movable(&self, top: usize) -> u32 {
        if self.me[BAR] > 0 {
            1 << BAR
        } else {
            self.occupied & ((2u32 << top) - 2)
        }
    }

    /// A turn of `len` hops ends here.
    fn leaf(&mut self, len: u8) {
        if len < self.best {
            return;
        }
        if len > self.best {
            self.best = len;
            self.out.clear();
            self.found.clear();
        }
        if !self.found.insert(self.key) {
            return;
        }
        self.out.push(Turn {
            hops: self.hops,
            len,
        });
    }

    /// Plays `dice[depth..]` in order, every way.
    fn mixed(&mut self, dice: [usize; 2], depth: usize) {
        if depth == 2 {
            return self.leaf(2);
        }
        let d = dice[depth];
        let mut any = false;
        let mut points = self.movable(BAR);
        while points != 0 {
            let p = 31 - points.leading_zeros() as usize;
            points &= !(1 << p);
            if self.can(p, d) {
                any = true;
                let hit = self.apply(p, d);
                self.hops[depth] = Hop {
                    from: p as u8,
                    to: p.saturating_sub(d) as u8,
                };
                self.mixed(dice, depth + 1);
                self.undo(p, d, hit);
            }
        }
        if !any {
            self.leaf(depth as u8);
        }
    }

    /// Plays up to four of die `d`, each hop from a point no higher
    /// than the last one's (every final position is reached that way).
    fn doubles(&mut self, d: usize, depth: usize, top: usize) {
        if depth == 4 {
            return self.leaf(4);
        }
        let mut any = false;
        let mut points = self.movable(top);
        while points != 0 {
            let p = 31 - points.leading_zeros() as usize;
            points &= !(1 << p);
            if self.can(p, d) {
                any = true;
                let hit = self.apply(p, d);
                self.hops[depth] = Hop {
                    from: p as u8,
                    to: p.saturating_sub(d) as u8,
                };
                self.doubles(d, depth + 1, p);
                self.undo(p, d, hit);
            }
        }
        if !any {
            self.leaf(depth as u8);
        }
    }
}

/// The legal turn among `legal` (every legal turn of `seat` with `dice` in
/// `position`, as [`legal_turns`] lists them) that `turn` makes when its
/// hops are played in some order, each a legal move of one die: the one
/// leading to the same position. A record written by hand or by another
/// program may list a turn's hops in any order; this finds the turn it
/// means.
pub fn same_turn(
    position: &Position,
    seat: usize,
    dice: [u8; 2],
    turn: &Turn,
    legal: &[Turn],
) -> Option<Turn> {
    if legal.first().map(|t| t.len) != Some(turn.len) {
        return None;
    }
    let dice: Vec<u8> = if dice[0] == dice[1] {
        vec![dice[0]; 4]
    } else {
        dice.to_vec()
    };
    let end = in_some_order(*position, seat, turn.hops(), &dice)?;
    legal
        .iter()
        .find(|t| {
            let mut p = *position;
            p.play(seat, t);
            p == end
        })
        .copied()
}

/// Where `hops` lead when played in some order, each with one of `dice`
/// as the rules allow it at its turn, or `None` if no order plays them
/// all.
fn in_some_order(position: Position, seat: usize, hops: &[Hop], dice: &[u8]) -> Option<Position> {
    if hops.is_empty() {
        return Some(position);
    }
    for (i, hop) in hops.iter().enumerate() {
        for (j, &die) in dice.iter().enumerate() {
            if !may_hop(&position, seat, *hop, die) {
                continue;
            }
            let mut next = position;
            next.hop(seat, *hop);
            let rest_hops: Vec<Hop> = hops
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != i)
                .map(|(_, h)| *h)
                .collect();
            let rest_dice: Vec<u8> = dice
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != j)
                .map(|(_, d)| *d)
                .collect();
            if let Some(end) = in_some_order(next, seat, &rest_hops, &rest_dice) {
                return Some(end);
            }
        }
    }
    None
}

/// Whether `seat` may play `hop` with `die` in `position`: a checker of
/// its own on the point it leaves (the bar first while one is there),
/// the die's distance to a point not held by two or more of the
/// opponent's, or off once every checker is home (exactly, or with a
/// larger die from the highest point).
fn may_hop(position: &Position, seat: usize, hop: Hop, die: u8) -> bool {
    let (from, to, d) = (usize::from(hop.from), usize::from(hop.to), usize::from(die));
    if from > BAR || to >= from {
        return false;
    }
    let me = &position.checkers[seat];
    if me[from] == 0 || (me[BAR] > 0 && from != BAR) {
        return false;
    }
    if to != OFF {
        return from - to == d && position.checkers[1 - seat][25 - to] <= 1;
    }
    me[7..=BAR].iter().all(|&c| c == 0)
        && (from == d || (d > from && me[from + 1..=6].iter().all(|&c| c == 0)))
}

/// Appends to `out` every legal whole turn of `seat` with `dice` in
/// `position`, one per position it leads to: both dice (all four of a
/// double) where possible, else as many as possible, and with one die of
/// two, the larger where it can be played. A roll that cannot be used
/// gives the one empty turn, a pass.
pub fn legal_turns(position: &Position, seat: usize, dice: [u8; 2], out: &mut Vec<Turn>) {
    FOUND.with(|found| {
        let mut found = found.borrow_mut();
        let start = out.len();
        let mut own = Vec::new();
        // Generate into the caller's vector past what it holds.
        let target: &mut Vec<Turn> = if start == 0 { out } else { &mut own };
        generate(position, seat, dice, target, &mut found);
        if start != 0 {
            out.extend_from_slice(&own);
        }
    });
}

fn generate(
    position: &Position,
    seat: usize,
    dice: [u8; 2],
    out: &mut Vec<Turn>,
    found: &mut Found,
) {
    found.clear();
    let me = position.checkers[seat];
    let opp = position.checkers[1 - seat];
    let key = me
        .iter()
        .enumerate()
        .fold(0u128, |k, (p, &c)| k | (u128::from(c) << (4 * p)));
    let outside = me[7..=BAR].iter().sum();
    let occupied = (0..=BAR)
        .filter(|&p| me[p] > 0)
        .fold(0u32, |m, p| m | 1 << p);
    let mut g = Gen {
        me,
        opp,
        outside,
        occupied,
        key,
        hops: [Hop::default(); 4],
        best: 0,
        out,
        found,
    };
    let (hi, lo) = (
        usize::from(dice[0].max(dice[1])),
        usize::from(dice[0].min(dice[1])),
    );
    if hi == lo {
        g.doubles(hi, 0, BAR);
    } else {
        g.mixed([hi, lo], 0);
        let larger_alone = g.best == 1;
        let before = g.out.len();
        g.mixed([lo, hi], 0);
        if g.best == 1 && larger_alone && before > 0 {
            // One die only, and the larger can be played: drop the turns
            // that play the smaller.
            g.out.truncate(before);
        }
    }
    if g.best == 0 {
        out.clear();
        out.push(Turn::default());
    }
}
