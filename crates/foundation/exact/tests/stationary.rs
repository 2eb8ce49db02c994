//! Long-run occupancy of games that never end: stationary distributions
//! checked against hand-worked fractions and an independent solver
//! (Gaussian elimination on πP = π, Σπ = 1), and the errors for chains
//! that are not irreducible or that end.

use std::convert::Infallible;

use tabula_core::{BoardGame, Chance, GameResult, Status};
use tabula_exact::{Chain, ExactError, Limits};

/// A chain given as a table: state `s` goes to `rows[s][k].0` with
/// probability `rows[s][k].1`; a state with an empty row ends the game.
/// Every step leaves the mark `(from, to)`.
struct Table {
    rows: Vec<Vec<(u32, f64)>>,
}

impl BoardGame for Table {
    type State = u32;
    type Move = Infallible;
    type Outcome = usize;
    type Event = (u32, u32);
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> u32 {
        0
    }
    fn status(&self, s: &u32) -> Status {
        if self.rows[*s as usize].is_empty() {
            Status::Over(GameResult::Win(0))
        } else {
            Status::Chance
        }
    }
    fn chance_outcomes(&self, s: &u32, out: &mut Vec<Chance<usize>>) {
        out.extend(
            self.rows[*s as usize]
                .iter()
                .enumerate()
                .map(|(k, &(_, p))| Chance {
                    outcome: k,
                    probability: p,
                }),
        );
    }
    fn apply_chance<E: FnMut((u32, u32))>(&self, s: &mut u32, k: usize, events: &mut E) {
        let to = self.rows[*s as usize][k].0;
        events((*s, to));
        *s = to;
    }
    fn apply_move<E: FnMut((u32, u32))>(&self, _: &mut u32, m: Infallible, _: &mut E) {
        match m {}
    }
}

fn explore(rows: Vec<Vec<(u32, f64)>>) -> (Table, Chain<Table, (u32, u32)>) {
    let table = Table { rows };
    let chain = Chain::explore(&table, &Limits::default(), |&e, marks| marks.push(e))
        .unwrap_or_else(|e| panic!("{e}"));
    (table, chain)
}

/// The probability of each table state, by state number.
fn by_state(chain: &Chain<Table, (u32, u32)>, pi: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; chain.len()];
    for (i, p) in pi.iter().enumerate() {
        out[*chain.state(i) as usize] = *p;
    }
    out
}

