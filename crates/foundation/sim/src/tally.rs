//! Landings counted in bulk: the opt-in speed path of a game whose
//! chance steps follow a table ([`Tallied`]), for a run whose collectors
//! want only how often each square was landed on.
//!
//! A game that implements [`Tallied`] and is run with
//! [`Simulation::run_tallied`](crate::Simulation::run_tallied) counts one
//! key a step into a [`LandingTally`] and leaves the adding up to the
//! tally's [`drain`](LandingTally::drain); every other game, and every
//! run through [`Simulation::run`](crate::Simulation::run), plays step by
//! step and reports events. Snakes and Ladders with one player uses it
//! through its table of throws ([`ThrowTable`](crate::table::ThrowTable)).

use std::sync::Arc;

use tabula_core::rand::Rng;

use crate::Sampling;

/// A game that can play its runs of chance with the landings counted in
/// bulk: an extension of [`Sampling`] that only games with a table of
/// their steps implement, used by
/// [`Simulation::run_tallied`](crate::Simulation::run_tallied) when every
/// collector of a run wants landings at most
/// ([`Collector::wants`](crate::Collector::wants)).
pub trait Tallied: Sampling {
    /// [`run_chance`](Sampling::run_chance) for a caller that wants only
    /// how often each square is landed on, not the events: the same
    /// chance points from the same draws, to the same state and the same
    /// count, with the landings the events would report (what
    /// [`Landings`](crate::Landings) counts for them) added to `tally`
    /// instead.
    ///
    /// `None` when this game (this board, this number of players) has no
    /// such path: the caller then runs
    /// [`run_chance`](Sampling::run_chance) and counts the events.
    fn run_chance_tallied<R: Rng + ?Sized>(
        &self,
        state: &mut Self::State,
        rng: &mut R,
        limit: u32,
        tally: &mut LandingTally,
    ) -> Option<u32>;

    /// Plays games `games` of a run whole, from the
    /// [`initial_state`](tabula_core::BoardGame::initial_state), several at a time,
    /// with their landings counted into `tally` as
    /// [`run_chance_tallied`](Self::run_chance_tallied) counts them: game
    /// `i` draws from `stream(i)` and makes at most `limit` chance steps,
    /// and `end(i, steps, &state)` hears each game as it ends, in the
    /// order they end (which need not be the order of `games`). Every
    /// game must play exactly as
    /// [`run_chance_tallied`](Self::run_chance_tallied) from the initial
    /// state would play it alone: the same steps, the same final state,
    /// the same landings. A game whose chance points follow a table
    /// (Snakes with one player) plays two games at a time, so one game's
    /// chain of dependent table loads runs while the other's waits.
    ///
    /// Only for a game with no decisions, whose runs of chance end only
    /// when the game does. The default plays nothing and returns `false`:
    /// the caller then plays the games one by one.
    fn run_games_tallied<R, S, F>(
        &self,
        games: std::ops::Range<u64>,
        limit: u32,
        stream: S,
        tally: &mut LandingTally,
        end: F,
    ) -> bool
    where
        R: Rng,
        S: FnMut(u64) -> R,
        F: FnMut(u64, u32, &Self::State),
    {
        let _ = (games, limit, stream, tally, end);
        false
    }
}

/// Which squares each of a game's step kinds lands on: key `k`'s
/// landings are `(square, times)` pairs. A game whose steps come from a
/// table (Snakes' two throws from a square) makes one of these beside
/// its table, and counts steps by key in a [`LandingTally`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LandingPatterns {
    /// Key `k`'s landings are `landings[starts[k]..starts[k + 1]]`.
    starts: Vec<usize>,
    landings: Vec<(usize, u64)>,
    /// One more than the highest square landed on.
    squares: usize,
}

impl LandingPatterns {
    /// The patterns of keys `0, 1, ...`, in order: each an iterator of
    /// `(square, times)`, where `times` may be 0.
    pub fn new<K, L>(keys: K) -> LandingPatterns
    where
        K: IntoIterator<Item = L>,
        L: IntoIterator<Item = (usize, u64)>,
    {
        let mut starts = vec![0];
        let mut landings = Vec::new();
        for key in keys {
            landings.extend(key.into_iter().filter(|&(_, times)| times > 0));
            starts.push(landings.len());
        }
        let squares = landings
            .iter()
            .map(|&(square, _)| square + 1)
            .max()
            .unwrap_or(0);
        LandingPatterns {
            starts,
            landings,
            squares,
        }
    }

    /// How many keys there are.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there are no keys.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Key `key`'s landings (none for a key out of range).
    pub fn landings(&self, key: usize) -> &[(usize, u64)] {
        let next = key.checked_add(1).and_then(|k| self.starts.get(k));
        match (self.starts.get(key), next) {
            (Some(&a), Some(&b)) => &self.landings[a..b],
            _ => &[],
        }
    }
}

