//! Seega on the framework's play services: the referee, the agents,
//! records and replay, and the tournament.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use tabula_core::{Agent, GameRng, Seat, Streams, game_rng};
use tabula_play::agents::{AgentEntry, BuildFn};
use tabula_play::record::{self, End, Format, RecordError, RecordOf, Step as RecordStep};
use tabula_play::referee::{Fault, Played, Referee};
use tabula_play::tournament::{Entrant, RunOptions, Scoring, Standings, Tournament};
use tabula_search::{AlphaBeta, Budget, Greedy, Random};
use tabula_seega::agent;
use tabula_seega::agents::pick;
use tabula_seega::rules::Illegal;
use tabula_seega::{Action, Phase, Position, Rules, Seega, Side, Slide, Square};

fn rules() -> Rules {
    Rules::new(5, 30, Side::Black).unwrap()
}

fn game() -> Seega {
    Seega::new(rules())
}

/// Plays legally (randomly) until its `after`-th answer, then gives
/// `bad` (or panics when `bad` is `None`).
struct Saboteur {
    answers: usize,
    after: usize,
    bad: Option<Action>,
}

impl Saboteur {
    fn sabotage(&mut self) -> Option<Action> {
        self.answers += 1;
        if self.answers <= self.after {
            return None;
        }
        match self.bad {
            Some(a) => Some(a),
            None => panic!("agent bug"),
        }
    }
}

impl Agent<Seega> for Saboteur {
    fn new_game(&mut self, _: &Seega, _: Seat) {
        self.answers = 0;
    }

    fn choose(&mut self, _: &Seega, position: &Position, _: Seat, rng: &mut GameRng) -> Action {
        match position.phase() {
            Phase::Placement => Action::place(match self.sabotage() {
                Some(Action::Place(p)) => p,
                Some(_) => [Square::new(9, 9); 2],
                None => random_placement(position, rng),
            }),
            Phase::Movement => match self.sabotage() {
                Some(Action::Move(s)) => Action::Move(s),
                Some(_) => Action::Blocked,
                None => random_reply(position, rng),
            },
        }
    }
}

/// Two random free squares.
fn random_placement(position: &Position, rng: &mut GameRng) -> [Square; 2] {
    let a = pick(position.placements(), rng).unwrap_or(Square::new(0, 0));
    let b = pick(position.placements().filter(|&s| s != a), rng).unwrap_or(a);
    [a, b]
}

/// A random legal slide, or `Blocked`.
fn random_reply(position: &Position, rng: &mut GameRng) -> Action {
    pick(position.slides(), rng).map_or(Action::Blocked, Action::Move)
}

fn sq(name: &str) -> Square {
    Square::parse(name, 5).unwrap()
}

/// One refereed game of `black` against `white` under `game`.
fn referee(
    game: &Seega,
    black: Box<dyn Agent<Seega>>,
    white: Box<dyn Agent<Seega>>,
    seed: u64,
) -> Played<Seega> {
    let mut agents = vec![black, white];
    Referee::new().play(game, &mut agents, &mut Streams::new(seed, 0), &mut ())
}

fn record_of(game: &Seega, played: &Played<Seega>, seed: u64) -> RecordOf<Seega> {
    tabula_play::referee::of_played(game, seed, 0, vec!["black".into(), "white".into()], played)
}

/// The reason the rules give for the move a forfeit names, found by
/// replaying the record up to it.
fn illegal_reason(game: &Seega, played: &Played<Seega>, bad: Action) -> Illegal {
    let forfeit = played.forfeit.as_ref().expect("a forfeit");
    assert!(matches!(forfeit.fault, Fault::Illegal(_)), "{forfeit:?}");
    assert_eq!(forfeit.step, played.steps.len());
    let replayed = record::replay::<Seega>(&record_of(game, played, 0), |_, _, _, _| {}).unwrap();
    replayed.state.check(&bad).unwrap_err()
}

