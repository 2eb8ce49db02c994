//! Games with decisions, solved with each seat's policy folded in: exact
//! win probabilities against fractions worked out by an independent
//! recursion, and the errors for bad policies.

use tabula_core::{Agent, BoardGame, Chance, GameResult, Randomized, Rule, Seat, Status};
use tabula_exact::{Cause, Chain, ExactError, Limits};

/// Nim with a bonus: two seats take one or two stones in turn, taking the
/// last wins; after a move that leaves stones, a die gives the mover
/// another move on a one or two (probability 1/3).
struct BonusNim {
    stones: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pile {
    stones: u8,
    /// Whose move it is (or who just moved, while the die decides).
    seat: u8,
    /// The die decides whether `seat` moves again.
    rolling: bool,
}

impl BoardGame for BonusNim {
    type State = Pile;
    type Move = u8;
    type Outcome = bool;
    type Event = &'static str;
    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> Pile {
        Pile {
            stones: self.stones,
            seat: 0,
            rolling: false,
        }
    }
    fn status(&self, s: &Pile) -> Status {
        if s.stones == 0 {
            Status::Over(GameResult::Win(usize::from(s.seat)))
        } else if s.rolling {
            Status::Chance
        } else {
            Status::Decision(usize::from(s.seat))
        }
    }
    fn chance_outcomes(&self, _: &Pile, out: &mut Vec<Chance<bool>>) {
        out.push(Chance {
            outcome: true,
            probability: 1.0 / 3.0,
        });
        out.push(Chance {
            outcome: false,
            probability: 2.0 / 3.0,
        });
    }
    fn apply_chance<E: FnMut(&'static str)>(&self, s: &mut Pile, bonus: bool, events: &mut E) {
        s.rolling = false;
        if bonus {
            events("bonus");
        } else {
            s.seat = 1 - s.seat;
        }
    }
    fn legal_moves(&self, s: &Pile, out: &mut Vec<u8>) {
        out.extend((1..=s.stones.min(2)).rev());
    }
    fn apply_move<E: FnMut(&'static str)>(&self, s: &mut Pile, take: u8, events: &mut E) {
        events(if take == 2 { "two" } else { "one" });
        s.stones -= take;
        s.rolling = s.stones > 0;
    }
}

/// Every legal move equally likely: a randomised rule.
fn uniform<G: BoardGame>() -> impl Agent<G> {
    Randomized::new::<G>(|_, _, _, moves, out| {
        out.extend(moves.iter().map(|_| 1.0 / moves.len() as f64))
    })
}

/// Leaves a multiple of three when it can, else takes one: a
/// deterministic rule.
fn leave3() -> impl Agent<BonusNim> {
    Rule::new::<BonusNim>(|_, s, _, moves| {
        moves
            .iter()
            .position(|&m| (s.stones - m).is_multiple_of(3))
            .unwrap_or(moves.len() - 1)
    })
}

/// An exact fraction.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Q(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        let g = gcd(n, d).max(1);
        Q(n / g, d / g)
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.0 * o.0, self.1 * o.1)
    }
    fn f64(self) -> f64 {
        self.0 as f64 / self.1 as f64
    }
}

/// Seat 0's probability of winning from a decision of `seat` with
/// `stones` left, seat 0 playing uniformly and seat 1 [`Leave3`]: an
/// independent recursion over the game's rules.
fn seat0_wins(stones: u8, seat: u8) -> Q {
    let moves: Vec<u8> = (1..=stones.min(2)).rev().collect();
    let probabilities: Vec<Q> = if seat == 0 {
        moves
            .iter()
            .map(|_| Q::new(1, moves.len() as i128))
            .collect()
    } else {
        let pick = moves
            .iter()
            .position(|&m| (stones - m).is_multiple_of(3))
            .unwrap_or(moves.len() - 1);
        (0..moves.len())
            .map(|i| Q::new(i128::from(i == pick), 1))
            .collect()
    };
    let mut total = Q::new(0, 1);
    for (&m, &p) in moves.iter().zip(&probabilities) {
        let left = stones - m;
        let after = if left == 0 {
            Q::new(i128::from(seat == 0), 1)
        } else {
            Q::new(1, 3)
                .mul(seat0_wins(left, seat))
                .add(Q::new(2, 3).mul(seat0_wins(left, 1 - seat)))
        };
        total = total.add(p.mul(after));
    }
    total
}

