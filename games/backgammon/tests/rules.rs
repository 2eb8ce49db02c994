//! The corner rules on hand-made positions: both dice, the larger die,
//! bearing off with a higher die, entering against a closed board,
//! hitting from the bar, doubles, and the score of a finished game; the
//! notation read and written.

use std::collections::BTreeSet;

use tabula_backgammon::board::{BAR, OFF, Position, legal_turns};
use tabula_backgammon::notation::{format_turn, parse_turn};
use tabula_backgammon::{Backgammon, Scoring, State};
use tabula_core::BoardGame;

/// A position from each side's checkers in its own numbering (25 the
/// bar); the rest of each side's 15 are borne off.
fn pos(x: &[(usize, u8)], o: &[(usize, u8)]) -> Position {
    let mut c = [[0u8; 26]; 2];
    for (side, list) in [x, o].into_iter().enumerate() {
        for &(p, n) in list {
            c[side][p] += n;
        }
        let on: u8 = c[side].iter().sum();
        c[side][OFF] = 15 - on;
    }
    Position::new(c).expect("a valid position")
}

/// X's legal turns with `dice`, in notation.
fn plays(p: &Position, dice: [u8; 2]) -> BTreeSet<String> {
    let mut turns = Vec::new();
    legal_turns(p, 0, dice, &mut turns);
    turns.iter().map(|t| format_turn(p, 0, t)).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn both_dice_must_be_used_when_an_order_allows_it() {
    // X's last checker out on 24; O holds X's 18, so the 6 cannot be
    // played first, but after the 1 it can: 24/23/17 is the one play.
    let p = pos(&[(24, 1), (1, 14)], &[(7, 2)]);
    assert_eq!(plays(&p, [6, 1]), set(&["24/23/17"]));
    // With X's 17 held too, only the 1 can be played.
    let p = pos(&[(24, 1), (1, 14)], &[(7, 2), (8, 2)]);
    assert_eq!(plays(&p, [6, 1]), set(&["24/23"]));
}

#[test]
fn with_one_die_playable_of_two_the_larger_is_played() {
    // Either die alone from 24, but O holds X's 13: never both.
    let p = pos(&[(24, 1), (1, 14)], &[(12, 2)]);
    assert_eq!(plays(&p, [6, 5]), set(&["24/18"]));
    // Where the larger cannot be played at all, the smaller is.
    let p = pos(&[(24, 1), (1, 14)], &[(12, 2), (7, 2)]);
    assert_eq!(plays(&p, [6, 5]), set(&["24/19"]));
}

#[test]
fn a_higher_die_bears_off_from_the_highest_point_only() {
    // Checkers on 5 and 3: the 6 takes the 5 off (the highest), or, after
    // 5/4 with the 1, the 4.
    let p = pos(&[(5, 1), (3, 1)], &[(13, 15)]);
    assert_eq!(plays(&p, [6, 1]), set(&["5/off 3/2", "5/4/off"]));
    // A checker outside the home board: nothing bears off before it is
    // in, then the 2 is the highest.
    let p = pos(&[(7, 1), (2, 1)], &[(13, 15)]);
    assert_eq!(plays(&p, [6, 5]), set(&["7/1 2/off", "7/2/off"]));
}

#[test]
fn entering_against_a_closed_board_passes() {
    // O holds its whole home board (X's 19 to 24); X has one on the bar.
    let closed: Vec<(usize, u8)> = (1..=6).map(|p| (p, 2)).collect();
    let p = pos(&[(BAR, 1), (13, 14)], &closed);
    for a in 1..=6 {
        for b in 1..=a {
            assert_eq!(plays(&p, [a, b]), set(&["pass"]), "{a}-{b}");
        }
    }
    // While a checker is on the bar nothing else moves: one point open
    // (X's 22), a 6 does not enter, so 6-5 passes and 6-3 enters only.
    let mut open: Vec<(usize, u8)> = (1..=6).filter(|&p| p != 3).map(|p| (p, 2)).collect();
    open.push((20, 3));
    let p = pos(&[(BAR, 1), (13, 14)], &open);
    assert_eq!(plays(&p, [6, 5]), set(&["pass"]));
    assert_eq!(plays(&p, [6, 3]), set(&["bar/22 13/7", "bar/22/16"]));
}

#[test]
fn a_checker_entering_from_the_bar_hits_a_blot() {
    // An O blot on X's 22 (O's 3): 3-3 enters hitting, then plays on.
    let p = pos(&[(BAR, 2), (6, 13)], &[(3, 1), (24, 14)]);
    let game = Backgammon::default();
    let state = State::to_play(p, 0, [3, 3]);
    let turn = parse_turn(&game, &state, "bar/22*(2) 6/3(2)").expect("legal");
    let mut after = state;
    game.apply_move(&mut after, turn, &mut |_| {});
    assert_eq!(after.position.checkers[1][BAR], 1);
    assert_eq!(after.position.checkers[0][22], 2);
    assert_eq!(after.position.checkers[0][3], 2);
    assert_eq!(format_turn(&p, 0, &turn), "bar/22* bar/22 6/3(2)");
}

#[test]
fn doubles_play_four_times_or_as_many_as_possible() {
    let p = Position::start();
    let all = plays(&p, [6, 6]);
    assert!(all.contains("24/18(2) 13/7(2)"), "{all:?}");
    assert!(all.iter().all(|t| t != "pass"));
    // One checker left, far from home: 4-4 moves it four times.
    let q = pos(&[(24, 1), (1, 14)], &[(5, 1)]);
    assert_eq!(plays(&q, [4, 4]), set(&["24/20*/16/12/8"]));
    // Blocked after two: O holds X's 16.
    let q = pos(&[(24, 1), (1, 14)], &[(9, 2)]);
    assert_eq!(plays(&q, [4, 4]), set(&["24/20"]));
}

#[test]
fn a_win_scores_one_a_gammon_two_a_backgammon_three() {
    let won = |o: &[(usize, u8)]| {
        let mut p = pos(&[], o);
        p.checkers[0][OFF] = 15;
        State::to_roll(p, 1)
    };
    let full = Backgammon::default();
    let score = |g: &Backgammon, s: &State| g.results(s).expect("over").scores().to_vec();
    // O has borne one off: a single game.
    assert_eq!(score(&full, &won(&[(5, 14)])), vec![1.0, -1.0]);
    // None off, all in O's home: a gammon.
    assert_eq!(score(&full, &won(&[(5, 15)])), vec![2.0, -2.0]);
    // None off, one in X's home board (O's 19 to 24), or on the bar.
    assert_eq!(score(&full, &won(&[(5, 14), (20, 1)])), vec![3.0, -3.0]);
    assert_eq!(score(&full, &won(&[(5, 14), (BAR, 1)])), vec![3.0, -3.0]);
    let gammons = Backgammon {
        scoring: Scoring::Gammons,
    };
    assert_eq!(score(&gammons, &won(&[(5, 14), (20, 1)])), vec![2.0, -2.0]);
    let win = Backgammon {
        scoring: Scoring::Win,
    };
    assert_eq!(score(&win, &won(&[(5, 14), (20, 1)])), vec![1.0, -1.0]);
}

#[test]
fn the_opening_roll_picks_the_first_seat_and_is_never_a_double() {
    let game = Backgammon::default();
    let s = game.initial_state();
    let mut outcomes = Vec::new();
    game.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 30);
    assert!(outcomes.iter().all(|c| c.outcome.0 != c.outcome.1));
    let mut x = s;
    game.apply_chance(&mut x, tabula_backgammon::Roll(2, 5), &mut |_| {});
    assert_eq!((x.seat, x.dice), (1, [5, 2]));
    let mut later = Vec::new();
    game.chance_outcomes(&State::to_roll(Position::start(), 0), &mut later);
    assert_eq!(later.len(), 21);
    let total: f64 = later.iter().map(|c| c.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn typed_turns_are_read_in_standard_notation_or_refused_with_a_reason() {
    let game = Backgammon::default();
    let s = State::to_play(Position::start(), 0, [6, 4]);
    for text in ["24/18 13/9", "13/9 24/18", "24/18, 13/9"] {
        let t = parse_turn(&game, &s, text).expect(text);
        assert_eq!(format_turn(&s.position, 0, &t), "24/18 13/9");
    }
    let t = parse_turn(&game, &s, "24/14").expect("one checker, both dice");
    assert_eq!(format_turn(&s.position, 0, &t), "24/18/14");
    for (bad, why) in [
        ("24/20", "not a legal play of 6-4"),
        ("25/19", "not a point"),
        ("12/18", "checkers move down"),
        ("7/1", "no checker"),
        ("24", "not a move"),
        ("13/9(9)", "repeat"),
        ("pass", "passing is only"),
    ] {
        let e = parse_turn(&game, &s, bad).expect_err(bad).to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    // O counts from its own side too: its 24/18 is the same move.
    let o = State::to_play(Position::start(), 1, [6, 4]);
    assert!(parse_turn(&game, &o, "24/18 13/9").is_ok());
}

#[test]
fn the_opening_three_one_has_sixteen_plays_and_a_pass_is_typed_pass() {
    let all = plays(&Position::start(), [3, 1]);
    assert_eq!(all.len(), 16);
    assert!(all.contains("8/5 6/5"));
    let closed: Vec<(usize, u8)> = (1..=6).map(|p| (p, 2)).collect();
    let p = pos(&[(BAR, 1), (13, 14)], &closed);
    let game = Backgammon::default();
    let s = State::to_play(p, 0, [6, 6]);
    assert!(parse_turn(&game, &s, "pass").expect("pass").is_pass());
}

#[test]
fn a_roll_with_thousands_of_turns_lists_each_once() {
    // Fifteen checkers spread over X's 10 to 24, O's blots on X's 1 to
    // 9 to hit: nearly two thousand plays (past the generator's first
    // table of positions, which then grows), each position once.
    let x: Vec<(usize, u8)> = (10..=24).map(|p| (p, 1)).collect();
    let o: Vec<(usize, u8)> = (16..=24).map(|p| (p, 1)).collect();
    let p = pos(&x, &o);
    let mut most = 0;
    let mut turns = Vec::new();
    for d in 1..=6 {
        turns.clear();
        legal_turns(&p, 0, [d, d], &mut turns);
        let distinct: BTreeSet<Position> = turns
            .iter()
            .map(|t| {
                let mut q = p;
                q.play(0, t);
                q
            })
            .collect();
        assert_eq!(distinct.len(), turns.len(), "{d}-{d}");
        most = most.max(turns.len());
    }
    assert!(most > 1800, "{most}");
}
