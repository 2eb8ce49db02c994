//! Value stability: a fixed seed gives these exact numbers, on every
//! machine and whatever the thread count. If a change to the RNG streams,
//! the dice or the rules moves them, it changes every user's results: that
//! must be deliberate.

use tabula::sim::Simulation;
use tabula::snakes::{Board, BoardReport, ReportOptions, Setup};

fn report(rules: &str, threads: usize) -> BoardReport {
    let setup = Setup::new(Board::classic(), Some(rules), 1).unwrap();
    let sim = Simulation::new(20_000)
        .with_seed(12_345)
        .with_threads(threads);
    setup
        .simulate(&sim, &ReportOptions { dice_rolls: 60_000 }, &|_| {})
        .unwrap()
}

/// The report as JSON without the fields that measure time or threads.
fn stable_json(r: &BoardReport) -> serde_json::Value {
    let mut v = serde_json::to_value(r).unwrap();
    let map = v.as_object_mut().unwrap();
    for key in ["time_per_game_ns", "wall_time_s", "threads"] {
        map.remove(key);
    }
    v
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    for rules in ["overshoot", "exact", "bounce"] {
        let one = stable_json(&report(rules, 1));
        for threads in [2, 3, 8] {
            assert_eq!(
                one,
                stable_json(&report(rules, threads)),
                "{rules}, {threads} threads"
            );
        }
    }
}

#[test]
fn pinned_values_for_seed_12345() {
    let r = report("overshoot", 2);
    let t = &r.throws;
    let pinned = (
        t.min,
        t.max,
        t.mode,
        t.median,
        (t.mean * 20_000.0).round() as u64,
    );
    assert_eq!(
        pinned, PINNED_THROWS,
        "throws (min, max, mode, median, sum)"
    );
    assert_eq!(r.shortest_game.game_index, PINNED_SHORTEST.0);
    assert_eq!(r.shortest_game.rolls, PINNED_SHORTEST.1);
    assert_eq!(r.shortest_game.squares, PINNED_SHORTEST.2);
    assert_eq!(
        (
            r.squares.landings[44],
            r.squares.landings[99],
            r.squares.landings[100]
        ),
        PINNED_LANDINGS
    );
    let d = r.dice_test.unwrap();
    assert_eq!(d.counts, PINNED_DICE);
}

const PINNED_THROWS: (u32, u32, u32, u32, u64) = (7, 247, 22, 29, 717_634);
/// Game 4: 0, 38 (ladder from 1), 42, 48, 67 (ladder from 51), 91
/// (ladder from 71), 96, 100.
const PINNED_SHORTEST: (u64, [u16; 7], [u16; 8]) =
    (4, [1, 4, 6, 3, 4, 5, 5], [0, 38, 42, 48, 67, 91, 96, 100]);
const PINNED_LANDINGS: (u64, u64, u64) = (21_416, 3_112, 20_000);
const PINNED_DICE: [u64; 6] = [9_937, 9_993, 9_988, 10_167, 10_010, 9_905];

/// A collector that wants every event, so the harness reports events
/// instead of letting the game count landings in bulk.
#[derive(Clone, Debug, PartialEq)]
struct EveryEvent(u64);

impl<G: tabula::core::BoardGame> tabula::sim::Collector<G> for EveryEvent {
    fn event(&mut self, _: &G::Event) {
        self.0 += 1;
    }
    fn merge(&mut self, other: Self) {
        self.0 += other.0;
    }
}

#[test]
fn counting_landings_in_bulk_changes_no_count() {
    use tabula::sim::{Collector, LengthOf, Lengths, Occupancy, Wants, Wins};
    use tabula::snakes::{Bounce, ExactFinish, Overshoot, Rules, Snakes};
    fn check<R: Rules + std::fmt::Debug>(board: &Board, rules: &R) {
        let game = Snakes::new(board, rules, 1);
        assert!(game.throws_from_table(), "{rules:?}");
        let squares = usize::from(board.size()) + 1;
        let counts = || {
            (
                Lengths::new(LengthOf::ChanceSteps),
                Occupancy::new(squares),
                Wins::new(1),
            )
        };
        assert_eq!(Collector::<Snakes<R>>::wants(&counts()), Wants::Landings);
        // An odd cap stops some games in the middle of a two-throw step.
        for max_steps in [25, 10_000] {
            for threads in [1, 3] {
                let sim = Simulation::new(9_000)
                    .with_seed(5)
                    .with_threads(threads)
                    .with_max_steps(max_steps);
                let bulk = sim.run_tallied(&game, counts()).unwrap().collector;
                let (lengths, occupancy, wins) = counts();
                let (l, o, w, events) = sim
                    .run_sampled(&game, (lengths, occupancy, wins, EveryEvent(0)))
                    .unwrap()
                    .collector;
                assert!(events.0 > 0);
                assert_eq!(
                    bulk,
                    (l, o, w),
                    "{rules:?}, cap {max_steps}, {threads} threads"
                );
            }
        }
    }
    let classic = Board::classic();
    check(&classic, &Overshoot);
    check(&classic, &ExactFinish);
    check(&classic, &Bounce);
}
