//! Optimal Pig by [`DenseOptimal`] against the book tutorial's
//! hand-written iteration and the general [`Optimal::solve`]; the dense
//! solver's other paths (a numbering with one big block, one too big to
//! keep, unnumbered decisions) on small games with known answers; and
//! what it says of a numbering that is wrong.

use std::collections::HashSet;

use tabula_core::{Agent, BoardGame, Chance, Results, Status};
use tabula_exact::{
    Chain, Dense, DenseOptimal, ExactError, Limits, Optimal, ScoreOf, Stage, WinZeroSum,
};

use super::pig_game::{Pig, State, hand};
use tabula_toys::gamble::State as G;
use tabula_toys::pig::Move;

fn dense<G>(game: &G, limits: &Limits) -> DenseOptimal<G>
where
    G: Dense,
    G::State: std::fmt::Debug,
{
    DenseOptimal::solve(game, &WinZeroSum, limits).unwrap_or_else(|e| panic!("{e}"))
}

/// Every decision state of Pig to `target` that is not over.
fn decisions(target: u32) -> impl Iterator<Item = State> {
    (0..2).flat_map(move |seat| {
        hand::states(target).map(move |(mine, theirs, turn)| {
            let mut scores = [0; 2];
            scores[seat] = mine;
            scores[1 - seat] = theirs;
            State {
                scores,
                turn_total: turn,
                seat,
                rolling: false,
            }
        })
    })
}

#[test]
fn pig_to_30_agrees_with_the_hand_written_iteration_and_the_general_solver() {
    let game = Pig { target: 30 };
    let limits = Limits::default();
    let solved = dense(&game, &limits);
    let (win, roll) = hand::solve(30);
    let general = Optimal::solve(&game, &WinZeroSum, &limits).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        (solved.value - win[0]).abs() < 1e-9,
        "{solved:?}: {}",
        win[0]
    );
    assert!((solved.value - general.value).abs() < 1e-9, "{general:?}");
    assert!(solved.residual <= limits.tolerance);
    assert_eq!(solved.len(), 30 * 30 * 31);

    let mut reachable = 0;
    for s in decisions(30) {
        // The hand-written values are the chance of the seat to move;
        // the solver's the first seat's.
        let (mine, theirs) = (s.scores[s.seat], s.scores[1 - s.seat]);
        let at = s.seat * hand::cube(30) + hand::index(30, mine, theirs, s.turn_total);
        let own = solved.value_of(&game, &s).expect("numbered");
        let first = if s.seat == 0 { own } else { 1.0 - own };
        assert!((first - win[at]).abs() < 1e-9, "{s:?}: {own} {}", win[at]);
        let best = solved.best_move(&game, &s).expect("a decision");
        if let Some(v) = general.value_of(&s) {
            reachable += 1;
            assert!((v - own).abs() < 1e-9, "{s:?}");
            assert_eq!(general.best_move(&s), Some(best), "{s:?}");
        }
        // The hand-written strategy rolls where rolling is no worse.
        if s.seat == 0 && s.turn_total > 0 {
            let rolls = roll[hand::index(30, mine, theirs, s.turn_total)];
            assert_eq!(best == 0, rolls, "{s:?}");
        }
    }
    assert!(reachable > 10_000, "{reachable}");
}

