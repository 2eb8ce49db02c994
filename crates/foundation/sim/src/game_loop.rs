//! The one game loop: every game the framework plays, the harness's
//! millions, a refereed tournament game, a game at the terminal and the
//! replay of a record, is played by [`play_game`].
//!
//! The loop asks the game what happens next ([`BoardGame::status`]) and
//! plays it: chance through a [`ChanceSource`], a decision through a
//! [`Decider`], each step shown to an [`Observer`], until the game is
//! over, the step cap is reached or the decider or the chance source
//! stops it. What differs between the framework's ways of playing is
//! only which of these it passes:
//!
//! | who plays | decider | chance | observer |
//! |---|---|---|---|
//! | the harness ([`Simulation`](crate::Simulation), [`play_one`](crate::play_one)) | its [`Seating`](crate::Seating) of agents | the dice ([`Dice`]), or a game's bulk counting | the [`Collector`] |
//! | the referee (`tabula_play::referee`) | boxed agents, timed, panics caught, illegal or slow answers forfeited | the dice ([`Dice`]) | the collector, and the steps kept for a record |
//! | terminal play (`tabula_play::terminal`) | people at a prompt and agents | the dice, with a pause before each run of chance ([`Paced`]) | the lines printed |
//! | replay (`tabula_play::record::replay`) | the record's moves, checked | the record's outcomes, checked | the account printed |
//!
//! Chance draws from the game's dice stream and each seat's decider from
//! that seat's own stream ([`Streams`]), so for the
//! same seed and the same agents the harness, the referee and terminal
//! play play the same game, step for step: the dice play the game's
//! chance by the one [`ChancePath`] its registration found (its listed
//! outcomes, or its own [`Sampling`](crate::Sampling)), watched outcome
//! by outcome ([`ChancePath::run_observed`]) or not
//! ([`ChancePath::run`]), with the same draws. The loop is generic over all
//! four, so each way of playing compiles to its own straight-line code:
//! the harness's has no boxing, allocation or dynamic dispatch per step.

use tabula_core::{BoardGame, Chance, GameResult, GameRng, Seat, Status, Streams};

use crate::Collector;
use crate::chance::{ChanceObserver, ChancePath, Listed};

/// The random streams a game draws from: the dice's and each seat's
/// (those of [`Streams`], however they are kept).
pub trait Draws {
    /// The game's index in its run.
    fn index(&self) -> u64;
    /// The dice's stream.
    fn dice(&mut self) -> &mut GameRng;
    /// The stream of the decider in `seat`.
    fn agent(&mut self, seat: Seat) -> &mut GameRng;
}

impl Draws for Streams {
    #[inline]
    fn index(&self) -> u64 {
        Streams::index(self)
    }
    #[inline]
    fn dice(&mut self) -> &mut GameRng {
        Streams::dice(self)
    }
    #[inline]
    fn agent(&mut self, seat: Seat) -> &mut GameRng {
        Streams::agent(self, seat)
    }
}

/// Who answers a decision: the harness's agents, the referee's checked
/// agents, a person at the terminal, a record's moves.
///
/// This is the loop's role, not a second agent concept: whatever chooses
/// moves is a [`tabula_core::Agent`]; a decider is how each way of
/// playing puts its agents (or a record, or a person) into the loop, with
/// its own reason to stop a game ([`Stop`](Self::Stop)).
pub trait Decider<G: BoardGame> {
    /// Why the decider stopped a game before its end (no agent for a
    /// seat, a forfeit, a person quitting, a record's illegal step).
    type Stop;

    /// A game starts. `Err` stops it before its first step.
    fn new_game(&mut self, game: &G) -> Result<(), Self::Stop> {
        let _ = game;
        Ok(())
    }

