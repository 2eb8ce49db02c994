//! Proving the value of two-player games without chance: win, draw or
//! loss for the player to move, with best play on both sides.
//!
//! A game describes itself to the search through [`Proof`]: its positions
//! as small copyable nodes (bitboards, typically), the moves worth trying
//! in a good order, and a key that folds positions of equal value together
//! (the board's symmetries). [`ProofSearch`] then runs a negamax
//! alpha-beta over the three values with
//!
//! - a **transposition table of fixed memory** ([`ProofSearch::new`] takes
//!   its budget in bytes): it starts small, doubles while the budget
//!   allows, then replaces the entry that cost less to find (two entries
//!   a bucket; every entry keeps its whole key, so a hit is never a
//!   collision). A full table makes the search slower, never wrong, and
//!   never takes more memory;
//! - **enhanced transposition cutoffs**: before searching any child it
//!   looks every child up, and one already known to lose for the opponent
//!   settles the node at once;
//! - **move ordering**: the move the table remembers as best first, then
//!   by a history of the moves that caused cutoffs, then the game's
//!   order;
//! - **null windows**: [`ProofSearch::at_least`] asks only whether a value
//!   is reached, which proves far faster than the exact value when the
//!   answer is known to lie between two values.
//!
//! Searches stop after a budget of positions ([`ProofSearch::max_nodes`]),
//! reporting how far they came ([`Stopped`]); what they proved stays in the
//! table for the next search.
//!
//! ```
//! use tabula_exact::proof::{Next, Proof, ProofSearch, Value};
//!
//! /// Take one or two from a pile; whoever takes the last wins.
//! struct Nim;
//! impl Proof for Nim {
//!     type Node = u8;
//!     type Move = u8;
//!     fn moves(&self, pile: &u8, out: &mut Vec<u8>) {
//!         out.extend((1..=2).filter(|take| take <= pile));
//!     }
//!     fn stuck(&self, _: &u8) -> Value { Value::Loss } // an empty pile: the last was taken
//!     fn play(&self, pile: &u8, take: u8) -> Next<u8> {
//!         if *pile == take { Next::Over(Value::Win) } else { Next::Continue(pile - take) }
//!     }
//!     fn key(&self, pile: &u8) -> u128 { u128::from(*pile) }
//!     fn slot(&self, take: u8) -> usize { usize::from(take - 1) }
//!     fn slots(&self) -> usize { 2 }
//! }
//!
//! let mut search = ProofSearch::new(Nim, 1 << 20);
//! assert_eq!(search.value(&10)?, Value::Win);   // take one, leave nine
//! assert_eq!(search.value(&9)?, Value::Loss);   // multiples of three lose
//! assert!(!search.at_least(&12, Value::Draw)?);
//! # Ok::<_, tabula_exact::proof::Stopped>(())
//! ```

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::budget::{Progress, Stage};

/// A position's value for the player to move, with best play on both
/// sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The player to move loses.
    Loss,
    /// Best play draws.
    Draw,
    /// The player to move wins.
    Win,
}

impl Value {
    fn of(v: i8) -> Value {
        match v {
            i8::MIN..=-1 => Value::Loss,
            0 => Value::Draw,
            _ => Value::Win,
        }
    }

    fn score(self) -> i8 {
        match self {
            Value::Loss => -1,
            Value::Draw => 0,
            Value::Win => 1,
        }
    }

    /// The value for the other player.
    pub fn flip(self) -> Value {
        Value::of(-self.score())
    }
}

/// What a move leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next<N> {
    /// The game goes on from this node, the other player to move.
    Continue(N),
    /// The game is over, with this value for the player who moved.
    Over(Value),
}

/// A two-player game without chance, as a proof search sees it: the
/// players alternate, and every game ends in a win, a draw or a loss.
pub trait Proof {
    /// A position with the player to move implied; cloned once per move
    /// searched, so keep it small.
    type Node: Clone;
    /// A move.
    type Move: Copy + PartialEq;

    /// The moves worth searching for the player to move, the likeliest
    /// best first. It may leave out moves that are never better than one
    /// it lists (one that loses at once, while another does not). Empty
    /// when the player to move has none: then [`stuck`](Self::stuck)
    /// gives the value.
    fn moves(&self, node: &Self::Node, out: &mut Vec<Self::Move>);