/// Neller and Presser's 53.06%: optimal against optimal, the first
/// player of Pig to 100 wins with probability 0.530593, and the dense
/// solve agrees with the hand-written iteration in every state.
///
/// Run through the example `pig_optimal --compare 100`, the same game
/// and the same two solves compiled at full speed in `tabula-exact`
/// (about a second): this test binary is compiled at opt-level 0 (the
/// root package's glue profile, see the workspace's `Cargo.toml`), where
/// the same solves took 23 s alone and 87 s in CI.
#[test]
#[ignore = "slow: solves Pig to 100 (a few seconds); .ci/run runs it; pig_to_30 above is the quick check"]
fn pig_to_100_first_player_wins_53_06_percent() {
    let out = std::process::Command::new(pig_optimal())
        .args(["--compare", "100"])
        .output()
        .expect("pig_optimal runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // "first seat wins H (hand-written) and D (dense): X apart; every
    // state within W; the dense solve keeps N states in B bytes"
    let words: Vec<&str> = text.split_whitespace().collect();
    let after = |word: &str, skip: usize| -> f64 {
        let at = words
            .iter()
            .position(|w| *w == word)
            .unwrap_or_else(|| panic!("no {word:?} in {text}"));
        words[at + skip]
            .trim_end_matches([',', ';', ':'])
            .parse()
            .unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let (hand, dense) = (after("wins", 1), after("and", 1));
    assert!((dense - 0.530593).abs() < 5e-7, "{text}");
    assert!((dense - hand).abs() < 1e-9, "{text}");
    assert!(after("within", 1) < 1e-9, "{text}");
    // One value and one move a state: 9 MB, where the hand-written
    // iteration keeps 17.
    assert_eq!(after("keeps", 1), 1_010_000.0, "{text}");
    assert_eq!(after("in", 1), 9.0 * 1_010_000.0, "{text}");
}

/// The example `pig_optimal`: `TABULA_PIG_OPTIMAL` when it is set (CI's
/// slow step builds the examples before its tests start and names it, as
/// the other slow tests then hold cargo's lock for minutes building the
/// book's tutorial crates), else built by cargo in this test's profile
/// (nothing to do when it is up to date).
fn pig_optimal() -> std::path::PathBuf {
    if let Some(given) = std::env::var_os("TABULA_PIG_OPTIMAL") {
        return given.into();
    }
    let mut dir = std::env::current_exe().expect("the test's path");
    dir.pop();
    if dir.ends_with("deps") {
        dir.pop();
    }
    let target = dir.parent().expect("the target folder").to_path_buf();
    let mut build =
        std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    build
        .args([
            "build",
            "--quiet",
            "-p",
            "tabula-exact",
            "--example",
            "pig_optimal",
        ])
        .arg("--target-dir")
        .arg(&target)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    if dir.ends_with("release") {
        build.arg("--release");
    }
    let status = build.status().expect("cargo runs");
    assert!(status.success(), "cargo build --example pig_optimal failed");
    dir.join("examples")
        .join(format!("pig_optimal{}", std::env::consts::EXE_SUFFIX))
}

#[test]
fn one_solve_is_shared_by_both_seats_agents_and_the_exact_chain() {
    let game = Pig { target: 20 };
    let solved = dense(&game, &Limits::default());
    let shared = solved.clone();
    assert!(std::ptr::eq(solved.values(), shared.values()));
    // The same solve plays both seats: the first maximises its chance,
    // the second minimises it.
    let agents = [solved.clone(), shared];
    let policies: Vec<&dyn Agent<Pig>> = vec![&agents[0], &agents[1]];
    let limits = Limits::default();
    let chain = Chain::build_with(&game, &policies, &limits, |_, _: &mut Vec<()>| {})
        .unwrap_or_else(|e| panic!("{e}"));
    let solution = chain.solve(&limits).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        (solution.seats[0].win - solved.value).abs() < 1e-9,
        "{} {}",
        solution.seats[0].win,
        solved.value
    );
    // Holding nothing is not a move; with 19 banked, any roll but a 1
    // wins, so roll.
    let s = State {
        scores: [19, 0],
        turn_total: 0,
        seat: 0,
        rolling: false,
    };
    assert_eq!(solved.pick(&game, &s, 0, &[Move::Roll]), 0);
    let s = State {
        turn_total: 5,
        scores: [14, 18],
        ..s
    };
    // 14 + 5 = 19 banked against 18: hold... or roll? Whatever the solve
    // says, the agent plays it.
    let best = solved.best_move(&game, &s).expect("a decision");
    assert_eq!(solved.pick(&game, &s, 0, &[Move::Roll, Move::Hold]), best);
    // The die in the air is not numbered: no value kept, first move.
    let rolling = State { rolling: true, ..s };
    assert_eq!(solved.value_of(&game, &rolling), None);
    assert_eq!(solved.best_move(&game, &rolling), None);
}

/// Pig numbered as the hand-written iteration lays it out (the first
/// seat's states, then the second's): the cycles of a pair of scores are
/// split between the two halves, so the game is one block.
struct SeatMajor(Pig);

impl BoardGame for SeatMajor {
    type State = State;
    type Move = Move;
    type Outcome = u16;
    type Event = ();
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn initial_state(&self) -> State {
        self.0.initial_state()
    }
    fn status(&self, s: &State) -> Status {
        self.0.status(s)
    }
    fn chance_outcomes(&self, s: &State, out: &mut Vec<Chance<u16>>) {
        self.0.chance_outcomes(s, out);
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, e: &mut E) {
        self.0.apply_chance(s, face, e);
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, e: &mut E) {
        self.0.apply_move(s, mv, e);
    }
    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.0.legal_moves(s, out);
    }
}

