//! Throw tables: a race of one token, whose throw depends on nothing but
//! its square and the roll of one die, worked out once for every square
//! and roll, so a simulation follows a table instead of asking the rules.
//!
//! A game builds a [`ThrowTable`] from its own rules, one throw at a
//! time ([`ThrowTable::new`]), and plays from it in
//! [`Sampling::run_chance`](crate::Sampling::run_chance) ([`ThrowTable::run`]: the same events and
//! dice as throwing one at a time) and in
//! [`Tallied::run_chance_tallied`](crate::Tallied::run_chance_tallied) ([`ThrowTable::run_tallied`]: no
//! events, landings counted in bulk). The tallied loop takes two throws
//! a step from a table of every square and *pair* of rolls, so the chain
//! of dependent loads from square to square, which bounds a single
//! game's speed, is half as long, and a step costs one load and one
//! counter.
//!
//! ```
//! use tabula_core::{WordDice, game_rng};
//! use tabula_sim::LandingTally;
//! use tabula_sim::Landings;
//! use tabula_sim::table::ThrowTable;
//!
//! /// A token moved to a square.
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! struct Moved(u16);
//! impl Landings for Moved {
//!     fn for_each_landing(&self, mut f: impl FnMut(usize)) {
//!         f(usize::from(self.0))
//!     }
//! }
//!
//! // Ten squares and a d6; a throw past the last square stops on it.
//! let d6 = WordDice::new(6).unwrap();
//! let table = ThrowTable::new(10, d6, |square, digit, events: &mut Vec<Moved>| {
//!     let to = (square + digit + 1).min(10);
//!     events.push(Moved(to));
//!     to
//! })
//! .unwrap();
//!
//! // A game throw by throw, then the same game counted in bulk.
//! let (mut square, mut landed) = (0, Vec::new());
//! let throws = table.run(&mut square, &mut game_rng(7, 0), 1000, &mut |Moved(s)| landed.push(s));
//! assert_eq!((square, throws as usize), (10, landed.len()));
//! let (mut again, mut tally) = (0, LandingTally::new());
//! assert_eq!(table.run_tallied(&mut again, &mut game_rng(7, 0), 1000, &mut tally), throws);
//! let mut counted = 0;
//! tally.drain(|_, times| counted += times);
//! assert_eq!((again, counted), (10, u64::from(throws)));
//! ```

use std::sync::Arc;

use tabula_core::WordDice;
use tabula_core::rand::Rng;

use crate::tally::{LandingPatterns, LandingTally};

use crate::Landings;

#[cfg(doc)]
use tabula_core::BoardGame;

/// Every throw of a one-token race worked out in advance: squares
/// `0..size` are in play, a throw from square `s` with the die's digit
/// `d` (its face less one) comes to rest on a square the game's rules
/// give, reporting the events they report, and a token on `size` has
/// finished.
///
/// A game qualifies when its throw depends on nothing but the square and
/// the roll: one token (one player), no rule state, no throwing again.
/// The table takes at most 255 squares and one die of at most 16 faces
/// ([`new`](Self::new) declines larger ones), so a pair table of next
/// squares fits in 128 KB, and in 7 KB for the classic board.
#[derive(Clone, Debug)]
pub struct ThrowTable<Ev> {
    faces: usize,
    /// A fresh stream of the die's throws, copied for each game.
    words: WordDice,
    size: u16,
    /// One throw, at `square * faces + digit`: where the token rests.
    rests: Vec<u16>,
    /// One throw's events are `events[starts[i]..starts[i + 1]]`.
    starts: Vec<u32>,
    events: Vec<Ev>,
    /// Two throws from a square, at `square * faces^2 + d1 * faces +
    /// d2`: the next step's row (`rest * faces^2`), plus 1 if the step
    /// threw once only (the first throw finished; the row is then the
    /// last square's, never read, and a multiple of `faces^2 >= 4`, so
    /// the 1 stands out).
    steps: Vec<u16>,
    /// The landings of each entry of `steps`, as its throws' events
    /// report them, then of each single throw (at `steps.len()` plus the
    /// throw's index).
    patterns: Arc<LandingPatterns>,
    /// `ceil(2^32 / faces)`: an entry of `steps` times this, shifted
    /// right by 32, is its first throw's index (`square * faces + d1`),
    /// exactly for the same reason as `square_of_row`.
    faces_inverse: u64,
    /// `ceil(2^32 / faces^2)`: a row (or an entry of `steps`) times
    /// this, shifted right by 32, is its square, rounded down. With
    /// values below `2^17` (255 squares of at most 256 pairs) and
    /// `faces^2 <= 2^8`, the rounding error times the value stays below
    /// `2^32`, so the quotient is exact.
    square_of_row: u64,
}

