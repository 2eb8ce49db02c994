//! The staged solver against the whole-graph solve, and its typed errors.

use super::*;
use crate::{Optimal, ScoreOf, Scores};
use tabula_core::{Deterministic, PolicyAgent};
use tabula_core::{GameResult, Results};

/// Turns of "roll a die up to `rolls` times, keep the last"; the
/// score is the sum over `turns` turns (at most 40); `back` makes the
/// last turn lead back to the first (a cycle of stages).
#[derive(Clone, Copy)]
struct Keep {
    turns: u8,
    rolls: u8,
    back: bool,
}
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct S {
    turn: u8,
    total: u32,
    rolls: u8,
    face: u8,
}
impl BoardGame for Keep {
    type State = S;
    type Move = bool;
    type Outcome = u8;
    type Event = ();
    fn seats(&self) -> usize {
        1
    }
    fn initial_state(&self) -> S {
        S {
            turn: 0,
            total: 0,
            rolls: 0,
            face: 0,
        }
    }
    fn status(&self, s: &S) -> Status {
        if s.turn == self.turns {
            Status::Over(GameResult::Win(0))
        } else if s.face == 0 {
            Status::Chance
        } else {
            Status::Decision(0)
        }
    }
    fn chance_outcomes(&self, _: &S, out: &mut Vec<Chance<u8>>) {
        out.extend((1..=6).map(|f| Chance {
            outcome: f,
            probability: 1.0 / 6.0,
        }));
    }
    fn apply_chance<E: FnMut(())>(&self, s: &mut S, f: u8, _: &mut E) {
        s.face = f;
        s.rolls += 1;
        if s.rolls == self.rolls {
            self.apply_move(s, false, &mut |_| {})
        }
    }
    fn legal_moves(&self, _: &S, out: &mut Vec<bool>) {
        out.extend([false, true])
    }
    fn apply_move<E: FnMut(())>(&self, s: &mut S, again: bool, _: &mut E) {
        if again {
            s.face = 0
        } else {
            let mut turn = s.turn + 1;
            if self.back && turn == self.turns {
                turn = 0;
            }
            *s = S {
                turn,
                total: (s.total + u32::from(s.face)).min(40),
                rolls: 0,
                face: 0,
            };
        }
    }
    fn results(&self, s: &S) -> Option<Results> {
        (s.turn == self.turns).then(|| Results::from_scores(vec![f64::from(s.total)]))
    }
}
struct ByTurn;
impl Stages<Keep> for ByTurn {
    type Local = (u8, u8);
    fn split(&self, _: &Keep, s: &S) -> (S, (u8, u8)) {
        (
            S {
                rolls: 0,
                face: 0,
                ..s.clone()
            },
            (s.rolls, s.face),
        )
    }
    fn join(&self, _: &Keep, start: &S, &(rolls, face): &(u8, u8)) -> S {
        S {
            rolls,
            face,
            ..start.clone()
        }
    }
}

/// The staged solve gives the whole-graph solve's value and moves.
#[test]
fn staged_equals_the_whole_graph() {
    let game = Keep {
        turns: 4,
        rolls: 3,
        back: false,
    };
    let whole = Optimal::solve(&game, &ScoreOf(0), &Limits::default()).expect("solves");
    let staged = Staged::solve(
        &game,
        ByTurn,
        &Scores,
        vec![Play::Maximise(0)],
        &Limits::default(),
    )
    .expect("solves");
    assert!((staged.value()[0] - whole.value).abs() < 1e-12);
    // The one objective type: the whole-graph solve's one-number
    // objective is the staged solve's vector of one.
    let scalar = Staged::solve(
        &game,
        ByTurn,
        &ScoreOf(0),
        vec![Play::Maximise(0)],
        &Limits::default(),
    )
    .expect("solves");
    assert_eq!(scalar.value().len(), 1);
    assert!((scalar.value()[0] - whole.value).abs() < 1e-12);
    for i in 0..whole.len() {
        let s = whole.state(i);
        if matches!(game.status(s), Status::Decision(_)) {
            assert_eq!(staged.best_move(&game, s), whole.best_move(s), "{s:?}");
        }
    }
    // Folded back in as a policy, the optimum is worth its value.
    let agent = PolicyAgent(
        Staged::solve(
            &game,
            ByTurn,
            &Scores,
            vec![Play::Maximise(0)],
            &Limits::default(),
        )
        .expect("solves"),
    );
    let followed = staged
        .against(&game, &[Play::Follow(&agent)])
        .expect("evaluates");
    assert!((followed[0] - whole.value).abs() < 1e-12);
    let _ = agent
        .0
        .pick(&game, &game.initial_state(), 0, &[false, true]);
    // A fixed policy: always keep the first roll (3.5 a turn).
    struct Keep1;
    impl Policy<Keep> for Keep1 {
        fn probabilities(&self, _: &Keep, _: &S, _: Seat, _: &[bool], out: &mut Vec<f64>) {
            out.extend([1.0, 0.0]);
        }
    }
    for play in [
        Play::Follow(&Keep1 as &dyn Policy<Keep>),
        Play::FollowLocal(&Keep1),
    ] {
        let v =
            Staged::solve(&game, ByTurn, &Scores, vec![play], &Limits::default()).expect("solves");
        assert!((v.value()[0] - 4.0 * 3.5).abs() < 1e-12);
    }
    let exits = stage_exits(
        &game,
        &ByTurn,
        &game.initial_state(),
        &[Play::Follow(&Keep1)],
        &Limits::default(),
    )
    .expect("a turn");
    assert_eq!(exits.len(), 6);
    assert!(exits.iter().all(|(_, p)| (p - 1.0 / 6.0).abs() < 1e-15));
}

#[test]
fn bad_stages_are_typed_errors() {
    let game = Keep {
        turns: 3,
        rolls: 2,
        back: true,
    };
    let err = Staged::solve(
        &game,
        ByTurn,
        &Scores,
        vec![Play::Maximise(0)],
        &Limits::default(),
    )
    .expect_err("a cycle of stages");
    assert!(matches!(err, ExactError::StageCycle { .. }), "{err}");
    let game = Keep {
        turns: 3,
        rolls: 2,
        back: false,
    };
    let err = Staged::solve(&game, ByTurn, &Scores, vec![], &Limits::default())
        .expect_err("no play for seat 0");
    assert!(matches!(err, ExactError::NoPolicy { .. }), "{err}");
    /// Says every state is a stage's start.
    struct Every;
    impl Stages<Keep> for Every {
        type Local = ();
        fn split(&self, _: &Keep, s: &S) -> (S, ()) {
            (s.clone(), ())
        }
        fn join(&self, _: &Keep, start: &S, _: &()) -> S {
            start.clone()
        }
    }
    let err = Staged::solve(
        &game,
        Every,
        &Scores,
        vec![Play::Maximise(0)],
        &Limits::default(),
    )
    .expect_err("decisions are not played like the start");
    assert!(matches!(err, ExactError::Stages { .. }), "{err}");
    let limits = Limits {
        max_states: 5,
        ..Limits::default()
    };
    let err = Staged::solve(&game, ByTurn, &Scores, vec![Play::Maximise(0)], &limits)
        .expect_err("too many starts");
    assert!(matches!(err, ExactError::TooLarge { .. }), "{err}");
}
