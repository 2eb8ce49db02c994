//! Exact tests of the rule sets and of ladders and chutes, throw by throw,
//! on tiny boards.

use crate::common;

use tabula::core::rand::Rng;
use tabula::core::{BoardGame, GameResult, Status};
use tabula::sim::Landings;
use tabula::sim::{LandingTally, Sampled, Sampling as _, Tallied as _};
use tabula::snakes::{Board, Bounce, Event, ExactFinish, Overshoot, Rules, Snakes, State};
use tabula_example_three_sixes::ThreeSixes;

const TINY: &str = "Board(name: \"tiny\", size: 10, ladders: [(2, 5)], chutes: [(7, 3)])";

/// Puts the token on `from` and throws `roll`: the events, where it rests,
/// and whether the game is over.
fn throw<R: Rules>(board: &Board, rules: &R, from: u16, roll: u16) -> (Vec<Event>, u16, bool) {
    let game = Snakes::new(board, rules, 1);
    let mut state: State<R::Extra> = game.initial_state();
    state.set(0, from, R::Extra::default());
    let mut events = Vec::new();
    game.apply_chance(&mut state, roll, &mut |e| events.push(e));
    let over = matches!(game.status(&state), Status::Over(GameResult::Win(0)));
    (events, state.square(0), over)
}

#[test]
fn overshoot_finishes_on_reaching_or_passing_the_last_square() {
    let b = common::board(TINY);
    let (events, at, over) = throw(&b, &Overshoot, 8, 5);
    assert!(over);
    assert_eq!(at, 10);
    assert_eq!(
        events,
        vec![
            Event::Moved {
                seat: 0,
                roll: 5,
                from: 8,
                to: 10,
                rest: 10
            },
            Event::Finished { seat: 0 }
        ]
    );
    assert!(
        throw(&b, &Overshoot, 8, 2).2,
        "exactly reaching also finishes"
    );
    assert!(!throw(&b, &Overshoot, 8, 1).2);
}

#[test]
fn exact_forfeits_a_throw_that_would_pass_the_last_square() {
    let b = common::board(TINY);
    let (events, at, over) = throw(&b, &ExactFinish, 8, 5);
    assert!(!over);
    assert_eq!(at, 8);
    assert_eq!(
        events,
        vec![Event::Forfeited {
            seat: 0,
            roll: 5,
            at: 8
        }]
    );
    let (_, at, over) = throw(&b, &ExactFinish, 8, 2);
    assert!(over && at == 10);
}

#[test]
fn bounce_reflects_the_excess_and_then_takes_jumps() {
    let b = common::board(TINY);
    // 8 + 4 = 12: two past 10, back to 8.
    assert_eq!(throw(&b, &Bounce, 8, 4).1, 8);
    // 9 + 4 = 13: back to 7, the chute's head: down to 3.
    let (events, at, over) = throw(&b, &Bounce, 9, 4);
    assert!(!over);
    assert_eq!(at, 3);
    assert_eq!(
        events,
        vec![
            Event::Moved {
                seat: 0,
                roll: 4,
                from: 9,
                to: 7,
                rest: 3
            },
            Event::Jumped {
                seat: 0,
                from: 7,
                to: 3,
                rest: 3
            }
        ]
    );
    assert!(throw(&b, &Bounce, 9, 1).2);
}

#[test]
fn ladders_and_chutes_count_both_squares_as_landed_on() {
    let b = common::board(TINY);
    let (events, at, _) = throw(&b, &Overshoot, 0, 2);
    assert_eq!(at, 5);
    let mut landed = Vec::new();
    for e in &events {
        e.for_each_landing(|s| landed.push(s));
    }
    assert_eq!(landed, vec![2, 5]);
}