/// The largest board a [`ThrowTable`] takes.
pub const MAX_SQUARES: u16 = 255;

/// The most faces of a [`ThrowTable`]'s die.
pub const MAX_FACES: u8 = 16;

impl<Ev: Clone + Landings> ThrowTable<Ev> {
    /// The table of a race on squares `0..size` with the die `words`
    /// throws: `throw(square, digit, events)` is the rules' throw from
    /// `square` (below `size`) with digit `digit` (the roll less one),
    /// pushing the events the rules report and returning where the token
    /// comes to rest (`size` for finished). `None` for more than
    /// [`MAX_SQUARES`] squares, a die of more than [`MAX_FACES`] faces,
    /// or a throw that rests past `size`.
    pub fn new(
        size: u16,
        words: WordDice,
        mut throw: impl FnMut(u16, u16, &mut Vec<Ev>) -> u16,
    ) -> Option<ThrowTable<Ev>> {
        if size == 0 || size > MAX_SQUARES || words.faces() > MAX_FACES {
            return None;
        }
        let faces = usize::from(words.faces());
        let squares = usize::from(size);
        let (mut rests, mut starts, mut events) = (Vec::new(), vec![0], Vec::new());
        for square in 0..size {
            for digit in 0..faces as u16 {
                let rest = throw(square, digit, &mut events);
                if rest > size {
                    return None;
                }
                rests.push(rest);
                starts.push(u32::try_from(events.len()).ok()?);
            }
        }
        let mut table = ThrowTable {
            faces,
            words,
            size,
            rests,
            starts,
            events,
            steps: Vec::with_capacity(squares * faces * faces),
            patterns: Arc::new(LandingPatterns::new(Vec::<Vec<_>>::new())),
            faces_inverse: (1u64 << 32).div_ceil(faces as u64),
            square_of_row: (1u64 << 32).div_ceil((faces * faces) as u64),
        };
        let mut patterns = Vec::with_capacity(squares * faces * faces);
        for first in 0..squares * faces {
            let rest1 = table.rests[first];
            for d2 in 0..faces {
                let mut landed = Vec::new();
                let mut count = |e: &Ev| e.count_landings(|s, t| landed.push((s, t)));
                table.single(first).iter().for_each(&mut count);
                let (rest, threw_once) = if rest1 < size {
                    let second = usize::from(rest1) * faces + d2;
                    table.single(second).iter().for_each(&mut count);
                    (table.rests[second], false)
                } else {
                    (rest1, true)
                };
                let row = usize::from(rest) * faces * faces + usize::from(threw_once);
                table.steps.push(u16::try_from(row).ok()?);
                patterns.push(landed);
            }
        }
        // Then each single throw's, at the number of pairs plus its index.
        for i in 0..squares * faces {
            let mut landed = Vec::new();
            for e in table.single(i) {
                e.count_landings(|s, t| landed.push((s, t)));
            }
            patterns.push(landed);
        }
        table.patterns = Arc::new(LandingPatterns::new(patterns));
        Some(table)
    }

    /// Plays from `square` until the token finishes or `limit` throws are
    /// made, reporting every throw's events as the rules did when the
    /// table was made; returns the throws made. The dice are those of a
    /// fresh stream of the table's die on `rng`, as throwing them one at
    /// a time ([`Dice::roll_from`](tabula_core::Dice::roll_from)) gives
    /// them, and `rng` is left where that leaves it. A token on a
    /// finished square makes no throw.
    #[inline]
    pub fn run<G: Rng + ?Sized, E: FnMut(Ev)>(
        &self,
        square: &mut u16,
        rng: &mut G,
        limit: u32,
        events: &mut E,
    ) -> u32 {
        let report = |i: usize, _| {
            for e in self.single(i) {
                events(e.clone());
            }
        };
        self.walk(square, rng, limit, &mut EachThrow(report))
    }

