//! The staged solver against the whole-graph solve, and its typed errors.

use tabula_core::{Agent, BoardGame, Randomized, Status};
use tabula_exact::staged::*;
use tabula_exact::*;
use tabula_exact::{Optimal, ScoreOf, Scores};

use tabula_toys::KeepLast as Keep;
use tabula_toys::keep::State as S;

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
    let agent = Staged::solve(
        &game,
        ByTurn,
        &Scores,
        vec![Play::Maximise(0)],
        &Limits::default(),
    )
    .expect("solves");
    let followed = staged
        .against(&game, &[Play::Follow(&agent)])
        .expect("evaluates");
    assert!((followed[0] - whole.value).abs() < 1e-12);
    let _ = agent.pick(&game, &game.initial_state(), 0, &[false, true]);
    // A fixed policy: always keep the first roll (3.5 a turn).
    let keep1 = Randomized::new::<Keep>(|_, _, _, _, out| out.extend([1.0, 0.0]));
    for play in [
        Play::Follow(&keep1 as &dyn Agent<Keep>),
        Play::FollowLocal(&keep1),
    ] {
        let v =
            Staged::solve(&game, ByTurn, &Scores, vec![play], &Limits::default()).expect("solves");
        assert!((v.value()[0] - 4.0 * 3.5).abs() < 1e-12);
    }
    let exits = stage_exits(
        &game,
        &ByTurn,
        &game.initial_state(),
        &[Play::Follow(&keep1)],
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
