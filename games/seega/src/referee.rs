//! The referee: plays one game between two agents, as the seed's test
//! code does. It tells each agent the game's parameters, asks for
//! placements and moves, checks every answer, times every call, and
//! writes the record.
//!
//! An illegal answer loses the game at once, as does a panic: the panic
//! is caught, the game is recorded as a forfeit, and the caller (a
//! tournament) goes on with the next game.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use tabula_core::GameRng;

use crate::SeegaError;
use crate::agent::{GameInfo, Reply, SeegaAgent};
use crate::record::{Players, Record, Turn};
use crate::rules::{Action, Outcome, Phase, Position, Reason, Rules};

/// How one game went.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// How it ended.
    pub outcome: Outcome,
    /// Time each side's agent spent in its calls, Black then White.
    pub time: [Duration; 2],
    /// What the loser did wrong, if it lost by an illegal answer or a
    /// panic.
    pub fault: Option<String>,
    /// The whole game.
    pub record: Record,
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with no message".to_string()
    }
}

/// Calls `f` on an agent, timing it and catching a panic.
fn call<T>(time: &mut Duration, f: impl FnOnce() -> T) -> Result<T, SeegaError> {
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(f));
    *time += start.elapsed();
    result.map_err(|p| SeegaError::Panicked(panic_message(p.as_ref())))
}

/// Asks `agent` for its answer at `position` (placements or a move, as
/// the phase requires), adding the time it took to `time`. A panic of the
/// agent is caught and returned as [`SeegaError::Panicked`], with its
/// message.
pub fn ask(
    agent: &mut dyn SeegaAgent,
    position: &Position,
    rng: &mut GameRng,
    time: &mut Duration,
) -> Result<Action, SeegaError> {
    match position.phase() {
        Phase::Placement => call(time, || agent.place(position, rng)).map(Action::Place),
        Phase::Movement => {
            let follow_up = position.follow_up();
            call(time, || agent.play(position, follow_up, rng)).map(|r| match r {
                Reply::Move(step) => Action::Move(step),
                Reply::Blocked => Action::Blocked,
            })
        }
    }
}

/// Plays one game under `rules`: `agents[0]` is Black, `agents[1]`
/// White; `names` label them in the record. Agents draw from `rng`.
pub fn play_game(
    rules: Rules,
    agents: [&mut dyn SeegaAgent; 2],
    names: [&str; 2],
    rng: &mut GameRng,
) -> GameReport {
    let [black, white] = agents;
    let mut agents: [&mut dyn SeegaAgent; 2] = [black, white];
    let mut time = [Duration::ZERO; 2];
    let mut record = Record::new(
        &rules,
        Some(Players {
            black: names[0].to_string(),
            white: names[1].to_string(),
        }),
    );
    let mut position = Position::new(rules);
    let mut fault = None;

    for side in crate::board::Side::BOTH {
        let info = GameInfo {
            side,
            size: rules.size(),
            places_first: rules.first() == side,
            stalemate: rules.stalemate(),
        };
        let seat = side.seat();
        if let Err(m) = call(&mut time[seat], || agents[seat].init_game(&info)) {
            let reason = format!("panicked in init_game: {m}");
            fault = Some(format!("{side} ({}) {reason}", names[seat]));
            record.turns.push(Turn::Forfeit { side, reason });
            position.forfeit(side, Reason::Forfeit);
            break;
        }
    }

    while position.outcome().is_none() {
        let side = position.to_move();
        let seat = side.seat();
        let answer = ask(&mut *agents[seat], &position, rng, &mut time[seat]);
        match answer {
            Err(m) => {
                let reason = format!("panicked: {m}");
                fault = Some(format!("{side} ({}) {reason}", names[seat]));
                record.turns.push(Turn::Forfeit { side, reason });
                position.forfeit(side, Reason::Forfeit);
            }
            Ok(action) => {
                record.turns.push(Turn::of(side, action));
                if let Err(e) = position.play(&action) {
                    fault = Some(format!("{side} ({}) {action}: illegal: {e}", names[seat]));
                    position.forfeit(side, Reason::Illegal);
                }
            }
        }
    }

    let outcome = position.outcome().unwrap_or(Outcome {
        winner: None,
        reason: Reason::Stalemate,
    });
    for side in crate::board::Side::BOTH {
        let seat = side.seat();
        // A panic here cannot change the result any more.
        let _ = call(&mut time[seat], || agents[seat].term_game(&outcome));
    }
    record.result = Some(outcome);
    GameReport {
        outcome,
        time,
        fault,
        record,
    }
}