#[test]
fn every_kind_of_illegal_answer_loses_the_game() {
    // Black places first; Black's 1st answer is its first placement.
    let centre = sq("c3");
    type Expect = fn(&Illegal) -> bool;
    let cases: Vec<(Action, Action, Expect)> = vec![
        (
            Action::Place([centre, sq("a1")]),
            Action::Place([centre, sq("a1")]),
            |e| matches!(e, Illegal::Centre(_)),
        ),
        (
            Action::Place([sq("a1"), sq("a1")]),
            Action::Place([sq("a1"), sq("a1")]),
            |e| matches!(e, Illegal::SameSquare(_)),
        ),
        (
            Action::Place([sq("a1"), Square::new(7, 1)]),
            Action::Place([sq("a1"), Square::new(7, 1)]),
            |e| matches!(e, Illegal::OffBoard(_)),
        ),
        // "Blocked" at placement: the saboteur places off the board.
        (
            Action::Blocked,
            Action::Place([Square::new(9, 9); 2]),
            |e| matches!(e, Illegal::OffBoard(_)),
        ),
    ];
    let g = game();
    for (bad, made, expect) in cases {
        let black = Box::new(Saboteur {
            answers: 0,
            after: 0,
            bad: Some(bad),
        });
        let played = referee(&g, black, Box::new(Random), 1);
        assert_eq!(played.forfeit.as_ref().map(|f| f.seat), Some(0), "{bad:?}");
        let results = played.results.as_ref().expect("a forfeit has results");
        assert_eq!(results.winners().collect::<Vec<_>>(), [1]);
        let e = illegal_reason(&g, &played, made);
        assert!(expect(&e), "{e:?}");
    }
}

/// A White agent that places randomly, then answers `bad` at its first
/// move (White moves first when Black places first).
fn first_move_fault(bad: Action) -> Illegal {
    let white = Box::new(Saboteur {
        answers: 0,
        after: 6, // 6 placement turns
        bad: Some(bad),
    });
    let g = game();
    let played = referee(&g, Box::new(Random), white, 3);
    assert_eq!(played.forfeit.as_ref().map(|f| f.seat), Some(1));
    illegal_reason(&g, &played, bad)
}

#[test]
fn illegal_moves_lose_the_game() {
    // After placement only the centre is empty.
    let e = first_move_fault(Action::Move(Slide {
        from: sq("c3"),
        to: sq("c4"),
    }));
    assert!(matches!(e, Illegal::NotYours(Side::White, _)), "{e:?}");
    let e = first_move_fault(Action::Move(Slide {
        from: sq("a1"),
        to: sq("a2"),
    }));
    assert!(
        matches!(e, Illegal::NotYours(..) | Illegal::Occupied(_)),
        "{e:?}"
    );
    let e = first_move_fault(Action::Move(Slide {
        from: sq("a1"),
        to: sq("c3"),
    }));
    assert!(
        matches!(e, Illegal::NotYours(..) | Illegal::NotAdjacent(_)),
        "{e:?}"
    );
    // Saying "blocked" when a move exists.
    let e = first_move_fault(Action::Blocked);
    assert!(matches!(e, Illegal::NotBlocked(_)), "{e:?}");
}

#[test]
fn a_tampered_record_fails_at_the_first_illegal_step() {
    // Play greedy against random until greedy has a follow-up, then change
    // the record so that greedy moves another piece there.
    let g = game();
    for seed in 0..200 {
        let played = referee(&g, Box::new(Greedy), Box::new(Random), seed);
        let record = record_of(&g, &played, seed);
        let mut positions = Vec::new();
        record::replay::<Seega>(&record, |_, _, state, _| positions.push(state.clone())).unwrap();
        positions.push(played.state.clone());
        // The first step taken from a follow-up position.
        let Some(i) = (0..record.steps.len()).find(|&i| positions[i].follow_up().is_some()) else {
            continue;
        };
        let pos = &positions[i];
        let side = pos.to_move();
        let piece = pos.follow_up().unwrap();
        // Another piece of the same side that can step somewhere.
        let other = (0..5u8)
            .flat_map(|r| (0..5u8).map(move |c| Square::new(r, c)))
            .find(|&s| s != piece && pos.at(s) == Some(side));
        let Some(other) = other else { continue };
        let to = [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .map(|(dr, dc)| Square::new((other.row as i8 + dr) as u8, (other.col as i8 + dc) as u8))
            .find(|&t| pos.is_empty(t));
        let Some(to) = to else { continue };
        let slide = Slide { from: other, to };
        assert_eq!(
            pos.clone().play(&Action::Move(slide)),
            Err(Illegal::FollowUpPiece {
                expected: piece,
                moved: other
            })
        );
        let mut tampered = record.clone();
        tampered.steps[i] = RecordStep::Move {
            seat: side.seat(),
            mv: Action::Move(slide),
        };
        match record::replay::<Seega>(&tampered, |_, _, _, _| {}) {
            Err(RecordError::Illegal { index, .. }) => assert_eq!(index, i),
            other => panic!("step {i} is illegal, the replay says {other:?}"),
        }
        return;
    }
    panic!("no game with a follow-up capture in 200 seeds");
}

#[test]
fn a_panicking_agent_forfeits_and_its_record_replays() {
    let black = Box::new(Saboteur {
        answers: 0,
        after: 3,
        bad: None,
    });
    let g = game();
    let played = referee(&g, black, Box::new(Greedy), 5);
    let forfeit = played.forfeit.clone().expect("a forfeit");
    assert_eq!(forfeit.seat, 0);
    assert!(
        matches!(&forfeit.fault, Fault::Panic(m) if m.contains("agent bug")),
        "{forfeit:?}"
    );
    // Three answers each, then Black's fourth.
    assert_eq!(forfeit.step, 6);
    // The record of a forfeit replays cleanly.
    let record = record_of(&g, &played, 5);
    assert!(matches!(record.end, End::Forfeit { .. }));
    record::replay::<Seega>(&record, |_, _, _, _| {}).unwrap();
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "test-panics",
        parameter: None,
        summary: "panics at its third answer (a test agent)",
        build: &BuildFn::<Seega>(|_, _| Ok(Box::new(Saboteur { answers: 0, after: 2, bad: None }))),
    }
}

