//! The sampler against exact values: published figures for the classic
//! board, and an independent exact solver for other boards and rules.
//! Every tolerance is a multiple of the run's own standard error; seeds are
//! fixed, so a pass is reproducible.

use crate::common;

use tabula::core::BoardGame;
use tabula::sim::{Collector, LengthOf, Lengths, Playout, Simulation};
use tabula::snakes::{Board, Bounce, Event, ExactFinish, Overshoot, Rules, Snakes};
use tabula_example_three_sixes::ThreeSixes;

/// Sampled mean throws must be within this many standard errors.
const Z: f64 = 4.0;

fn sampled_mean<R: Rules>(board: &Board, rules: &R, games: u64, seed: u64) -> (f64, f64) {
    let game = Snakes::new(board, rules, 1);
    let run = Simulation::new(games)
        .with_seed(seed)
        .run_sampled(&game, Lengths::new(LengthOf::ChanceSteps))
        .unwrap();
    (run.collector.mean(), run.collector.std_error())
}

fn check_mean<R: Rules>(board: &Board, rules: &R, exact: f64, games: u64, seed: u64) {
    let (mean, se) = sampled_mean(board, rules, games, seed);
    assert!(
        (mean - exact).abs() < Z * se,
        "{}: sampled mean {mean} +/- {se} vs exact {exact}",
        board.name()
    );
}

#[test]
fn solver_reproduces_the_published_classic_values() {
    let board = Board::classic();
    let over = common::solve(&Snakes::new(&board, &Overshoot, 1), 101, 10_000);
    let exact = common::solve(&Snakes::new(&board, &ExactFinish, 1), 101, 10_000);
    // 35.8349 (overshoot); 39.2251 (exact finish: Althoen, King and
    // Schilling, 1993), both to the four decimals published.
    assert!(
        (over.mean_throws - 35.8349).abs() < 5e-5,
        "{}",
        over.mean_throws
    );
    assert!(
        (exact.mean_throws - 39.2251).abs() < 5e-5,
        "{}",
        exact.mean_throws
    );
}

#[test]
fn classic_overshoot_mean_matches_35_8349() {
    check_mean(&Board::classic(), &Overshoot, 35.8349, 400_000, 11);
}

#[test]
fn classic_exact_mean_matches_39_2251() {
    check_mean(&Board::classic(), &ExactFinish, 39.2251, 400_000, 12);
}

/// The sampled mean against the exact solver's, for any board and rules.
fn check_against_solver<R: Rules>(board: &Board, rules: &R, seed: u64) {
    let squares = usize::from(board.size()) + 1;
    let exact = common::solve(&Snakes::new(board, rules, 1), squares, 10_000).mean_throws;
    check_mean(board, rules, exact, 200_000, seed);
}

#[test]
#[ignore = "slow: simulates every board and rule set; .ci/run runs it"]
fn other_boards_and_rules_match_the_exact_solver() {
    let classic = Board::classic();
    let teaching = Board::built_in("teaching").unwrap().unwrap();
    let two_dice = Board::built_in("two-dice").unwrap().unwrap();
    check_against_solver(&classic, &Bounce, 100);
    check_against_solver(&classic, &ThreeSixes, 101);
    check_against_solver(&teaching, &ExactFinish, 102);
    check_against_solver(&two_dice, &Bounce, 103);
}

/// Per-game landings on chosen squares, with sums of squares so the
/// standard error of the mean is exact.
#[derive(Clone)]
struct SquareWatch {
    squares: Vec<usize>,
    current: Vec<u64>,
    sum: Vec<u64>,
    sum_sq: Vec<u64>,
    games: u64,
}

