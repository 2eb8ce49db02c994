//! One game loop: for the same seed and agents, the harness
//! (`play_one`), the referee, terminal play and the replay of the
//! referee's record play the same game, step for step.

use crate::common;

use common::*;
use tabula_core::{Agent, BoardGame, Seat, Streams};
use tabula_play::notation::Notation;
use tabula_play::record::{self, End, Recordable, Step};
use tabula_play::referee::{Referee, of_played};
use tabula_play::terminal::{self, Occupant};
use tabula_sim::{Collector, Listed, Playout, play_one};

type Steps<G> = Vec<Step<<G as BoardGame>::Move, <G as BoardGame>::Outcome>>;

/// Records every step the harness plays, and the final state.
struct StepRecorder<G: BoardGame> {
    steps: Steps<G>,
    end: Option<(Playout, G::State)>,
}

impl<G: BoardGame> Collector<G> for StepRecorder<G> {
    fn wants_steps(&self) -> bool {
        true
    }
    fn chance(&mut self, outcome: &G::Outcome) {
        self.steps.push(Step::Chance(*outcome));
    }
    fn decision(&mut self, seat: Seat, mv: &G::Move) {
        self.steps.push(Step::Move {
            seat,
            mv: mv.clone(),
        });
    }
    fn end_game(&mut self, playout: &Playout, state: &G::State) {
        self.end = Some((*playout, state.clone()));
    }
    fn merge(&mut self, _: Self) {}
}

/// Plays game `index` of `seed` four ways and checks they agree; returns
/// the steps.
fn same_game<G>(
    game: &G,
    agents: &dyn Fn() -> Vec<Box<dyn Agent<G>>>,
    seed: u64,
    index: u64,
) -> Steps<G>
where
    G: Recordable + Notation,
    G::State: PartialEq + std::fmt::Debug,
{
    // The harness, with a collector that records the steps ...
    let mut recorder = StepRecorder::<G> {
        steps: Vec::new(),
        end: None,
    };
    let playout = play_one(
        Listed,
        game,
        &mut agents(),
        &mut Streams::new(seed, index),
        10_000,
        &mut recorder,
    )
    .expect("the harness plays");
    let (ended, state) = recorder.end.expect("the game ended");
    assert_eq!(ended, playout);
    let results = game.results(&state).expect("the game is over");
    // ... and with one that takes nothing: the same game.
    let quiet = play_one(
        Listed,
        game,
        &mut agents(),
        &mut Streams::new(seed, index),
        10_000,
        &mut (),
    )
    .expect("the harness plays");
    assert_eq!(
        quiet, playout,
        "seed {seed}: recording steps changes nothing"
    );
    assert_eq!(
        recorder.steps.len(),
        (playout.chance_steps + playout.decisions) as usize
    );

    // The referee.
    let played = Referee::new().play(game, &mut agents(), &mut Streams::new(seed, index), &mut ());
    assert_eq!(
        played.steps, recorder.steps,
        "seed {seed}: the referee's steps"
    );
    assert_eq!(
        played.state, state,
        "seed {seed}: the referee's final state"
    );
    assert_eq!(played.results.as_ref(), Some(&results));
    assert_eq!(
        (played.chance_steps, played.decisions),
        (playout.chance_steps, playout.decisions)
    );

    // Terminal play, with an agent in every seat.
    let mut players: Vec<Occupant<G>> = agents()
        .into_iter()
        .enumerate()
        .map(|(seat, agent)| Occupant::Agent {
            name: format!("agent {seat}"),
            agent,
        })
        .collect();
    let mut out = Vec::new();
    let at_terminal = terminal::play(
        game,
        &mut players,
        &mut Streams::new(seed, index),
        &mut &b""[..],
        &mut out,
    )
    .expect("terminal play");
    assert_eq!(
        at_terminal.steps, recorder.steps,
        "seed {seed}: the terminal's steps"
    );
    assert_eq!(at_terminal.state, state);
    assert!(matches!(&at_terminal.end, End::Finished(r) if *r == results));

    // The replay of the referee's record.
    let rec = of_played(game, seed, index, vec![], &played);
    let mut replayed_steps = Vec::new();
    let replayed = record::replay::<G>(&rec, |_, _, _, step| replayed_steps.push(step.clone()))
        .expect("the record replays");
    assert_eq!(replayed_steps, recorder.steps);
    assert_eq!(replayed.state, state);
    assert_eq!(replayed.results.as_ref(), Some(&results));
    recorder.steps
}

#[test]
fn the_harness_the_referee_the_terminal_and_replay_play_the_same_nim() {
    let agents = || -> Vec<Box<dyn Agent<Nim>>> { vec![Box::new(RandomNim), Box::new(RandomNim)] };
    let games: Vec<_> = (0..20)
        .map(|seed| same_game(&NIM, &agents, seed, 3))
        .collect();
    // The agents draw from their streams: the seeds give different games.
    assert!(games.iter().any(|g| *g != games[0]));
}

#[test]
fn the_harness_the_referee_the_terminal_and_replay_play_the_same_dice3() {
    let agents = || -> Vec<Box<dyn Agent<KeepOrGamble>>> {
        vec![Box::new(Coin), Box::new(Smart), Box::new(Coin)]
    };
    let games: Vec<_> = (0..20)
        .map(|seed| same_game(&KEEP_OR_GAMBLE, &agents, seed, seed * 7))
        .collect();
    assert!(games.iter().any(|g| *g != games[0]));
    // Chance and decisions both.
    assert!(games[0].iter().any(|s| matches!(s, Step::Chance(_))));
    assert!(games[0].iter().any(|s| matches!(s, Step::Move { .. })));
}