    /// Every throw's `payload(index)` (`index` is `square * faces +
    /// digit`), a game's own compact data of the throw (its squares and
    /// roll, packed), laid out for [`run_payloads`](Self::run_payloads):
    /// by steps of two throws, so a step reads one entry.
    pub fn payloads<P: Copy>(&self, payload: impl FnMut(usize) -> P) -> Payloads<P> {
        let singles: Vec<P> = (0..self.rests.len()).map(payload).collect();
        let pairs = (0..self.steps.len())
            .map(|k| {
                let (first, d2) = (k / self.faces, k % self.faces);
                let second = match self.rests[first] {
                    rest if rest < self.size => usize::from(rest) * self.faces + d2,
                    _ => first,
                };
                [singles[first], singles[second]]
            })
            .collect();
        Payloads { pairs, singles }
    }

    /// [`run`](Self::run), with each throw's payload (see
    /// [`payloads`](Self::payloads)) handed to `throw` instead of its
    /// stored events being reported: for a game that can rebuild its
    /// events from a payload faster than a collector can take stored
    /// ones. An event copied from the table is data to the collector,
    /// whose `match` on its kind is then a jump the processor often
    /// mispredicts, where events built in code let the compiler see their
    /// kinds (on the classic board, 150 against 260 ns a game).
    #[inline]
    pub fn run_payloads<G, P, T>(
        &self,
        payloads: &Payloads<P>,
        square: &mut u16,
        rng: &mut G,
        limit: u32,
        throw: T,
    ) -> u32
    where
        G: Rng + ?Sized,
        P: Copy,
        T: FnMut(P),
    {
        self.walk(square, rng, limit, &mut Paying(payloads, throw))
    }

    /// Faces of the table's die.
    pub fn faces(&self) -> usize {
        self.faces
    }

    /// [`run`](Self::run) without events: each step of two throws adds
    /// one to its entry's counter in `tally`, whose patterns hold the
    /// landings those throws' events report. The same throws, the same
    /// square after and the same random words used.
    #[inline(always)]
    pub fn run_tallied<G: Rng + ?Sized>(
        &self,
        square: &mut u16,
        rng: &mut G,
        limit: u32,
        tally: &mut LandingTally,
    ) -> u32 {
        let counts = tally.keyed(&self.patterns);
        self.walk(square, rng, limit, &mut Count(counts))
    }

    /// The loop of [`run`](Self::run) and [`run_tallied`](Self::run_tallied):
    /// two throws a step from `steps`, following its rows, so the chain of
    /// dependent loads from square to square is one load a step.
    #[inline(always)]
    fn walk<G: Rng + ?Sized, V: Visit<Ev>>(
        &self,
        square: &mut u16,
        rng: &mut G,
        limit: u32,
        visit: &mut V,
    ) -> u32 {
        let mut words = self.words;
        let at = *square;
        let row = if at < self.size {
            usize::from(at) * self.faces * self.faces
        } else {
            // Finished: no throw (the row is past the last, and its
            // square is `size`, not `at`).
            *square = at;
            return 0;
        };
        let (at, left) = self.walk_from(row, &mut words, rng, limit, visit);
        *square = at;
        limit - left
    }

    /// [`walk`](Self::walk) from `row` (a row of `steps`, or an entry of
    /// it, as the pair loop leaves it) with `left` throws allowed and the
    /// dice `words` on `rng`: the square where it ends and the throws
    /// still allowed.
    #[inline(always)]
    fn walk_from<G: Rng + ?Sized, V: Visit<Ev>>(
        &self,
        mut row: usize,
        words: &mut WordDice,
        rng: &mut G,
        mut left: u32,
        visit: &mut V,
    ) -> (u16, u32) {
        let size = self.size;
        let per_row = self.faces * self.faces;
        let steps: &[u16] = &self.steps;
        let end = usize::from(size) * per_row;
        while left >= 2 && row < end {
            if let Some(d) = words.two_digits_in_word(rng) {
                let k = row + d as usize;
                let Some(&step) = steps.get(k) else {
                    break;
                };
                visit.pair(self, k, step);
                row = usize::from(step);
                left -= 2;
            } else {
                // The pair would straddle two words, and the game may
                // end on its first throw: throw that one alone, so the
                // stream is left as throwing one at a time leaves it.
                let digit = words.digit(rng) as usize;
                let i = self.square(row) * self.faces + digit;
                visit.single(self, i, digit);
                row = usize::from(self.rests.get(i).copied().unwrap_or(size)) * per_row;
                left -= 1;
            }
        }
        let mut at = self.square(row) as u16;
        // A step that finished on its first throw has 1 added to its row
        // (see `steps`): it threw once, not twice.
        left += (row - usize::from(at) * per_row) as u32;
        if at < size && left >= 1 {
            let digit = words.digit(rng) as usize;
            let i = usize::from(at) * self.faces + digit;
            visit.single(self, i, digit);
            at = self.rests.get(i).copied().unwrap_or(size);
            left -= 1;
        }
        (at, left)
    }