#[test]
fn two_states_match_the_hand_worked_fractions() {
    // ANCHOR: stationary
    // 0 → 1 with 2/3, 1 → 0 with 1/4: balance π0·2/3 = π1·1/4, so
    // π = (3/11, 8/11), and a switch happens 4/11 of the steps.
    let table = Table {
        rows: vec![
            vec![(0, 1.0 / 3.0), (1, 2.0 / 3.0)],
            vec![(0, 0.25), (1, 0.75)],
        ],
    };
    let limits = Limits::default();
    // The game never ends: explore, not build. Each step marks (from, to).
    let chain = Chain::explore(&table, &limits, |&step, marks| marks.push(step))
        .unwrap_or_else(|e| panic!("{e}"));
    let long_run = chain.stationary(&limits).unwrap_or_else(|e| panic!("{e}"));
    let pi = by_state(&chain, &long_run.distribution);
    assert!((pi[0] - 3.0 / 11.0).abs() < 1e-12, "{pi:?}");
    assert!((pi[1] - 8.0 / 11.0).abs() < 1e-12, "{pi:?}");
    // ANCHOR_END: stationary
    assert!(long_run.residual <= limits.tolerance);
    assert!(long_run.iterations > 0);
    let rate = |key: (u32, u32)| {
        let k = chain.mark_keys().iter().position(|&m| m == key);
        k.map_or(0.0, |k| long_run.marks[k])
    };
    assert!((rate((0, 1)) + rate((1, 0)) - 4.0 / 11.0).abs() < 1e-12);
    assert!((rate((1, 1)) - 8.0 / 11.0 * 0.75).abs() < 1e-12);
    // Every step leaves exactly one mark.
    assert!((long_run.marks.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn a_periodic_chain_settles_too() {
    // 0 → 1 → 2 → 0: plain power iteration would cycle for ever.
    let (_, chain) = explore(vec![vec![(1, 1.0)], vec![(2, 1.0)], vec![(0, 1.0)]]);
    let long_run = chain
        .stationary(&Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    for p in &long_run.distribution {
        assert!((p - 1.0 / 3.0).abs() < 1e-13, "{:?}", long_run.distribution);
    }
    let (_, chain) = explore(vec![vec![(1, 1.0)], vec![(0, 1.0)]]);
    let long_run = chain
        .stationary(&Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(long_run.distribution, [0.5, 0.5]);
}

#[test]
fn a_reducible_chain_is_refused() {
    // 1 never comes back to 0.
    let (_, chain) = explore(vec![vec![(0, 0.5), (1, 0.5)], vec![(1, 1.0)]]);
    let err = chain
        .stationary(&Limits::default())
        .expect_err("not irreducible");
    assert_eq!(
        err,
        ExactError::NotIrreducible {
            from: "1".into(),
            to: "0".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "the chain is not irreducible: state 1 cannot reach state 0, so there is no single long run"
    );
}

#[test]
fn a_game_that_ends_has_no_stationary_distribution() {
    let (_, chain) = explore(vec![vec![(0, 0.5), (1, 0.5)], vec![]]);
    let err = chain
        .stationary(&Limits::default())
        .expect_err("the game ends");
    assert_eq!(err, ExactError::Terminates { state: "1".into() });
    assert!(err.to_string().contains("solve it instead"), "{err}");
}

#[test]
fn build_still_refuses_a_game_that_never_ends_and_explore_accepts_it() {
    let table = Table {
        rows: vec![vec![(1, 1.0)], vec![(0, 1.0)]],
    };
    let limits = Limits::default();
    let err = Chain::build(&table, &limits, |_, _: &mut Vec<()>| {}).expect_err("never ends");
    assert!(matches!(err, ExactError::NeverEnds { .. }), "{err}");
    let chain =
        Chain::explore(&table, &limits, |_, _: &mut Vec<()>| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(chain.len(), 2);
}

#[test]
fn too_few_iterations_is_a_clear_error() {
    let (_, chain) = explore(vec![
        vec![(0, 0.999), (1, 0.001)],
        vec![(0, 0.003), (1, 0.997)],
    ]);
    let limits = Limits {
        max_steps: 10,
        ..Limits::default()
    };
    let err = chain.stationary(&limits).expect_err("slow to mix");
    assert!(
        matches!(err, ExactError::NotSettled { iterations: 10, residual } if residual > 0.0),
        "{err}"
    );
}

/// Solves πP = π, Σπ = 1 by Gaussian elimination with partial pivoting:
/// the equations (Pᵀ − I)π = 0 with the last replaced by Σπ = 1.
fn gauss_stationary(p: &[Vec<f64>]) -> Vec<f64> {
    let n = p.len();
    let mut a = vec![vec![0.0; n + 1]; n];
    for (i, row) in a.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().take(n).enumerate() {
            *x = p[j][i] - if i == j { 1.0 } else { 0.0 };
        }
    }
    for x in a[n - 1].iter_mut() {
        *x = 1.0;
    }
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    (0..n).map(|i| a[i][n] / a[i][i]).collect()
}

#[test]
fn a_random_chain_agrees_with_gaussian_elimination() {
    // A fixed pseudo-random chain of 12 states: each goes to the next
    // (so it is irreducible) and to three others, with random weights.
    let n = 12u32;
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut rows = Vec::new();
    let mut dense = vec![vec![0.0; n as usize]; n as usize];
    for s in 0..n {
        let mut targets = vec![(s + 1) % n];
        for _ in 0..3 {
            targets.push((next() % u64::from(n)) as u32);
        }
        let weights: Vec<f64> = targets.iter().map(|_| 1.0 + (next() % 9) as f64).collect();
        let total: f64 = weights.iter().sum();
        let row: Vec<(u32, f64)> = targets
            .iter()
            .zip(&weights)
            .map(|(&t, &w)| (t, w / total))
            .collect();
        for &(t, p) in &row {
            dense[s as usize][t as usize] += p;
        }
        rows.push(row);
    }
    let (_, chain) = explore(rows);
    assert_eq!(chain.len(), n as usize);
    let long_run = chain
        .stationary(&Limits::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let pi = by_state(&chain, &long_run.distribution);
    let expected = gauss_stationary(&dense);
    for (a, b) in pi.iter().zip(&expected) {
        assert!((a - b).abs() < 1e-12, "{pi:?} vs {expected:?}");
    }
}

#[test]
fn never_ending_finds_the_first_state_from_which_no_game_ends() {
    let limits = Limits::default();
    let explored = |rows: Vec<Vec<(u32, f64)>>| {
        Chain::explore(&Table { rows }, &limits, |_, _: &mut Vec<()>| {})
            .unwrap_or_else(|e| panic!("{e}"))
    };
    // 1 ends; 2 and 3 go round each other for ever.
    let chain = explored(vec![
        vec![(1, 0.5), (2, 0.5)],
        vec![],
        vec![(3, 1.0)],
        vec![(2, 1.0)],
    ]);
    let stuck = chain.never_ending().expect("2 and 3 never end");
    assert_eq!(format!("{:?}", chain.state(stuck)), "2");
    // No game ends at all: the start is the first.
    assert_eq!(
        explored(vec![vec![(1, 1.0)], vec![(0, 1.0)]]).never_ending(),
        Some(0)
    );
    // Every state can still end, however long it takes.
    assert_eq!(
        explored(vec![vec![(0, 0.9), (1, 0.1)], vec![]]).never_ending(),
        None
    );
}
