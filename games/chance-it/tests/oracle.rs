//! Chance-it's exact answers, all computed by the framework's solvers,
//! against the dynamic programs the game was first written with, kept
//! here as independent oracles: the optimal turn and every strategy's
//! turn (full passes over the sets of values rolled), win-optimal
//! (backward induction over turns and score differences) and the exact
//! chances of any two strategies. They must agree to 1e-12.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tabula_chance_it::stages;
use tabula_chance_it::{
    ChanceIt, Config, Depends, Optimal, PairChances, State, Strategy, TurnView, Values, WinOptimal,
    strategy, win,
};
use tabula_core::Dice;

fn configs() -> Vec<Config> {
    [(2, 6, 10), (1, 6, 12), (2, 4, 8)]
        .into_iter()
        .map(|(count, faces, rounds)| {
            Config::specification()
                .with(Dice::new(count, faces).ok(), Some(rounds), None)
                .expect("a config")
        })
        .collect()
}

fn close(a: &[f64], b: &[f64], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for k in 0..a.len() {
        assert!((a[k] - b[k]).abs() < 1e-12, "{what}: {a:?} against {b:?}");
    }
}

// ---- The oracles: the game's first, hand-written dynamic programs ----

/// `C(S)` for every set `S` of values rolled: what rolling again is
/// worth, for stop payoffs `stop[i]` (value `min + i`) and bust payoff
/// `bust`, one pass over the sets from the largest down.
fn continuation(values: &Values, stop: &[f64], bust: f64) -> Vec<f64> {
    let n = values.len();
    let mut c = vec![0.0; 1 << n];
    for mask in (0..1usize << n).rev() {
        let mut x = 0.0;
        for (i, &p) in values.probs.iter().enumerate() {
            if mask >> i & 1 == 1 {
                x += p * bust;
            } else {
                x += p * stop[i].max(c[mask | 1 << i]);
            }
        }
        c[mask] = x;
    }
    c
}

/// The score distribution of a turn (index = score, 0 for a bust) when
/// after rolling `v` with the set `mask` rolled the player rolls again
/// with probability `reroll(mask, v)`: a forward pass over the sets.
fn turn_distribution(values: &Values, mut reroll: impl FnMut(u32, u16) -> f64) -> Vec<f64> {
    let n = values.len();
    let mut reach = vec![0.0; (1 << n) * n];
    for (i, &p) in values.probs.iter().enumerate() {
        reach[(1 << i) * n + i] = p;
    }
    let mut dist = vec![0.0; usize::from(values.max()) + 1];
    for mask in 1..1usize << n {
        for vi in 0..n {
            let r = reach[mask * n + vi];
            if r == 0.0 {
                continue;
            }
            let v = values.min + vi as u16;
            let q = reroll(mask as u32, v).clamp(0.0, 1.0);
            dist[usize::from(v)] += r * (1.0 - q);
            if q > 0.0 {
                for (i, &p) in values.probs.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        dist[0] += r * q * p;
                    } else {
                        reach[(mask | 1 << i) * n + i] += r * q * p;
                    }
                }
            }
        }
    }
    dist
}

/// A strategy's turn distribution in `round` for `seat` with `totals`.
fn strategy_distribution(
    config: &Config,
    s: &Strategy,
    round: u16,
    seat: usize,
    totals: &[u32],
) -> Vec<f64> {
    let values = Values::new(config.dice());
    turn_distribution(&values, |mask, last| {
        s.reroll_probability(&TurnView {
            config,
            round,
            seat,
            rolled: values.of_mask(mask),
            last,
            totals,
        })
    })
}

/// The score-difference grid of a two-player game.
struct Grid {
    turns: u32,
    maxv: i32,
    offset: i32,
}

impl Grid {
    fn new(config: &Config) -> Grid {
        let maxv = i32::from(config.dice().max());
        Grid {
            turns: 2 * u32::from(config.rounds()),
            maxv,
            offset: maxv * i32::from(config.rounds()),
        }
    }

    /// Differences possible before turn `t`.
    fn range(&self, t: u32) -> std::ops::RangeInclusive<i32> {
        -self.maxv * (t / 2) as i32..=self.maxv * t.div_ceil(2) as i32
    }

