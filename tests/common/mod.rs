//! Test helpers: an independent exact solver for small chance games, used
//! as the reference the sampler is checked against.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hash::Hash;

use tabula::core::{BoardGame, Status};
use tabula::sim::Landings;

/// Exact expected number of chance steps (throws) to the end of a
/// one-player chance game, and the expected landings per game on each
/// square, from the game's own listed outcomes: the chain's fundamental
/// matrix, by Gaussian elimination. Panics past `max_states`.
pub struct ChainMeans {
    pub mean_throws: f64,
    pub landings: Vec<f64>,
}

/// (probability, next state or `None` if the game is over, squares landed on)
type Transition = (f64, Option<usize>, Vec<usize>);

pub fn solve<G>(game: &G, squares: usize, max_states: usize) -> ChainMeans
where
    G: BoardGame,
    G::State: Hash + Eq,
    G::Event: Landings,
{
    let mut index: HashMap<G::State, usize> = HashMap::new();
    let mut states = vec![game.initial_state()];
    index.insert(states[0].clone(), 0);
    // transitions[s] = (probability, next state or None if over, landings)
    let mut transitions: Vec<Vec<Transition>> = Vec::new();
    let mut i = 0;
    let mut outcomes = Vec::new();
    while i < states.len() {
        assert!(states.len() <= max_states, "too many states");
        let s = states[i].clone();
        assert_eq!(game.status(&s), Status::Chance);
        outcomes.clear();
        game.chance_outcomes(&s, &mut outcomes);
        let total: f64 = outcomes.iter().map(|c| c.probability).sum();
        assert!((total - 1.0).abs() < 1e-12, "probabilities sum to {total}");
        let mut row = Vec::new();
        for c in &outcomes {
            let mut t = s.clone();
            let mut landed = Vec::new();
            game.apply_chance(&mut t, c.outcome, &mut |e: G::Event| {
                e.for_each_landing(|sq| landed.push(sq))
            });
            let next = match game.status(&t) {
                Status::Over(_) => None,
                _ => Some(*index.entry(t.clone()).or_insert_with(|| {
                    states.push(t.clone());
                    states.len() - 1
                })),
            };
            row.push((c.probability, next, landed));
        }
        transitions.push(row);
        i += 1;
    }
    let n = states.len();
    // Expected visits from the start: solve v (I - Q) = e0, i.e.
    // (I - Q)^T v = e0.
    let mut a = vec![vec![0.0f64; n + 1]; n];
    for (s, row) in transitions.iter().enumerate() {
        a[s][s] += 1.0;
        for (p, next, _) in row {
            if let Some(t) = next {
                a[*t][s] -= p;
            }
        }
    }
    a[0][n] = 1.0;
    let visits = gauss(a);
    let mut landings = vec![0.0; squares];
    for (s, row) in transitions.iter().enumerate() {
        for (p, _, landed) in row {
            for &sq in landed {
                landings[sq] += visits[s] * p;
            }
        }
    }
    ChainMeans {
        mean_throws: visits.iter().sum(),
        landings,
    }
}

fn gauss(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let n = a.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap();
        a.swap(col, pivot);
        let p = a[col][col];
        for x in &mut a[col][col..=n] {
            *x /= p;
        }
        let pivot_row = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col && row[col] != 0.0 {
                let f = row[col];
                for (x, y) in row[col..=n].iter_mut().zip(&pivot_row[col..=n]) {
                    *x -= f * y;
                }
            }
        }
    }
    a.into_iter().map(|row| row[n]).collect()
}

/// Loads a board from RON text.
pub fn board(text: &str) -> tabula::snakes::Board {
    let src = tabula::core::spec::Source::embedded("test.ron", text);
    tabula::snakes::Board::from_source(&src).unwrap_or_else(|e| panic!("{e}"))
}