    /// The move of `seat` at `state`, after `step` steps of the game:
    /// `rng` is the seat's own stream and `moves` a list kept from call to
    /// call (its contents on entry mean nothing), for a decider that lists
    /// the legal moves. `Err` stops the game here.
    fn decide(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        step: u32,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> Result<G::Move, Self::Stop>;

    /// The game ended at `state`: over, capped, or stopped by `stop`.
    fn end_game(&mut self, game: &G, state: &G::State, stop: Option<&Self::Stop>) {
        let _ = (game, state, stop);
    }
}

/// Where chance comes from: the dice ([`Dice`]), or a record's outcomes.
/// `S` is the loop's reason to stop ([`Decider::Stop`]).
pub trait ChanceSource<G: BoardGame, S> {
    /// Plays chance from `state`, a [`Status::Chance`] state: at least
    /// one outcome and at most `limit`, stopping early when the state is
    /// no longer at a chance point; returns how many. `Ok(0)` means the
    /// game lists no outcomes here. Each outcome's events go to
    /// `observer`, and the outcome itself, before it is applied, when the
    /// observer [wants steps](Observer::wants_steps).
    #[allow(clippy::too_many_arguments)] // the loop's state, passed apart to stay in registers
    fn chance<O: Observer<G>>(
        &mut self,
        game: &G,
        state: &mut G::State,
        dice: &mut GameRng,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Result<u32, S>;
}

/// Chance from the dice stream, by the game's [`ChancePath`] `C`:
/// [`run`](ChancePath::run) when the observer takes events only, and
/// [`run_observed`](ChancePath::run_observed) when it wants each outcome.
/// The two play the same outcomes from the same stream, so whatever
/// watches, the game is the same. `Dice(Listed)` draws from the listed
/// outcomes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dice<C = Listed>(pub C);

impl<G: BoardGame, S, C: ChancePath<G>> ChanceSource<G, S> for Dice<C> {
    #[inline(always)]
    fn chance<O: Observer<G>>(
        &mut self,
        game: &G,
        state: &mut G::State,
        dice: &mut GameRng,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Result<u32, S> {
        Ok(from_dice(
            self.0, game, state, dice, limit, observer, scratch,
        ))
    }
}

/// Plays chance from the dice for [`Dice`] and [`Paced`]: through
/// [`ChancePath::run`] for an observer of events only, through
/// [`ChancePath::run_observed`] for one that wants steps.
#[inline(always)]
fn from_dice<G: BoardGame, C: ChancePath<G>, O: Observer<G>>(
    chance: C,
    game: &G,
    state: &mut G::State,
    dice: &mut GameRng,
    limit: u32,
    observer: &mut O,
    scratch: &mut Vec<Chance<G::Outcome>>,
) -> u32 {
    if observer.wants_steps() {
        let mut seeing = Seeing { game, observer };
        return chance.run_observed(game, state, dice, limit, &mut seeing, scratch);
    }
    chance.run(
        game,
        state,
        dice,
        limit,
        &mut |e| observer.event(&e),
        scratch,
    )
}

/// An [`Observer`] as the [`ChanceObserver`] of a run of chance.
struct Seeing<'a, G, O> {
    game: &'a G,
    observer: &'a mut O,
}

impl<G, O> ChanceObserver<G> for Seeing<'_, G, O>
where
    G: BoardGame,
    O: Observer<G>,
{
    #[inline(always)]
    fn outcome(&mut self, state: &G::State, outcome: &G::Outcome) {
        self.observer.chance(self.game, state, outcome)
    }
    #[inline(always)]
    fn event(&mut self, event: G::Event) {
        self.observer.event(&event)
    }
}

/// A pause before chance: what [`Paced`] asks before each outcome it
/// plays (the terminal's "hit enter", a look's table between rounds).
pub trait Pause<G: BoardGame, S> {
    /// Chance is about to decide at `state`: `Err` stops the game here,
    /// at that chance point.
    fn pause(&mut self, game: &G, state: &G::State) -> Result<(), S>;
}

/// The dice ([`Dice`]), with a [`Pause`] before each outcome when the
/// observer wants steps (before each run of chance when it takes events
/// only): the terminal's own pause. The same outcomes from the same
/// stream as [`Dice`], a run of chance played whole by the game's path
/// (whatever its way of drawing: several dice from one word, say), each
/// outcome paused for before it is shown and applied; a stop at a pause
/// ends the game there, the state at that chance point and the outcome
/// neither shown nor applied (the rest of the run is drawn and
/// forgotten). A run stopped after some outcomes reports them, and the
/// stop at the next call, so every outcome played is counted.
#[derive(Clone, Debug)]
pub struct Paced<P, S, C = Listed> {
    pause: P,
    chance: C,
    stop: Option<S>,
}

impl<P, S, C> Paced<P, S, C> {
    /// The dice, by `chance`, with `pause` before each outcome.
    pub fn new(pause: P, chance: C) -> Self {
        Paced {
            pause,
            chance,
            stop: None,
        }
    }
}

impl<G, S, P, C> ChanceSource<G, S> for Paced<P, S, C>
where
    G: BoardGame,
    P: Pause<G, S>,
    C: ChancePath<G>,
{
    fn chance<O: Observer<G>>(
        &mut self,
        game: &G,
        state: &mut G::State,
        dice: &mut GameRng,
        limit: u32,
        observer: &mut O,
        scratch: &mut Vec<Chance<G::Outcome>>,
    ) -> Result<u32, S> {
        if let Some(stop) = self.stop.take() {
            return Err(stop);
        }
        if !observer.wants_steps() {
            self.pause.pause(game, state)?;
            return Ok(from_dice(
                self.chance,
                game,
                state,
                dice,
                limit,
                observer,
                scratch,
            ));
        }
        let mut pausing = Pausing {
            game,
            observer,
            pause: &mut self.pause,
            shown: 0,
            stopped: None,
        };
        let played = self
            .chance
            .run_observed(game, state, dice, limit, &mut pausing, scratch);
        match pausing.stopped {
            None => Ok(played),
            Some((stop, at, 0)) => {
                *state = at;
                Err(stop)
            }
            Some((stop, at, shown)) => {
                *state = at;
                self.stop = Some(stop);
                Ok(shown)
            }
        }
    }
}

/// [`Paced`]'s watcher of a run of chance: a pause before each outcome is
/// shown, and after a stop, nothing more shown and the state where it
/// stopped kept.
struct Pausing<'a, G: BoardGame, O, P, S> {
    game: &'a G,
    observer: &'a mut O,
    pause: &'a mut P,
    /// Outcomes shown.
    shown: u32,
    /// The stop, the state it came at and the outcomes shown before it.
    stopped: Option<(S, G::State, u32)>,
}

impl<G, O, P, S> ChanceObserver<G> for Pausing<'_, G, O, P, S>
where
    G: BoardGame,
    O: Observer<G>,
    P: Pause<G, S>,
{
    fn outcome(&mut self, state: &G::State, outcome: &G::Outcome) {
        if self.stopped.is_some() {
            return;
        }
        match self.pause.pause(self.game, state) {
            Ok(()) => {
                self.shown += 1;
                self.observer.chance(self.game, state, outcome);
            }
            Err(stop) => self.stopped = Some((stop, state.clone(), self.shown)),
        }
    }

    fn event(&mut self, event: G::Event) {
        if self.stopped.is_none() {
            self.observer.event(&event);
        }
    }
}

/// What sees a game's steps: the events of every step, and, for one that
/// [wants steps](Self::wants_steps), each outcome and move before it is
/// applied (a record, a printed account).
pub trait Observer<G: BoardGame> {
    /// Something happened.
    fn event(&mut self, event: &G::Event) {
        let _ = event;
    }
    /// Whether [`chance`](Self::chance) and [`decision`](Self::decision)
    /// are wanted (default no): then chance is played through
    /// [`ChancePath::run_observed`], the same outcomes as without, each
    /// shown before it is applied.
    fn wants_steps(&self) -> bool {
        false
    }
    /// Chance gives `outcome` at `state`.
    fn chance(&mut self, game: &G, state: &G::State, outcome: &G::Outcome) {
        let _ = (game, state, outcome);
    }
    /// `seat` plays `mv` at `state`.
    fn decision(&mut self, game: &G, state: &G::State, seat: Seat, mv: &G::Move) {
        let _ = (game, state, seat, mv);
    }
}

/// Nothing is observed.
impl<G: BoardGame> Observer<G> for () {}

/// A [`Collector`] as an observer: events go to
/// [`Collector::event`], and the steps to [`Collector::chance`] and
/// [`Collector::decision`] when it [wants them](Collector::wants_steps)
/// (asked once, when made: once a game).
pub struct Collecting<'c, C> {
    collector: &'c mut C,
    steps: bool,
}

