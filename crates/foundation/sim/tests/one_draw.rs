//! A game whose `Sampling::run_chance` draws its dice otherwise than
//! `sample_chance` (several to a random word) plays the same game for a
//! seed whoever watches: the loop plays chance through
//! `run_chance_observed` when its observer wants steps, and the game
//! overrides it with the same draws. A pause before each outcome
//! (`Paced`) is asked once an outcome, and a stop at it ends the game
//! there, every outcome before it counted.

use tabula_core::rand::{Rng, RngExt};
use tabula_core::{BoardGame, Chance, Dice, GameResult, GameRng, Seat, Status, Streams};
use tabula_sim::conformance::check_chance_game;
use tabula_sim::game_loop::{
    Decider, Dice as DiceSource, Ended, Ending, Lists, Observer, Paced, Pause, play_game,
};
use tabula_sim::{ChanceObserver, Sampled, Sampling};

/// A race of two seats to square 40 with a d6. A turn is three throws;
/// with `decide`, the seat then chooses to step one square on (1) or not
/// (0). `run_chance` throws from word dice; `sample_chance` one random
/// number a throw. With `observed`, `run_chance_observed` throws the word
/// dice too; without, it is the default (one `sample_chance` at a time),
/// which gives other games.
struct Race {
    decide: bool,
    observed: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position {
    squares: [u16; 2],
    turn: Seat,
    thrown: u8,
    winner: Option<Seat>,
}

const GOAL: u16 = 40;

impl Race {
    fn after_throw(&self, s: &mut Position) {
        if s.squares[s.turn] >= GOAL {
            s.winner = Some(s.turn);
            return;
        }
        s.thrown += 1;
        if s.thrown == 3 && !self.decide {
            s.thrown = 0;
            s.turn = 1 - s.turn;
        }
    }
}

impl BoardGame for Race {
    type State = Position;
    type Move = u16;
    type Outcome = u16;
    type Event = (Seat, u16);

    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> Position {
        Position {
            squares: [0; 2],
            turn: 0,
            thrown: 0,
            winner: None,
        }
    }
    fn status(&self, s: &Position) -> Status {
        match s.winner {
            Some(w) => Status::Over(GameResult::Win(w)),
            None if s.thrown == 3 => Status::Decision(s.turn),
            None => Status::Chance,
        }
    }
    fn chance_outcomes(&self, _: &Position, out: &mut Vec<Chance<u16>>) {
        Dice::D6.chances_into(out);
    }
    fn apply_chance<E: FnMut((Seat, u16))>(&self, s: &mut Position, roll: u16, events: &mut E) {
        s.squares[s.turn] += roll;
        events((s.turn, s.squares[s.turn]));
        self.after_throw(s);
    }
    fn apply_move<E: FnMut((Seat, u16))>(&self, s: &mut Position, step: u16, events: &mut E) {
        s.squares[s.turn] += step;
        events((s.turn, s.squares[s.turn]));
        if s.squares[s.turn] >= GOAL {
            s.winner = Some(s.turn);
            return;
        }
        s.thrown = 0;
        s.turn = 1 - s.turn;
    }
    fn legal_moves(&self, _: &Position, out: &mut Vec<u16>) {
        out.extend([0, 1]);
    }
}

impl Sampling for Race {
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        _: &Position,
        rng: &mut R,
        _: &mut Vec<Chance<u16>>,
    ) -> Option<u16> {
        Some(Dice::D6.roll(rng))
    }
    fn run_chance<R: Rng + ?Sized, E: FnMut((Seat, u16))>(
        &self,
        s: &mut Position,
        rng: &mut R,
        limit: u32,
        events: &mut E,
        _: &mut Vec<Chance<u16>>,
    ) -> u32 {
        let mut words = Dice::D6.word_dice();
        let mut n = 0;
        while n < limit && self.status(s) == Status::Chance {
            let roll = Dice::D6.roll_from(&mut words, rng);
            self.apply_chance(s, roll, events);
            n += 1;
        }
        n
    }
    fn run_chance_observed<R: Rng + ?Sized, O: ChanceObserver<Self>>(
        &self,
        s: &mut Position,
        rng: &mut R,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<u16>>,
    ) -> u32 {
        let mut words = Dice::D6.word_dice();
        let mut n = 0;
        while n < limit && self.status(s) == Status::Chance {
            let roll = if self.observed {
                Dice::D6.roll_from(&mut words, rng)
            } else {
                // The default's draw.
                match self.sample_chance(s, rng, scratch) {
                    Some(roll) => roll,
                    None => break,
                }
            };
            observer.outcome(s, &roll);
            self.apply_chance(s, roll, &mut |e| observer.event(e));
            n += 1;
        }
        n
    }
}

/// Steps one square on at random, from its seat's stream.
struct Coin;

impl Decider<Race> for Coin {
    type Stop = Seat;
    fn decide(
        &mut self,
        _: &Race,
        _: &Position,
        _: Seat,
        _: u32,
        rng: &mut GameRng,
        _: &mut Vec<u16>,
    ) -> Result<u16, Seat> {
        Ok(rng.random_range(0..2u16))
    }
}

/// A step of a game: a throw or a move.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Throw(u16),
    Move(u16),
}

/// Sees every step and event.
#[derive(Default)]
struct Watching {
    steps: Vec<Step>,
    events: Vec<(Seat, u16)>,
}

