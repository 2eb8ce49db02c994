//! Small games and agents for the play services' tests: Nim (two seats,
//! no dice, optionally with a pass that can go on forever; the test kit's)
//! and a three-seat dice game with decisions and ties.
#![allow(dead_code)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tabula_core::rand::RngExt;
use tabula_core::{Agent, BoardGame, Chance, GameResult, GameRng, Results, Seat, Status};
use tabula_play::record::Recordable;
use tabula_play::terminal::Notation;
use tabula_play::tournament::Entrant;

/// Take one or two from a pile (or, with `pass`, none); whoever takes the
/// last wins: the test kit's, with its records and notation (feature
/// `play`).
pub use tabula_toys::Nim;

pub const NIM: Nim = Nim::one_or_two(10);

/// Leaves a multiple of three when it can.
pub struct Perfect;
impl Agent<Nim> for Perfect {
    fn choose(&mut self, _: &Nim, s: &(u32, Seat), _: Seat, _: &mut GameRng) -> u32 {
        if s.0.is_multiple_of(3) { 1 } else { s.0 % 3 }
    }
}

/// Takes one or two at random (from its own stream).
pub struct RandomNim;
impl Agent<Nim> for RandomNim {
    fn choose(&mut self, _: &Nim, s: &(u32, Seat), _: Seat, rng: &mut GameRng) -> u32 {
        if s.0 >= 2 && rng.random::<bool>() {
            2
        } else {
            1
        }
    }
}

/// Answers a move that is never legal.
pub struct Cheat;
impl Agent<Nim> for Cheat {
    fn choose(&mut self, _: &Nim, _: &(u32, Seat), _: Seat, _: &mut GameRng) -> u32 {
        3
    }
}

/// Panics when asked to move.
pub struct Panicker;
impl Agent<Nim> for Panicker {
    fn choose(&mut self, _: &Nim, _: &(u32, Seat), _: Seat, _: &mut GameRng) -> u32 {
        panic!("the panicker panics")
    }
}

/// Always passes (with `pass`: the game never ends).
pub struct Passer;
impl Agent<Nim> for Passer {
    fn choose(&mut self, _: &Nim, _: &(u32, Seat), _: Seat, _: &mut GameRng) -> u32 {
        0
    }
}

/// Takes one, after sleeping.
pub struct Slow(pub Duration);
impl Agent<Nim> for Slow {
    fn choose(&mut self, _: &Nim, _: &(u32, Seat), _: Seat, _: &mut GameRng) -> u32 {
        std::thread::sleep(self.0);
        1
    }
}

/// An entrant made by `make`, counting how many agents it made.
pub fn counted<G, A>(name: &str, make: fn() -> A) -> (Entrant<G>, Arc<AtomicUsize>)
where
    G: BoardGame + 'static,
    A: Agent<G> + 'static,
{
    let made = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&made);
    let entrant = Entrant {
        name: name.to_string(),
        make: Box::new(move |_| {
            count.fetch_add(1, Ordering::Relaxed);
            Ok(Box::new(make()))
        }),
    };
    (entrant, made)
}

/// An entrant made by `make`.
pub fn entrant<G, A>(name: &str, make: fn() -> A) -> Entrant<G>
where
    G: BoardGame + 'static,
    A: Agent<G> + 'static,
{
    counted(name, make).0
}

/// Three seats, three rounds: in each turn a die (1 to 3) is rolled for
/// the seat to move, who keeps it or gambles (6 on a 3, else nothing).
/// The highest total wins; equal totals tie.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeepOrGamble {
    pub rounds: u8,
}

pub const KEEP_OR_GAMBLE: KeepOrGamble = KeepOrGamble { rounds: 3 };

#[derive(Clone, Debug, PartialEq)]
pub struct DiceState {
    pub totals: [u32; 3],
    pub turn: u8,
    pub roll: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    Keep,
    Gamble,
}