impl<'c, C> Collecting<'c, C> {
    /// `collector` as an observer of one game.
    #[inline(always)]
    pub fn new<G: BoardGame>(collector: &'c mut C) -> Self
    where
        C: Collector<G>,
    {
        let steps = collector.wants_steps();
        Collecting { collector, steps }
    }
}

impl<G: BoardGame, C: Collector<G>> Observer<G> for Collecting<'_, C> {
    #[inline(always)]
    fn event(&mut self, event: &G::Event) {
        self.collector.event(event)
    }
    #[inline(always)]
    fn wants_steps(&self) -> bool {
        self.steps
    }
    #[inline(always)]
    fn chance(&mut self, _: &G, _: &G::State, outcome: &G::Outcome) {
        self.collector.chance(outcome)
    }
    #[inline(always)]
    fn decision(&mut self, _: &G, _: &G::State, seat: Seat, mv: &G::Move) {
        self.collector.decision(seat, mv)
    }
}

/// How a game played by [`play_game`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending<S> {
    /// The game is over.
    Over(GameResult),
    /// The step cap stopped it.
    Capped,
    /// Chance listed no outcomes.
    NoOutcomes,
    /// The decider or the chance source stopped it.
    Stopped(S),
}

/// A game played by [`play_game`].
#[derive(Clone, Debug)]
pub struct Ended<G: BoardGame, S> {
    /// The final state.
    pub state: G::State,
    /// Chance outcomes applied.
    pub chance_steps: u32,
    /// Moves made.
    pub decisions: u32,
    /// How it ended.
    pub ending: Ending<S>,
}

