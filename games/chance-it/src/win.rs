//! Whole games, exactly: the strategy that maximizes the probability of
//! winning (backward induction over rounds and score differences), and
//! the exact winning chances of any two strategies against each other.
//!
//! With two players the game between turns is the turn index `t` (round
//! and seat to move) and the difference `D` between the first seat's total
//! and the second's. From the end (`D > 0`: the first seat wins; `D < 0`:
//! the second; `D = 0`: a tie) back to the start, each `(t, D)` is solved
//! as one turn whose stop payoffs are the mover's chances of winning from
//! `(t + 1, D ± score)`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::ChanceItError;
use crate::config::Config;
use crate::strategy::{Depends, Strategy, TurnView};
use crate::turn::{TurnSolver, Values};

/// The registered name of the win-optimal strategy.
pub const NAME: &str = "win-optimal";

/// Probabilities that the first seat wins, the second wins, or they tie.
pub type Outcome = [f64; 3];

/// The most rounds for which win-optimal is solved, with two six-sided
/// dice. The `(turn, D)` pairs to solve grow with the square of the rounds
/// (about 24 · rounds² for two dice): 100 rounds take seconds, 1000 would
/// take most of an hour and gigabytes. The book's Chance-it chapter has
/// measured times. Dice with more possible sums allow fewer rounds: see
/// [`max_rounds`].
pub const MAX_ROUNDS: u16 = 100;

/// The work of solving a game: `(turn, D)` pairs times the sets of values
/// each one's turn is solved over.
fn work(dice: tabula_core::Dice, rounds: u16) -> u64 {
    let maxv = u64::from(dice.max());
    let turns = 2 * u64::from(rounds);
    let pairs = maxv * turns * turns.saturating_sub(1) / 2 + turns;
    let sums = u32::from(dice.max() - dice.min() + 1);
    pairs.saturating_mul(1u64.checked_shl(sums).unwrap_or(u64::MAX))
}

/// The most rounds for which win-optimal is solved with `dice`: at most
/// [`MAX_ROUNDS`], and no more work than 100 rounds of two six-sided dice
/// (so 3d6, with 16 possible sums, allows 14 rounds).
pub fn max_rounds(dice: tabula_core::Dice) -> u16 {
    let budget = work(tabula_core::Dice::new(2, 6).unwrap_or(dice), MAX_ROUNDS);
    (1..=MAX_ROUNDS)
        .take_while(|&r| work(dice, r) <= budget)
        .last()
        .unwrap_or(1)
}

/// Told how far a solve has come: (turns solved, turns in all).
pub type ProgressReporter = dyn Fn(u32, u32) + Send + Sync;

static REPORTER: OnceLock<Box<ProgressReporter>> = OnceLock::new();

/// Sets, once per process, what [`WinOptimal::new`] tells its progress
/// to (a front end's progress bar); `false` if one was already set.
pub fn set_progress_reporter(reporter: Box<ProgressReporter>) -> bool {
    REPORTER.set(reporter).is_ok()
}

/// The score-difference grid of a two-player game.
#[derive(Clone, Debug)]
struct Grid {
    turns: u32,
    maxv: i32,
    offset: i32,
}

impl Grid {
    fn new(config: &Config) -> Grid {
        let maxv = i32::from(config.dice().max());
        let rounds = i32::from(config.rounds());
        Grid {
            turns: 2 * u32::from(config.rounds()),
            maxv,
            offset: maxv * rounds,
        }
    }

    /// Differences possible before turn `t`.
    fn range(&self, t: u32) -> std::ops::RangeInclusive<i32> {
        let first = t.div_ceil(2) as i32;
        let second = (t / 2) as i32;
        -self.maxv * second..=self.maxv * first
    }

    fn width(&self) -> usize {
        (2 * self.offset + 1) as usize
    }

    fn index(&self, d: i32) -> usize {
        (d + self.offset) as usize
    }

    /// The table at the end of the game.
    fn end(&self) -> Vec<Outcome> {
        (0..self.width())
            .map(|i| {
                let d = i as i32 - self.offset;
                [
                    f64::from(u8::from(d > 0)),
                    f64::from(u8::from(d < 0)),
                    f64::from(u8::from(d == 0)),
                ]
            })
            .collect()
    }
}

/// Adds a turn's score distribution into the next table: the value at
/// `(t, d)` is the expectation over the mover's score.
fn expect(dist: &[f64], next: &[Outcome], grid: &Grid, d: i32, sign: i32) -> Outcome {
    let mut out = [0.0; 3];
    for (s, &p) in dist.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        let nd = d + sign * s as i32;
        let o = next[grid.index(nd)];
        for k in 0..3 {
            out[k] += p * o[k];
        }
    }
    out
}