    fn index(&self, d: i32) -> usize {
        (d + self.offset).clamp(0, 2 * self.offset) as usize
    }

    fn end(&self) -> Vec<PairChances> {
        (0..=2 * self.offset)
            .map(|d| d - self.offset)
            .map(|d| [d > 0, d < 0, d == 0].map(|b| f64::from(u8::from(b))))
            .collect()
    }
}

/// Who moves at turn `t`, and the sign their score adds to the difference.
fn mover(t: u32) -> (usize, i32) {
    if t.is_multiple_of(2) { (0, 1) } else { (1, -1) }
}

/// The expectation over a turn's score distribution of the next table.
fn expect(dist: &[f64], next: &[PairChances], grid: &Grid, d: i32, sign: i32) -> PairChances {
    let mut out = [0.0; 3];
    for (s, &p) in dist.iter().enumerate().filter(|(_, p)| **p != 0.0) {
        let o = next[grid.index(d + sign * s as i32)];
        for k in 0..3 {
            out[k] += p * o[k];
        }
    }
    out
}

/// One turn of the hand-written win-optimal: `C(S)` and the stop payoffs.
type HandTurn = Arc<(Vec<f64>, Vec<f64>)>;

/// Win-optimal by backward induction over (turn, difference), as the game
/// first solved it: at each, the mover's stop payoffs are its chances of
/// winning from the next turn, and it stops when stopping is worth at
/// least `C(S)`.
struct HandWinOptimal {
    values: Values,
    grid: Grid,
    tables: Vec<Vec<PairChances>>,
    /// `C(S)` and the stop payoffs of the turns asked about.
    turns: Mutex<HashMap<(u32, i32), HandTurn>>,
}

impl HandWinOptimal {
    fn new(config: &Config) -> HandWinOptimal {
        let values = Values::new(config.dice());
        let grid = Grid::new(config);
        let mut tables = vec![Vec::new(); grid.turns as usize + 1];
        tables[grid.turns as usize] = grid.end();
        for t in (0..grid.turns).rev() {
            let mut table = vec![[0.0; 3]; 2 * grid.offset as usize + 1];
            let next = &tables[t as usize + 1];
            let (m, sign) = mover(t);
            for d in grid.range(t) {
                let (stop, bust) = payoffs(&values, &grid, next, d, m, sign);
                let c = continuation(&values, &stop, bust);
                let dist = turn_distribution(&values, |mask, v| {
                    f64::from(u8::from(
                        stop[usize::from(v - values.min)] < c[mask as usize],
                    ))
                });
                table[grid.index(d)] = expect(&dist, next, &grid, d, sign);
            }
            tables[t as usize] = table;
        }
        HandWinOptimal {
            values,
            grid,
            tables,
            turns: Mutex::new(HashMap::new()),
        }
    }

    fn self_play(&self) -> PairChances {
        self.tables[0][self.grid.index(0)]
    }
}

/// The mover's chance of winning after stopping on each value, and after
/// a bust.
fn payoffs(
    values: &Values,
    grid: &Grid,
    next: &[PairChances],
    d: i32,
    m: usize,
    sign: i32,
) -> (Vec<f64>, f64) {
    let at = |nd: i32| next[grid.index(nd)][m];
    let stop = (0..values.len())
        .map(|i| at(d + sign * i32::from(values.min + i as u16)))
        .collect();
    (stop, at(d))
}

impl HandWinOptimal {
    /// As a strategy: it decides on the score difference.
    fn strategy(self: Arc<Self>) -> Strategy {
        Strategy::new(move |view| self.reroll_probability(view))
            .depending_on(Depends::ScoreDifference)
    }