    /// Plays games `games` whole, each from `start` with its own stream
    /// `stream(index)` and at most `limit` throws, counting landings in
    /// bulk as [`run_tallied`](Self::run_tallied) does, and calls
    /// `end(index, throws, square)` as each game ends: what a game's
    /// [`Tallied::run_games_tallied`](crate::Tallied::run_games_tallied) can hand over to its table. Each
    /// game plays exactly as [`run_tallied`](Self::run_tallied) plays it
    /// alone, but two at a time: a lane takes the next game as soon as
    /// its game ends, so one game's chain of dependent table loads runs
    /// while the other's waits (about a seventh faster on the classic
    /// board), and games end in the order of their lengths, not of their
    /// indices.
    pub fn run_games_tallied<R, S, F>(
        &self,
        games: std::ops::Range<u64>,
        start: u16,
        limit: u32,
        mut stream: S,
        tally: &mut LandingTally,
        mut end: F,
    ) where
        R: Rng,
        S: FnMut(u64) -> R,
        F: FnMut(u64, u32, u16),
    {
        let per_row = self.faces * self.faces;
        let last = usize::from(self.size) * per_row;
        let steps: &[u16] = &self.steps;
        let counts = tally.keyed(&self.patterns);
        let first_row = usize::from(start) * per_row;
        let stuck = |row: usize, left: u32, words: &WordDice| {
            row >= last || left < 2 || words.left_in_word() == 1
        };
        if start >= self.size {
            // Finished before a throw.
            for index in games {
                end(index, 0, start);
            }
            return;
        }
        // A lane's game, played on alone from where the lanes left it.
        let mut finish = |counts: &mut [u64],
                          index: u64,
                          row: usize,
                          words: &mut WordDice,
                          rng: &mut OutOfLine<R>,
                          left: u32| {
            let (at, left) = self.walk_from(row, words, rng, left, &mut Count(counts));
            end(index, limit - left, at);
        };
        let mut next = games.start;
        if games.end.saturating_sub(games.start) >= 2 {
            let (mut ia, mut ra, mut wa, mut rowa, mut lefta) =
                (next, OutOfLine(stream(next)), self.words, first_row, limit);
            let (mut ib, mut rb, mut wb, mut rowb, mut leftb) = (
                next + 1,
                OutOfLine(stream(next + 1)),
                self.words,
                first_row,
                limit,
            );
            next += 2;
            loop {
                while !(stuck(rowa, lefta, &wa) || stuck(rowb, leftb, &wb)) {
                    if let Some(d) = wa.two_digits_in_word(&mut ra) {
                        let k = rowa + d as usize;
                        if let (Some(&s), Some(c)) = (steps.get(k), counts.get_mut(k)) {
                            *c += 1;
                            rowa = usize::from(s);
                            lefta -= 2;
                        } else {
                            // Never (a live row and a pair of digits are
                            // in the table): end the game, not loop.
                            rowa = last;
                        }
                    }
                    if let Some(d) = wb.two_digits_in_word(&mut rb) {
                        let k = rowb + d as usize;
                        if let (Some(&s), Some(c)) = (steps.get(k), counts.get_mut(k)) {
                            *c += 1;
                            rowb = usize::from(s);
                            leftb -= 2;
                        } else {
                            // Never (a live row and a pair of digits are
                            // in the table): end the game, not loop.
                            rowb = last;
                        }
                    }
                }
                if stuck(rowa, lefta, &wa) {
                    finish(counts, ia, rowa, &mut wa, &mut ra, lefta);
                    if next == games.end {
                        finish(counts, ib, rowb, &mut wb, &mut rb, leftb);
                        return;
                    }
                    (ia, ra, wa, rowa, lefta) =
                        (next, OutOfLine(stream(next)), self.words, first_row, limit);
                    next += 1;
                }
                if stuck(rowb, leftb, &wb) {
                    finish(counts, ib, rowb, &mut wb, &mut rb, leftb);
                    if next == games.end {
                        finish(counts, ia, rowa, &mut wa, &mut ra, lefta);
                        return;
                    }
                    (ib, rb, wb, rowb, leftb) =
                        (next, OutOfLine(stream(next)), self.words, first_row, limit);
                    next += 1;
                }
            }
        }
        for index in next..games.end {
            let mut words = self.words;
            finish(
                counts,
                index,
                first_row,
                &mut words,
                &mut OutOfLine(stream(index)),
                limit,
            );
        }
    }
}