    /// The value for the player to move when [`moves`](Self::moves) lists
    /// none.
    fn stuck(&self, node: &Self::Node) -> Value;

    /// Plays `mv`.
    fn play(&self, node: &Self::Node, mv: Self::Move) -> Next<Self::Node>;

    /// A key that only positions of equal value share: the position
    /// itself, or its canonical form under the board's symmetries.
    fn key(&self, node: &Self::Node) -> u128;

    /// A small number for `mv` (below [`slots`](Self::slots)), under which
    /// the search keeps the history of moves that caused cutoffs.
    fn slot(&self, mv: Self::Move) -> usize;

    /// How many slots there are.
    fn slots(&self) -> usize;
}

/// A search stopped by its budget before it settled its question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not settled within {budget} positions searched")]
pub struct Stopped {
    /// The budget of positions.
    pub budget: u64,
}

/// One entry of the table: the whole key, bounds on the value, the best
/// move's slot and how much the search that found it cost.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: [u64; 2],
    /// Bits 0-1: lower bound + 2 (0: empty); 2-3: upper bound + 2;
    /// 4-9: effort (log2 of the positions searched); 16-47: best move's
    /// slot + 1 (0: none).
    meta: u64,
}

impl Entry {
    fn lower(&self) -> i8 {
        (self.meta & 3) as i8 - 2
    }

    fn upper(&self) -> i8 {
        ((self.meta >> 2) & 3) as i8 - 2
    }

    fn effort(&self) -> u64 {
        (self.meta >> 4) & 63
    }

    fn best(&self) -> Option<usize> {
        let s = (self.meta >> 16) & 0xFFFF_FFFF;
        (s > 0).then(|| (s - 1) as usize)
    }

    fn pack(lower: i8, upper: i8, effort: u64, best: Option<usize>) -> u64 {
        let best = best.map_or(0, |b| (b as u64 + 1).min(0xFFFF_FFFF));
        ((lower + 2) as u64) | (((upper + 2) as u64) << 2) | (effort.min(63) << 4) | (best << 16)
    }
}

/// The transposition table: buckets of two entries, doubling while the
/// budget allows, then replacing the cheaper entry of a bucket.
#[derive(Debug)]
struct Table {
    entries: Vec<Entry>,
    used: usize,
    max_bytes: u64,
    replaced: u64,
}

const ENTRY_BYTES: u64 = std::mem::size_of::<Entry>() as u64;

impl Table {
    fn new(max_bytes: u64) -> Table {
        let mut t = Table {
            entries: Vec::new(),
            used: 0,
            max_bytes,
            replaced: 0,
        };
        t.resize(1 << 10);
        t
    }

    /// Reallocates to `len` entries (a power of two) if the budget allows
    /// both the old and the new table; false if not.
    fn resize(&mut self, len: usize) -> bool {
        let old = self.entries.len() as u64 * ENTRY_BYTES;
        if old + len as u64 * ENTRY_BYTES > self.max_bytes && !self.entries.is_empty() {
            return false;
        }
        let mut fresh: Vec<Entry> = Vec::new();
        if fresh.try_reserve_exact(len).is_err() {
            return false;
        }
        fresh.resize(len, Entry::default());
        let old = std::mem::replace(&mut self.entries, fresh);
        self.used = 0;
        for e in old.into_iter().filter(|e| e.meta != 0) {
            self.put(e);
        }
        true
    }

    fn bucket(&self, key: [u64; 2]) -> usize {
        // splitmix64's finalizer over both halves.
        let mut h = key[0] ^ key[1].wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 31;
        (h as usize) & (self.entries.len() - 1) & !1
    }