/// The strategy that maximizes its probability of winning a two-player
/// game (a tie is not a win), assuming its opponent does the same; solved
/// by backward induction when it is built.
pub struct WinOptimal {
    config: Config,
    values: Values,
    grid: Grid,
    tables: Vec<Vec<Outcome>>,
    /// The turn score distribution at `(t, d)`: `dists[t][d - start of range(t)]`.
    dists: Vec<Vec<Arc<Vec<f64>>>>,
    cache: Mutex<HashMap<(u32, i32), Arc<Turn>>>,
}

impl std::fmt::Debug for WinOptimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WinOptimal")
            .field("config", &self.config)
            .finish()
    }
}

/// The last turn a thread looked up: (which tables, turn, difference).
type LastTurn = Option<(usize, u32, i32, Arc<Turn>)>;

thread_local! {
    static LAST: RefCell<LastTurn> = const { RefCell::new(None) };
}

impl WinOptimal {
    /// Solves the game, telling the progress reporter (if one is set)
    /// how far it has come. Two players, at most [`max_rounds`] rounds.
    pub fn new(config: &Config) -> Result<WinOptimal, ChanceItError> {
        match REPORTER.get() {
            Some(report) => WinOptimal::solve(config, &mut |done, total| report(done, total)),
            None => WinOptimal::solve(config, &mut |_, _| {}),
        }
    }