impl BoardGame for KeepOrGamble {
    type State = DiceState;
    type Move = Choice;
    type Outcome = u8;
    type Event = u8;
    fn seats(&self) -> usize {
        3
    }
    fn initial_state(&self) -> DiceState {
        DiceState {
            totals: [0; 3],
            turn: 0,
            roll: None,
        }
    }
    fn status(&self, s: &DiceState) -> Status {
        if s.turn >= 3 * self.rounds {
            let best = s.totals.iter().max().copied().unwrap_or(0);
            let first = s.totals.iter().position(|t| *t == best).unwrap_or(0);
            Status::Over(GameResult::Win(first))
        } else if s.roll.is_none() {
            Status::Chance
        } else {
            Status::Decision(usize::from(s.turn % 3))
        }
    }
    fn chance_outcomes(&self, _: &DiceState, out: &mut Vec<Chance<u8>>) {
        out.extend((1..=3).map(|r| Chance {
            outcome: r,
            probability: 1.0 / 3.0,
        }));
    }
    fn apply_chance<E: FnMut(u8)>(&self, s: &mut DiceState, roll: u8, emit: &mut E) {
        s.roll = Some(roll);
        emit(roll);
    }
    fn apply_move<E: FnMut(u8)>(&self, s: &mut DiceState, c: Choice, _: &mut E) {
        let roll = s.roll.take().unwrap_or(0);
        let gain = match c {
            Choice::Keep => roll,
            Choice::Gamble if roll == 3 => 6,
            Choice::Gamble => 0,
        };
        s.totals[usize::from(s.turn % 3)] += u32::from(gain);
        s.turn += 1;
    }
    fn legal_moves(&self, _: &DiceState, out: &mut Vec<Choice>) {
        out.extend([Choice::Keep, Choice::Gamble]);
    }
    fn results(&self, s: &DiceState) -> Option<Results> {
        matches!(self.status(s), Status::Over(_))
            .then(|| Results::from_scores(s.totals.iter().map(|t| f64::from(*t)).collect()))
    }
}

impl Recordable for KeepOrGamble {
    const NAME: &'static str = "dice3";
    type Parameters = KeepOrGamble;
    fn parameters(&self) -> KeepOrGamble {
        *self
    }
    fn from_parameters(
        p: &KeepOrGamble,
    ) -> Result<KeepOrGamble, tabula_play::record::ParametersError> {
        Ok(*p)
    }
}

impl Notation for KeepOrGamble {
    fn format_move(&self, _: &DiceState, mv: &Choice) -> String {
        match mv {
            Choice::Keep => "keep".into(),
            Choice::Gamble => "gamble".into(),
        }
    }
    fn parse_move(
        &self,
        _: &DiceState,
        text: &str,
    ) -> Result<Choice, tabula_play::notation::MoveError> {
        match text {
            "keep" => Ok(Choice::Keep),
            "gamble" => Ok(Choice::Gamble),
            _ => Err(format!("{text:?}: type keep or gamble").into()),
        }
    }
    fn render(&self, s: &DiceState) -> String {
        format!("Totals: {:?}", s.totals)
    }
}

/// Keeps every roll.
pub struct Keeper;
impl Agent<KeepOrGamble> for Keeper {
    fn choose(&mut self, _: &KeepOrGamble, _: &DiceState, _: Seat, _: &mut GameRng) -> Choice {
        Choice::Keep
    }
}

/// Gambles on a 3 (the best play).
pub struct Smart;
impl Agent<KeepOrGamble> for Smart {
    fn choose(&mut self, _: &KeepOrGamble, s: &DiceState, _: Seat, _: &mut GameRng) -> Choice {
        if s.roll == Some(3) {
            Choice::Gamble
        } else {
            Choice::Keep
        }
    }
}

/// Chooses at random (from its own stream).
pub struct Coin;
impl Agent<KeepOrGamble> for Coin {
    fn choose(&mut self, _: &KeepOrGamble, _: &DiceState, _: Seat, rng: &mut GameRng) -> Choice {
        if rng.random::<bool>() {
            Choice::Keep
        } else {
            Choice::Gamble
        }
    }
}

/// Always gambles.
pub struct Gambler;
impl Agent<KeepOrGamble> for Gambler {
    fn choose(&mut self, _: &KeepOrGamble, _: &DiceState, _: Seat, _: &mut GameRng) -> Choice {
        Choice::Gamble
    }
}