    fn get(&self, key: [u64; 2]) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.meta != 0 && e.key == key)
            .copied()
    }

    /// Stores `e`, in place of the same key, an empty slot, or the entry
    /// of its bucket that cost less to find.
    fn put(&mut self, e: Entry) {
        let b = self.bucket(e.key);
        let pair = &mut self.entries[b..b + 2];
        let slot = if let Some(i) = pair.iter().position(|x| x.meta != 0 && x.key == e.key) {
            i
        } else if let Some(i) = pair.iter().position(|x| x.meta == 0) {
            self.used += 1;
            i
        } else {
            self.replaced += 1;
            usize::from(pair[1].effort() > pair[0].effort())
        };
        pair[slot] = e;
    }

    /// Stores, growing the table first when it is three-quarters full and
    /// the budget allows.
    fn store(&mut self, e: Entry) {
        if self.used * 4 >= self.entries.len() * 3 {
            let len = self.entries.len() * 2;
            if len as u64 * ENTRY_BYTES <= self.max_bytes {
                self.resize(len);
            }
        }
        self.put(e);
    }
}

/// Where and when a search reports how far it has come.
struct Reporter {
    sink: Progress,
    start: Instant,
    next: Duration,
    settled: usize,
    moves: usize,
}

/// A proof search of a game ([`Proof`]) with its transposition table,
/// reusable: what one search settles, the next finds in the table.
pub struct ProofSearch<P: Proof> {
    game: P,
    table: Table,
    history: Vec<u64>,
    buffers: Vec<Vec<P::Move>>,
    nodes: u64,
    max_nodes: u64,
    budget_start: u64,
    progress: Option<Reporter>,
}

impl<P: Proof> std::fmt::Debug for ProofSearch<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProofSearch")
            .field("nodes", &self.nodes)
            .field("table", &self.table.used)
            .finish()
    }
}

impl<P: Proof> ProofSearch<P> {
    /// A search of `game` whose table takes at most `max_bytes` bytes
    /// (at least one small table), with no budget of positions.
    pub fn new(game: P, max_bytes: u64) -> ProofSearch<P> {
        let slots = game.slots();
        ProofSearch {
            game,
            table: Table::new(max_bytes),
            history: vec![0; slots],
            buffers: Vec::new(),
            nodes: 0,
            max_nodes: u64::MAX,
            budget_start: 0,
            progress: None,
        }
    }

    /// Each question ([`value`](Self::value), [`at_least`](Self::at_least))
    /// may search at most `n` positions; past them it stops with
    /// [`Stopped`].
    pub fn max_nodes(mut self, n: u64) -> ProofSearch<P> {
        self.max_nodes = n;
        self
    }

    /// Changes the budget of positions per question (see
    /// [`max_nodes`](Self::max_nodes)).
    pub fn set_max_nodes(&mut self, n: u64) {
        self.max_nodes = n;
    }

    /// Reports the search's progress to `sink` about every
    /// [`Progress::EVERY`], as [`Stage::TreeSearch`].
    pub fn with_progress(mut self, sink: Progress) -> ProofSearch<P> {
        self.progress = Some(Reporter {
            sink,
            start: Instant::now(),
            next: Progress::EVERY,
            settled: 0,
            moves: 0,
        });
        self
    }

    /// Tells the progress reports that `settled` of `moves` first moves
    /// are settled (for a caller that settles them one by one).
    pub fn set_settled(&mut self, settled: usize, moves: usize) {
        if let Some(r) = &mut self.progress {
            (r.settled, r.moves) = (settled, moves);
        }
    }

    /// The game.
    pub fn game(&self) -> &P {
        &self.game
    }

    /// Positions searched so far, over every question.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions in the table.
    pub fn table_len(&self) -> usize {
        self.table.used
    }

    /// Bytes the table takes.
    pub fn table_bytes(&self) -> u64 {
        self.table.entries.len() as u64 * ENTRY_BYTES
    }

    /// Entries the table replaced for want of room.
    pub fn replaced(&self) -> u64 {
        self.table.replaced
    }

    /// What the table knows of `node`: the lowest and highest value it
    /// can have (Loss and Win when nothing is known).
    pub fn bounds(&self, node: &P::Node) -> (Value, Value) {
        match self.table.get(split(self.game.key(node))) {
            Some(e) => (Value::of(e.lower()), Value::of(e.upper())),
            None => (Value::Loss, Value::Win),
        }
    }

    /// The value of `node` for the player to move.
    pub fn value(&mut self, node: &P::Node) -> Result<Value, Stopped> {
        self.budget_start = self.nodes;
        self.search(node, -1, 1, 0).map(Value::of)
    }