    fn reroll_probability(&self, view: &TurnView<'_>) -> f64 {
        let t = 2 * u32::from(view.round) + view.seat as u32;
        let d = view.totals[0] as i32 - view.totals[1] as i32;
        // Computed outside the lock (the solver's threads ask at once): a
        // turn two threads miss together is computed twice, the same.
        let known = self.turns.lock().expect("lock").get(&(t, d)).cloned();
        let turn = known.unwrap_or_else(|| {
            let (m, sign) = mover(t);
            let next = &self.tables[t as usize + 1];
            let (stop, bust) = payoffs(&self.values, &self.grid, next, d, m, sign);
            let turn = Arc::new((continuation(&self.values, &stop, bust), stop));
            let mut turns = self.turns.lock().expect("lock");
            Arc::clone(turns.entry((t, d)).or_insert(turn))
        });
        let (c, stop) = &*turn;
        let mask = self.values.mask(view.rolled);
        let vi = usize::from(view.last - self.values.min);
        f64::from(u8::from(stop[vi] < c[mask as usize]))
    }
}

/// The exact chances of `first` against `second` by backward induction
/// over (turn, difference), each turn's score distribution by the forward
/// pass.
fn hand_outcome(config: &Config, first: &Strategy, second: &Strategy) -> PairChances {
    let grid = Grid::new(config);
    let strategies = [first, second];
    // A strategy that looks only at the turn plays every turn alike.
    let fixed: Vec<Option<Vec<f64>>> = (0..2)
        .map(|m| {
            (strategies[m].depends() == Depends::Turn)
                .then(|| strategy_distribution(config, strategies[m], 0, m, &[0, 0]))
        })
        .collect();
    let mut next = grid.end();
    for t in (0..grid.turns).rev() {
        let (m, sign) = mover(t);
        let mut table = vec![[0.0; 3]; 2 * grid.offset as usize + 1];
        for d in grid.range(t) {
            let totals = [d.max(0) as u32, (-d).max(0) as u32];
            let dist = match &fixed[m] {
                Some(dist) => dist.clone(),
                None => strategy_distribution(config, strategies[m], (t / 2) as u16, m, &totals),
            };
            table[grid.index(d)] = expect(&dist, &next, &grid, d, sign);
        }
        next = table;
    }
    next[grid.index(0)]
}

// ---- The framework's answers against them ----

/// The optimal turn, solved by the framework's generic optimiser, is the
/// dynamic program's: `C(S)` for every set, to 1e-12.
#[test]
fn the_optimal_turn_is_the_dynamic_programs() {
    for (count, faces) in [(2, 6), (1, 6), (2, 4), (3, 3), (1, 2), (3, 4)] {
        let dice = Dice::new(count, faces).expect("dice");
        let values = Values::new(dice);
        let stop: Vec<f64> = (0..values.len())
            .map(|i| f64::from(values.min + i as u16))
            .collect();
        let dp = continuation(&values, &stop, 0.0);
        let generic = Optimal::new(dice).expect("solves");
        for (mask, a) in dp.iter().enumerate() {
            let b = generic.reroll_value(values.of_mask(mask as u32));
            assert!(
                (a - b).abs() < 1e-12,
                "{count}d{faces} set {mask:b}: {a} against {b}"
            );
        }
        let (iterations, residual, _) = generic.solve_stats();
        assert!(iterations <= 2 && residual == 0.0, "a turn has no cycles");
    }
}

#[test]
fn every_strategys_turn_is_the_forward_passes() {
    for config in configs() {
        for entry in strategy::all().expect("registry") {
            if entry.parameter.is_some() || entry.name == win::NAME {
                continue;
            }
            let s = strategy::build(entry.name, &config).expect("builds");
            for (round, seat, totals) in [(0, 0, [0, 0]), (3, 1, [20, 31])] {
                let hand = strategy_distribution(&config, &s, round, seat, &totals);
                let generic =
                    stages::turn_distribution(&config, &s, round, seat, &totals).expect("solves");
                close(&generic, &hand, entry.name);
            }
        }
    }
}

#[test]
fn win_optimal_is_the_backward_induction() {
    // The three games at once, a thread each: the oracle is this test
    // crate's code, unoptimized, and the longest test of its binary.
    std::thread::scope(|threads| {
        for config in configs() {
            threads.spawn(move || win_optimal_agrees(config));
        }
    });
}