#[test]
fn chains_are_followed_to_their_end_and_every_square_counts() {
    // A ladder 2 -> 6 ends on a chute's head 6 -> 4, which ends on a
    // ladder's foot 4 -> 9.
    let b = common::board(
        "Board(name: \"chain\", size: 12, ladders: [(2, 6), (4, 9)], chutes: [(6, 4)])",
    );
    let (events, at, _) = throw(&b, &Overshoot, 0, 2);
    assert_eq!(at, 9);
    let mut landed = Vec::new();
    for e in &events {
        e.for_each_landing(|s| landed.push(s));
    }
    // The throw reached 2 and came to rest on 9 (the move counts both);
    // the jumps count the squares in between.
    assert_eq!(landed, vec![2, 9, 6, 4]);
    assert_eq!(
        events[1..],
        [
            Event::Jumped {
                seat: 0,
                from: 2,
                to: 6,
                rest: 9
            },
            Event::Jumped {
                seat: 0,
                from: 6,
                to: 4,
                rest: 9
            },
            Event::Jumped {
                seat: 0,
                from: 4,
                to: 9,
                rest: 9
            },
        ]
    );
}

#[test]
fn a_ladder_to_the_last_square_finishes() {
    let b = common::board("Board(name: \"l\", size: 10, ladders: [(3, 10)])");
    let (_, at, over) = throw(&b, &ExactFinish, 1, 2);
    assert!(over && at == 10);
}

#[test]
fn players_take_single_throws_in_turn_and_the_first_to_finish_wins() {
    let b = common::board(TINY);
    let game = Snakes::new(&b, &Overshoot, 3);
    let mut s = game.initial_state();
    for (seat, roll) in [(0, 1), (1, 2), (2, 3), (0, 4)] {
        assert_eq!(s.turn(), seat);
        game.apply_chance(&mut s, roll, &mut |_| {});
    }
    assert_eq!((s.square(0), s.square(1), s.square(2)), (5, 5, 3));
    assert_eq!(s.turn(), 1);
    game.apply_chance(&mut s, 6, &mut |_| {});
    assert_eq!(game.status(&s), Status::Over(GameResult::Win(1)));
}

#[test]
fn three_sixes_in_a_row_send_the_token_back_to_the_start() {
    let b = Board::classic();
    let game = Snakes::new(&b, &ThreeSixes, 1);
    let mut s = game.initial_state();
    let mut events = Vec::new();
    for roll in [6, 6, 6] {
        game.apply_chance(&mut s, roll, &mut |e| events.push(e));
    }
    assert_eq!(s.square(0), 0);
    assert_eq!(s.extra(0), 0);
    assert_eq!(
        events.last(),
        Some(&Event::SentTo {
            seat: 0,
            roll: 6,
            from: 12,
            to: 0
        })
    );
    // A non-six resets the count.
    for roll in [6, 6, 2, 6] {
        game.apply_chance(&mut s, roll, &mut |_| {});
    }
    assert_eq!(s.extra(0), 1);
}

