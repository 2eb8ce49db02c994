//! Exact ties are not decided by rounding error: on boards where two
//! probabilities (or a cumulative probability and one half) are exactly
//! equal, the whole-number figures (mode, median, most and least popular
//! square, one and several players, `analyze` and the exact block of
//! `simulate`) follow the documented tie rule, the smaller value.
//!
//! The exact equalities are established here independently, in integer
//! and rational arithmetic over one die: counting roll sequences for the
//! lengths, and solving the expected-visits equations with fractions for
//! the landings.
#![allow(clippy::needless_range_loop)] // matrix code reads best with indices

use crate::common;

use tabula::sim::Simulation;
use tabula::snakes::{AnalysisOptions, Board, ReportOptions, Setup};

fn board(text: &str) -> Board {
    common::board(text)
}

fn analyze(board: &Board, players: u8) -> tabula::snakes::Analysis {
    Setup::new(board.clone(), Some("overshoot"), usize::from(players))
        .and_then(|s| {
            s.analyze(&AnalysisOptions {
                players,
                ..Default::default()
            })
        })
        .unwrap_or_else(|e| panic!("{e}"))
}

/// One overshoot throw of a single die from `square`: `None` if it
/// finishes, else the squares landed on (the square reached, then each
/// jump's target in turn: a ladder may end at the foot of a chute).
fn throw(board: &Board, square: u16, roll: u16) -> Option<Vec<u16>> {
    let mut at = square + roll;
    let mut landed = Vec::new();
    loop {
        if at >= board.size() {
            return None;
        }
        landed.push(at);
        match board.jump_from(at) {
            Some(target) if landed.len() <= usize::from(board.size()) => at = target,
            _ => return Some(landed),
        }
    }
}

/// `alive[n]`: how many of the `faces^n` roll sequences of one token have
/// not finished after `n` throws, for `n` up to `max`.
fn alive_counts(board: &Board, max: usize) -> Vec<u128> {
    let faces = board.dice().faces() as u16;
    assert_eq!(board.dice().count(), 1, "one die");
    let mut at = vec![0u128; usize::from(board.size())];
    at[0] = 1;
    let mut alive = vec![1u128];
    for _ in 0..max {
        let mut next = vec![0u128; at.len()];
        for (s, &c) in at.iter().enumerate() {
            if c == 0 {
                continue;
            }
            for roll in 1..=faces {
                if let Some(landed) = throw(board, s as u16, roll) {
                    next[usize::from(*landed.last().unwrap_or(&0))] += c;
                }
            }
        }
        at = next;
        alive.push(at.iter().sum());
    }
    alive
}

/// The exact pmf of the total throws of a `k`-player race, as numerators
/// over one common denominator `faces^(k * max)`.
/// Seat `j` wins on its `n`-th throw when it finishes then, the seats
/// before it have not finished in `n` throws and those after it not in
/// `n - 1`: every other seat's unthrown throws are padded with all
/// `faces` outcomes so that all terms share one denominator.
fn race_pmf(alive: &[u128], faces: u128, k: usize, max: usize) -> Vec<u128> {
    let mut pmf = vec![0u128; k * max + 1];
    for n in 1..=max {
        let finish = alive[n - 1] * faces - alive[n];
        for j in 0..k {
            let mut term = finish;
            for _ in 0..j {
                term *= alive[n];
            }
            for _ in j + 1..k {
                term *= alive[n - 1] * faces;
            }
            // Pad to k * max throws in all.
            for _ in 0..(k * (max - n)) {
                term *= faces;
            }
            pmf[k * (n - 1) + j + 1] = term;
        }
    }
    pmf
}

fn first_max(v: &[u128]) -> usize {
    let max = v.iter().copied().max().unwrap_or(0);
    v.iter().position(|&x| x == max).unwrap_or(0)
}

fn median(pmf: &[u128], denominator: u128) -> usize {
    let mut cdf = 0;
    for (n, &p) in pmf.iter().enumerate() {
        cdf += p;
        if 2 * cdf >= denominator {
            return n;
        }
    }
    panic!("no median within the listed pmf")
}

