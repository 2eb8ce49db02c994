//! The simulation harness with all report collectors on the classic board,
//! beside a hand-written single-purpose loop over the same board and RNG.
//!
//! Run with `cargo bench --bench harness`; throughput is in games/s.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula::core::{Dice, game_rng};
use tabula::sim::{LengthOf, Lengths, Occupancy, Simulation, Wins};
use tabula::snakes::rules::SixesHome;
use tabula::snakes::{Board, Overshoot, Snakes};

const GAMES: u64 = 1_000_000;

/// What the report collects, written out by hand for one board: the
/// baseline the harness is measured against.
struct HandStats {
    histogram: [u64; 1024],
    first_game: [u64; 1024],
    /// Landings per square; 128 and up count the throws that took no
    /// ladder or chute, so every table entry adds to four counters
    /// without a branch.
    landings: [u64; 256],
    sum: u64,
    sum_sq: u64,
}

/// The fastest loop for the report's work on one board that we know how
/// to write: two throws a step from a table of every square and pair of
/// rolls (so the chain of dependent loads from square to square is half
/// as long), the rolls as digits of a random word (`WordDice`, the
/// harness's dice, so both see the same games), and the landings counted
/// in bulk: each step adds one to a counter of its table entry (square
/// and pair of rolls), and the entries' landings are added up once at
/// the end, so the loop touches two small arrays (7 KB of next rows,
/// 29 KB of counters) instead of four landing counters a step (the
/// harness does the same when its collectors want no more than landings:
/// `Simulation::run_tallied`, Snakes' `Tallied` speed path); and two games at a time, each lane
/// taking the next game as soon as its game ends, so one game's chain of
/// dependent loads runs while the other's waits (the harness does both
/// too, through `ThrowTable::run_games_tallied`; drawing this loop's
/// random words out of line, as that one does, measured the same).
fn hand_written(board: &Board, seed: u64, games: u64) -> HandStats {
    let mut next = [0u8; 101];
    for (s, n) in next.iter_mut().enumerate() {
        *n = board.jump_from(s as u16).unwrap_or(s as u16) as u8;
    }
    // Entry at square * 36 + d1 * 6 + d2 (d = roll - 1): reached and rest
    // after each throw, whether there was a second throw, and the row of
    // the square after both.
    let mut pairs = vec![0u64; 101 * 36];
    for square in 0..100 {
        for d1 in 0..6 {
            for d2 in 0..6 {
                let to1 = (square + d1 + 1).min(100);
                let rest1 = usize::from(next[to1]);
                let jump1 = if rest1 != to1 { rest1 } else { to1 + 128 };
                let (to2, jump2, live, rest2) = if rest1 >= 100 {
                    (255, 255, 0, rest1)
                } else {
                    let to2 = (rest1 + d2 + 1).min(100);
                    let rest2 = usize::from(next[to2]);
                    (to2, if rest2 != to2 { rest2 } else { to2 + 128 }, 1, rest2)
                };
                pairs[square * 36 + d1 * 6 + d2] = to1 as u64
                    | (jump1 as u64) << 8
                    | (to2 as u64) << 16
                    | (jump2 as u64) << 24
                    | live << 32
                    | ((rest2 * 36) as u64) << 40;
            }
        }
    }
    // The hot table: the next step's row, plus 1 if the step had one
    // throw only (it finished; the row is then past the last square's and
    // a multiple of 36, so the 1 stands out).
    let next_rows: Vec<u16> = pairs
        .iter()
        .map(|&e| (e >> 40) as u16 + (1 - ((e >> 32) & 1)) as u16)
        .collect();
    let next_rows: &[u16] = &next_rows;
    let mut steps = vec![0u64; pairs.len()];
    let steps_per_entry: &mut [u64] = &mut steps;
    let mut st = HandStats {
        histogram: [0; 1024],
        first_game: [u64::MAX; 1024],
        landings: [0; 256],
        sum: 0,
        sum_sq: 0,
    };
    let end = 100 * 36;
    // Game `index` ended at `row` after `pairs_thrown` steps.
    let finish = |st: &mut HandStats, index: u64, pairs_thrown: u64, row: usize| {
        let throws = 2 * pairs_thrown - (row % 36) as u64;
        let t = (throws as usize).min(1023);
        st.histogram[t] += 1;
        st.first_game[t] = st.first_game[t].min(index);
        st.sum += throws;
        st.sum_sq += throws * throws;
    };
    // Two games at a time, so one game's chain of dependent loads runs
    // while the other's waits; a lane takes the next game as soon as its
    // game ends, and the last game runs alone.
    let lane = |index| (index, game_rng(seed, index), Dice::D6.word_dice());
    let (mut ia, mut ra, mut da) = lane(0);
    let (mut ib, mut rb, mut db) = lane(1);
    let (mut rowa, mut rowb, mut pa, mut pb) = (0usize, 0usize, 0u64, 0u64);
    let mut next_game = 2;
    let (mut a_plays, mut b_plays) = (games >= 1, games >= 2);
    if games >= 2 {
        loop {
            let ka = rowa + da.two_digits(&mut ra) as usize;
            let kb = rowb + db.two_digits(&mut rb) as usize;
            steps_per_entry[ka] += 1;
            steps_per_entry[kb] += 1;
            pa += 1;
            pb += 1;
            rowa = usize::from(next_rows[ka]);
            rowb = usize::from(next_rows[kb]);
            if rowa >= end {
                finish(&mut st, ia, pa, rowa);
                if next_game == games {
                    a_plays = false;
                    break;
                }
                (ia, ra, da) = lane(next_game);
                (rowa, pa) = (0, 0);
                next_game += 1;
            }
            if rowb >= end {
                finish(&mut st, ib, pb, rowb);
                if next_game == games {
                    b_plays = false;
                    break;
                }
                (ib, rb, db) = lane(next_game);
                (rowb, pb) = (0, 0);
                next_game += 1;
            }
        }
    }
    // The games still playing when no new one is left, each alone.
    let alone = [
        (a_plays, ia, ra, da, rowa, pa),
        (b_plays, ib, rb, db, rowb, pb),
    ];
    for (plays, index, mut rng, mut dice, mut row, mut pairs_thrown) in alone {
        if plays {
            while row < end {
                let k = row + dice.two_digits(&mut rng) as usize;
                steps_per_entry[k] += 1;
                pairs_thrown += 1;
                row = usize::from(next_rows[k]);
            }
            finish(&mut st, index, pairs_thrown, row);
        }
    }
    for (&e, &n) in pairs.iter().zip(&steps) {
        for shift in [0, 8, 16, 24] {
            st.landings[((e >> shift) & 0xff) as usize] += n;
        }
    }
    st
}