/// The lists a game's steps use (the chance outcomes to sample from, the
/// legal moves a decider picks among), kept from step to step and, by a
/// caller that plays many games, from game to game, so that a step
/// allocates nothing.
pub struct Lists<G: BoardGame> {
    chances: Vec<Chance<G::Outcome>>,
    moves: Vec<G::Move>,
}

impl<G: BoardGame> Default for Lists<G> {
    fn default() -> Self {
        Lists {
            chances: Vec::new(),
            moves: Vec::new(),
        }
    }
}

/// Plays one game from the initial state to its end, the step cap
/// (`max_steps` chance outcomes plus moves), or a stop: chance from
/// `chance` drawing on `streams`' dice, each decision from `decider`
/// with the seat's own stream, each step shown to `observer`. The
/// decider's [`new_game`](Decider::new_game) and
/// [`end_game`](Decider::end_game) frame the game.
///
/// ```
/// use tabula_core::{BoardGame, GameResult, GameRng, Seat, Status, Streams};
/// use tabula_sim::game_loop::{Decider, Dice, Ending, Lists, play_game};
///
/// /// Take one or two from a pile of five; whoever takes the last wins.
/// struct Nim;
/// impl BoardGame for Nim {
///     type State = (u8, Seat);
///     type Move = u8;
///     type Outcome = ();
///     type Event = ();
///     fn seats(&self) -> usize { 2 }
///     fn initial_state(&self) -> (u8, Seat) { (5, 0) }
///     fn status(&self, &(pile, to_move): &(u8, Seat)) -> Status {
///         if pile == 0 { Status::Over(GameResult::Win(1 - to_move)) } else { Status::Decision(to_move) }
///     }
///     fn apply_chance<E: FnMut(())>(&self, _: &mut (u8, Seat), _: (), _: &mut E) {}
///     fn apply_move<E: FnMut(())>(&self, s: &mut (u8, Seat), take: u8, _: &mut E) {
///         s.0 -= take;
///         s.1 = 1 - s.1;
///     }
/// }
///
/// /// Takes one, and gives up after `patience` moves.
/// struct Slow { patience: u32 }
/// impl Decider<Nim> for Slow {
///     type Stop = Seat;
///     fn decide(&mut self, _: &Nim, _: &(u8, Seat), seat: Seat, step: u32,
///               _: &mut GameRng, _: &mut Vec<u8>) -> Result<u8, Seat> {
///         if step < self.patience { Ok(1) } else { Err(seat) }
///     }
/// }
///
/// let mut lists = Lists::default();
/// let mut streams = Streams::new(1, 0);
/// let mut dice = Dice(tabula_sim::Listed); // chance from the listed outcomes (Nim has none)
/// let played = play_game(&Nim, &mut Slow { patience: 9 }, &mut dice, &mut streams, 100, &mut (), &mut lists);
/// assert_eq!((played.ending, played.decisions), (Ending::Over(GameResult::Win(0)), 5));
/// let played = play_game(&Nim, &mut Slow { patience: 3 }, &mut dice, &mut streams, 100, &mut (), &mut lists);
/// assert_eq!(played.ending, Ending::Stopped(1));
/// let played = play_game(&Nim, &mut Slow { patience: 9 }, &mut dice, &mut streams, 2, &mut (), &mut lists);
/// assert_eq!(played.ending, Ending::Capped);
/// ```
#[inline]
#[allow(clippy::too_many_arguments)] // the loop's parts, passed apart to stay in registers
pub fn play_game<G, D, C, R, O>(
    game: &G,
    decider: &mut D,
    chance: &mut C,
    streams: &mut R,
    max_steps: u32,
    observer: &mut O,
    lists: &mut Lists<G>,
) -> Ended<G, D::Stop>
where
    G: BoardGame,
    D: Decider<G>,
    C: ChanceSource<G, D::Stop>,
    R: Draws,
    O: Observer<G>,
{
    let mut state = game.initial_state();
    let mut chance_steps = 0;
    let mut decisions = 0;
    let mut steps = 0;
    let ending = match decider.new_game(game) {
        Err(stop) => Ending::Stopped(stop),
        Ok(()) => loop {
            match game.status(&state) {
                Status::Over(result) => break Ending::Over(result),
                _ if steps >= max_steps => break Ending::Capped,
                Status::Chance => {
                    let played = chance.chance(
                        game,
                        &mut state,
                        streams.dice(),
                        max_steps - steps,
                        observer,
                        &mut lists.chances,
                    );
                    match played {
                        Ok(0) => break Ending::NoOutcomes,
                        Ok(n) => {
                            chance_steps += n;
                            steps += n;
                        }
                        Err(stop) => break Ending::Stopped(stop),
                    }
                }
                Status::Decision(seat) => {
                    let answer = decider.decide(
                        game,
                        &state,
                        seat,
                        steps,
                        streams.agent(seat),
                        &mut lists.moves,
                    );
                    match answer {
                        Ok(mv) => {
                            observer.decision(game, &state, seat, &mv);
                            game.apply_move(&mut state, mv, &mut |e| observer.event(&e));
                            decisions += 1;
                            steps += 1;
                        }
                        Err(stop) => break Ending::Stopped(stop),
                    }
                }
            }
        },
    };
    let stop = match &ending {
        Ending::Stopped(stop) => Some(stop),
        _ => None,
    };
    decider.end_game(game, &state, stop);
    Ended {
        state,
        chance_steps,
        decisions,
        ending,
    }
}