impl Dense for SeatMajor {
    fn state_count(&self) -> usize {
        2 * hand::cube(self.0.target)
    }
    fn index(&self, s: &State) -> Option<usize> {
        let t = self.0.target;
        let (mine, theirs) = (s.scores[s.seat], s.scores[1 - s.seat]);
        let at = hand::index(t, mine, theirs, s.turn_total);
        // Late first: the hand-written order, backward.
        (!s.rolling).then(|| s.seat * hand::cube(t) + hand::cube(t) - 1 - at)
    }
    fn states(&self) -> impl Iterator<Item = State> + '_ {
        // Every (mine, theirs, turn), reachable or not.
        let t = self.0.target;
        (0..2).flat_map(move |seat| {
            (0..hand::cube(t)).rev().map(move |at| {
                let at = at as u32;
                let (mine, theirs, turn) = (at / (t * t), at / t % t, at % t);
                let mut scores = [0; 2];
                scores[seat] = mine;
                scores[1 - seat] = theirs;
                // A turn total the mover could not hold: not a state of
                // the game, but harmless to solve (it leads to a win).
                State {
                    scores,
                    turn_total: turn,
                    seat,
                    rolling: false,
                }
            })
        })
    }
}

#[test]
fn a_numbering_without_small_blocks_gives_the_same_values() {
    // Target 10: one block of all states, kept and swept whole. Target
    // 25: too many transitions to keep, swept on the fly.
    for target in [10, 25] {
        let game = Pig { target };
        let limits = Limits::default();
        let by_scores = dense(&game, &limits);
        let seat_major = dense(&SeatMajor(game), &limits);
        assert!(
            (by_scores.value - seat_major.value).abs() < 1e-9,
            "{target}: {by_scores:?} {seat_major:?}"
        );
        assert!(
            seat_major.iterations > by_scores.iterations,
            "{seat_major:?}"
        );
        for s in decisions(target) {
            let a = by_scores.value_of(&game, &s).expect("numbered");
            let b = seat_major.value_of(&SeatMajor(game), &s).expect("numbered");
            assert!((a - b).abs() < 1e-9, "{s:?}: {a} {b}");
            assert_eq!(
                by_scores.best_move(&game, &s),
                seat_major.best_move(&SeatMajor(game), &s),
                "{s:?}"
            );
        }
    }
}

/// One decision, again and again: take `stop` points and end, or throw a
/// die: a one puts you back where you started, a six pays `six`, anything
/// else nothing. Under optimal play `V = max(stop, six / 5)`. The test
/// kit's game ([`tabula_toys::Gamble`], "stop" listed first). Numbered:
/// the decision, or the throw (the decision then worked out on the fly),
/// or nothing (an error: the cycle never ends).
struct NumberedGamble {
    stop: f64,
    six: f64,
    numbered: Option<G>,
}

impl NumberedGamble {
    /// The test kit's game (here a type of this crate, to be numbered).
    fn rules(&self) -> tabula_toys::Gamble {
        tabula_toys::Gamble {
            stop: self.stop,
            six: self.six,
            throw_first: false,
        }
    }
}