impl<Ev> ThrowTable<Ev> {
    /// The squares in play: a token on this square has finished.
    pub fn size(&self) -> u16 {
        self.size
    }

    /// The square of a row of `steps`, or of one of its entries.
    #[inline(always)]
    fn square(&self, row: usize) -> usize {
        ((row as u64 * self.square_of_row) >> 32) as usize
    }

    /// The events of single throw `i` (`square * faces + digit`).
    #[inline(always)]
    fn single(&self, i: usize) -> &[Ev] {
        match (self.starts.get(i), self.starts.get(i + 1)) {
            (Some(&start), Some(&end)) => self.events.get(start as usize..end as usize),
            _ => None,
        }
        .unwrap_or_default()
    }
}

/// A random stream drawn through a call that is never inlined: two
/// games' generators (four words each) would take most of the
/// processor's registers in the two-lane loop, and push the lanes' rows,
/// the chain every step waits on, out to memory. A word is drawn once
/// every several steps, so the call costs little.
struct OutOfLine<R>(R);

impl<R: Rng> tabula_core::rand::TryRng for OutOfLine<R> {
    type Error = std::convert::Infallible;

    #[inline(never)]
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.next_u32())
    }

    #[inline(never)]
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.0.fill_bytes(dst);
        Ok(())
    }
}

/// What [`ThrowTable::walk`] does with each throw.
trait Visit<Ev> {
    /// Entry `k` of the pair table, `step`: two throws, or one that
    /// finished (`step` is then a row plus 1).
    fn pair(&mut self, table: &ThrowTable<Ev>, k: usize, step: u16);
    /// Single throw `i` (`square * faces + digit`).
    fn single(&mut self, table: &ThrowTable<Ev>, i: usize, digit: usize);
}

/// Hands each throw, by its index `square * faces + digit`, to a function
/// that reports its events.
struct EachThrow<F>(F);

impl<Ev, F: FnMut(usize, usize)> Visit<Ev> for EachThrow<F> {
    #[inline(always)]
    fn pair(&mut self, table: &ThrowTable<Ev>, k: usize, _: u16) {
        // Entry `k` is `square * faces^2 + d1 * faces + d2`, so its first
        // throw is `k / faces` and the second's digit `k % faces`.
        let first = ((k as u64 * table.faces_inverse) >> 32) as usize;
        self.single(table, first, first - table.square(k) * table.faces);
        let rest = table.rests.get(first).copied().unwrap_or(table.size);
        if rest < table.size {
            let d2 = k - first * table.faces;
            self.single(table, usize::from(rest) * table.faces + d2, d2);
        }
    }

    #[inline(always)]
    fn single(&mut self, _: &ThrowTable<Ev>, i: usize, digit: usize) {
        (self.0)(i, digit)
    }
}

/// A game's own data of every throw of a [`ThrowTable`], made by
/// [`ThrowTable::payloads`] and read by [`ThrowTable::run_payloads`].
#[derive(Clone, Debug)]
pub struct Payloads<P> {
    /// Entry `k` of the pair table: its first throw's payload, and the
    /// second's (the first's again when the first finished).
    pairs: Vec<[P; 2]>,
    /// One throw's, at its index.
    singles: Vec<P>,
}

/// Hands each throw's payload to a function.
struct Paying<'p, P, T>(&'p Payloads<P>, T);