impl SquareWatch {
    fn new(squares: &[usize]) -> Self {
        let n = squares.len();
        SquareWatch {
            squares: squares.to_vec(),
            current: vec![0; n],
            sum: vec![0; n],
            sum_sq: vec![0; n],
            games: 0,
        }
    }
    fn mean_and_se(&self, i: usize) -> (f64, f64) {
        let n = self.games as f64;
        let mean = self.sum[i] as f64 / n;
        let var = (self.sum_sq[i] as f64 / n - mean * mean) * n / (n - 1.0);
        (mean, (var / n).sqrt())
    }
}

impl<'a, R: Rules> Collector<Snakes<'a, R>> for SquareWatch {
    fn event(&mut self, e: &Event) {
        use tabula::sim::Landings;
        e.for_each_landing(|sq| {
            for (i, &w) in self.squares.iter().enumerate() {
                if sq == w {
                    self.current[i] += 1;
                }
            }
        });
    }
    fn end_game(&mut self, _: &Playout, _: &<Snakes<'a, R> as BoardGame>::State) {
        for i in 0..self.squares.len() {
            let c = std::mem::take(&mut self.current[i]);
            self.sum[i] += c;
            self.sum_sq[i] += c * c;
        }
        self.games += 1;
    }
    fn merge(&mut self, other: Self) {
        for i in 0..self.squares.len() {
            self.sum[i] += other.sum[i];
            self.sum_sq[i] += other.sum_sq[i];
        }
        self.games += other.games;
    }
}

#[test]
fn landings_per_game_match_the_exact_solver() {
    let board = Board::classic();
    let game = Snakes::new(&board, &Overshoot, 1);
    let exact = common::solve(&game, 101, 10_000);
    // 44: the most popular square, 99: the least (specification 000's answers), and
    // 1: a ladder foot reachable only by the first throw.
    let watched = [44, 99, 1, 26];
    let run = Simulation::new(300_000)
        .with_seed(21)
        .run_sampled(&game, SquareWatch::new(&watched))
        .unwrap();
    for (i, &sq) in watched.iter().enumerate() {
        let (mean, se) = run.collector.mean_and_se(i);
        assert!(
            (mean - exact.landings[sq]).abs() < Z * se,
            "square {sq}: sampled {mean} +/- {se} vs exact {}",
            exact.landings[sq]
        );
    }
    // Square 1 is landed on only by a first throw of 1: exactly 1/6.
    assert!((exact.landings[1] - 1.0 / 6.0).abs() < 1e-12);
    // The exact ranking the report's most and least popular squares follow.
    let before_last = &exact.landings[1..100];
    let most = 1
        + (0..99)
            .max_by(|&a, &b| before_last[a].total_cmp(&before_last[b]))
            .unwrap();
    let least = 1
        + (0..99)
            .min_by(|&a, &b| before_last[a].total_cmp(&before_last[b]))
            .unwrap();
    assert_eq!((most, least), (44, 99));
}

#[test]
fn report_finds_specification_000s_squares_and_minimum_on_the_classic_board() {
    use tabula::snakes::{ReportOptions, Setup};
    let setup = Setup::new(Board::classic(), None, 1).unwrap();
    let report = setup
        .simulate(
            &Simulation::new(300_000).with_seed(5),
            &ReportOptions { dice_rolls: 0 },
            &|_| {},
        )
        .unwrap();
    // Specification 000: most popular 44, least popular 99 (p about 0.0038), minimum 7.
    assert_eq!(report.squares.most_popular, 44);
    assert_eq!(report.squares.least_popular, 99);
    assert_eq!(report.throws.min, 7);
    let exact = common::solve(&Snakes::new(&setup.board, &Overshoot, 1), 101, 10_000);
    let p = exact.landings[99] / exact.landings[1..100].iter().sum::<f64>();
    assert!(
        (report.squares.least_popular_probability - p).abs() < 0.0001,
        "{p}"
    );
    // The shortest game is a real 7-throw path ending on 100.
    let g = &report.shortest_game;
    assert_eq!((g.throws, g.rolls.len(), g.squares.len()), (7, 7, 8));
    assert_eq!(g.squares.last(), Some(&100));
}
