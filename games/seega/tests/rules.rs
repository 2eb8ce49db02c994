//! Every rule of specification 004 on small hand-built positions.

use tabula_core::{BoardGame, GameResult, Status};
use tabula_seega::{Action, Illegal, Phase, Position, Reason, Rules, Seega, Side, Slide, Square};

fn sq(name: &str, size: usize) -> Square {
    Square::parse(name, size).unwrap()
}

fn slide(text: &str, size: usize) -> Slide {
    Slide::parse(text, size).unwrap()
}

fn rules(size: usize, stalemate: u32) -> Rules {
    Rules::new(size, stalemate, Side::Black).unwrap()
}

fn position(size: usize, rows: &[&str], to_move: Side) -> Position {
    Position::from_rows(rules(size, 30), rows, to_move).unwrap()
}

fn captured(p: &mut Position, text: &str) -> Vec<String> {
    let s = slide(text, p.size());
    let caps = p.play(&Action::Move(s)).unwrap();
    caps.squares().iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_piece_between_the_moved_piece_and_a_friend_is_captured() {
    let mut p = position(
        5,
        &[
            "B W . . .",
            ". . B . .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    assert_eq!(captured(&mut p, "c2 c1"), ["b1"]);
    assert_eq!(p.at(sq("b1", 5)), None);
    assert_eq!(p.pieces(Side::White), 1);
    assert_eq!(p.quiet_moves(), 0);
    assert_eq!(p.to_move(), Side::White);
}

#[test]
fn one_move_captures_in_several_directions() {
    // 7x7, centre d4. Black c4-c3 sandwiches b3, d3 and c2.
    let mut p = position(
        7,
        &[
            ". . B . . . .",
            ". . W . . . .",
            "B W . W B . .",
            ". . B + . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . W",
        ],
        Side::Black,
    );
    let mut caps = captured(&mut p, "c4 c3");
    caps.sort();
    assert_eq!(caps, ["b3", "c2", "d3"]);
    assert_eq!(p.pieces(Side::White), 1);
}

#[test]
fn only_single_pieces_are_sandwiched() {
    // Two White pieces in a row between Black pieces are not captured.
    let mut p = position(
        5,
        &[
            "B W W . .",
            ". . . B .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    assert!(captured(&mut p, "d2 d1").is_empty());
    assert_eq!(p.pieces(Side::White), 3);
}

#[test]
fn a_piece_on_the_centre_cannot_be_captured() {
    // White on the centre c3, Black on b3; Black d2-d3 would sandwich it.
    let mut p = position(
        5,
        &[
            ". . . . .",
            ". . . B .",
            ". B W . .",
            ". . . . .",
            "W . . . .",
        ],
        Side::Black,
    );
    assert!(captured(&mut p, "d2 d3").is_empty());
    assert_eq!(p.at(sq("c3", 5)), Some(Side::White));
    // The same shape off the centre captures.
    let mut q = position(
        5,
        &[
            ". . . . .",
            ". . . . B",
            ". . B W .",
            ". . . . .",
            "W . . . .",
        ],
        Side::Black,
    );
    assert_eq!(captured(&mut q, "e2 e3"), ["d3"]);
}

#[test]
fn a_piece_on_the_centre_still_captures_as_an_anchor() {
    // Black on the centre c3 holds b3 against a Black piece arriving on a3.
    let mut p = position(
        5,
        &[
            ". . . . .",
            "B . . . .",
            ". W B . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    assert_eq!(captured(&mut p, "a2 a3"), ["b3"]);
}

#[test]
fn moving_between_two_enemies_is_safe() {
    let mut p = position(
        5,
        &[
            "W . W . .",
            ". B . . .",
            ". . + . .",
            ". . . . .",
            ". . . . B",
        ],
        Side::Black,
    );
    assert!(captured(&mut p, "b2 b1").is_empty());
    assert_eq!(p.at(sq("b1", 5)), Some(Side::Black));
    assert_eq!(p.pieces(Side::Black), 2);
}

#[test]
fn only_the_moved_piece_captures() {
    // Black a2-a3 completes no sandwich of its own; the White piece on
    // c1, between b1 and d1, was already between two Black pieces and
    // stays.
    let mut p = position(
        5,
        &[
            ". B W B .",
            "B . . . .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    assert!(captured(&mut p, "a2 a3").is_empty());
    assert_eq!(p.at(sq("c1", 5)), Some(Side::White));
}

/// Black c2-c1 captures b1; from c1, c1-d1 can capture d2 (against d3).
fn follow_up_position() -> Position {
    position(
        5,
        &[
            "B W . . .",
            ". . B W .",
            ". . + B .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    )
}

#[test]
fn after_a_capture_the_same_piece_must_capture_again_if_it_can() {
    let mut p = follow_up_position();
    assert_eq!(captured(&mut p, "c2 c1"), ["b1"]);
    assert_eq!(p.follow_up(), Some(sq("c1", 5)));
    assert_eq!(p.to_move(), Side::Black, "the capturing side moves again");
    // Only capturing slides of that piece are legal.
    let slides: Vec<String> = p.slides().map(|s| s.to_string()).collect();
    assert_eq!(slides, ["c1-d1"]);
    assert_eq!(
        p.check(&Action::Move(slide("a1 b1", 5))),
        Err(Illegal::FollowUpPiece {
            expected: sq("c1", 5),
            moved: sq("a1", 5)
        })
    );
    assert_eq!(
        p.check(&Action::Move(slide("c1 c2", 5))),
        Err(Illegal::FollowUpNoCapture(slide("c1 c2", 5)))
    );
    assert!(matches!(
        p.check(&Action::Blocked),
        Err(Illegal::NotBlocked(_))
    ));
    assert_eq!(captured(&mut p, "c1 d1"), ["d2"]);
    assert_eq!(p.follow_up(), None);
    assert_eq!(p.to_move(), Side::White);
}

#[test]
fn a_capture_with_no_further_capture_passes_the_turn() {
    let mut p = position(
        5,
        &[
            "B W . . .",
            ". . B . .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    captured(&mut p, "c2 c1");
    assert_eq!(p.follow_up(), None);
    assert_eq!(p.to_move(), Side::White);
}

#[test]
fn a_blocked_player_passes_and_the_opponent_moves_again() {
    // White a1 is walled in by b1 and a2.
    let mut p = position(
        5,
        &[
            "W B . . .",
            "B . . . .",
            ". . + . .",
            ". . . . .",
            ". . . . .",
        ],
        Side::White,
    );
    assert!(!p.can_move());
    assert_eq!(p.slides().count(), 0);
    let mut legal = Vec::new();
    Seega::new(*p.rules()).legal_moves(&p, &mut legal);
    assert_eq!(legal, [Action::Blocked]);
    // Moving is not possible; saying so is legal.
    assert_eq!(
        p.check(&Action::Move(slide("a1 a2", 5))),
        Err(Illegal::Occupied(sq("a2", 5)))
    );
    p.play(&Action::Blocked).unwrap();
    assert_eq!(p.to_move(), Side::Black);
    assert_eq!(p.quiet_moves(), 0, "a pass is not a move");
    // Black, who can move, may not claim to be blocked.
    assert!(matches!(
        p.check(&Action::Blocked),
        Err(Illegal::NotBlocked(_))
    ));
}

#[test]
fn the_stalemate_threshold_ends_the_game_by_piece_count() {
    let r = rules(5, 2);
    let rows = &[
        "B . . . .",
        ". . . . .",
        ". . + . .",
        ". . . . B",
        ". . . . W",
    ];
    let mut p = Position::from_rows(r, rows, Side::Black).unwrap();
    p.play(&Action::Move(slide("a1 a2", 5))).unwrap();
    assert_eq!(p.quiet_moves(), 1);
    assert_eq!(p.verdict(), None);
    p.play(&Action::Move(slide("e5 e4", 5))).unwrap_err();
    p.play(&Action::Move(slide("e5 c5", 5))).unwrap_err();
    p.play(&Action::Move(slide("e5 d5", 5))).unwrap();
    let o = p
        .verdict()
        .expect("two moves without a capture end the game");
    assert_eq!(o.reason, Reason::Stalemate);
    assert_eq!(o.winner, Some(Side::Black), "2 pieces against 1");
    assert_eq!(
        Seega::new(r).status(&p),
        Status::Over(GameResult::Win(Side::Black.seat()))
    );
    assert_eq!(p.check(&Action::Blocked), Err(Illegal::GameOver));

    // Equal counts draw.
    let rows = &[
        "B . . . .",
        ". . . . .",
        ". . + . .",
        ". . . . .",
        ". . . . W",
    ];
    let mut p = Position::from_rows(r, rows, Side::Black).unwrap();
    p.play(&Action::Move(slide("a1 a2", 5))).unwrap();
    p.play(&Action::Move(slide("e5 e4", 5))).unwrap();
    assert_eq!(p.verdict().map(|o| o.winner), Some(None));
    assert_eq!(Seega::new(r).status(&p), Status::Over(GameResult::Draw));
}

#[test]
fn a_capture_resets_the_stalemate_count() {
    let r = rules(5, 3);
    let rows = &[
        "B W . . .",
        ". . B . .",
        ". . + . .",
        ". . . . .",
        ". . . . W",
    ];
    // Three quiet moves end the game.
    let mut p = Position::from_rows(r, rows, Side::White).unwrap();
    for t in ["e5 e4", "c2 d2", "e4 e5"] {
        p.play(&Action::Move(slide(t, 5))).unwrap();
    }
    assert_eq!(p.verdict().map(|o| o.reason), Some(Reason::Stalemate));
    // A capture in between starts the count again.
    let mut p = Position::from_rows(r, rows, Side::White).unwrap();
    p.play(&Action::Move(slide("e5 e4", 5))).unwrap();
    assert_eq!(p.quiet_moves(), 1);
    assert_eq!(captured(&mut p, "c2 c1"), ["b1"]);
    assert_eq!(p.quiet_moves(), 0);
    for t in ["e4 e5", "c1 c2"] {
        p.play(&Action::Move(slide(t, 5))).unwrap();
        assert_eq!(p.verdict(), None);
    }
    p.play(&Action::Move(slide("e5 e4", 5))).unwrap();
    let o = p.verdict().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Side::Black), Reason::Stalemate));
}

#[test]
fn capturing_the_last_piece_wins_at_once() {
    let mut p = position(
        5,
        &[
            "B W . . .",
            ". . B . .",
            ". . + . .",
            ". . . . .",
            ". . . . .",
        ],
        Side::Black,
    );
    assert_eq!(captured(&mut p, "c2 c1"), ["b1"]);
    let o = p.verdict().unwrap();
    assert_eq!(o.winner, Some(Side::Black));
    assert_eq!(o.reason, Reason::AllCaptured);
    assert_eq!(p.follow_up(), None);
}

#[test]
fn moves_must_be_one_step_to_an_empty_square_with_ones_own_piece() {
    let p = position(
        5,
        &[
            "B W . . .",
            ". . . . .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    let check = |t: &str| p.check(&Action::Move(slide(t, 5)));
    assert_eq!(check("a1 b1"), Err(Illegal::Occupied(sq("b1", 5))));
    assert_eq!(check("a1 a3"), Err(Illegal::NotAdjacent(slide("a1 a3", 5))));
    assert_eq!(check("a1 b2"), Err(Illegal::NotAdjacent(slide("a1 b2", 5))));
    assert_eq!(
        check("b1 c1"),
        Err(Illegal::NotYours(Side::Black, sq("b1", 5)))
    );
    assert_eq!(
        check("c3 c4"),
        Err(Illegal::NotYours(Side::Black, sq("c3", 5)))
    );
    assert_eq!(check("a1 a2"), Ok(()));
    let off = Slide {
        from: Square::new(0, 0),
        to: Square::new(0, 9),
    };
    assert_eq!(
        p.check(&Action::Move(off)),
        Err(Illegal::OffBoard(Square::new(0, 9)))
    );
    assert_eq!(
        p.check(&Action::Place([sq("c1", 5), sq("d1", 5)])),
        Err(Illegal::MoveDue)
    );
}

#[test]
fn placement_two_at_a_time_never_on_the_centre_and_the_last_placer_moves_first() {
    for first in Side::BOTH {
        let r = Rules::new(5, 30, first).unwrap();
        let mut p = Position::new(r);
        assert_eq!(p.to_move(), first);
        assert_eq!(p.in_hand(Side::Black), 12);
        let c = p.centre();
        assert_eq!(c, sq("c3", 5));
        let a1 = sq("a1", 5);
        assert_eq!(p.check(&Action::Place([c, a1])), Err(Illegal::Centre(c)));
        assert_eq!(
            p.check(&Action::Place([a1, a1])),
            Err(Illegal::SameSquare(a1))
        );
        assert_eq!(
            p.check(&Action::Place([a1, Square::new(5, 0)])),
            Err(Illegal::OffBoard(Square::new(5, 0)))
        );
        assert_eq!(
            p.check(&Action::Move(slide("a1 a2", 5))),
            Err(Illegal::PlacementDue)
        );
        assert_eq!(p.check(&Action::Blocked), Err(Illegal::PlacementDue));
        p.play(&Action::Place([a1, sq("b1", 5)])).unwrap();
        assert_eq!(p.to_move(), first.other());
        assert_eq!(
            p.check(&Action::Place([a1, sq("e5", 5)])),
            Err(Illegal::Taken(a1))
        );
        // Fill the board in order.
        let mut turns = 1;
        while p.phase() == Phase::Placement {
            let free: Vec<Square> = p.placements().take(2).collect();
            p.play(&Action::Place([free[0], free[1]])).unwrap();
            turns += 1;
        }
        assert_eq!(turns, 12, "6 turns of two pieces each");
        assert_eq!(p.pieces(Side::Black), 12);
        assert_eq!(p.pieces(Side::White), 12);
        assert!(p.is_empty(c), "only the centre is left");
        assert_eq!(p.placements().count(), 0);
        assert_eq!(p.to_move(), first.other(), "the last placer moves first");
    }
}

#[test]
fn rules_refuse_even_small_and_huge_boards_and_a_zero_threshold() {
    for size in [0, 3, 4, 6, 21] {
        assert!(Rules::new(size, 10, Side::Black).is_err(), "{size}");
    }
    assert!(Rules::new(5, 0, Side::Black).is_err());
    assert_eq!(Rules::new(7, 1, Side::White).unwrap().pieces(), 24);
    assert_eq!(Rules::new(19, 1, Side::White).unwrap().pieces(), 180);
}

#[test]
fn the_board_is_drawn_with_coordinates() {
    let p = position(
        5,
        &[
            "B W . . .",
            ". . . . .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    assert_eq!(
        p.render(),
        "    a b c d e\n  1 B W . . .\n  2 . . . . .\n  3 . . + . .\n  4 . . . . .\n  5 . . . . W\n"
    );
}

#[test]
fn an_illegal_move_through_the_board_game_interface_loses() {
    let p0 = position(
        5,
        &[
            "B W . . .",
            ". . . . .",
            ". . + . .",
            ". . . . .",
            ". . . . W",
        ],
        Side::Black,
    );
    let game = Seega::new(*p0.rules());
    let mut p = p0.clone();
    let mut events = Vec::new();
    game.apply_move(&mut p, Action::Move(slide("a1 a3", 5)), &mut |e| {
        events.push(e)
    });
    assert_eq!(
        game.status(&p),
        Status::Over(GameResult::Win(Side::White.seat()))
    );
    assert_eq!(p.verdict().map(|o| o.reason), Some(Reason::Illegal));
}

/// The tests of `tabula_seega::board`.
mod board {
    use tabula_seega::board::*;

    #[test]
    fn names_round_trip() {
        for row in 0..5 {
            for col in 0..5 {
                let s = Square::new(row, col);
                assert_eq!(Square::parse(&s.to_string(), 5).ok(), Some(s));
            }
        }
        assert_eq!(Square::parse("C3", 5).ok(), Some(Square::new(2, 2)));
        assert!(Square::parse("f1", 5).is_err());
        assert!(Square::parse("a0", 5).is_err());
        assert!(Square::parse("a6", 5).is_err());
        assert!(Square::parse("a+1", 5).is_err());
        assert!(Square::parse("", 5).is_err());
        assert!(Square::parse("11", 5).is_err());
    }

    #[test]
    fn pairs_in_every_spelling() {
        let want = [Square::new(1, 2), Square::new(2, 2)];
        for text in ["c2 c3", "c2-c3", "c2,c3", "c2c3", "  C2   c3  "] {
            assert_eq!(parse_pair(text, 5).ok(), Some(want), "{text}");
        }
        assert!(parse_pair("c2", 5).is_err());
        assert!(parse_pair("c2 c3 c4", 5).is_err());
    }
}

/// The tests of `tabula_seega::search`.
mod search {
    use tabula_core::BoardGame;
    use tabula_core::Status;
    use tabula_search::Heuristic;
    use tabula_seega::board::Side;
    use tabula_seega::game::Seega;
    use tabula_seega::rules::Action;
    use tabula_seega::rules::Rules;
    use tabula_seega::search::*;

    fn game() -> Seega {
        Seega::new(Rules::new(5, 30, Side::Black).unwrap())
    }

    #[test]
    fn the_evaluation_orders_positions_as_material_and_mobility() {
        let g = game();
        let mut rng = tabula_core::game_rng(2, 0);
        let mut state = g.initial_state();
        let mut seen = Vec::new();
        while matches!(g.status(&state), Status::Decision(_)) && seen.len() < 80 {
            let me = state.to_move();
            let x = material_and_mobility(&state, me);
            assert_eq!(x, -material_and_mobility(&state, me.other()));
            let new = g.evaluate(&state, me.seat());
            assert!(new.abs() < 1.0);
            assert_eq!(Some(x.cmp(&0)), new.partial_cmp(&0.0), "{x} {new}");
            seen.push((x, new));
            let mv = tabula_search::Random::pick(&g, &state, &mut rng).unwrap();
            g.apply_move(&mut state, mv, &mut |_| {});
        }
        for (a, b) in seen.iter().zip(seen.iter().skip(1)) {
            assert_eq!(a.0.cmp(&b.0), a.1.partial_cmp(&b.1).unwrap());
        }
    }

    #[test]
    fn placement_candidates_are_a_few_safe_legal_pairs() {
        let g = game();
        let state = g.initial_state();
        let mut out = Vec::new();
        g.candidate_moves(&state, &mut out);
        assert_eq!(out.len(), 6);
        let mut legal = Vec::new();
        g.legal_moves(&state, &mut legal);
        for mv in &out {
            assert!(legal.contains(mv), "{mv:?} is not listed as legal");
            let Action::Place([a, b]) = mv else {
                panic!("{mv:?}")
            };
            assert_eq!(placement_score(&state, *a), 4, "corners first");
            assert_eq!(placement_score(&state, *b), 4, "corners first");
        }
    }

    #[test]
    fn safe_placement_takes_two_corners_first() {
        let state = game().initial_state();
        let mut rng = tabula_core::game_rng(1, 0);
        let [a, b] = safe_placement(&state, &mut rng);
        assert_ne!(a, b);
        assert_eq!(
            (placement_score(&state, a), placement_score(&state, b)),
            (4, 4)
        );
    }
}