/// The hand-written loop does the harness's work: the same games, the
/// same counts. Checked before anything is timed.
fn same_games(board: &Board, game: &Snakes<'_, Overshoot>) {
    let games = 100_000;
    let hand = hand_written(board, 7, games);
    let run = Simulation::new(games)
        .with_seed(7)
        .run_tallied(
            game,
            (
                Lengths::new(LengthOf::ChanceSteps),
                Occupancy::new(101),
                Wins::new(1),
            ),
        )
        .expect("the harness runs");
    let (lengths, occupancy, _) = run.collector;
    assert_eq!(&hand.landings[1..101], &occupancy.counts()[1..101]);
    for (len, count) in lengths.histogram() {
        assert_eq!(hand.histogram[len as usize], count, "games of {len} throws");
        assert_eq!(
            Some(hand.first_game[len as usize]),
            lengths.first_game_with(len)
        );
    }
    assert_eq!(hand.sum as f64 / games as f64, lengths.mean());
}

fn bench(c: &mut Criterion) {
    let board = Board::classic();
    let game = Snakes::new(&board, &Overshoot, 1);
    let collectors = || {
        (
            Lengths::new(LengthOf::ChanceSteps),
            Occupancy::new(101),
            Wins::new(1),
        )
    };
    same_games(&board, &game);
    let mut group = c.benchmark_group("classic");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.bench_function("hand_written_1_thread", |b| {
        b.iter(|| black_box(hand_written(&board, black_box(7), GAMES)))
    });
    group.bench_function("hand_written_2_threads", |b| {
        b.iter(|| {
            std::thread::scope(|scope| {
                let a = scope.spawn(|| hand_written(&board, 7, GAMES / 2));
                let b = scope.spawn(|| hand_written(&board, 8, GAMES / 2));
                black_box((a.join().is_ok(), b.join().is_ok()))
            })
        })
    });
    for threads in [1, 2] {
        let sim = Simulation::new(GAMES).with_seed(7).with_threads(threads);
        group.bench_function(format!("harness_all_collectors_{threads}_threads"), |b| {
            b.iter(|| black_box(sim.run_tallied(&game, collectors())))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches, parts);

fn bench_parts(c: &mut Criterion) {
    let board = Board::classic();
    let game = Snakes::new(&board, &Overshoot, 1);
    let mut group = c.benchmark_group("parts");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    let sim = Simulation::new(GAMES).with_seed(7).with_threads(1);
    group.bench_function("lengths_only", |b| {
        b.iter(|| black_box(sim.run_tallied(&game, Lengths::new(LengthOf::ChanceSteps))))
    });
    // A collector that wants every event: the harness plays one game at a
    // time and Snakes reports each throw's events from its table.
    group.bench_function("every_event", |b| {
        b.iter(|| {
            black_box(sim.run_sampled(
                &game,
                (
                    Lengths::new(LengthOf::ChanceSteps),
                    Occupancy::new(101),
                    EveryEvent(0),
                ),
            ))
        })
    });
    group.bench_function("occupancy_only", |b| {
        b.iter(|| {
            black_box(sim.run_tallied(
                &game,
                (Lengths::new(LengthOf::ChanceSteps), Occupancy::new(101)),
            ))
        })
    });
    // Rules with a state of their own (a six throws again, three sixes
    // send the token home) have no table: every throw goes through them.
    let house = Snakes::new(&board, &SixesHome, 1);
    group.bench_function("house_rules_every_throw", |b| {
        b.iter(|| {
            black_box(sim.run_tallied(
                &house,
                (Lengths::new(LengthOf::ChanceSteps), Occupancy::new(101)),
            ))
        })
    });
    group.finish();
}
criterion_group!(parts, bench_parts);

/// Counts every event, so the run cannot count landings in bulk.
#[derive(Clone, Debug)]
struct EveryEvent(u64);

impl<G: tabula::core::BoardGame> tabula::sim::Collector<G> for EveryEvent {
    fn event(&mut self, _: &G::Event) {
        self.0 += 1;
    }
    fn merge(&mut self, other: Self) {
        self.0 += other.0;
    }
}