impl Observer<Race> for Watching {
    fn event(&mut self, e: &(Seat, u16)) {
        self.events.push(*e);
    }
    fn wants_steps(&self) -> bool {
        true
    }
    fn chance(&mut self, _: &Race, _: &Position, roll: &u16) {
        self.steps.push(Step::Throw(*roll));
    }
    fn decision(&mut self, _: &Race, _: &Position, _: Seat, mv: &u16) {
        self.steps.push(Step::Move(*mv));
    }
}

/// Sees events only.
#[derive(Default)]
struct Quiet(Vec<(Seat, u16)>);

impl Observer<Race> for Quiet {
    fn event(&mut self, e: &(Seat, u16)) {
        self.0.push(*e);
    }
}

fn same(a: &Ended<Race, Seat>, b: &Ended<Race, Seat>) -> bool {
    (a.state, a.chance_steps, a.decisions, a.ending)
        == (b.state, b.chance_steps, b.decisions, b.ending)
}

/// Game `index` of `seed` played with events only and watched: whether
/// they are one game (the same end, the same events, and the steps
/// watched replay to that end).
fn one_game(race: &Race, seed: u64, index: u64, cap: u32) -> bool {
    let mut lists = Lists::default();
    let mut quiet = Quiet::default();
    let harness = play_game(
        race,
        &mut Coin,
        &mut DiceSource(Sampled),
        &mut Streams::new(seed, index),
        cap,
        &mut quiet,
        &mut lists,
    );
    let mut watching = Watching::default();
    let watched = play_game(
        race,
        &mut Coin,
        &mut DiceSource(Sampled),
        &mut Streams::new(seed, index),
        cap,
        &mut watching,
        &mut lists,
    );
    let mut replayed = race.initial_state();
    let mut events = Vec::new();
    for step in &watching.steps {
        match *step {
            Step::Throw(roll) => race.apply_chance(&mut replayed, roll, &mut |e| events.push(e)),
            Step::Move(mv) => race.apply_move(&mut replayed, mv, &mut |e| events.push(e)),
        }
    }
    assert_eq!(
        replayed, watched.state,
        "the steps watched replay to the end"
    );
    assert_eq!(events, watching.events);
    same(&harness, &watched) && quiet.0 == watching.events
}

#[test]
fn a_game_that_draws_its_own_way_plays_one_game_watched_or_not() {
    for decide in [false, true] {
        let race = Race {
            decide,
            observed: true,
        };
        for seed in 0..20 {
            for cap in [10_000, 7, 1] {
                assert!(
                    one_game(&race, seed, 3, cap),
                    "decide {decide}, seed {seed}, cap {cap}"
                );
            }
        }
    }
}

#[test]
fn without_the_same_draws_watched_the_game_is_another() {
    for decide in [false, true] {
        let race = Race {
            decide,
            observed: false,
        };
        assert!(
            (0..20).any(|seed| !one_game(&race, seed, 3, 10_000)),
            "decide {decide}"
        );
    }
}

#[test]
fn conformance_checks_the_two_draw_the_same() {
    let race = Race {
        decide: false,
        observed: true,
    };
    assert!(check_chance_game(Sampled, &race, 50, 1, 10_000).is_ok());
    let careless = Race {
        decide: false,
        observed: false,
    };
    let error = check_chance_game(Sampled, &careless, 50, 1, 10_000).expect_err("the draws differ");
    assert!(error.to_string().contains("run_chance_observed"), "{error}");
}

/// Counts its pauses and stops at pause `stop_at`.
struct Counted {
    pauses: u32,
    stop_at: u32,
}

impl Pause<Race, Seat> for Counted {
    fn pause(&mut self, _: &Race, s: &Position) -> Result<(), Seat> {
        self.pauses += 1;
        if self.pauses == self.stop_at {
            return Err(s.turn);
        }
        Ok(())
    }
}

#[test]
fn a_pause_comes_before_each_outcome_and_may_stop_the_game_there() {
    let race = Race {
        decide: true,
        observed: true,
    };
    let mut lists = Lists::default();
    let mut quiet = Quiet::default();
    let harness = play_game(
        &race,
        &mut Coin,
        &mut DiceSource(Sampled),
        &mut Streams::new(5, 0),
        10_000,
        &mut quiet,
        &mut lists,
    );
    // Never stopped: the same game, a pause an outcome.
    let mut paced = Paced::new(
        Counted {
            pauses: 0,
            stop_at: 0,
        },
        Sampled,
    );
    let mut watching = Watching::default();
    let played = play_game(
        &race,
        &mut Coin,
        &mut paced,
        &mut Streams::new(5, 0),
        10_000,
        &mut watching,
        &mut lists,
    );
    assert!(same(&played, &harness));
    assert!(played.chance_steps > 5);
    // Stopped at the fifth pause, the second throw of the second turn:
    // four throws and a move made, the fifth throw not drawn.
    for stop_at in [1, 2, 5] {
        let mut paced = Paced::new(Counted { pauses: 0, stop_at }, Sampled);
        let mut watching = Watching::default();
        let stopped = play_game(
            &race,
            &mut Coin,
            &mut paced,
            &mut Streams::new(5, 0),
            10_000,
            &mut watching,
            &mut lists,
        );
        let throws = watching
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Throw(_)))
            .count() as u32;
        assert_eq!(stopped.ending, Ending::Stopped(usize::from(stop_at > 3)));
        assert_eq!((stopped.chance_steps, throws), (stop_at - 1, stop_at - 1));
        assert_eq!(stopped.decisions, u32::from(stop_at > 3));
    }
}