impl BoardGame for NumberedGamble {
    type State = G;
    type Move = bool; // throw?
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> G {
        self.rules().initial_state()
    }
    fn status(&self, s: &G) -> Status {
        self.rules().status(s)
    }
    fn chance_outcomes(&self, s: &G, out: &mut Vec<Chance<u8>>) {
        self.rules().chance_outcomes(s, out)
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut G, face: u8, events: &mut E) {
        self.rules().apply_chance(s, face, events)
    }
    fn legal_moves(&self, s: &G, out: &mut Vec<bool>) {
        self.rules().legal_moves(s, out)
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut G, throw: bool, events: &mut E) {
        self.rules().apply_move(s, throw, events)
    }
    fn results(&self, s: &G) -> Option<Results> {
        self.rules().results(s)
    }
}

impl Dense for NumberedGamble {
    fn state_count(&self) -> usize {
        usize::from(self.numbered.is_some())
    }
    fn index(&self, s: &G) -> Option<usize> {
        (Some(s) == self.numbered.as_ref()).then_some(0)
    }
    fn states(&self) -> impl Iterator<Item = G> + '_ {
        self.numbered.iter().cloned()
    }
}

#[test]
fn a_cycle_through_one_state_settles_to_its_closed_form() {
    for number_the_decision in [true, false] {
        for (stop, six) in [(1.0, 9.0), (2.0, 9.0)] {
            let numbered = if number_the_decision {
                G::Deciding
            } else {
                G::Throwing
            };
            let game = NumberedGamble {
                stop,
                six,
                numbered: Some(numbered),
            };
            let limits = Limits::default();
            let solved =
                DenseOptimal::solve(&game, &ScoreOf(0), &limits).unwrap_or_else(|e| panic!("{e}"));
            let exact = f64::max(stop, six / 5.0);
            assert!(
                (solved.value - exact).abs() <= 1e-12,
                "{number_the_decision} {stop}: {solved:?}"
            );
            assert!(solved.residual <= limits.tolerance);
            let throws = six / 5.0 > stop;
            let best = solved.best_move(&game, &G::Deciding);
            if number_the_decision {
                // The secant method: a few sweeps, where plain sweeps
                // gain a sixth of the gap each (about 18).
                assert!(solved.iterations <= 6, "{solved:?}");
                assert_eq!(best, Some(usize::from(throws)));
            } else {
                // The decision is not numbered: no move kept for it.
                assert_eq!(best, None);
                assert_eq!(solved.pick(&game, &G::Deciding, 0, &[false, true]), 0);
                assert!(solved.value_of(&game, &G::Throwing).is_some());
            }
        }
    }
}

/// A numbering the solver can check: `fault` breaks it.
struct Faulty {
    game: Pig,
    fault: Fault,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    /// Lists one state too few.
    Short,
    /// Counts one state too few (the last state's index is out of range).
    Small,
    /// Lists two states the wrong way round.
    Swapped,
    /// Lists a state at the start of a turn it does not number.
    NoTurnStarts,
}

impl BoardGame for Faulty {
    type State = State;
    type Move = Move;
    type Outcome = u16;
    type Event = ();
    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> State {
        self.game.initial_state()
    }
    fn status(&self, s: &State) -> Status {
        self.game.status(s)
    }
    fn chance_outcomes(&self, s: &State, out: &mut Vec<Chance<u16>>) {
        self.game.chance_outcomes(s, out);
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, e: &mut E) {
        self.game.apply_chance(s, face, e);
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, e: &mut E) {
        self.game.apply_move(s, mv, e);
    }
    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.game.legal_moves(s, out);
    }
}

impl Dense for Faulty {
    fn state_count(&self) -> usize {
        self.game.state_count() - usize::from(self.fault == Fault::Small)
    }
    fn index(&self, s: &State) -> Option<usize> {
        if self.fault == Fault::NoTurnStarts && s.turn_total == 0 {
            return None;
        }
        self.game.index(s)
    }
    fn states(&self) -> impl Iterator<Item = State> + '_ {
        let n = self.game.state_count();
        let mut all: Vec<State> = self.game.states().collect();
        if self.fault == Fault::Swapped {
            all.swap(n - 1, n - 2);
        }
        all.into_iter()
            .take(n - usize::from(self.fault == Fault::Short))
    }
}