impl<Ev, P: Copy, T: FnMut(P)> Visit<Ev> for Paying<'_, P, T> {
    #[inline(always)]
    fn pair(&mut self, table: &ThrowTable<Ev>, k: usize, step: u16) {
        if let Some(&[first, second]) = self.0.pairs.get(k) {
            (self.1)(first);
            // A step that threw once has 1 added to its row (see `steps`).
            let row = usize::from(step);
            if row == table.square(row) * table.faces * table.faces {
                (self.1)(second);
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, _: &ThrowTable<Ev>, i: usize, _: usize) {
        if let Some(&p) = self.0.singles.get(i) {
            (self.1)(p);
        }
    }
}

/// Counts each step by its key in a [`LandingTally`]'s keyed counts.
struct Count<'c>(&'c mut [u64]);

impl<Ev> Visit<Ev> for Count<'_> {
    #[inline(always)]
    fn pair(&mut self, _: &ThrowTable<Ev>, k: usize, _: u16) {
        if let Some(count) = self.0.get_mut(k) {
            *count += 1;
        }
    }

    #[inline(always)]
    fn single(&mut self, table: &ThrowTable<Ev>, i: usize, _: usize) {
        if let Some(count) = self.0.get_mut(table.steps.len() + i) {
            *count += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::game_rng;

    /// Where a throw took the token: reached, then where a jump led.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Walked {
        Reached(u16),
        Jumped(u16),
    }

    impl Landings for Walked {
        fn for_each_landing(&self, mut f: impl FnMut(usize)) {
            match *self {
                Walked::Reached(s) | Walked::Jumped(s) => f(usize::from(s)),
            }
        }
    }

    /// A race on `size` squares: a throw past the end stops on it, and
    /// every seventh square jumps back three, then (a chain) on from a
    /// square that is a multiple of five by two.
    fn walk(size: u16) -> impl FnMut(u16, u16, &mut Vec<Walked>) -> u16 {
        move |square, digit, events| {
            let mut at = (square + digit + 1).min(size);
            events.push(Walked::Reached(at));
            if at < size && at % 7 == 0 {
                at -= 3;
                events.push(Walked::Jumped(at));
                if at % 5 == 0 {
                    at += 2;
                    events.push(Walked::Jumped(at));
                }
            }
            at
        }
    }

    /// The same game thrown one digit at a time through the rules: its
    /// events, throws, square and the stream's next word.
    fn by_hand(
        size: u16,
        faces: u8,
        mut square: u16,
        index: u64,
        limit: u32,
    ) -> (Vec<Walked>, u32, u16, u64) {
        let (mut rng, mut words) = (game_rng(3, index), WordDice::new(faces).unwrap());
        let (mut rules, mut events, mut made) = (walk(size), Vec::new(), 0);
        while made < limit && square < size {
            square = rules(square, words.digit(&mut rng) as u16, &mut events);
            made += 1;
        }
        (events, made, square, rng.next_u64())
    }

    #[test]
    fn every_loop_plays_the_games_the_rules_play_one_throw_at_a_time() {
        // A d11 word holds 15 throws, so pairs straddle words; a d6 word
        // 20; a d16 word 13.
        for (size, faces) in [(30, 6), (30, 11), (255, 16), (1, 2), (9, 13)] {
            let table = ThrowTable::new(size, WordDice::new(faces).unwrap(), walk(size)).unwrap();
            let payloads = table.payloads(|i| i);
            for index in 0..40 {
                for start in [0, size / 2, size - 1, size] {
                    for limit in (0..12).chain([31, 10_000]) {
                        let expected = by_hand(size, faces, start, index, limit);
                        let mut rng = game_rng(3, index);
                        let (mut square, mut events) = (start, Vec::new());
                        let made = table.run(&mut square, &mut rng, limit, &mut |e| events.push(e));
                        let what = format!(
                            "{size} squares, d{faces}, game {index}, from {start}, cap {limit}"
                        );
                        assert_eq!(
                            (&events, made, square, rng.next_u64()),
                            (&expected.0, expected.1, expected.2, expected.3),
                            "{what}"
                        );

                        let mut rng = game_rng(3, index);
                        let (mut square, mut tally) = (start, LandingTally::new());
                        let made = table.run_tallied(&mut square, &mut rng, limit, &mut tally);
                        let mut landed = vec![0u64; usize::from(size) + 1];
                        tally.drain(|s, t| landed[s] += t);
                        let mut wanted = vec![0u64; usize::from(size) + 1];
                        for e in &expected.0 {
                            e.for_each_landing(|s| wanted[s] += 1);
                        }
                        assert_eq!(
                            (landed, made, square, rng.next_u64()),
                            (wanted, expected.1, expected.2, expected.3),
                            "{what}, tallied"
                        );

                        // Each throw's payload is its index, from which
                        // the rules give its events again.
                        let mut rng = game_rng(3, index);
                        let (mut square, mut events, mut rules) = (start, Vec::new(), walk(size));
                        let f = usize::from(faces);
                        let made =
                            table.run_payloads(&payloads, &mut square, &mut rng, limit, |i| {
                                rules((i / f) as u16, (i % f) as u16, &mut events);
                            });
                        assert_eq!(
                            (&events, made, square, rng.next_u64()),
                            (&expected.0, expected.1, expected.2, expected.3),
                            "{what}, payloads"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn games_two_at_a_time_are_the_games_played_alone() {
        for (size, faces) in [(30, 6), (30, 11), (255, 16), (1, 2), (100, 6)] {
            let table = ThrowTable::new(size, WordDice::new(faces).unwrap(), walk(size)).unwrap();
            for games in [0u64, 1, 2, 3, 4, 101] {
                for limit in [0, 1, 2, 3, 7, 31, 10_000] {
                    for start in [0, size - 1, size, size + 1] {
                        let first = 1_000;
                        let range = first..first + games;
                        let (mut alone, mut tally) = (Vec::new(), LandingTally::new());
                        for index in range.clone() {
                            let mut square = start;
                            let made = table.run_tallied(
                                &mut square,
                                &mut game_rng(3, index),
                                limit,
                                &mut tally,
                            );
                            alone.push((index, made, square));
                        }
                        let mut wanted = Vec::new();
                        tally.drain(|s, t| wanted.push((s, t)));
                        let (mut lanes, mut tally) = (Vec::new(), LandingTally::new());
                        table.run_games_tallied(
                            range,
                            start,
                            limit,
                            |i| game_rng(3, i),
                            &mut tally,
                            |i, made, square| lanes.push((i, made, square)),
                        );
                        lanes.sort();
                        let mut landed = Vec::new();
                        tally.drain(|s, t| landed.push((s, t)));
                        let what = format!(
                            "{size} squares, d{faces}, {games} games, cap {limit}, from {start}"
                        );
                        assert_eq!(lanes, alone, "{what}");
                        assert_eq!(landed, wanted, "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn boards_and_dice_too_large_and_throws_past_the_end_are_declined() {
        let d6 = WordDice::new(6).unwrap();
        assert!(ThrowTable::new(MAX_SQUARES + 1, d6, walk(MAX_SQUARES + 1)).is_none());
        assert!(ThrowTable::new(0, d6, walk(0)).is_none());
        let d17 = WordDice::new(MAX_FACES + 1).unwrap();
        assert!(ThrowTable::new(10, d17, walk(10)).is_none());
        let past = |square: u16, digit: u16, _: &mut Vec<Walked>| square + digit + 1;
        assert!(ThrowTable::new(10, d6, past).is_none());
        assert_eq!(
            ThrowTable::new(10, d6, walk(10)).map(|t| t.size()),
            Some(10)
        );
    }
}

/// A game of one's own on a [`ThrowTable`], through the harness: the three
/// ways it plays (events, bulk, two at a time) give the same run.
#[cfg(test)]
mod harness_tests {
    use std::convert::Infallible;

    use crate::{LandingTally, Tallied};
    use tabula_core::rand::Rng;
    use tabula_core::{BoardGame, Chance, GameResult, Status, WordDice};

    use super::ThrowTable;
    use crate::{Collector, Landings, LengthOf, Lengths, Occupancy, Simulation, Wins};

    /// Reached a square (a throw past 20 stops on it); 7 jumps to 3.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Reached(u16);

    impl Landings for Reached {
        fn for_each_landing(&self, mut f: impl FnMut(usize)) {
            f(usize::from(self.0))
        }
    }

    /// A race to square 20 with a d6.
    struct ThrowRace(ThrowTable<Reached>);

    impl ThrowRace {
        fn new() -> ThrowRace {
            let d6 = WordDice::new(6).unwrap();
            ThrowRace(
                ThrowTable::new(20, d6, |square, digit, events| {
                    let to = (square + digit + 1).min(20);
                    events.push(Reached(to));
                    if to == 7 {
                        events.push(Reached(3));
                        return 3;
                    }
                    to
                })
                .unwrap(),
            )
        }
    }

    impl BoardGame for ThrowRace {
        type State = u16;
        type Move = Infallible;
        type Outcome = u16;
        type Event = Reached;
        fn seats(&self) -> usize {
            1
        }
        fn initial_state(&self) -> u16 {
            0
        }
        fn status(&self, &square: &u16) -> Status {
            if square >= 20 {
                Status::Over(GameResult::Win(0))
            } else {
                Status::Chance
            }
        }
        fn chance_outcomes(&self, _: &u16, out: &mut Vec<Chance<u16>>) {
            out.extend((0..6).map(|d| Chance {
                outcome: d,
                probability: 1.0 / 6.0,
            }));
        }
        fn apply_chance<E: FnMut(Reached)>(&self, _: &mut u16, _: u16, _: &mut E) {
            unreachable!("the harness plays through run_chance")
        }
        fn apply_move<E: FnMut(Reached)>(&self, _: &mut u16, mv: Infallible, _: &mut E) {
            match mv {}
        }
    }

    impl crate::Sampling for ThrowRace {
        fn sample_chance<G: Rng + ?Sized>(
            &self,
            _: &u16,
            _: &mut G,
            _: &mut Vec<Chance<u16>>,
        ) -> Option<u16> {
            unreachable!("the harness plays through run_chance")
        }
        fn run_chance<G: Rng + ?Sized, E: FnMut(Reached)>(
            &self,
            square: &mut u16,
            rng: &mut G,
            limit: u32,
            events: &mut E,
            _: &mut Vec<tabula_core::Chance<u16>>,
        ) -> u32 {
            self.0.run(square, rng, limit, events)
        }
    }

    impl Tallied for ThrowRace {
        fn run_chance_tallied<G: Rng + ?Sized>(
            &self,
            square: &mut u16,
            rng: &mut G,
            limit: u32,
            tally: &mut LandingTally,
        ) -> Option<u32> {
            Some(self.0.run_tallied(square, rng, limit, tally))
        }
        fn run_games_tallied<G, S, F>(
            &self,
            games: std::ops::Range<u64>,
            limit: u32,
            stream: S,
            tally: &mut LandingTally,
            mut end: F,
        ) -> bool
        where
            G: Rng,
            S: FnMut(u64) -> G,
            F: FnMut(u64, u32, &u16),
        {
            self.0
                .run_games_tallied(games, 0, limit, stream, tally, |i, n, square| {
                    end(i, n, &square)
                });
            true
        }
    }

    /// Wants every event, so the harness plays the games one by one and
    /// reports their events.
    #[derive(Clone, Debug, PartialEq)]
    struct Events(u64);

    impl Collector<ThrowRace> for Events {
        fn event(&mut self, _: &Reached) {
            self.0 += 1;
        }
        fn merge(&mut self, other: Events) {
            self.0 += other.0;
        }
    }

    #[test]
    fn a_race_on_a_table_gives_one_run_however_the_harness_plays_it() {
        let race = ThrowRace::new();
        let counts = || {
            (
                Lengths::new(LengthOf::ChanceSteps),
                Occupancy::new(21),
                Wins::new(1),
            )
        };
        for max_steps in [3, 10_000] {
            for games in [1, 5, 20_000] {
                let sim = |threads| {
                    Simulation::new(games)
                        .with_seed(11)
                        .with_max_steps(max_steps)
                        .with_threads(threads)
                };
                let bulk = sim(1).run_tallied(&race, counts()).unwrap().collector;
                let (l, o, w) = counts();
                let (l, o, w, events) = sim(1)
                    .run_tallied(&race, (l, o, w, Events(0)))
                    .unwrap()
                    .collector;
                assert_eq!(bulk, (l, o, w), "{games} games, cap {max_steps}");
                assert!(events.0 >= bulk.0.mean().floor() as u64 * games);
                assert_eq!(sim(3).run_tallied(&race, counts()).unwrap().collector, bulk);
            }
        }
    }
}
