//! noline: the O(1) line check against a scan of the whole board, the
//! perfect solver against plain minimax, the specification's computer players,
//! tournaments (thread invariance, faulty agents), and records.

use proptest::prelude::*;
use tabula::core::{Agent, BoardGame, GameResult, GameRng, Seat, Status, Streams};
use tabula::noline::agents::Sequence;
use tabula::noline::solve::{Value, solve};
use tabula::noline::{Cell, Grid, Noline, Place, State};
use tabula::play::record::{self, End, RecordError, Step};
use tabula::play::referee::Referee;
use tabula::play::tournament::{Entrant, Pair, RunOptions, Standings, Tournament};

/// Whether `tile` has three in a row anywhere, by scanning every cell.
fn has_line(grid: &Grid, tile: Cell) -> bool {
    let d = grid.dim() as isize;
    for r in 0..d {
        for c in 0..d {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                if (0..3).all(|k| {
                    let (rr, cc) = (r + k * dr, c + k * dc);
                    rr >= 0
                        && cc >= 0
                        && rr < d
                        && cc < d
                        && grid.get(rr as usize, cc as usize) == Some(tile)
                }) {
                    return true;
                }
            }
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn the_local_line_check_agrees_with_a_full_scan(
        dim in 3usize..8,
        moves in proptest::collection::vec((0usize..8, 0usize..8), 1..40),
    ) {
        let mut grid = Grid::new(dim);
        let mut tile = Cell::O;
        for (r, c) in moves {
            let (r, c) = (r % dim, c % dim);
            if !grid.is_free(r, c) {
                continue;
            }
            // No line on the board yet (the loop stops at the first).
            let line = grid.place(r, c, tile);
            // A line appears exactly when the local check says so.
            prop_assert_eq!(line, has_line(&grid, tile));
            if line {
                break;
            }
            tile = if tile == Cell::O { Cell::X } else { Cell::O };
        }
    }
}

/// Plain minimax over every move order: the value for the player to move.
fn minimax(grid: &mut Grid) -> i8 {
    let me = if grid.filled().is_multiple_of(2) {
        Cell::O
    } else {
        Cell::X
    };
    let d = grid.dim();
    let mut best = -2;
    for i in 0..d * d {
        let (r, c) = (i / d, i % d);
        if !grid.is_free(r, c) {
            continue;
        }
        let v = if grid.place(r, c, me) {
            -1
        } else if grid.is_full() {
            0
        } else {
            -minimax(grid)
        };
        grid.clear(r, c);
        best = best.max(v);
    }
    best
}

fn as_i8(v: Value) -> i8 {
    match v {
        Value::Win => 1,
        Value::Draw => 0,
        Value::Loss => -1,
    }
}

/// An independent reference for the solver: alpha-beta over the game's
/// own board and line check, a plain `HashMap` keyed by the exact board
/// (no symmetries, no replacement), none of the proof search's
/// machinery. Boards up to 5 x 5 (the key is the board in base 3).
#[derive(Default)]
struct Reference {
    table: std::collections::HashMap<u64, (i8, i8)>,
    nodes: u64,
}

impl Reference {
    fn key(grid: &Grid) -> u64 {
        grid.cells().iter().fold(0, |k, c| {
            k * 3
                + match c {
                    Cell::Empty => 0,
                    Cell::O => 1,
                    Cell::X => 2,
                }
        })
    }

    /// The value for the player to move within `(alpha, beta)`, fail-soft.
    fn search(&mut self, grid: &mut Grid, mut alpha: i8, mut beta: i8) -> i8 {
        self.nodes += 1;
        let key = Self::key(grid);
        let known = self.table.get(&key).copied().unwrap_or((-1, 1));
        if known.0 >= beta || known.0 == known.1 {
            return known.0;
        }
        if known.1 <= alpha {
            return known.1;
        }
        alpha = alpha.max(known.0);
        beta = beta.min(known.1);
        let (alpha0, beta0) = (alpha, beta);
        let me = if grid.filled().is_multiple_of(2) {
            Cell::O
        } else {
            Cell::X
        };
        let d = grid.dim();
        let centre = (d / 2) as isize;
        let mut cells: Vec<usize> = (0..d * d).collect();
        cells.sort_by_key(|&i| {
            ((i / d) as isize - centre).abs() + ((i % d) as isize - centre).abs()
        });
        // No safe cell: every move makes a line and loses.
        let mut best = -1;
        for i in cells {
            let (r, c) = (i / d, i % d);
            if !grid.is_free(r, c) || grid.makes_line(r, c, me) {
                continue;
            }
            grid.place(r, c, me);
            let v = if grid.is_full() {
                0
            } else {
                -self.search(grid, -beta, -alpha)
            };
            grid.clear(r, c);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bounds = if best <= alpha0 {
            (known.0, best)
        } else if best >= beta0 {
            (best, known.1)
        } else {
            (best, best)
        };
        self.table.insert(key, bounds);
        best
    }

    fn value(&mut self, grid: &mut Grid) -> Value {
        match self.search(grid, -1, 1) {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }
}

/// Plays `cells` (row, col) in turn from the empty `dim` board.
fn board(dim: usize, cells: &[(usize, usize)]) -> Grid {
    let mut grid = Grid::new(dim);
    for (k, &(r, c)) in cells.iter().enumerate() {
        grid.place(r, c, if k % 2 == 0 { Cell::O } else { Cell::X });
    }
    grid
}

#[test]
#[ignore = "slow: solves positions again by plain minimax; .ci/run runs it"]
fn the_solver_agrees_with_plain_minimax_and_the_reference() {
    // The whole 3 x 3 game, every first move, against plain minimax.
    let s = solve(3, 100_000_000).unwrap();
    let mut grid = Grid::new(3);
    for m in &s.first_moves {
        grid.place(m.row, m.col, Cell::O);
        let v = -minimax(&mut grid);
        grid.clear(m.row, m.col);
        assert_eq!(m.value.map(as_i8), Some(v), "{} {}", m.row, m.col);
    }
    assert_eq!(s.value.map(as_i8), Some(minimax(&mut Grid::new(3))));
    // 5 x 5 positions: the specification's type-1 order for 14 tiles (small enough
    // for plain minimax), and positions after eight to twelve moves of a
    // fixed pseudo-random sequence (against the reference).
    let mut solver = tabula::noline::solve::solver(5, 64 << 20).unwrap();
    let bits = solver.game().clone();
    let mut seq = Sequence::new(false);
    let mut grid = Grid::new(5);
    let mut tile = Cell::O;
    while grid.filled() < 14 {
        let mv = seq.next_move(&grid).unwrap();
        let (r, c) = (usize::from(mv.row), usize::from(mv.col));
        if grid.makes_line(r, c, tile) {
            // Skip cells that would end the game early.
            continue;
        }
        grid.place(r, c, tile);
        tile = if tile == Cell::O { Cell::X } else { Cell::O };
    }
    let node = bits.node(&grid).unwrap();
    assert_eq!(as_i8(solver.value(&node).unwrap()), minimax(&mut grid));
    let mut reference = Reference::default();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for moves in [8usize, 8, 9, 9, 10, 10, 11, 12] {
        let mut cells = Vec::new();
        let mut grid = Grid::new(5);
        while cells.len() < moves {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (r, c) = ((x % 5) as usize, (x / 5 % 5) as usize);
            let me = if cells.len() % 2 == 0 {
                Cell::O
            } else {
                Cell::X
            };
            if grid.is_free(r, c) && !grid.makes_line(r, c, me) {
                grid.place(r, c, me);
                cells.push((r, c));
            }
        }
        let mut grid = board(5, &cells);
        let node = bits.node(&grid).unwrap();
        assert_eq!(
            solver.value(&node).unwrap(),
            reference.value(&mut grid),
            "{cells:?}"
        );
    }
}

/// Checks that X, to move on `grid`, wins, by walking the winning
/// strategy the solver suggests with nothing but the game's own board and
/// line check: at X's turn, X takes a cell the solver says wins, which
/// must be free and make no X line; at O's turn every free cell is tried,
/// and each must either make an O line (O loses at once) or lead to a
/// position from which X again wins. A full board is a draw, and fails
/// the check. Positions already checked are remembered by their exact
/// board. The solver only proposes moves: the proof is the walk.
fn x_wins(
    grid: &mut Grid,
    solver: &mut tabula::noline::solve::Solver,
    bits: &tabula::noline::solve::Bits,
    checked: &mut std::collections::HashSet<u64>,
) -> bool {
    let key = Reference::key(grid);
    if checked.contains(&key) {
        return true;
    }
    let d = grid.dim();
    let winning = (0..d * d).find(|&i| {
        let (r, c) = (i / d, i % d);
        if !grid.is_free(r, c) || grid.makes_line(r, c, Cell::X) {
            return false;
        }
        grid.place(r, c, Cell::X);
        let o_loses = !grid.is_full()
            && bits
                .node(grid)
                .is_some_and(|n| solver.at_least(&n, Value::Draw) == Ok(false));
        grid.clear(r, c);
        o_loses
    });
    let Some(i) = winning else {
        return false;
    };
    let (r, c) = (i / d, i % d);
    grid.place(r, c, Cell::X);
    let mut ok = !grid.is_full();
    for j in 0..d * d {
        let (rr, cc) = (j / d, j % d);
        if !ok || !grid.is_free(rr, cc) || grid.makes_line(rr, cc, Cell::O) {
            continue; // done, taken, or O makes a line and loses
        }
        grid.place(rr, cc, Cell::O);
        ok = !grid.is_full() && x_wins(grid, solver, bits, checked);
        grid.clear(rr, cc);
    }
    grid.clear(r, c);
    if ok {
        checked.insert(key);
    }
    ok
}

/// The 5 x 5 result, checked independently: after every first move of O,
/// X's winning strategy (proposed by the solver) is walked and checked in
/// full by [`x_wins`]. About three minutes in a release build: run with
/// `cargo test --release --test suite noline::five_by_five -- --ignored --nocapture`.
#[test]
#[ignore]
fn five_by_five_x_wins_checked_move_by_move() {
    let s = solve(5, u64::MAX).unwrap();
    assert_eq!(s.value, Some(Value::Loss));
    let mut solver = tabula::noline::solve::solver(5, 2_000_000_000).unwrap();
    let bits = solver.game().clone();
    let mut checked = std::collections::HashSet::new();
    let t = std::time::Instant::now();
    for m in &s.first_moves {
        let mut grid = board(5, &[(m.row, m.col)]);
        let ok = x_wins(&mut grid, &mut solver, &bits, &mut checked);
        eprintln!(
            "O {} {}: X's win checked {ok} ({} X positions checked, {} positions searched, {:.1} s)",
            m.row,
            m.col,
            checked.len(),
            solver.nodes(),
            t.elapsed().as_secs_f64()
        );
        assert!(ok && m.value == Some(Value::Loss), "{} {}", m.row, m.col);
    }
}

#[test]
fn the_specifications_computer_players_follow_its_formula() {
    // s = 11, type 2: 10 10, 9 8, 8 6, 7 4 (the specification's list).
    let mut t2 = Sequence::new(true);
    let grid = Grid::new(11);
    let got: Vec<Place> = (0..4).map(|_| t2.next_move(&grid).unwrap()).collect();
    let want = [(10, 10), (9, 8), (8, 6), (7, 4)].map(|(row, col)| Place { row, col });
    assert_eq!(got, want);
    // Type 1 skips taken cells and carries its counter on.
    let mut t1 = Sequence::new(false);
    let mut grid = Grid::new(5);
    grid.place(0, 0, Cell::X);
    assert_eq!(t1.next_move(&grid), Some(Place { row: 1, col: 2 }));
    assert_eq!(t1.next_move(&grid), Some(Place { row: 2, col: 4 }));
}

fn entrants(names: &[&str]) -> Vec<Entrant<Noline>> {
    let game = Noline::new(3);
    names
        .iter()
        .map(|n| Entrant::registered(&game, n).unwrap())
        .collect()
}

/// A tournament on the 3 x 3 board through the framework's one entry
/// point, and its pairs.
fn tournament(entrants: &[Entrant<Noline>], games: u64, threads: usize) -> (Standings, Vec<Pair>) {
    let standings = Tournament::new(games)
        .with_seed(7)
        .with_threads(Some(threads))
        .run(&Noline::new(3), entrants, RunOptions::new())
        .unwrap()
        .standings;
    let pairs = standings.pairs();
    (standings, pairs)
}

#[test]
fn perfect_never_loses_on_3x3_and_tournaments_ignore_thread_count() {
    let all = entrants(&["type1", "type2", "random", "perfect"]);
    let (_, one) = tournament(&all, 200, 1);
    let (_, two) = tournament(&all, 200, 2);
    assert_eq!(one.len(), 6);
    for (p, q) in one.iter().zip(&two) {
        // Seat 1 is O.
        assert_eq!(
            (p.a_wins, p.b_wins, p.draws, p.a_wins_by_seat[0]),
            (q.a_wins, q.b_wins, q.draws, q.a_wins_by_seat[0])
        );
        assert_eq!(p.a_wins + p.b_wins + p.draws, 200);
        // 3 x 3 is a draw with best play: perfect never loses.
        if p.a == "perfect" {
            assert_eq!(p.b_wins, 0, "{p:?}");
        }
        if p.b == "perfect" {
            assert_eq!(p.a_wins, 0, "{p:?}");
        }
    }
    // A pair's results do not depend on who else plays.
    let (_, pair) = tournament(&entrants(&["random", "perfect"]), 200, 1);
    let same = one
        .iter()
        .find(|p| p.a == "random" && p.b == "perfect")
        .unwrap();
    assert_eq!((pair[0].b_wins, pair[0].draws), (same.b_wins, same.draws));
}

/// Panics when asked for a move.
struct Panicky;
impl Agent<Noline> for Panicky {
    fn choose(&mut self, _: &Noline, _: &State, _: Seat, _: &mut GameRng) -> Place {
        panic!("panicky gives up")
    }
}

/// Always answers the top-left cell, taken or not.
struct Corner;
impl Agent<Noline> for Corner {
    fn choose(&mut self, _: &Noline, _: &State, _: Seat, _: &mut GameRng) -> Place {
        Place { row: 0, col: 0 }
    }
}

#[test]
fn a_panicking_or_illegal_agent_forfeits_only_its_own_games() {
    let mut all = entrants(&["type1", "type2"]);
    all.push(Entrant {
        name: "panicky".into(),
        make: Box::new(|_| Ok(Box::new(Panicky))),
    });
    all.push(Entrant {
        name: "corner".into(),
        make: Box::new(|_| Ok(Box::new(Corner))),
    });
    let (t, pairs) = tournament(&all, 20, 2);
    let pair = |a: &str, b: &str| pairs.iter().find(|p| p.a == a && p.b == b).unwrap();
    // type1 and type2 play their games as if the others were not there.
    let (_, alone) = tournament(&entrants(&["type1", "type2"]), 20, 1);
    let p = pair("type1", "type2");
    assert_eq!(
        (p.a_wins, p.b_wins, p.draws),
        (alone[0].a_wins, alone[0].b_wins, alone[0].draws)
    );
    // Panicky forfeits every game at its first move; corner at its
    // second at the latest (no line is made before), except against
    // panicky, who forfeits first.
    for (a, b) in [
        ("type1", "panicky"),
        ("type2", "panicky"),
        ("type1", "corner"),
    ] {
        let p = pair(a, b);
        assert_eq!((p.a_wins, p.b_wins, p.draws), (20, 0, 0), "{p:?}");
    }
    assert_eq!(pair("panicky", "corner").b_wins, 20);
    let e = |name: &str| t.entrants.iter().find(|e| e.name == name).unwrap();
    assert_eq!((e("panicky").panics, e("panicky").illegal), (60, 0));
    assert_eq!((e("corner").panics, e("corner").illegal), (0, 40));
    assert_eq!((e("type1").panics, e("type1").illegal), (0, 0));
    assert!(
        t.faults
            .iter()
            .all(|f| f.entrant == "panicky" || f.entrant == "corner")
    );
}

#[test]
fn a_tampered_record_fails_at_the_tampered_step() {
    let dir = std::env::temp_dir().join(format!("tabula-noline-records-{}", std::process::id()));
    Tournament::new(2)
        .with_seed(3)
        .with_threads(Some(1))
        .with_record(Some(dir.clone()), record::Format::Ron)
        .run(
            &Noline::new(3),
            &entrants(&["type1", "random"]),
            RunOptions::new().recorded(),
        )
        .unwrap();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let rec = record::read::<Noline>(&files[0]).unwrap();
    assert_eq!(rec.game, "noline");
    assert!(matches!(rec.end, End::Finished(_)));
    record::replay::<Noline>(&rec, |_, _, _, _| {}).unwrap();
    // Step 2 plays on the cell step 0 took.
    let mut bad = rec.clone();
    let Step::Move { mv: first, .. } = bad.steps[0].clone() else {
        panic!("noline has no chance steps")
    };
    let Step::Move { mv, .. } = &mut bad.steps[2] else {
        panic!("noline has no chance steps")
    };
    *mv = first;
    match record::replay::<Noline>(&bad, |_, _, _, _| {}) {
        Err(RecordError::Illegal { index, .. }) => assert_eq!(index, 2),
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_game_and_its_registry() {
    let names = tabula::play::agents::names::<Noline>().unwrap();
    assert_eq!(
        names,
        [
            "alphabeta[-BUDGET]",
            "greedy",
            "mcts[-BUDGET]",
            "perfect",
            "random",
            "type1",
            "type2"
        ]
    );
    assert!(tabula::play::agents::build(&Noline::new(3), "nope").is_err());
    assert!(tabula::play::agents::build(&Noline::new(7), "perfect").is_err());
    let game = Noline::new(3);
    let mut s = game.initial_state();
    for (row, col) in [(0, 0), (1, 1), (0, 1), (2, 2), (0, 2)] {
        assert_eq!(game.status(&s), Status::Decision(s.to_move));
        game.apply_move(&mut s, Place { row, col }, &mut |_| {});
    }
    // O made 0 0, 0 1, 0 2: O loses, X wins.
    assert_eq!(game.status(&s), Status::Over(GameResult::Win(1)));
}

/// Seat 0's chances of winning and of a draw when both seats play
/// uniformly at random, by plain recursion over the game's own moves
/// (no chain, no policies), memoised on the state.
fn random_play(
    game: &Noline,
    state: &State,
    memo: &mut std::collections::HashMap<State, (f64, f64)>,
) -> (f64, f64) {
    if let Some(v) = memo.get(state) {
        return *v;
    }
    let v = match game.status(state) {
        Status::Over(GameResult::Win(0)) => (1.0, 0.0),
        Status::Over(GameResult::Win(_)) => (0.0, 0.0),
        Status::Over(_) => (0.0, 1.0),
        _ => {
            let mut moves = Vec::new();
            game.legal_moves(state, &mut moves);
            let n = moves.len() as f64;
            let (mut win, mut draw) = (0.0, 0.0);
            for mv in moves {
                let mut next = state.clone();
                game.apply_move(&mut next, mv, &mut |_| {});
                let (w, d) = random_play(game, &next, memo);
                win += w / n;
                draw += d / n;
            }
            (win, draw)
        }
    };
    memo.insert(state.clone(), v);
    v
}

#[test]
fn analyze_with_random_agents_matches_a_plain_recursion() {
    let game = Noline::new(3);
    let (win, draw) = random_play(&game, &game.initial_state(), &mut Default::default());
    let args = tabula::registry::exact::PolicyArgs {
        agents: vec!["random".into(), "random".into()],
        max_states: 100_000,
    };
    let report = tabula::registry::exact::analyze_agents(&game, "noline", &args).unwrap();
    assert!(
        (report.seats[0].win - win).abs() < 1e-12,
        "{report:?} against {win}"
    );
    assert!(
        (report.draw - draw).abs() < 1e-12,
        "{report:?} against {draw}"
    );
    assert!((report.seats[1].win - (1.0 - win - draw)).abs() < 1e-12);
    // A search is not a policy, and a board past the limit is refused.
    let args = tabula::registry::exact::PolicyArgs {
        agents: vec!["random".into(), "alphabeta".into()],
        max_states: 100_000,
    };
    let e = tabula::registry::exact::analyze_agents(&game, "noline", &args).unwrap_err();
    assert!(
        e.to_string()
            .contains("\"alphabeta\" is not a fixed policy"),
        "{e}"
    );
    let args = tabula::registry::exact::PolicyArgs {
        agents: vec!["random".into(), "random".into()],
        max_states: 1000,
    };
    let e = tabula::registry::exact::analyze_agents(&game, "noline", &args).unwrap_err();
    assert!(e.to_string().contains("limit of 1000 states"), "{e}");
}

/// 5 x 5 is a win for X: `perfect`, playing X, wins every game against
/// other kinds of player (here the specification's `type2` and `random`), a
/// game each (each one a proof after O's first move: seconds). As O it would be
/// playing a lost game, every move a full proof, which is what `analyze
/// noline --dim 5` times.
#[test]
#[ignore = "slow: a proof per move on 5 x 5 (seconds to tens of seconds); .ci/run runs it"]
fn perfect_wins_every_game_as_x_on_5x5() {
    let game = Noline::new(5);
    for (index, opponent) in ["type2", "random"].into_iter().enumerate() {
        let mut agents = vec![
            tabula::play::agents::build(&game, opponent).unwrap(),
            tabula::play::agents::build(&game, "perfect").unwrap(),
        ];
        let played = Referee::new().play(
            &game,
            &mut agents,
            &mut Streams::new(3, index as u64),
            &mut (),
        );
        assert!(played.forfeit.is_none(), "{opponent}: {:?}", played.forfeit);
        assert_eq!(
            game.status(&played.state),
            Status::Over(GameResult::Win(1)),
            "against {opponent}, perfect (X) did not win"
        );
    }
}

/// The tests of `tabula_noline::search`.
mod search {
    use tabula_core::BoardGame;
    use tabula_core::{Agent, Streams};
    use tabula_noline::board::Cell;
    use tabula_noline::game::{Noline, Place, State};
    use tabula_noline::search::*;
    use tabula_noline::solve::{Value, solve};
    use tabula_play::referee::Referee;
    use tabula_search::Heuristic;

    fn agent(game: &Noline, name: &str) -> Box<dyn Agent<Noline>> {
        tabula_play::agents::build(game, name).unwrap()
    }

    fn place(game: &Noline, state: &mut State, cells: &[(u16, u16)]) {
        for &(row, col) in cells {
            game.apply_move(state, Place { row, col }, &mut |_| {});
        }
    }

    /// Plays `games` refereed games of `a` (seat 0, O) against `b`, after
    /// checking that none was forfeited: each seat's points and losses.
    fn play(game: &Noline, a: &str, b: &str, games: u64, seed: u64) -> ([f64; 2], [u64; 2]) {
        let referee = Referee::new().with_keep_steps(false);
        let mut agents = vec![agent(game, a), agent(game, b)];
        let (mut points, mut losses) = ([0.0; 2], [0; 2]);
        for index in 0..games {
            let mut streams = Streams::new(seed, index);
            let played = referee.play(game, &mut agents, &mut streams, &mut ());
            assert!(played.forfeit.is_none(), "{a} v {b}: {:?}", played.forfeit);
            let results = played.results.expect("noline games end");
            for seat in 0..2 {
                let p = results.points(seat);
                points[seat] += p;
                losses[seat] += u64::from(p == 0.0);
            }
        }
        (points, losses)
    }

    #[test]
    fn the_evaluation_counts_safe_cells() {
        let game = Noline::new(3);
        let mut state = game.initial_state();
        assert_eq!(game.evaluate(&state, 0), 0.0);
        // O O . / . . . / . . X, X to move: (0, 2) is not safe for O.
        place(&game, &mut state, &[(0, 0), (2, 2), (0, 1)]);
        assert_eq!(safe_cells(&state.grid, Cell::O), 5);
        assert_eq!(safe_cells(&state.grid, Cell::X), 6);
        assert_eq!(game.evaluate(&state, 1), 1.0 / 7.0);
        assert_eq!(game.evaluate(&state, 0), -1.0 / 7.0);
    }

    #[test]
    fn candidates_drop_suicidal_cells_unless_all_are() {
        let game = Noline::new(3);
        let mut state = game.initial_state();
        place(&game, &mut state, &[(0, 0), (2, 2), (0, 1)]);
        // X to move: O's threat at (0, 2) is safe for X.
        let mut out = Vec::new();
        game.candidate_moves(&state, &mut out);
        assert_eq!(out.len(), 6);
        place(&game, &mut state, &[(1, 1)]);
        // O to move: (0, 2) makes O's top row.
        out.clear();
        game.candidate_moves(&state, &mut out);
        let mut legal = Vec::new();
        game.legal_moves(&state, &mut legal);
        legal.retain(|m| *m != Place { row: 0, col: 2 });
        assert_eq!(out, legal, "the safe cells, in row order");
        // O O . / X X O / O X X, O to move: the last cell makes a line,
        // and is all there is.
        let mut state = game.initial_state();
        let cells = [
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
            (1, 2),
            (2, 1),
            (2, 0),
            (2, 2),
        ];
        place(&game, &mut state, &cells);
        out.clear();
        game.candidate_moves(&state, &mut out);
        assert_eq!(out, vec![Place { row: 0, col: 2 }]);
    }

    #[test]
    fn every_search_agent_plays_legal_games() {
        for dim in [3, 5] {
            let game = Noline::new(dim);
            for name in ["greedy", "alphabeta-2000", "mcts-200", "alphabeta-5ms"] {
                play(&game, name, "random", 6, 1);
                play(&game, "random", name, 6, 2);
            }
        }
    }

    #[test]
    fn search_agents_refuse_huge_boards() {
        let game = Noline::new(SEARCH_MAX_DIM + 2);
        for name in ["greedy", "alphabeta", "mcts"] {
            let e = tabula_play::agents::build(&game, name).err().unwrap();
            assert!(e.to_string().contains("25x25"), "{e}");
        }
    }

    /// 3x3 is a draw with best play (the solver says so), so a searcher
    /// that sees to the end never loses, whichever seat it takes.
    #[test]
    fn alphabeta_never_loses_to_random_on_3x3() {
        assert_eq!(solve(3, 10_000_000).unwrap().value, Some(Value::Draw));
        let game = Noline::new(3);
        let (_, losses) = play(&game, "alphabeta", "random", 100, 7);
        assert_eq!(losses[0], 0, "as O");
        let (_, losses) = play(&game, "random", "alphabeta", 100, 8);
        assert_eq!(losses[1], 0, "as X");
    }

    /// MCTS against random over 200 games, 100 in each seat. Were they
    /// even, the mean score would be 0.5 with a standard error of at most
    /// 0.5/sqrt(200), about 0.035; above 0.5 + 4 standard errors a false
    /// pass has a chance under 1 in 30000.
    #[test]
    fn mcts_beats_random_clearly() {
        let game = Noline::new(3);
        let n = 100;
        let (first, _) = play(&game, "mcts", "random", n, 11);
        let (second, _) = play(&game, "random", "mcts", n, 12);
        let score = (first[0] + second[1]) / (2 * n) as f64;
        let se = 0.5 / ((2 * n) as f64).sqrt();
        assert!(score > 0.5 + 4.0 * se, "{score}");
    }
}

/// The tests of `tabula_noline::program`.
mod program {
    use proptest::prelude::*;
    use tabula_noline::program::*;

    fn run_with(args: &[&str], stdin: &[u8]) -> (i32, String) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(&args, &mut &stdin[..], &mut out, &mut err);
        (code, String::from_utf8_lossy(&out).into_owned())
    }

    proptest! {
        /// Any bytes on stdin, with lines of any length: the game ends
        /// normally (status 0, one of the specification's endings) and prints at
        /// most one board and prompt per line read, never the input.
        #[test]
        fn any_input_ends_the_game_cleanly(
            lines in proptest::collection::vec(
                prop_oneof![
                    proptest::collection::vec(any::<u8>(), 0..200),
                    (0u8..3, 0u8..3).prop_map(|(r, c)| format!("{r} {c}").into_bytes()),
                    (1usize..5000).prop_map(|n| vec![b'7'; n]),
                ],
                0..40,
            ),
        ) {
            let input = lines.join(&b'\n');
            let (code, out) = run_with(&["3"], &input);
            prop_assert_eq!(code, 0);
            prop_assert!(
                out.ends_with(" loses.\n") || out.ends_with("due to EOF.\n") || out.ends_with("draw.\n"),
                "{}", out
            );
            let reads = input.split(|&b| b == b'\n').count() + 1;
            prop_assert!(out.len() <= reads * 64 + 64, "{} bytes of output", out.len());
        }
    }

    #[test]
    fn an_unreadable_input_is_invalid_files() {
        struct Broken;
        impl std::io::Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("unreadable"))
            }
        }
        let mut input = std::io::BufReader::new(Broken);
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(&["3".to_string()], &mut input, &mut out, &mut err);
        assert_eq!(code, 4);
        assert_eq!(String::from_utf8_lossy(&err), "Invalid files.\n");
    }
}