/// One game's win-optimal against the oracle.
fn win_optimal_agrees(config: Config) {
    let hand = Arc::new(HandWinOptimal::new(&config));
    let generic = WinOptimal::new(&config).expect("solves");
    close(
        &generic.self_play(),
        &hand.self_play(),
        &format!("{config:?}"),
    );
    // The two policies differ at most where both moves are worth the
    // same up to rounding (which of two equal moves a tie rule takes
    // then depends on the last bit): each, played against the other,
    // gives the same chances as either against itself.
    for seat in 0..2 {
        let v = generic
            .against(seat, &hand.clone().strategy())
            .expect("solves");
        close(&v.expect("exact"), &hand.self_play(), "against the oracle");
    }
    // And where a decision is not a tie they agree: the first seat's
    // opening turn, roll by roll.
    let game = ChanceIt::new(config);
    for first in config.dice().min()..=config.dice().max() {
        let start = State::at_turn(0, 0, &[0, 0]);
        let state = State::in_turn(&start, 1u128 << first, first, false);
        let g = generic.best_move(&state).expect("a solved state");
        let h = strategy::with_view(&game, &state, |v| hand.reroll_probability(v));
        assert_eq!(g, h as usize, "{config:?} after a first roll of {first}");
    }
}

#[test]
#[ignore = "slow: checks every pairing's chances against a backward induction to 1e-12; .ci/run runs it"]
fn every_pairing_is_the_backward_induction() {
    for config in configs() {
        let hand_w = Arc::new(HandWinOptimal::new(&config)).strategy();
        let names = [
            "until-ten",
            "tapering",
            "threshold-7",
            "optimal",
            "win-optimal",
        ];
        let built: Vec<_> = names
            .iter()
            .map(|n| strategy::build(n, &config).expect("registered"))
            .collect();
        for (i, a) in built.iter().enumerate() {
            for (j, b) in built.iter().enumerate() {
                let generic = win::try_exact_outcome(&config, a, b)
                    .expect("solves")
                    .expect("exact");
                // The oracle plays its own win-optimal.
                let hand_a: &Strategy = if i == 4 { &hand_w } else { a };
                let hand_b: &Strategy = if j == 4 { &hand_w } else { b };
                let hand = hand_outcome(&config, hand_a, hand_b);
                close(&generic, &hand, &format!("{} v {}", names[i], names[j]));
            }
        }
    }
}

/// The (turn, difference) starts are exactly those the turns can reach.
#[test]
fn the_specification_game_is_solved_once_per_turn_and_difference() {
    let w = WinOptimal::new(&Config::specification()).expect("solves");
    let reach = |turns: u32| -> std::collections::BTreeSet<i64> {
        let mut totals = std::collections::BTreeSet::from([0i64]);
        for _ in 0..turns {
            totals = totals
                .iter()
                .flat_map(|t| [0].into_iter().chain(2..=12).map(move |s| t + s))
                .collect();
        }
        totals
    };
    let starts: usize = (0..20u32)
        .map(|t| {
            let (a, b) = (reach(t.div_ceil(2)), reach(t / 2));
            a.iter()
                .flat_map(|x| b.iter().map(move |y| x - y))
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        })
        .sum();
    assert_eq!(w.turn_starts(), starts);
    // A start read at its difference: 30 to 20 is 10 to 0.
    let at = |totals: &[u32]| w.chances_at(4, 1, totals).expect("reached");
    assert_eq!(at(&[30, 20]), at(&[10, 0]));
}

/// The specification's published figures.
#[test]
fn the_specifications_figures() {
    let config = Config::specification();
    let w = WinOptimal::new(&config).expect("solves");
    close(
        &w.self_play(),
        &[
            0.4838099292251054,
            0.5153145539291459,
            0.0008755168457395366,
        ],
        "win-optimal self-play",
    );
    let turn = |name: &str| {
        let s = strategy::build(name, &config).expect("registered");
        let d = stages::turn_distribution(&config, &s, 0, 0, &[0, 0]).expect("solves");
        d.iter().enumerate().map(|(v, p)| v as f64 * p).sum::<f64>()
    };
    assert!((turn("until-ten") - 5.378755).abs() < 5e-7);
    assert!((turn("tapering") - 7.548185).abs() < 5e-7);
    assert!((turn("optimal") - 7.995690).abs() < 5e-7);
}