#[test]
fn a_wrong_numbering_is_an_error_not_a_wrong_answer() {
    let limits = Limits::default();
    for fault in [
        Fault::Short,
        Fault::Small,
        Fault::Swapped,
        Fault::NoTurnStarts,
    ] {
        let game = Faulty {
            game: Pig { target: 10 },
            fault,
        };
        let err = DenseOptimal::solve(&game, &WinZeroSum, &limits).expect_err("a wrong numbering");
        let ExactError::DenseIndex { what, .. } = &err else {
            panic!("{fault:?}: {err}");
        };
        let expected = match fault {
            Fault::Short => "lists 1099 states but numbers 1100",
            Fault::Small => "out of range",
            Fault::Swapped => "listed as state 1098",
            Fault::NoTurnStarts => "it has index None",
        };
        assert!(what.contains(expected), "{fault:?}: {err}");
    }
    // Numbering nothing: the throw leads back to the decision, for ever.
    let game = NumberedGamble {
        stop: 1.0,
        six: 9.0,
        numbered: None,
    };
    let err = DenseOptimal::solve(&game, &ScoreOf(0), &limits).expect_err("a cycle unnumbered");
    assert!(
        matches!(&err, ExactError::DenseIndex { what, .. } if what.contains("unnumbered states in a row")),
        "{err}"
    );
}

#[test]
fn limits_are_kept() {
    let game = Pig { target: 30 };
    let small = Limits {
        max_states: 1000,
        ..Limits::default()
    };
    let err = DenseOptimal::solve(&game, &WinZeroSum, &small).expect_err("too many states");
    assert!(
        matches!(
            err,
            ExactError::TooLarge {
                what: "states",
                limit: 1000
            }
        ),
        "{err}"
    );
    let few = Limits {
        max_steps: 2,
        ..Limits::default()
    };
    let err = DenseOptimal::solve(&game, &WinZeroSum, &few).expect_err("too few sweeps");
    assert!(matches!(err, ExactError::NotSettled { .. }), "{err}");
    let instant = Limits {
        max_time: Some(std::time::Duration::ZERO),
        ..Limits::default()
    };
    let err = DenseOptimal::solve(&game, &WinZeroSum, &instant).expect_err("no time");
    assert!(matches!(err, ExactError::OutOfTime { .. }), "{err}");
    // Progress is told in blocks solved.
    let stages = std::sync::Arc::new(std::sync::Mutex::new(HashSet::new()));
    let seen = std::sync::Arc::clone(&stages);
    let told = Limits {
        progress: Some(tabula_exact::Progress::new(move |_, stage| {
            if let Stage::Blocks { states, .. } = stage {
                seen.lock().expect("not poisoned").insert(*states);
            }
        })),
        ..Limits::default()
    };
    dense(&game, &told);
    let stages = stages.lock().expect("not poisoned");
    assert!(stages.iter().all(|&n| n == 30 * 30 * 31), "{stages:?}");
}

#[test]
fn workers_asking_at_once_share_one_solve() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SOLVED: tabula_exact::SolveOnce<u32, DenseOptimal<Pig>> = tabula_exact::SolveOnce::new();
    let solves = AtomicUsize::new(0);
    let got: Vec<DenseOptimal<Pig>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    SOLVED
                        .get_or_solve(20, || {
                            solves.fetch_add(1, Ordering::Relaxed);
                            DenseOptimal::solve(
                                &Pig { target: 20 },
                                &WinZeroSum,
                                &Limits::default(),
                            )
                        })
                        .unwrap_or_else(|e| panic!("{e}"))
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("no panic"))
            .collect()
    });
    assert_eq!(solves.load(Ordering::Relaxed), 1);
    assert!(
        got.iter()
            .all(|o| std::ptr::eq(o.values(), got[0].values()))
    );
    // A failed solve is not kept.
    let err = SOLVED.get_or_solve(30, || {
        DenseOptimal::solve(
            &Pig { target: 30 },
            &WinZeroSum,
            &Limits {
                max_states: 10,
                ..Limits::default()
            },
        )
    });
    assert!(err.is_err());
    let again = SOLVED
        .get_or_solve(30, || {
            DenseOptimal::solve(&Pig { target: 30 }, &WinZeroSum, &Limits::default())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.len(), 30 * 30 * 31);
    assert_eq!(SOLVED.len(), 2);
}