tabula_play::inventory::submit! {
    AgentEntry {
        name: "test-illegal",
        parameter: None,
        summary: "places on the centre at its first answer (a test agent)",
        build: &BuildFn::<Seega>(|_, _| {
            let centre = Square::new(2, 2);
            Ok(Box::new(Saboteur { answers: 0, after: 0, bad: Some(Action::Place([centre; 2])) }))
        }),
    }
}

/// Plays a tournament of the registered agents `names` through the
/// framework's one entry point.
fn tournament(names: &[&str], engine: &Tournament) -> Standings {
    let g = game();
    let entrants: Vec<Entrant<Seega>> = names
        .iter()
        .map(|n| Entrant::registered(&g, n).unwrap())
        .collect();
    engine
        .run(&g, &entrants, RunOptions::new())
        .unwrap()
        .standings
}

#[test]
fn panicking_and_illegal_agents_forfeit_only_their_games() {
    let engine = Tournament::new(4).with_seed(9).with_threads(Some(2));
    let t = tournament(
        &["test-panics", "test-illegal", "random", "greedy"],
        &engine,
    );
    let agent = |name: &str| t.entrants.iter().find(|a| a.name == name).unwrap();
    // test-illegal's first answer comes before test-panics' third.
    let panics = agent("test-panics");
    assert_eq!((panics.wins, panics.losses, panics.panics), (4, 8, 8));
    let illegal = agent("test-illegal");
    assert_eq!((illegal.wins, illegal.losses, illegal.illegal), (0, 12, 12));
    assert_eq!(t.faults.len(), 20);
    // The others' own pair is played as if they were alone.
    let alone = tournament(&["random", "greedy"], &engine).pairs();
    let pairs = t.pairs();
    let pair = pairs.last().unwrap();
    assert_eq!((pair.a.as_str(), pair.b.as_str()), ("random", "greedy"));
    let same = &alone[0];
    assert_eq!(
        (pair.a_wins, pair.b_wins, pair.draws, &pair.a_wins_by_seat),
        (same.a_wins, same.b_wins, same.draws, &same.a_wins_by_seat)
    );
    assert_eq!(pair.mean_moves, same.mean_moves);
}

#[test]
#[ignore = "slow: plays every pair of built-in agents; .ci/run runs it"]
fn built_in_agents_always_answer_legally_and_games_end() {
    let names = ["random", "greedy", "alphabeta-2000", "mcts-50"];
    let mut games = 0;
    for (i, a) in names.iter().enumerate() {
        for b in &names[i..] {
            for size in [5, 7] {
                for first in Side::BOTH {
                    let g = Seega::new(Rules::new(size, 20, first).unwrap());
                    let x = agent::build(&g, a).unwrap();
                    let y = agent::build(&g, b).unwrap();
                    let played = referee(&g, x, y, games);
                    assert!(played.forfeit.is_none(), "{a} vs {b}: {:?}", played.forfeit);
                    let replayed =
                        record::replay::<Seega>(&record_of(&g, &played, games), |_, _, _, _| {})
                            .unwrap();
                    assert_eq!(replayed.results, played.results);
                    assert!(played.results.is_some());
                    games += 1;
                }
            }
        }
    }
    assert_eq!(games, 40);
}