#[test]
fn a_random_policy_against_a_fixed_one_matches_the_recursion() {
    // ANCHOR: build_with
    let game = BonusNim { stones: 10 };
    let (random, fixed) = (uniform(), leave3());
    let policies: [&dyn Agent<BonusNim>; 2] = [&random, &fixed];
    let limits = Limits::default();
    let chain = Chain::build_with(&game, &policies, &limits, |&e, marks| marks.push(e))
        .unwrap_or_else(|e| panic!("{e}"));
    let solution = chain.solve(&limits).unwrap_or_else(|e| panic!("{e}"));
    let expected = seat0_wins(10, 0);
    assert!(expected.1 > 1000, "a fraction worth checking: {expected:?}");
    let win0 = expected.f64();
    assert!((solution.seats[0].win - win0).abs() < 1e-13, "{solution:?}");
    assert!((solution.seats[1].win - (1.0 - win0)).abs() < 1e-13);
    // ANCHOR_END: build_with
    for seat in &solution.seats {
        assert_eq!(seat.tie, 0.0);
        // A win scores 1 and ranks first; a loss scores 0 and ranks second.
        assert!((seat.score - seat.win).abs() < 1e-15);
        assert!((seat.rank - (2.0 - seat.win)).abs() < 1e-13);
    }
    let by_result: Vec<(GameResult, f64)> = solution.results.clone();
    assert!(by_result.contains(&(GameResult::Win(0), solution.seats[0].win)));
    // The moves are steps of the chain, with their seat.
    let moves: Vec<(Seat, u8)> = (0..chain.len())
        .flat_map(|i| chain.transitions(i))
        .filter_map(|t| match t.cause {
            Cause::Move(id) => {
                let (seat, m) = chain.chosen(id);
                Some((seat, *m))
            }
            Cause::Chance(_) => None,
        })
        .collect();
    assert!(moves.contains(&(0, 2)) && moves.contains(&(1, 1)));
    // Seat 1's fixed policy never plays a move it does not choose: from
    // 10 stones seat 0 moves first, so each of its moves is a transition.
    assert_eq!(chain.transitions(0).len(), 2);
    // The shortest game: 2 + (bonus) 2 + ... five moves and four throws
    // at the least; the routes name the steps.
    let shortest = chain
        .shortest(&limits, |_| false, None)
        .unwrap_or_else(|e| panic!("{e}"))
        .expect("the game ends");
    assert_eq!(shortest.steps, 9);
}

/// Takes two half the time and one 40% of the time: not a distribution.
fn leaky() -> impl Agent<BonusNim> {
    Randomized::new::<BonusNim>(|_, _, _, moves, out| {
        out.extend(moves.iter().map(|&m| if m == 2 { 0.5 } else { 0.4 }))
    })
}

/// Takes one: an agent with no probabilities, so no rule.
struct Searcher;
impl Agent<BonusNim> for Searcher {
    fn choose(&mut self, _: &BonusNim, _: &Pile, _: Seat, _: &mut tabula_core::GameRng) -> u8 {
        1
    }
}

#[test]
fn an_agent_that_is_no_rule_is_refused() {
    let game = BonusNim { stones: 5 };
    let random = uniform();
    let policies: [&dyn Agent<BonusNim>; 2] = [&random, &Searcher];
    let err = Chain::build_with(
        &game,
        &policies,
        &Limits::default(),
        |_, _: &mut Vec<()>| {},
    )
    .expect_err("refused");
    assert!(matches!(err, ExactError::NotARule { seat: 1, .. }), "{err}");
}

#[test]
fn a_policy_that_does_not_sum_to_one_is_refused() {
    let game = BonusNim { stones: 5 };
    let (random, leaky) = (uniform(), leaky());
    let policies: [&dyn Agent<BonusNim>; 2] = [&random, &leaky];
    let err = Chain::build_with(
        &game,
        &policies,
        &Limits::default(),
        |_, _: &mut Vec<()>| {},
    )
    .expect_err("not a distribution");
    match &err {
        ExactError::Policy {
            seat,
            moves,
            probabilities,
            ..
        } => {
            assert_eq!((*seat, *moves), (1, 2));
            assert_eq!(probabilities, &[0.5, 0.4]);
        }
        other => panic!("expected a policy error, got {other}"),
    }
    let message = err.to_string();
    assert!(
        message.starts_with("the policy of seat 1 is not a probability distribution in state Pile"),
        "{message}"
    );
    assert!(message.contains("[0.5, 0.4] for 2 moves"), "{message}");
}

#[test]
fn a_seat_without_a_policy_is_refused() {
    let game = BonusNim { stones: 5 };
    let random = uniform();
    let policies: [&dyn Agent<BonusNim>; 1] = [&random];
    let err = Chain::build_with(
        &game,
        &policies,
        &Limits::default(),
        |_, _: &mut Vec<()>| {},
    )
    .expect_err("seat 1 has no policy");
    assert!(
        matches!(
            err,
            ExactError::NoPolicy {
                seat: 1,
                policies: 1,
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().contains("policies for 1 seats only"),
        "{err}"
    );
    // Without policies, the first decision is refused as before.
    let err =
        Chain::build(&game, &Limits::default(), |_, _: &mut Vec<()>| {}).expect_err("a decision");
    assert!(matches!(err, ExactError::Decision { seat: 0, .. }), "{err}");
}

/// A game whose only decision has no legal move.
struct Stuck;
impl BoardGame for Stuck {
    type State = u8;
    type Move = u8;
    type Outcome = ();
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> u8 {
        0
    }
    fn status(&self, _: &u8) -> Status {
        Status::Decision(0)
    }
    fn apply_chance<E: FnMut(())>(&self, _: &mut u8, _: (), _: &mut E) {}
    fn apply_move<E: FnMut(())>(&self, _: &mut u8, _: u8, _: &mut E) {}
}

#[test]
fn a_decision_with_no_legal_move_is_refused() {
    let any = uniform();
    let policies: [&dyn Agent<Stuck>; 1] = [&any];
    let err = Chain::build_with(
        &Stuck,
        &policies,
        &Limits::default(),
        |_, _: &mut Vec<()>| {},
    )
    .expect_err("no legal move");
    assert_eq!(
        err,
        ExactError::NoMoves {
            seat: 0,
            state: "0".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "seat 0 must decide in state 0, but the game lists no legal move"
    );
}
