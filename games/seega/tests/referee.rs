//! The referee, the agents, records and replay, and the tournament.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use tabula_core::{GameRng, game_rng};
use tabula_seega::agent::{self, Budget};
use tabula_seega::agents::{AlphaBeta, Greedy, Random};
use tabula_seega::record::{Record, RecordFormat, Replay, Turn};
use tabula_seega::referee::play_game;
use tabula_seega::rules::Illegal;
use tabula_seega::tournament::{self, Options};
use tabula_seega::{
    Action, Position, Reason, Reply, Rules, SeegaAgent, SeegaError, Side, Square, Step,
};

fn rules() -> Rules {
    Rules::new(5, 30, Side::Black).unwrap()
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

impl SeegaAgent for Saboteur {
    fn place(&mut self, position: &Position, rng: &mut GameRng) -> [Square; 2] {
        match self.sabotage() {
            Some(Action::Place(p)) => p,
            Some(_) => [Square::new(9, 9); 2],
            None => Random.place(position, rng),
        }
    }

    fn play(&mut self, position: &Position, f: Option<Square>, rng: &mut GameRng) -> Reply {
        match self.sabotage() {
            Some(Action::Move(s)) => Reply::Move(s),
            Some(_) => Reply::Blocked,
            None => Random.play(position, f, rng),
        }
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name, 5).unwrap()
}

#[test]
fn every_kind_of_illegal_answer_loses_the_game() {
    // Black places first; Black's 1st answer is its first placement.
    let centre = sq("c3");
    type Expect = fn(&Illegal) -> bool;
    let cases: Vec<(usize, Action, Expect)> = vec![
        (0, Action::Place([centre, sq("a1")]), |e| {
            matches!(e, Illegal::Centre(_))
        }),
        (0, Action::Place([sq("a1"), sq("a1")]), |e| {
            matches!(e, Illegal::SameSquare(_))
        }),
        (0, Action::Place([sq("a1"), Square::new(7, 1)]), |e| {
            matches!(e, Illegal::OffBoard(_))
        }),
        (0, Action::Blocked, |e| matches!(e, Illegal::OffBoard(_))),
    ];
    for (after, bad, expect) in cases {
        let mut black = Saboteur {
            answers: 0,
            after,
            bad: Some(bad),
        };
        let mut white = Random;
        let report = play_game(
            rules(),
            [&mut black, &mut white],
            ["bad", "random"],
            &mut game_rng(1, 0),
        );
        assert_eq!(report.outcome.winner, Some(Side::White), "{bad:?}");
        assert_eq!(report.outcome.reason, Reason::Illegal);
        let replay = Replay::run(&report.record).unwrap();
        let illegal = replay.illegal.expect("the replay names the illegal turn");
        assert!(expect(&illegal.error), "{:?}", illegal.error);
        assert!(report.fault.unwrap().contains("illegal"));
    }
}

/// A White agent that places randomly, then answers `bad` at its first
/// move (White moves first when Black places first).
fn first_move_fault(bad: Action) -> (tabula_seega::referee::GameReport, Illegal) {
    let mut black = Random;
    let mut white = Saboteur {
        answers: 0,
        after: 6, // 6 placement turns
        bad: Some(bad),
    };
    let report = play_game(
        rules(),
        [&mut black, &mut white],
        ["random", "bad"],
        &mut game_rng(3, 0),
    );
    let replay = Replay::run(&report.record).unwrap();
    (report, replay.illegal.expect("an illegal turn").error)
}

#[test]
fn illegal_moves_lose_the_game() {
    // After placement only the centre is empty.
    let (r, e) = first_move_fault(Action::Move(Step {
        from: sq("c3"),
        to: sq("c4"),
    }));
    assert_eq!(r.outcome.winner, Some(Side::Black));
    assert!(matches!(e, Illegal::NotYours(Side::White, _)), "{e:?}");
    let (_, e) = first_move_fault(Action::Move(Step {
        from: sq("a1"),
        to: sq("a2"),
    }));
    assert!(
        matches!(e, Illegal::NotYours(..) | Illegal::Occupied(_)),
        "{e:?}"
    );
    let (_, e) = first_move_fault(Action::Move(Step {
        from: sq("a1"),
        to: sq("c3"),
    }));
    assert!(
        matches!(e, Illegal::NotYours(..) | Illegal::NotAdjacent(_)),
        "{e:?}"
    );
    // Saying "blocked" when a move exists.
    let (_, e) = first_move_fault(Action::Blocked);
    assert!(matches!(e, Illegal::NotBlocked(_)), "{e:?}");
}

#[test]
fn a_follow_up_with_another_piece_loses() {
    // Play greedy against random until greedy has a follow-up, then replay
    // with greedy moving another piece there.
    for seed in 0..200 {
        let mut black = Greedy;
        let mut white = Random;
        let report = play_game(
            rules(),
            [&mut black, &mut white],
            ["greedy", "random"],
            &mut game_rng(seed, 0),
        );
        let replay = Replay::run(&report.record).unwrap();
        let Some(i) = replay
            .turns
            .iter()
            .position(|t| t.position.follow_up().is_some())
        else {
            continue;
        };
        let pos = &replay.turns[i].position;
        let side = pos.to_move();
        let piece = pos.follow_up().unwrap();
        // Another piece of the same side that can step somewhere.
        let mut free = pos.clone();
        let other = (0..5u8)
            .flat_map(|r| (0..5u8).map(move |c| Square::new(r, c)))
            .find(|&s| s != piece && pos.at(s) == Some(side));
        let Some(other) = other else { continue };
        let to = [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .map(|(dr, dc)| Square::new((other.row as i8 + dr) as u8, (other.col as i8 + dc) as u8))
            .find(|&t| pos.is_empty(t));
        let Some(to) = to else { continue };
        let step = Step { from: other, to };
        assert_eq!(
            free.play(&Action::Move(step)),
            Err(Illegal::FollowUpPiece {
                expected: piece,
                moved: other
            })
        );
        let mut record = report.record.clone();
        record.turns.truncate(i + 1);
        record.turns.push(Turn::of(side, Action::Move(step)));
        record.result = None;
        let replayed = Replay::run(&record).unwrap();
        let illegal = replayed.illegal.unwrap();
        assert_eq!(illegal.number, i + 2);
        assert!(matches!(illegal.error, Illegal::FollowUpPiece { .. }));
        assert_eq!(replayed.outcome.unwrap().winner, Some(side.other()));
        return;
    }
    panic!("no game with a follow-up capture in 200 seeds");
}

#[test]
fn a_panicking_agent_loses_and_the_tournament_goes_on() {
    let mut black = Saboteur {
        answers: 0,
        after: 3,
        bad: None,
    };
    let mut white = Greedy;
    let report = play_game(
        rules(),
        [&mut black, &mut white],
        ["panicky", "greedy"],
        &mut game_rng(5, 0),
    );
    assert_eq!(report.outcome.winner, Some(Side::White));
    assert_eq!(report.outcome.reason, Reason::Forfeit);
    assert!(report.fault.as_deref().unwrap().contains("agent bug"));
    assert!(matches!(
        report.record.turns.last(),
        Some(Turn::Forfeit {
            side: Side::Black,
            ..
        })
    ));
    // The record of a forfeit replays cleanly to the same result.
    let replay = Replay::run(&report.record).unwrap();
    assert!(replay.illegal.is_none());
    assert_eq!(replay.outcome, report.record.result);
}

inventory::submit! {
    agent::AgentEntry {
        name: "test-panics",
        parameter: None,
        summary: "panics at its third answer (a test agent)",
        build: |_| Ok(Box::new(Saboteur { answers: 0, after: 2, bad: None })),
    }
}

#[test]
fn a_tournament_survives_a_panicking_agent() {
    let options = Options {
        rules: rules(),
        agents: vec!["test-panics".into(), "random".into(), "greedy".into()],
        games_per_pair: 4,
        seed: 9,
        threads: Some(2),
        record: None,
    };
    let t = tournament::run(&options, &|_| {}).unwrap();
    let bad = t.agents.iter().find(|a| a.name == "test-panics").unwrap();
    assert_eq!(bad.losses, 8);
    assert_eq!(bad.panics, 8);
    assert_eq!(t.faults.len(), 8);
    let pair = &t.pairs[2];
    assert_eq!((pair.a.as_str(), pair.b.as_str()), ("random", "greedy"));
    assert_eq!(pair.a_wins + pair.b_wins + pair.draws, 4);
}

#[test]
fn built_in_agents_always_answer_legally_and_games_end() {
    let names = ["random", "greedy", "alphabeta-2000", "mcts-50"];
    let mut games = 0;
    for (i, a) in names.iter().enumerate() {
        for b in &names[i..] {
            for size in [5, 7] {
                for first in Side::BOTH {
                    let mut x = agent::build(a).unwrap();
                    let mut y = agent::build(b).unwrap();
                    let r = Rules::new(size, 20, first).unwrap();
                    let report =
                        play_game(r, [x.as_mut(), y.as_mut()], [a, b], &mut game_rng(games, 1));
                    assert!(report.fault.is_none(), "{a} vs {b}: {:?}", report.fault);
                    let replay = Replay::run(&report.record).unwrap();
                    assert!(replay.illegal.is_none());
                    assert_eq!(replay.after_end, 0);
                    assert_eq!(replay.outcome, Some(report.outcome));
                    games += 1;
                }
            }
        }
    }
    assert_eq!(games, 40);
}

#[test]
fn records_round_trip_in_ron_and_json() {
    let mut black = Greedy;
    let mut white = Random;
    let report = play_game(
        rules().with_first(Side::White),
        [&mut black, &mut white],
        ["greedy", "random"],
        &mut game_rng(11, 0),
    );
    let dir = std::env::temp_dir().join(format!("tabula-seega-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for format in [RecordFormat::Ron, RecordFormat::Json] {
        let path = dir.join(format!("game.{}", format.extension()));
        report.record.write(&path, format).unwrap();
        let back = Record::read(&path).unwrap();
        assert_eq!(back, report.record, "{format:?}");
    }
    // A RON syntax error is reported with file:line:column.
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "(size: 5, stalemate: 30, first: Black, turns: [Place(side: Black, at: [(0, 0), (0 1)])])",
    )
    .unwrap();
    let e = Record::read(&bad).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}:1:", bad.display())), "{e}");
    // An impossible board is refused with its position.
    let bad = dir.join("even.ron");
    std::fs::write(&bad, "(size: 6, stalemate: 30, first: Black, turns: [])").unwrap();
    let e = Record::read(&bad).unwrap_err().to_string();
    assert!(e.contains("odd"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_replay_names_the_first_illegal_turn_and_out_of_turn_play() {
    let mut record = Record::new(&rules(), None);
    record.turns.push(Turn::Place {
        side: Side::Black,
        at: [sq("a1"), sq("b1")],
    });
    record.turns.push(Turn::Place {
        side: Side::Black,
        at: [sq("a2"), sq("b2")],
    });
    record.turns.push(Turn::Place {
        side: Side::White,
        at: [sq("a3"), sq("b3")],
    });
    let r = Replay::run(&record).unwrap();
    assert_eq!(r.turns.len(), 1);
    let i = r.illegal.unwrap();
    assert_eq!(i.number, 2);
    assert_eq!(i.error, Illegal::OutOfTurn(Side::White));
    assert_eq!(r.after_end, 1);
    assert_eq!(r.outcome.unwrap().winner, Some(Side::White));
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
    let mut ab = AlphaBeta::new(Budget::Work(10_000));
    assert_eq!(ab.best_step(&p), Some(Step::parse("c2 c1", 5).unwrap()));
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
    assert_eq!(ab.best_step(&p), Some(Step::parse("c2 c1", 5).unwrap()));
    assert_eq!(ab.stats().value, tabula_seega::agents::alphabeta::WIN - 1);
}

#[test]
fn tournaments_do_not_depend_on_threads_and_keep_the_seeds_score() {
    let run = |threads| {
        tournament::run(
            &Options {
                rules: rules(),
                agents: vec!["random".into(), "greedy".into(), "alphabeta-1000".into()],
                games_per_pair: 4,
                seed: 3,
                threads: Some(threads),
                record: None,
            },
            &|_| {},
        )
        .unwrap()
    };
    let (a, b) = (run(1), run(2));
    for (x, y) in a.pairs.iter().zip(&b.pairs) {
        assert_eq!((x.a_wins, x.b_wins, x.draws), (y.a_wins, y.b_wins, y.draws));
    }
    for ag in &a.agents {
        assert_eq!(ag.wins + ag.losses + ag.draws, 8);
        assert!((ag.score - (ag.wins as f64 - ag.time_s)).abs() < 1e-12);
    }
    assert!(a.agents.windows(2).all(|w| w[0].score >= w[1].score));
    let odd = tournament::run(
        &Options {
            rules: rules(),
            agents: vec!["random".into(), "greedy".into()],
            games_per_pair: 3,
            seed: 3,
            threads: None,
            record: None,
        },
        &|_| {},
    )
    .unwrap_err();
    assert!(matches!(odd, SeegaError::GamesPerPair(3)), "{odd:?}");
    assert!(odd.to_string().contains("even"), "{odd}");
}

/// Positions reached by random play, on boards 5 and 7.
fn random_position(seed: u64, size: usize, plies: usize) -> Position {
    let mut rng = game_rng(seed, 77);
    let rules = Rules::new(size, 50, Side::Black).unwrap();
    let mut p = Position::new(rules);
    for _ in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        let action = match p.phase() {
            tabula_seega::Phase::Placement => Action::Place(Random.place(&p, &mut rng)),
            tabula_seega::Phase::Movement => match Random.play(&p, p.follow_up(), &mut rng) {
                Reply::Move(s) => Action::Move(s),
                Reply::Blocked => Action::Blocked,
            },
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
            let mut generated: Vec<Step> = p.steps().collect();
            generated.sort();
            let mut brute = Vec::new();
            for fr in 0..size as u8 {
                for fc in 0..size as u8 {
                    for tr in 0..size as u8 {
                        for tc in 0..size as u8 {
                            let s = Step {
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
            if p.phase() == tabula_seega::Phase::Movement && p.outcome().is_none() {
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