#[test]
fn median_on_an_exact_half_size_11() {
    // Overshoot, no jumps: T <= 3 iff three dice show 11 or more, which is
    // exactly half of the 216 sequences.
    let b = board(
        "Board(name: \"t1\", size: 11, dice: Dice(count: 1, faces: 6), rules: \"overshoot\", ladders: [], chutes: [])",
    );
    let alive = alive_counts(&b, 11);
    assert_eq!(2 * (216 - alive[3]), 216, "P(T <= 3) is exactly 1/2");
    let a = analyze(&b, 1);
    assert_eq!(a.throws.median, 3);
    // The pmf of one token as a race of one, on one denominator.
    let pmf = race_pmf(&alive, 6, 1, 11);
    assert_eq!(a.throws.median as usize, median(&pmf, 6u128.pow(11)));
    assert_eq!(a.throws.mode as usize, first_max(&pmf));
}

#[test]
fn median_on_an_exact_half_size_25() {
    // Seven dice reach 25 or more with probability exactly 1/2 (the sum is
    // symmetric about 24.5).
    let b = board(
        "Board(name: \"t1\", size: 25, dice: Dice(count: 1, faces: 6), rules: \"overshoot\", ladders: [], chutes: [])",
    );
    let alive = alive_counts(&b, 25);
    assert_eq!(2 * (6u128.pow(7) - alive[7]), 6u128.pow(7));
    let a = analyze(&b, 1);
    assert_eq!(a.throws.median, 7);
    let pmf = race_pmf(&alive, 6, 1, 25);
    assert_eq!(a.throws.median as usize, median(&pmf, 6u128.pow(25)));
    assert_eq!(a.throws.mode as usize, first_max(&pmf));
}

#[test]
fn three_player_total_median_on_an_exact_half() {
    // Teaching board, overshoot, three players: the first 8 throws are
    // seats 1, 2, 3, 1, 2, 3, 1, 2, so nobody has finished within 8 throws
    // with probability S(3)^2 S(2), where S(n) = alive[n] / 6^n.
    let b = Board::built_in("teaching")
        .expect("built in")
        .unwrap_or_else(|e| panic!("{e}"));
    let alive = alive_counts(&b, 3);
    let none_finished = alive[3] * alive[3] * alive[2];
    assert_eq!(
        2 * none_finished,
        6u128.pow(8),
        "P(total <= 8) is exactly 1/2"
    );
    let a = analyze(&b, 3);
    assert_eq!(a.seats.total_throws_median, 8);
}

#[test]
fn two_player_total_mode_on_an_exact_tie() {
    // Size 6, a ladder from 4 to the last square: the first throw ends the
    // game with probability 1/3 (a 4 or a 6), and so does the third.
    let b = board(
        "Board(name: \"t2\", size: 6, dice: Dice(count: 1, faces: 6), rules: \"overshoot\", ladders: [(4, 6)], chutes: [])",
    );
    let max = 6;
    let alive = alive_counts(&b, max);
    let pmf = race_pmf(&alive, 6, 2, max);
    assert_eq!(pmf[1], pmf[3], "exactly tied");
    assert_eq!(3 * pmf[1], 6u128.pow(12), "both exactly 1/3");
    let a = analyze(&b, 2);
    assert_eq!(a.seats.total_throws_mode, 1);
    assert_eq!(a.seats.total_throws_mode as usize, first_max(&pmf));
    assert_eq!(
        a.seats.total_throws_median as usize,
        median(&pmf, 6u128.pow(12))
    );
}

/// A fraction of i128s, always in lowest terms with a positive
/// denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frac(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Frac {
    fn new(n: i128, d: i128) -> Frac {
        let g = gcd(n, d).max(1) * d.signum();
        Frac(n / g, d / g)
    }
    fn add(self, o: Frac) -> Frac {
        Frac::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    fn sub(self, o: Frac) -> Frac {
        self.add(Frac(-o.0, o.1))
    }
    fn mul(self, o: Frac) -> Frac {
        Frac::new(self.0 * o.0, self.1 * o.1)
    }
    fn div(self, o: Frac) -> Frac {
        Frac::new(self.0 * o.1, self.1 * o.0)
    }
    fn to_f64(self) -> f64 {
        self.0 as f64 / self.1 as f64
    }
}