    /// Whether the player to move reaches at least `v` from `node`: a
    /// null-window search, far cheaper than [`value`](Self::value) when
    /// the answer is all that is needed.
    pub fn at_least(&mut self, node: &P::Node, v: Value) -> Result<bool, Stopped> {
        if v == Value::Loss {
            return Ok(true);
        }
        self.budget_start = self.nodes;
        let s = v.score();
        self.search(node, s - 1, s, 0).map(|r| r >= s)
    }

    fn report(&mut self) {
        let (nodes, table) = (self.nodes, self.table.used);
        if let Some(r) = &mut self.progress {
            let elapsed = r.start.elapsed();
            if elapsed >= r.next {
                r.next = elapsed + Progress::EVERY;
                r.sink.report(
                    elapsed,
                    &Stage::TreeSearch {
                        settled: r.settled,
                        moves: r.moves,
                        positions: nodes,
                        table,
                    },
                );
            }
        }
    }

    /// Negamax over -1, 0, 1 within `(alpha, beta)`, fail-soft: a result
    /// at or below `alpha` is an upper bound, at or above `beta` a lower
    /// bound.
    fn search(
        &mut self,
        node: &P::Node,
        mut alpha: i8,
        mut beta: i8,
        ply: usize,
    ) -> Result<i8, Stopped> {
        self.nodes += 1;
        if self.nodes - self.budget_start > self.max_nodes {
            return Err(Stopped {
                budget: self.max_nodes,
            });
        }
        if self.nodes & 0xFFFF == 0 {
            self.report();
        }
        let start = self.nodes;
        let key = split(self.game.key(node));
        let mut first = None;
        if let Some(e) = self.table.get(key) {
            if e.lower() >= beta {
                return Ok(e.lower());
            }
            if e.upper() <= alpha {
                return Ok(e.upper());
            }
            alpha = alpha.max(e.lower());
            beta = beta.min(e.upper());
            if alpha >= beta {
                return Ok(alpha);
            }
            first = e.best();
        }
        let (alpha0, beta0) = (alpha, beta);
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        self.game.moves(node, &mut moves);
        if moves.is_empty() {
            let v = self.game.stuck(node).score();
            self.buffers[ply] = moves;
            self.store(key, v, v, 0, None);
            return Ok(v);
        }
        // Order: the table's best move, then by history (stable, so the
        // game's order breaks ties).
        let history = &self.history;
        let game = &self.game;
        moves.sort_by_key(|&m| {
            let s = game.slot(m);
            (Some(s) != first, std::cmp::Reverse(history[s]))
        });
        // Enhanced transposition cutoff: a child known to lose for the
        // opponent (or a move that wins at once) settles the node.
        for &m in &moves {
            let v = match self.game.play(node, m) {
                Next::Over(v) => v.score(),
                Next::Continue(child) => match self.table.get(split(self.game.key(&child))) {
                    Some(e) => -e.upper(),
                    None => continue,
                },
            };
            if v >= beta {
                let slot = self.game.slot(m);
                self.buffers[ply] = moves;
                self.store(key, v, 1, 0, Some(slot));
                return Ok(v);
            }
        }
        let mut best = -2i8;
        let mut best_slot = None;
        let mut result = Ok(());
        for &m in &moves {
            let v = match self.game.play(node, m) {
                Next::Over(v) => v.score(),
                Next::Continue(child) => match self.search(&child, -beta, -alpha, ply + 1) {
                    Ok(v) => -v,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                },
            };
            if v > best {
                best = v;
                best_slot = Some(self.game.slot(m));
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                let s = self.game.slot(m);
                self.history[s] += 1 << (24 - ply.min(24));
                break;
            }
        }
        self.buffers[ply] = moves;
        result?;
        let effort = 64 - (self.nodes - start + 1).leading_zeros() as u64;
        let (lower, upper) = if best <= alpha0 {
            (-1, best)
        } else if best >= beta0 {
            (best, 1)
        } else {
            (best, best)
        };
        self.store(key, lower, upper, effort, best_slot);
        Ok(best)
    }