    /// Solves the game, calling `progress(turns solved, turns)` after each
    /// turn of the backward induction (there are twice as many turns as
    /// rounds). Two players, at most [`max_rounds`] rounds.
    pub fn solve(
        config: &Config,
        progress: &mut dyn FnMut(u32, u32),
    ) -> Result<WinOptimal, ChanceItError> {
        if config.players() != 2 {
            return Err(ChanceItError::WinOptimalPlayers(config.players()));
        }
        let most = max_rounds(config.dice());
        if config.rounds() > most {
            return Err(ChanceItError::WinOptimalRounds {
                most,
                dice: config.dice(),
                rounds: config.rounds(),
                all: crate::config::MAX_ROUNDS,
            });
        }
        let values = Values::new(config.dice());
        let grid = Grid::new(config);
        let mut tables = vec![Vec::new(); grid.turns as usize + 1];
        let mut dists = vec![Vec::new(); grid.turns as usize];
        tables[grid.turns as usize] = grid.end();
        // One worker per core, each with its own buffers and its own
        // memory of solved payoffs; each turn's differences are split
        // among them. Every `(t, d)` is solved on its own, so the tables
        // do not depend on the number of workers.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::new(&values)).collect();
        for t in (0..grid.turns).rev() {
            let next = &tables[t as usize + 1];
            let (mover, sign) = mover(t);
            let range = grid.range(t);
            let (start, count) = (*range.start(), range.count());
            // Blocks of differences dealt out in turn: the costly ones, near
            // an even game, are spread over every worker.
            const BLOCK: usize = 16;
            let k = workers.len();
            let solved: Vec<Vec<(Outcome, Arc<Vec<f64>>)>> = std::thread::scope(|scope| {
                let handles: Vec<_> = workers
                    .iter_mut()
                    .enumerate()
                    .map(|(w, worker)| {
                        let (values, grid) = (&values, &grid);
                        scope.spawn(move || {
                            (0..count)
                                .filter(|i| (i / BLOCK) % k == w)
                                .map(|i| {
                                    let d = start + i as i32;
                                    let (stop, bust) = payoffs(values, grid, next, d, mover, sign);
                                    let dist = worker.solve(&stop, bust);
                                    (expect(&dist, next, grid, d, sign), dist)
                                })
                                .collect()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_default())
                    .collect()
            });
            let mut parts: Vec<_> = solved.into_iter().map(Vec::into_iter).collect();
            let mut table = vec![[0.0; 3]; grid.width()];
            let mut row = Vec::with_capacity(count);
            for i in 0..count {
                let Some((outcome, dist)) = parts[(i / BLOCK) % k].next() else {
                    break;
                };
                table[grid.index(start + i as i32)] = outcome;
                row.push(dist);
            }
            if row.len() != count {
                return Err(ChanceItError::WorkerFailed);
            }
            tables[t as usize] = table;
            dists[t as usize] = row;
            progress(grid.turns - t, grid.turns);
        }
        Ok(WinOptimal {
            config: *config,
            values,
            grid,
            tables,
            dists,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// Chances when both seats play win-optimal: first seat wins, second
    /// wins, tie.
    pub fn self_play(&self) -> Outcome {
        self.tables[0][self.grid.index(0)]
    }

    /// The stop payoffs and `C(S)` for the mover at turn `t` with
    /// difference `d`.
    fn turn(&self, t: u32, d: i32) -> Arc<Turn> {
        let me = self as *const WinOptimal as usize;
        if let Some(c) = LAST.with(|l| {
            l.borrow()
                .as_ref()
                .filter(|(p, tt, dd, _)| *p == me && *tt == t && *dd == d)
                .map(|x| x.3.clone())
        }) {
            return c;
        }
        let key = (t, d);
        let cached = self.cache.lock().ok().and_then(|c| c.get(&key).cloned());
        let c = match cached {
            Some(c) => c,
            None => {
                let (m, sign) = mover(t);
                let next = &self.tables[(t as usize + 1).min(self.tables.len() - 1)];
                let (stop, bust) = payoffs(&self.values, &self.grid, next, d, m, sign);
                let c = Arc::new(Turn {
                    continuation: self.values.continuation(&stop, bust),
                    stop,
                });
                if let Ok(mut cache) = self.cache.lock() {
                    cache.insert(key, c.clone());
                }
                c
            }
        };
        LAST.with(|l| *l.borrow_mut() = Some((me, t, d, c.clone())));
        c
    }
}

/// One worker of the backward induction: its buffers, and the turns it
/// solved by their payoffs to the last bit (many repeat where the game is
/// decided), so a repeat shares the first solution.
struct Worker {
    solver: TurnSolver,
    solved: HashMap<Vec<u64>, Arc<Vec<f64>>>,
    key: Vec<u64>,
}

impl Worker {
    fn new(values: &Values) -> Worker {
        Worker {
            solver: TurnSolver::new(values),
            solved: HashMap::new(),
            key: Vec::new(),
        }
    }

    /// The optimal turn's score distribution for these payoffs.
    fn solve(&mut self, stop: &[f64], bust: f64) -> Arc<Vec<f64>> {
        self.key.clear();
        self.key
            .extend(stop.iter().chain([&bust]).map(|x| x.to_bits()));
        if let Some(dist) = self.solved.get(&self.key) {
            return dist.clone();
        }
        // Bounds the memory the shared solutions take.
        if self.solved.len() >= 1 << 16 {
            self.solved.clear();
        }
        let dist = Arc::new(self.solver.optimal_distribution(stop, bust));
        self.solved.insert(self.key.clone(), dist.clone());
        dist
    }
}

/// One turn of the win-optimal policy: the mover's chance of winning after
/// stopping on each value, and `C(S)`.
struct Turn {
    stop: Vec<f64>,
    continuation: Vec<f64>,
}

/// Who moves at turn `t`, and the sign their score adds to the difference.
fn mover(t: u32) -> (usize, i32) {
    if t.is_multiple_of(2) { (0, 1) } else { (1, -1) }
}

/// The mover's chance of winning after stopping on each value, and after
/// a bust.
fn payoffs(
    values: &Values,
    grid: &Grid,
    next: &[Outcome],
    d: i32,
    mover: usize,
    sign: i32,
) -> (Vec<f64>, f64) {
    let at = |nd: i32| {
        let i = (nd + grid.offset).clamp(0, 2 * grid.offset) as usize;
        next.get(i).map_or(0.0, |o| o[mover])
    };
    let stop = (0..values.len())
        .map(|i| at(d + sign * i32::from(values.min + i as u16)))
        .collect();
    (stop, at(d))
}

impl Strategy for WinOptimal {
    fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        if view.totals.len() != 2 || view.round >= self.config.rounds() {
            return 0.0;
        }
        let t = 2 * u32::from(view.round) + view.seat.min(1) as u32;
        let d = view.totals[0] as i32 - view.totals[1] as i32;
        let turn = self.turn(t, d);
        let mask = self.values.mask(view.rolled);
        let vi = usize::from(view.last.saturating_sub(self.values.min));
        if turn.stop.get(vi).copied().unwrap_or(0.0) >= turn.continuation[mask as usize] {
            0.0
        } else {
            1.0
        }
    }

    fn depends(&self) -> Depends {
        Depends::ScoreDifference
    }

    fn known_turn_distribution(
        &self,
        round: u16,
        seat: usize,
        totals: &[u32],
    ) -> Option<Arc<Vec<f64>>> {
        if totals.len() != 2 || seat > 1 {
            return None;
        }
        let t = 2 * u32::from(round) + seat as u32;
        let d = i64::from(totals[0]) - i64::from(totals[1]);
        let start = i64::from(*self.grid.range(t).start());
        let i = usize::try_from(d - start).ok()?;
        self.dists.get(t as usize)?.get(i).cloned()
    }
}

crate::register_strategy! {
    name: NAME,
    parameter: None,
    summary: "maximizes the probability of winning the two-player game from the round, the score difference and who moves (backward induction)",
    rank: 100,
    build: |config, _| Ok(Arc::new(WinOptimal::new(config)?)),
}

/// The exact chances of a two-player game with `first` in the first seat
/// and `second` in the second: first seat wins, second wins, tie. `None`
/// if the game does not have two players or a strategy depends on more
/// than the score difference.
pub fn exact_outcome(
    config: &Config,
    first: &dyn Strategy,
    second: &dyn Strategy,
) -> Option<Outcome> {
    if config.players() != 2
        || first.depends() == Depends::Anything
        || second.depends() == Depends::Anything
    {
        return None;
    }
    let values = Values::new(config.dice());
    let grid = Grid::new(config);
    let strategies = [first, second];
    // Strategies that look only at the turn have one distribution.
    let fixed: Vec<Option<Vec<f64>>> = strategies
        .iter()
        .enumerate()
        .map(|(seat, s)| {
            (s.depends() == Depends::Turn)
                .then(|| values.strategy_distribution(config, *s, 0, seat, &[0, 0]))
        })
        .collect();
    let mut next = grid.end();
    for t in (0..grid.turns).rev() {
        let (m, sign) = mover(t);
        let mut table = vec![[0.0; 3]; grid.width()];
        for d in grid.range(t) {
            let computed;
            let dist: &[f64] = match &fixed[m] {
                Some(dist) => dist,
                None => {
                    let totals = [d.max(0) as u32, (-d).max(0) as u32];
                    let (round, s) = ((t / 2) as u16, strategies[m]);
                    computed = s
                        .known_turn_distribution(round, m, &totals)
                        .unwrap_or_else(|| {
                            Arc::new(values.strategy_distribution(config, s, round, m, &totals))
                        });
                    &computed
                }
            };
            table[grid.index(d)] = expect(dist, &next, &grid, d, sign);
        }
        next = table;
    }
    Some(next[grid.index(0)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Dice;

    /// The backward induction with full passes over every set of values,
    /// as it was first written: the tables to reproduce to the last bit.
    fn full_tables(config: &Config) -> Vec<Vec<Outcome>> {
        let values = Values::new(config.dice());
        let grid = Grid::new(config);
        let mut tables = vec![Vec::new(); grid.turns as usize + 1];
        tables[grid.turns as usize] = grid.end();
        for t in (0..grid.turns).rev() {
            let mut table = vec![[0.0; 3]; grid.width()];
            let next = &tables[t as usize + 1];
            for d in grid.range(t) {
                let (m, sign) = mover(t);
                let (stop, bust) = payoffs(&values, &grid, next, d, m, sign);
                let c = values.continuation(&stop, bust);
                let dist = values.turn_distribution(|mask, v| {
                    if stop[usize::from(v - values.min)] >= c[mask as usize] {
                        0.0
                    } else {
                        1.0
                    }
                });
                table[grid.index(d)] = expect(&dist, next, &grid, d, sign);
            }
            tables[t as usize] = table;
        }
        tables
    }

    #[test]
    fn the_round_limit_follows_the_work() {
        let dice = |c, f| Dice::new(c, f).unwrap_or(Dice::D6);
        assert_eq!(max_rounds(dice(2, 6)), MAX_ROUNDS);
        assert_eq!(max_rounds(dice(1, 6)), MAX_ROUNDS);
        assert_eq!(max_rounds(dice(3, 6)), 14);
        for (c, f) in [(3, 6), (2, 8), (1, 16), (4, 4)] {
            let r = max_rounds(dice(c, f));
            assert!(work(dice(c, f), r) <= work(dice(2, 6), MAX_ROUNDS));
            assert!(r == MAX_ROUNDS || work(dice(c, f), r + 1) > work(dice(2, 6), MAX_ROUNDS));
        }
    }

    #[test]
    fn the_solve_gives_the_full_passes_tables_bit_for_bit() {
        for (count, faces, rounds) in [(2, 6, 4), (1, 6, 12), (2, 4, 8)] {
            let config = Config::seed()
                .with(Dice::new(count, faces).ok(), Some(rounds), None)
                .unwrap_or(Config::seed());
            let mut calls = 0;
            let w = WinOptimal::solve(&config, &mut |done, total| {
                calls += 1;
                assert_eq!((done, total), (calls, 2 * rounds));
            })
            .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(calls, 2 * rounds);
            let full = full_tables(&config);
            assert_eq!(w.tables.len(), full.len());
            for (a, b) in w.tables.iter().zip(&full) {
                let a: Vec<[u64; 3]> = a.iter().map(|o| o.map(f64::to_bits)).collect();
                let b: Vec<[u64; 3]> = b.iter().map(|o| o.map(f64::to_bits)).collect();
                assert_eq!(a, b, "{count}d{faces} x{rounds}");
            }
        }
    }
}