#[test]
fn chance_outcomes_are_the_dice_distribution() {
    let b = Board::built_in("two-dice").unwrap().unwrap();
    let game = Snakes::new(&b, &Bounce, 1);
    let mut out = Vec::new();
    game.chance_outcomes(&game.initial_state(), &mut out);
    assert_eq!(out.len(), 11);
    assert_eq!(out[5].outcome, 7);
    assert!((out[5].probability - 6.0 / 36.0).abs() < 1e-15);
    assert!((out.iter().map(|c| c.probability).sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn every_playable_board_and_rule_set_passes_the_conformance_check() {
    use tabula::sim::conformance::check_chance_game;
    use tabula::snakes::rules::check_playable;
    fn check<R: Rules>(b: &Board, r: &R, players: u8) -> usize {
        // Pairs the loader would refuse (two dice with `exact` can strand a
        // token on the square before the last) are not games.
        if check_playable(r, b).is_err() {
            return 0;
        }
        let game = Snakes::new(b, r, players);
        check_chance_game(Sampled, &game, 300, u64::from(players), 20_000)
            .unwrap_or_else(|e| panic!("{}: {e}", b.name()));
        1
    }
    let mut checked = 0;
    for (name, _) in tabula::snakes::board::BUILT_IN {
        let b = Board::built_in(name).unwrap().unwrap();
        checked += check(&b, &Overshoot, 1) + check(&b, &ExactFinish, 2) + check(&b, &Bounce, 3);
        checked += check(&b, &ThreeSixes, 1);
    }
    assert_eq!(checked, 11);
}

/// Plays game `index` of seed 7 from `state`, at most `limit` throws:
/// with `one_call`, through `run_chance` as the harness calls it (once
/// for the whole game); otherwise throw by throw through `apply_chance`,
/// with the dice the simulation throws (one digit of a `WordDice` word
/// each). The events, the throws made, the state after and the random
/// stream's next word.
fn play<R: Rules>(
    game: &Snakes<'_, R>,
    mut state: State<R::Extra>,
    index: u64,
    limit: u32,
    one_call: bool,
) -> (Vec<Event>, u32, State<R::Extra>, u64) {
    let mut rng = tabula::core::game_rng(7, index);
    let mut events = Vec::new();
    if one_call {
        let throws = game.run_chance(
            &mut state,
            &mut rng,
            limit,
            &mut |e| events.push(e),
            &mut Vec::new(),
        );
        return (events, throws, state, rng.next_u64());
    }
    let dice = game.board().dice();
    let mut words = dice.word_dice();
    let mut throws = 0;
    while throws < limit && game.status(&state) == Status::Chance {
        let roll = dice.roll_from(&mut words, &mut rng);
        game.apply_chance(&mut state, roll, &mut |e| events.push(e));
        throws += 1;
    }
    (events, throws, state, rng.next_u64())
}

/// The squares `events` land on, with how often, in order of square.
fn landings_of(events: &[Event]) -> Vec<(usize, u64)> {
    let mut landed = std::collections::BTreeMap::new();
    for e in events {
        e.count_landings(|square, times| *landed.entry(square).or_insert(0) += times);
    }
    landed.into_iter().filter(|&(_, times)| times > 0).collect()
}

/// The landings by square, the throws made, the state after and the
/// random stream's next word.
type Tallied<E> = (Vec<(usize, u64)>, u32, State<E>, u64);

/// [`play`] through the loop that counts landings in bulk, if the game
/// has one.
fn play_tallied<R: Rules>(
    game: &Snakes<'_, R>,
    mut state: State<R::Extra>,
    index: u64,
    limit: u32,
) -> Option<Tallied<R::Extra>> {
    let mut rng = tabula::core::game_rng(7, index);
    let mut tally = LandingTally::new();
    let throws = game.run_chance_tallied(&mut state, &mut rng, limit, &mut tally)?;
    let mut landed = Vec::new();
    tally.drain(|square, times| landed.push((square, times)));
    Some((landed, throws, state, rng.next_u64()))
}

/// A small deterministic generator for the random boards below.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

/// A board of `size` squares, one die of `faces` faces and random
/// ladders and chutes, with `chains` some starting where another ends;
/// `None` if the loader refuses it (a loop).
fn random_board(r: &mut Lcg, size: u64, faces: u64, chains: bool) -> Option<Board> {
    let (mut starts, mut ends) = (Vec::new(), Vec::new());
    let (mut ladders, mut chutes) = (Vec::new(), Vec::new());
    for _ in 0..r.below(size / 4 + 1) {
        let from = 1 + r.below(size - 1);
        let to = 1 + r.below(size);
        let chained = starts.contains(&to) || ends.contains(&from);
        if from == to || starts.contains(&from) || (chained && !chains) {
            continue;
        }
        starts.push(from);
        ends.push(to);
        if to > from {
            ladders.push((from, to));
        } else {
            chutes.push((from, to));
        }
    }
    let text = format!(
        "Board(name: \"random\", size: {size}, dice: Dice(count: 1, faces: {faces}), \
         ladders: {ladders:?}, chutes: {chutes:?})"
    );
    Board::from_source(&tabula::core::spec::Source::embedded("random.ron", &text)).ok()
}

/// Both loops against `apply_chance`: every cap from 0 to 30 throws and a
/// large one, from the start and from a random square.
fn same_games<R: Rules>(board: &Board, rules: &R, players: u8, r: &mut Lcg) -> bool
where
    R::Extra: PartialEq + std::fmt::Debug,
{
    let game = Snakes::new(board, rules, players);
    for index in 0..12 {
        let mut from_anywhere = game.initial_state();
        let square = r.below(u64::from(board.size())) as u16;
        from_anywhere.set(0, square, R::Extra::default());
        // A token put on the last square by hand, with no winner yet: the
        // table loops declare the win without a throw, the rules throw by
        // throw only when they throw; only the loops are compared there.
        let mut at_the_end = game.initial_state();
        at_the_end.set(0, board.size(), R::Extra::default());
        for start in [game.initial_state(), from_anywhere, at_the_end] {
            for limit in (0..=30).chain([10_000]) {
                let what = || {
                    format!(
                        "{}, {} faces, game {index}, from {}, at most {limit} throws",
                        board.name(),
                        board.dice().faces(),
                        start.square(0)
                    )
                };
                let (events, throws, end, next) = play(&game, start, index, limit, true);
                if start.square(0) < board.size() {
                    let (rule_events, rule_throws, rule_end, _) =
                        play(&game, start, index, limit, false);
                    assert_eq!(
                        (&events, throws, end),
                        (&rule_events, rule_throws, rule_end),
                        "{}",
                        what()
                    );
                }
                match play_tallied(&game, start, index, limit) {
                    Some(tallied) => {
                        let expected = (landings_of(&events), throws, end, next);
                        assert_eq!(tallied, expected, "{}", what())
                    }
                    None => assert!(!game.throws_from_table(), "{}", what()),
                }
            }
        }
    }
    game.throws_from_table()
}

#[test]
#[ignore = "slow: replays games throw by throw for every rule set; .ci/run runs it"]
fn the_simulation_loops_play_the_games_the_rules_play_throw_by_throw() {
    // The table-driven loop (one player, rules that depend on the square
    // and the roll alone, one die) and the loop
    // through the rules must both give exactly the events, throws and
    // state of `apply_chance`, for any cap on throws and from any square;
    // the table loop that counts landings in bulk, exactly their landings.
    let mut r = Lcg(1);
    let classic = Board::classic();
    assert!(same_games(&classic, &Overshoot, 1, &mut r));
    assert!(same_games(&classic, &ExactFinish, 1, &mut r));
    assert!(same_games(&classic, &Bounce, 1, &mut r));
    assert!(!same_games(&classic, &ThreeSixes, 1, &mut r), "rule state");
    assert!(!same_games(&classic, &Overshoot, 2, &mut r), "two players");
    let two_dice = Board::built_in("two-dice").unwrap().unwrap();
    assert!(!same_games(&two_dice, &Bounce, 1, &mut r), "two dice");
    let chain = "Board(name: \"chain\", size: 12, ladders: [(2, 6), (4, 9)], chutes: [(6, 4)])";
    assert!(same_games(&common::board(chain), &Overshoot, 1, &mut r));
    let to_the_end = common::board("Board(name: \"l\", size: 10, ladders: [(3, 10)])");
    assert!(same_games(&to_the_end, &ExactFinish, 1, &mut r));
    // Random boards up to the largest the table takes, with dice of 2 to
    // 16 faces (a word of a d8 or a d16 holds an odd number of throws, so
    // a pair of throws can straddle two words), half of them with chains
    // of jumps.
    let mut tabled = 0;
    for i in 0..40 {
        let size = [10, 36, 100, 200, 255][r.below(5) as usize];
        let faces = 2 + r.below(15);
        let Some(board) = random_board(&mut r, size, faces, i % 2 == 1) else {
            continue;
        };
        let fast = same_games(&board, &Overshoot, 1, &mut r);
        same_games(&board, &ExactFinish, 1, &mut r);
        tabled += usize::from(fast);
    }
    assert!(tabled >= 20, "only {tabled} random boards used the table");
}