#[test]
fn records_round_trip_in_ron_and_json() {
    let g = Seega::new(rules().with_first(Side::White));
    let played = referee(&g, Box::new(Greedy), Box::new(Random), 11);
    let rec = record_of(&g, &played, 11);
    let dir = std::env::temp_dir().join(format!("tabula-seega-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for format in [Format::Ron, Format::Json] {
        let path = dir.join(format!("game.{}", format.extension()));
        rec.write(&path).unwrap();
        let back = record::read::<Seega>(&path).unwrap();
        assert_eq!(back, rec, "{format:?}");
    }
    // A RON syntax error is reported with file:line:column.
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "(game: \"seega\", parameters: (size: 5, stalemate: 30, first: Black), seed: 0, index: 0,\n\
         players: [], steps: [Move(seat: 0, mv: Place(((0, 0), (0 1))))], end: Stopped)",
    )
    .unwrap();
    let e = record::read::<Seega>(&bad).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}:2:", bad.display())), "{e}");
    // An impossible board is refused with its position.
    let even = dir.join("even.ron");
    std::fs::write(
        &even,
        "(game: \"seega\", parameters: (size: 6, stalemate: 30, first: Black), seed: 0, index: 0,\n\
         players: [], steps: [], end: Stopped)",
    )
    .unwrap();
    let e = record::read::<Seega>(&even).unwrap_err().to_string();
    assert!(e.contains("odd"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_replay_names_out_of_turn_play() {
    let g = game();
    let mut rec = record_of(&g, &referee(&g, Box::new(Random), Box::new(Random), 1), 1);
    rec.steps = vec![
        RecordStep::Move {
            seat: 0,
            mv: Action::Place([sq("a1"), sq("b1")]),
        },
        RecordStep::Move {
            seat: 0,
            mv: Action::Place([sq("a2"), sq("b2")]),
        },
    ];
    rec.end = End::Stopped;
    match record::replay::<Seega>(&rec, |_, _, _, _| {}) {
        Err(RecordError::Illegal { index: 1, message }) => {
            assert!(message.contains("turn"), "{message}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn alphabeta_finds_a_capture_and_avoids_losing_a_piece() {
    // Black to move can capture b1 with c2-c1.
    let p = Position::from_rows(
        rules(),
        &[
            "B W . . .",
            ". . B . .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    )
    .unwrap();
    let g = game();
    let capture = Action::Move(Slide::parse("c2 c1", 5).unwrap());
    let mut ab = AlphaBeta::<Seega>::new(Budget::Work(10_000));
    assert_eq!(ab.best_move(&g, &p, 0), Some(capture));
    assert!(ab.stats().depth >= 2);
    // A won position: capturing the last piece is found at depth 1.
    let p = Position::from_rows(
        rules(),
        &[
            "B W . . .",
            ". . B . .",
            ". . + . .",
            ". . . . .",
            ". . . . .",
        ],
        Side::Black,
    )
    .unwrap();
    assert_eq!(ab.best_move(&g, &p, 0), Some(capture));
    // A win at the first ply, less a hair per ply.
    let value = ab.stats().value;
    assert!(
        value < tabula_search::WIN && value > tabula_search::WIN - 1e-3,
        "{value}"
    );
}

#[test]
fn tournaments_do_not_depend_on_threads_and_keep_the_specifications_score() {
    let run = |threads| {
        tournament(
            &["random", "greedy", "alphabeta-1000"],
            &Tournament::new(4)
                .with_seed(3)
                .with_threads(Some(threads))
                .with_scoring(Scoring::TimePenalty { per_second: 1.0 }),
        )
    };
    let (a, b) = (run(1), run(2));
    for (x, y) in a.pairs().iter().zip(&b.pairs()) {
        assert_eq!(
            (x.a_wins, x.b_wins, x.draws, &x.a_wins_by_seat),
            (y.a_wins, y.b_wins, y.draws, &y.a_wins_by_seat)
        );
        assert_eq!(x.mean_moves, y.mean_moves);
        assert_eq!(x.games, 4);
    }
    for ag in &a.entrants {
        assert_eq!(ag.wins + ag.losses + ag.shared_firsts, 8);
        let points = ag.wins as f64 + ag.shared_firsts as f64 / 2.0;
        assert!((ag.points - points).abs() < 1e-12);
        assert!((ag.score - (points - ag.time_s)).abs() < 1e-9);
    }
    assert!(a.entrants.windows(2).all(|w| w[0].score >= w[1].score));
}

/// Positions reached by random play, on boards 5 and 7.
fn random_position(seed: u64, size: usize, plies: usize) -> Position {
    let mut rng = game_rng(seed, 77);
    let rules = Rules::new(size, 50, Side::Black).unwrap();
    let mut p = Position::new(rules);
    for _ in 0..plies {
        if p.verdict().is_some() {
            break;
        }
        let action = match p.phase() {
            tabula_seega::Phase::Placement => Action::Place(random_placement(&p, &mut rng)),
            tabula_seega::Phase::Movement => random_reply(&p, &mut rng),
        };
        p.play(&action).unwrap();
    }
    p
}

#[test]
fn generated_steps_are_exactly_the_legal_ones() {
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 300,
            ..Config::default()
        },
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    let strategy = (
        any::<u64>(),
        prop::sample::select(vec![5usize, 7]),
        0usize..120,
    );
    runner
        .run(&strategy, |(seed, size, plies)| {
            let p = random_position(seed, size, plies);
            let mut generated: Vec<Slide> = p.slides().collect();
            generated.sort();
            let mut brute = Vec::new();
            for fr in 0..size as u8 {
                for fc in 0..size as u8 {
                    for tr in 0..size as u8 {
                        for tc in 0..size as u8 {
                            let s = Slide {
                                from: Square::new(fr, fc),
                                to: Square::new(tr, tc),
                            };
                            if p.check(&Action::Move(s)).is_ok() {
                                brute.push(s);
                            }
                        }
                    }
                }
            }
            brute.sort();
            prop_assert_eq!(&generated, &brute);
            // Blocked is legal exactly when there is no step.
            if p.phase() == tabula_seega::Phase::Movement && p.verdict().is_none() {
                prop_assert_eq!(p.check(&Action::Blocked).is_ok(), brute.is_empty());
            }
            // Captures: a naive scan of the four lines agrees.
            for s in generated {
                let mover = p.to_move();
                let mut naive: Vec<Square> = Vec::new();
                for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                    let a = (s.to.row as i32 + dr, s.to.col as i32 + dc);
                    let b = (s.to.row as i32 + 2 * dr, s.to.col as i32 + 2 * dc);
                    let inside =
                        |(r, c): (i32, i32)| r >= 0 && c >= 0 && r < size as i32 && c < size as i32;
                    if inside(a) && inside(b) {
                        let a = Square::new(a.0 as u8, a.1 as u8);
                        let b = Square::new(b.0 as u8, b.1 as u8);
                        if a != p.centre()
                            && p.at(a) == Some(mover.other())
                            && p.at(b) == Some(mover)
                        {
                            naive.push(a);
                        }
                    }
                }
                let caps = p.captures(s);
                prop_assert_eq!(caps.squares(), &naive[..]);
            }
            Ok(())
        })
        .unwrap();
}

/// Remembers the verdict it is told at the end of a game.
struct Listener {
    told: std::sync::Arc<std::sync::Mutex<Vec<tabula_seega::Verdict>>>,
}

impl Agent<Seega> for Listener {
    fn choose(&mut self, _: &Seega, position: &Position, _: Seat, rng: &mut GameRng) -> Action {
        match position.phase() {
            Phase::Placement => Action::place(random_placement(position, rng)),
            Phase::Movement => random_reply(position, rng),
        }
    }

    /// The specification's TermGame: told the verdict of a game that ended.
    fn end_game(&mut self, _: &Seega, position: &Position, _: Seat) {
        if let Some(verdict) = position.verdict() {
            self.told.lock().unwrap().push(verdict);
        }
    }
}

#[test]
fn the_referee_tells_seega_agents_the_outcome() {
    let told = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let g = game();
    let listener = Box::new(Listener { told: told.clone() });
    let played = referee(&g, listener, Box::new(Greedy), 4);
    let verdict = played.state.verdict().expect("the game ended");
    assert_eq!(*told.lock().unwrap(), [verdict]);
}