/// Expected landings per square of one token, exactly: the expected
/// number of throws from each square, `v = e_0 + v Q`, solved by
/// Gauss-Jordan elimination in fractions.
fn exact_landings(b: &Board) -> Vec<Frac> {
    let n = usize::from(b.size());
    let faces = b.dice().faces() as u16;
    let p = Frac::new(1, i128::from(faces));
    // (I - Q^T) v = e_0, with Q[s][t] the probability of ending a throw
    // from s on t.
    let mut m = vec![vec![Frac(0, 1); n + 1]; n];
    for (s, row) in m.iter_mut().enumerate() {
        row[s] = Frac(1, 1);
    }
    m[0][n] = Frac(1, 1);
    for s in 0..n {
        for roll in 1..=faces {
            if let Some(landed) = throw(b, s as u16, roll) {
                let t = usize::from(*landed.last().unwrap_or(&0));
                m[t][s] = m[t][s].sub(p);
            }
        }
    }
    for c in 0..n {
        let pivot = (c..n).find(|&r| m[r][c].0 != 0).expect("regular");
        m.swap(c, pivot);
        let d = m[c][c];
        for x in m[c].iter_mut() {
            *x = x.div(d);
        }
        for r in 0..n {
            if r != c && m[r][c].0 != 0 {
                let f = m[r][c];
                for k in 0..=n {
                    let sub = f.mul(m[c][k]);
                    m[r][k] = m[r][k].sub(sub);
                }
            }
        }
    }
    let visits: Vec<Frac> = m.iter().map(|row| row[n]).collect();
    let mut landings = vec![Frac(0, 1); n + 1];
    for s in 0..n {
        for roll in 1..=faces {
            for &sq in throw(b, s as u16, roll).iter().flatten() {
                let l = &mut landings[usize::from(sq)];
                *l = l.add(visits[s].mul(p));
            }
        }
    }
    landings
}

#[test]
fn least_popular_on_an_exact_tie() {
    let b = board(
        "Board(name: \"t3\", size: 8, dice: Dice(count: 1, faces: 2), rules: \"overshoot\", ladders: [(2, 5)], chutes: [(5, 3)])",
    );
    let exact = exact_landings(&b);
    assert_eq!(exact[1], Frac(1, 2));
    assert_eq!(exact[7], Frac(1, 2));
    let a = analyze(&b, 1);
    // The solver's landings agree with the fractions (so the landing rule
    // above is the report's), and the exact tie goes to the lower square.
    for (s, f) in exact.iter().enumerate().take(8) {
        let got = a.squares.landings[s];
        assert!(
            (got - f.to_f64()).abs() < 1e-12,
            "square {s}: {got} vs {f:?}"
        );
    }
    let before_last = &exact[1..8];
    let least = before_last
        .iter()
        .enumerate()
        .min_by(|x, y| (x.1.0 * y.1.1).cmp(&(y.1.0 * x.1.1)).then(x.0.cmp(&y.0)))
        .map(|(i, _)| i + 1);
    let most = before_last
        .iter()
        .enumerate()
        .max_by(|x, y| (x.1.0 * y.1.1).cmp(&(y.1.0 * x.1.1)).then(y.0.cmp(&x.0)))
        .map(|(i, _)| i + 1);
    assert_eq!(least, Some(1));
    assert_eq!(a.squares.least_popular as usize, 1);
    assert_eq!(Some(a.squares.most_popular as usize), most);
}

#[test]
fn simulate_exact_block_uses_the_same_ties() {
    let b = board(
        "Board(name: \"t1\", size: 11, dice: Dice(count: 1, faces: 6), rules: \"overshoot\", ladders: [], chutes: [])",
    );
    let setup = Setup::new(b, Some("overshoot"), 1).unwrap_or_else(|e| panic!("{e}"));
    let report = setup
        .simulate(
            &Simulation::new(1000).with_seed(1),
            &ReportOptions::default(),
            &|_| {},
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let exact = report.exact.expect("exact values");
    assert_eq!(exact.throws.median, 3);

    let b = board(
        "Board(name: \"t3\", size: 8, dice: Dice(count: 1, faces: 2), rules: \"overshoot\", ladders: [(2, 5)], chutes: [(5, 3)])",
    );
    let setup = Setup::new(b, Some("overshoot"), 1).unwrap_or_else(|e| panic!("{e}"));
    let report = setup
        .simulate(
            &Simulation::new(1000).with_seed(1),
            &ReportOptions::default(),
            &|_| {},
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.exact.expect("exact values").least_popular, 1);
}