    /// Stores bounds for `key`, narrowing what the table already knows.
    fn store(&mut self, key: [u64; 2], lower: i8, upper: i8, effort: u64, best: Option<usize>) {
        let (mut lower, mut upper, mut effort, mut best) = (lower, upper, effort, best);
        if let Some(old) = self.table.get(key) {
            lower = lower.max(old.lower());
            upper = upper.min(old.upper());
            effort = effort.max(old.effort());
            best = best.or(old.best());
        }
        self.table.store(Entry {
            key,
            meta: Entry::pack(lower, upper.max(lower), effort, best),
        });
    }
}

fn split(key: u128) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tic-tac-toe as a [`Proof`]: cells 0..9, bits of O then X.
    struct Ttt;

    const LINES: [[u32; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];

    fn line(b: u32) -> bool {
        LINES.iter().any(|l| l.iter().all(|&c| b & (1 << c) != 0))
    }

    impl Proof for Ttt {
        type Node = (u32, u32);
        type Move = u32;
        fn moves(&self, &(o, x): &(u32, u32), out: &mut Vec<u32>) {
            out.extend((0..9).filter(|c| (o | x) & (1 << c) == 0));
        }
        fn stuck(&self, _: &(u32, u32)) -> Value {
            Value::Draw
        }
        fn play(&self, &(o, x): &(u32, u32), c: u32) -> Next<(u32, u32)> {
            let mover_is_o = (o | x).count_ones() % 2 == 0;
            let (o, x) = if mover_is_o {
                (o | 1 << c, x)
            } else {
                (o, x | 1 << c)
            };
            let mine = if mover_is_o { o } else { x };
            if line(mine) {
                Next::Over(Value::Win)
            } else if (o | x).count_ones() == 9 {
                Next::Over(Value::Draw)
            } else {
                Next::Continue((o, x))
            }
        }
        fn key(&self, &(o, x): &(u32, u32)) -> u128 {
            u128::from(o) | u128::from(x) << 32
        }
        fn slot(&self, c: u32) -> usize {
            c as usize
        }
        fn slots(&self) -> usize {
            9
        }
    }

    /// Plain minimax, no table: the reference.
    fn minimax(n: &(u32, u32)) -> Value {
        let mut moves = Vec::new();
        Ttt.moves(n, &mut moves);
        if moves.is_empty() {
            return Value::Draw;
        }
        moves
            .iter()
            .map(|&m| match Ttt.play(n, m) {
                Next::Over(v) => v,
                Next::Continue(c) => minimax(&c).flip(),
            })
            .max()
            .unwrap_or(Value::Draw)
    }

    #[test]
    fn tic_tac_toe_is_a_draw_and_every_position_agrees_with_minimax() {
        let mut search = ProofSearch::new(Ttt, 1 << 20);
        assert_eq!(search.value(&(0, 0)), Ok(Value::Draw));
        // Every position after two moves, with the questions both ways.
        for a in 0..9 {
            for b in (0..9).filter(|&b| b != a) {
                let n = (1 << a, 1 << b);
                let want = minimax(&n);
                assert_eq!(search.value(&n), Ok(want), "{n:?}");
                assert_eq!(search.at_least(&n, Value::Win), Ok(want == Value::Win));
                assert_eq!(search.at_least(&n, Value::Draw), Ok(want >= Value::Draw));
            }
        }
    }

    #[test]
    fn a_tiny_table_is_slower_never_wrong() {
        // 1 KB: the first table is all there is, and entries get replaced.
        let mut small = ProofSearch::new(Ttt, 1);
        for a in 0..9 {
            let n = (1 << a, 0);
            assert_eq!(small.value(&n), Ok(minimax(&n)));
        }
        assert!(small.table_bytes() <= 1024 * ENTRY_BYTES);
        assert!(small.replaced() > 0 || small.table_len() < 1024);
    }

    #[test]
    fn a_budget_stops_the_search_and_what_it_learned_stays() {
        let mut search = ProofSearch::new(Ttt, 1 << 20).max_nodes(50);
        assert_eq!(search.value(&(0, 0)), Err(Stopped { budget: 50 }));
        assert!(search.table_len() > 0);
        let (lo, hi) = search.bounds(&(0, 0));
        assert!(lo <= Value::Draw && hi >= Value::Draw);
    }
}