/// How often each square was landed on, counted one landing at a time or
/// in bulk by key.
///
/// A game's [`Tallied::run_chance_tallied`] adds to it; the caller
/// [`drain`](Self::drain)s it now and then (the harness: once a worker
/// thread has played its share of a run), which adds the keys' counts up
/// through their patterns.
///
/// ```
/// use std::sync::Arc;
/// use tabula_sim::{LandingPatterns, LandingTally};
///
/// // Key 0 lands on square 3; key 1 on squares 4 and 9.
/// let patterns = Arc::new(LandingPatterns::new([vec![(3, 1)], vec![(4, 1), (9, 1)]]));
/// let mut tally = LandingTally::new();
/// let counts = tally.keyed(&patterns);
/// counts[1] += 2;
/// counts[0] += 1;
/// tally.land(3, 5);
/// let mut squares = vec![0; 10];
/// tally.drain(|square, times| squares[square] += times);
/// assert_eq!(squares, [0, 0, 0, 6, 2, 0, 0, 0, 0, 2]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct LandingTally {
    /// Landings counted one at a time, by square.
    squares: Vec<u64>,
    /// Steps counted by key, for `patterns`.
    keys: Vec<u64>,
    patterns: Option<Arc<LandingPatterns>>,
}

impl LandingTally {
    /// Nothing counted.
    pub fn new() -> LandingTally {
        LandingTally::default()
    }

    /// Counts `times` landings on `square` (a square of the board: the
    /// tally holds a counter for every square up to the highest landed
    /// on).
    #[inline]
    pub fn land(&mut self, square: usize, times: u64) {
        if square >= self.squares.len() {
            self.squares.resize(square.saturating_add(1), 0);
        }
        if let Some(count) = self.squares.get_mut(square) {
            *count += times;
        }
    }

    /// One counter per key of `patterns`, to add to once per step of
    /// that key. If the tally was counting other patterns, their counts
    /// are first added to the squares.
    #[inline]
    pub fn keyed(&mut self, patterns: &Arc<LandingPatterns>) -> &mut [u64] {
        if !self
            .patterns
            .as_ref()
            .is_some_and(|p| Arc::ptr_eq(p, patterns))
        {
            self.switch(patterns);
        }
        &mut self.keys
    }

    /// Settles the keys in use and starts counting for `patterns`.
    #[cold]
    fn switch(&mut self, patterns: &Arc<LandingPatterns>) {
        self.settle_keys();
        self.keys = vec![0; patterns.len()];
        self.patterns = Some(Arc::clone(patterns));
    }

    /// Adds the keys' counts to the squares through their patterns.
    fn settle_keys(&mut self) {
        let keys = std::mem::take(&mut self.keys);
        let Some(patterns) = self.patterns.take() else {
            return;
        };
        if self.squares.len() < patterns.squares {
            self.squares.resize(patterns.squares, 0);
        }
        for (key, &n) in keys.iter().enumerate() {
            if n > 0 {
                for &(square, times) in patterns.landings(key) {
                    if let Some(count) = self.squares.get_mut(square) {
                        *count += n * times;
                    }
                }
            }
        }
    }

    /// Calls `f(square, times)` for every square landed on, in order of
    /// square, and empties the tally.
    pub fn drain(&mut self, mut f: impl FnMut(usize, u64)) {
        self.settle_keys();
        for (square, times) in std::mem::take(&mut self.squares).into_iter().enumerate() {
            if times > 0 {
                f(square, times);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drained(tally: &mut LandingTally) -> Vec<(usize, u64)> {
        let mut out = Vec::new();
        tally.drain(|s, t| out.push((s, t)));
        out
    }

    #[test]
    fn switching_patterns_settles_the_old_keys_first() {
        let a = Arc::new(LandingPatterns::new([vec![(1, 1), (2, 0)], vec![(2, 3)]]));
        let b = Arc::new(LandingPatterns::new([vec![(5, 1)]]));
        assert_eq!(a.landings(0), &[(1, 1)]);
        assert_eq!(a.landings(7), &[]);
        assert_eq!(a.landings(usize::MAX), &[]);
        let mut tally = LandingTally::new();
        tally.keyed(&a)[0] += 2;
        tally.keyed(&a)[1] += 1;
        tally.keyed(&b)[0] += 4;
        tally.land(1, 1);
        assert_eq!(drained(&mut tally), [(1, 3), (2, 3), (5, 4)]);
        assert_eq!(drained(&mut tally), []);
        // The same patterns again after a drain start from zero.
        tally.keyed(&b)[0] += 1;
        assert_eq!(drained(&mut tally), [(5, 1)]);
    }
}
