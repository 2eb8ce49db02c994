//! The referee: plays one game between agents through [`BoardGame`],
//! checking every move, timing every agent call, and writing the record.
//!
//! Every agent call is timed, for its seat (see
//! [`Referee::with_exact_call_times`] for what a call's time holds). An agent
//! that returns an illegal move, panics, or (with a per-move time
//! limit) thinks too long forfeits the game: it ranks last, the others
//! share first place, and [`Played::forfeit`] says why. The panic is
//! caught, so a tournament goes on with its next game.
//!
//! The referee plays through the framework's one game loop
//! ([`tabula_sim::game_loop`]): its checked, timed agents are the loop's
//! decider, so for the same seed and agents it plays the game the
//! simulation harness plays.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use tabula_core::{Agent, BoardGame, GameResult, GameRng, Results, Seat, Streams};
use tabula_sim::game_loop::{Decider, Dice, Ending, Lists, Observer, play_game};
use tabula_sim::{Collector, Playout};

use crate::legality::{CheckPath, Paths, PlayPaths};
use crate::record::{End, RecordOf, Recordable, Step};
pub use crate::record::{Fault, Forfeit};

/// How one refereed game went.
#[derive(Clone, Debug)]
pub struct Played<G: BoardGame> {
    /// The final state.
    pub state: G::State,
    /// Each seat's result; `None` if the step cap stopped the game.
    pub results: Option<Results>,
    /// The forfeit that ended the game, if one did.
    pub forfeit: Option<Forfeit>,
    /// Time each seat's agent spent in its calls.
    pub time: Vec<Duration>,
    /// Agent calls per seat.
    pub calls: Vec<u64>,
    /// The longest single call per seat.
    pub longest: Vec<Duration>,
    /// Chance outcomes applied.
    pub chance_steps: u32,
    /// Moves made.
    pub decisions: u32,
    /// Every step, in order, if the referee keeps records.
    pub steps: Vec<Step<G::Move, G::Outcome>>,
    /// Seats whose agent panicked in [`Agent::end_game`], with the
    /// message: after the result was settled, so the game stands, but a
    /// tournament makes that agent anew, as after any panic.
    pub panicked_after: Vec<(Seat, String)>,
}

impl<G: BoardGame> Played<G> {
    /// Whether the step cap stopped the game before it ended.
    pub fn capped(&self) -> bool {
        self.results.is_none()
    }

    /// How the game ended, as a record keeps it.
    pub fn end(&self) -> End {
        match (&self.forfeit, &self.results) {
            (Some(f), Some(r)) => End::Forfeit {
                forfeit: f.clone(),
                results: r.clone(),
            },
            (None, Some(r)) => End::Finished(r.clone()),
            (_, None) => End::Capped,
        }
    }
}

/// The settings of a referee, set as every builder of the framework's
/// are: `with_` and the setting (`with_max_steps(500)`).
#[derive(Clone, Copy, Debug)]
pub struct Referee {
    max_steps: u32,
    move_time_limit: Option<Duration>,
    keep_steps: bool,
    exact_call_times: bool,
}

impl Default for Referee {
    fn default() -> Referee {
        Referee::new()
    }
}

/// Runs `f`, catching a panic in it without printing it: the caller
/// reports it (a forfeit gives the panic's message as its reason), so a
/// tournament with a panicking agent does not flood the terminal with
/// panic messages and backtraces. Panics anywhere else, on this thread
/// or another, print as before.
///
/// ```
/// use tabula_play::referee::catch_quietly;
///
/// assert_eq!(catch_quietly(|| 6 * 7), Ok(42));
/// let caught = catch_quietly(|| -> u32 { panic!("no move") });
/// assert_eq!(caught, Err("no move".to_string()));
/// ```
pub fn catch_quietly<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // A panic that aborts cannot be caught, so it is not quiet.
            if cfg!(panic = "abort") || QUIET.try_with(Cell::get).unwrap_or(0) == 0 {
                previous(info);
            }
        }));
    });
    QUIET.with(|q| q.set(q.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(q.get().saturating_sub(1)));
    result.map_err(|p| panic_message(p.as_ref()))
}

thread_local! {
    /// How many [`catch_quietly`] calls this thread is inside.
    static QUIET: Cell<u32> = const { Cell::new(0) };
}

/// The message of a caught panic.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with no message".to_string()
    }
}

impl Referee {
    /// A referee with the harness's default step cap
    /// ([`tabula_sim::DEFAULT_MAX_STEPS`]), no time limit, keeping every
    /// step.
    pub fn new() -> Referee {
        Referee {
            max_steps: tabula_sim::DEFAULT_MAX_STEPS,
            move_time_limit: None,
            keep_steps: true,
            exact_call_times: false,
        }
    }

    /// Caps the steps (chance outcomes plus moves) of a game; a game that
    /// reaches the cap is reported as capped.
    pub fn with_max_steps(mut self, max_steps: u32) -> Referee {
        self.max_steps = max_steps.max(1);
        self
    }

    /// Makes a seat forfeit when one call takes longer than `limit`. The
    /// call is not interrupted: the agent answers, then loses.
    pub fn with_move_time_limit(mut self, limit: Option<Duration>) -> Referee {
        self.move_time_limit = limit;
        self
    }

    /// Whether to keep every step in [`Played::steps`] (default yes).
    pub fn with_keep_steps(mut self, keep: bool) -> Referee {
        self.keep_steps = keep;
        self
    }

    /// Whether to read the clock just before every agent call as well as
    /// just after it (default no).
    ///
    /// By default the referee reads the clock once per call, when the
    /// agent answers: a call's time runs from the previous reading (the
    /// previous answer, or the start of the game) to its answer, so it
    /// also holds the referee's own work since then (checking and
    /// applying the previous move, drawing chance outcomes), well under a
    /// microsecond a move in the shipped games. A clock reading costs tens
    /// of nanoseconds, more than a fast agent's whole answer, so this
    /// halves the clock's share of a tournament of fast agents. With
    /// `exact` the referee reads the clock on both sides of each call,
    /// and a call's time is the agent's alone.
    pub fn with_exact_call_times(mut self, exact: bool) -> Referee {
        self.exact_call_times = exact;
        self
    }

    /// Plays one game: `agents[seat]` decides for each seat, chance draws
    /// from `streams`' dice and each agent from its own stream. Events and
    /// the end go to `collector`. Chance is drawn from the game's listed
    /// outcomes and answers are checked against its listed moves
    /// ([`Paths::LISTED`]); a game that samples its chance or checks its
    /// answers itself is played with its paths, [`play_on`](Self::play_on).
    ///
    /// The game is played by the framework's one game loop
    /// ([`tabula_sim::game_loop`]), the harness's: with the same seed and
    /// agents, the referee plays the game [`tabula_sim::play_one`] plays,
    /// with each call timed and each answer checked.
    pub fn play<G, C>(
        &self,
        game: &G,
        agents: &mut [Box<dyn Agent<G>>],
        streams: &mut Streams,
        collector: &mut C,
    ) -> Played<G>
    where
        G: BoardGame,
        G::Move: PartialEq,
        C: Collector<G>,
    {
        self.play_on(Paths::LISTED, game, agents, streams, collector)
    }

    /// [`play`](Self::play), with the game's chance played and its
    /// answers checked by `paths`, the paths its registration found
    /// ([`paths!`](crate::paths)).
    pub fn play_on<G, P, C>(
        &self,
        paths: P,
        game: &G,
        agents: &mut [Box<dyn Agent<G>>],
        streams: &mut Streams,
        collector: &mut C,
    ) -> Played<G>
    where
        G: BoardGame,
        G::Move: PartialEq,
        P: PlayPaths<G>,
        C: Collector<G>,
    {
        let seats = game.seats();
        collector.start_game(streams.index());
        let mut decider = Checked {
            referee: self,
            checks: paths,
            agents,
            time: vec![Duration::ZERO; seats],
            calls: vec![0u64; seats],
            longest: vec![Duration::ZERO; seats],
            mark: Instant::now(),
            legal: Vec::new(),
            panicked_after: Vec::new(),
        };
        let mut observer = Keeping {
            wants_steps: self.keep_steps || collector.wants_steps(),
            collector: &mut *collector,
            steps: self.keep_steps.then(Vec::new),
        };
        let ended = play_game(
            game,
            &mut decider,
            &mut Dice(paths),
            streams,
            self.max_steps,
            &mut observer,
            &mut Lists::default(),
        );
        let steps = observer.steps.unwrap_or_default();
        let (forfeit, result) = match ended.ending {
            Ending::Over(result) => (None, Some(result)),
            Ending::Capped | Ending::NoOutcomes => (None, None),
            Ending::Stopped(forfeit) => (Some(forfeit), None),
        };
        let state = ended.state;
        let results = match &forfeit {
            Some(f) => Some(Results::forfeit(seats, f.seat)),
            None if result.is_some() => game.results(&state),
            None => None,
        };
        let result = match &forfeit {
            Some(f) if seats == 2 => Some(GameResult::Win(1 - f.seat.min(1))),
            Some(_) => Some(GameResult::Draw),
            None => result,
        };
        let playout = Playout {
            index: streams.index(),
            chance_steps: ended.chance_steps,
            decisions: ended.decisions,
            result,
        };
        collector.end_game(&playout, &state);
        Played {
            state,
            results,
            forfeit,
            time: decider.time,
            calls: decider.calls,
            longest: decider.longest,
            chance_steps: playout.chance_steps,
            decisions: playout.decisions,
            steps,
            panicked_after: decider.panicked_after,
        }
    }
}

/// The referee's decider: each seat's boxed agent, its calls timed and
/// caught, its answers checked; a panic, an illegal move or (with a time
/// limit) a slow answer stops the game with a [`Forfeit`].
struct Checked<'a, G: BoardGame, K> {
    referee: &'a Referee,
    /// How answers are checked.
    checks: K,
    agents: &'a mut [Box<dyn Agent<G>>],
    time: Vec<Duration>,
    calls: Vec<u64>,
    longest: Vec<Duration>,
    /// The end of the last clock reading: the start of the next call's
    /// time unless calls are timed exactly (see `with_exact_call_times`).
    mark: Instant,
    /// For `is_legal`, kept from call to call.
    legal: Vec<G::Move>,
    panicked_after: Vec<(Seat, String)>,
}

impl<G, K> Decider<G> for Checked<'_, G, K>
where
    G: BoardGame,
    G::Move: PartialEq,
    K: CheckPath<G>,
{
    type Stop = Forfeit;

    fn new_game(&mut self, game: &G) -> Result<(), Forfeit> {
        for (seat, agent) in self.agents.iter_mut().enumerate() {
            if let Err(message) = catch_quietly(|| agent.new_game(game, seat)) {
                return Err(Forfeit {
                    seat,
                    step: 0,
                    fault: Fault::Panic(message),
                });
            }
        }
        self.mark = Instant::now();
        Ok(())
    }

    fn decide(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        step: u32,
        rng: &mut GameRng,
        moves: &mut Vec<G::Move>,
    ) -> Result<G::Move, Forfeit> {
        // The index in the kept steps (0 when the referee keeps none).
        let step = if self.referee.keep_steps {
            step as usize
        } else {
            0
        };
        let forfeit = |fault| Forfeit { seat, step, fault };
        let Some(agent) = self.agents.get_mut(seat) else {
            return Err(forfeit(Fault::Panic(format!("seat {seat} has no agent"))));
        };
        let start = if self.referee.exact_call_times {
            Instant::now()
        } else {
            self.mark
        };
        let answer = catch_quietly(|| agent.choose_with(game, state, seat, rng, moves));
        self.mark = Instant::now();
        let took = self.mark.saturating_duration_since(start);
        self.time[seat] += took;
        self.calls[seat] += 1;
        self.longest[seat] = self.longest[seat].max(took);
        let mv = answer.map_err(|message| forfeit(Fault::Panic(message)))?;
        if let Some(limit) = self.referee.move_time_limit
            && took > limit
        {
            return Err(forfeit(Fault::TooSlow {
                took_ms: took.as_millis() as u64,
                limit_ms: limit.as_millis() as u64,
            }));
        }
        if !self.checks.is_legal(game, state, &mv, &mut self.legal) {
            return Err(forfeit(Fault::Illegal(format!("{mv:?}"))));
        }
        Ok(mv)
    }

    fn end_game(&mut self, game: &G, state: &G::State, stop: Option<&Forfeit>) {
        for (seat, agent) in self.agents.iter_mut().enumerate() {
            if stop.is_some_and(|f| f.seat == seat) {
                continue;
            }
            // A panic here comes after the result is settled: the game
            // stands, and the tournament drops the agent as after any panic.
            if let Err(message) = catch_quietly(|| agent.end_game(game, state, seat)) {
                self.panicked_after.push((seat, message));
            }
        }
    }
}

/// The referee's observer: events to the collector, and every step kept
/// for the record when the referee keeps them.
struct Keeping<'c, G: BoardGame, C> {
    collector: &'c mut C,
    steps: Option<Vec<Step<G::Move, G::Outcome>>>,
    /// Whether the steps are kept or the collector wants them (asked
    /// once a game).
    wants_steps: bool,
}

impl<G: BoardGame, C: Collector<G>> Observer<G> for Keeping<'_, G, C> {
    fn event(&mut self, event: &G::Event) {
        self.collector.event(event);
    }
    fn wants_steps(&self) -> bool {
        self.wants_steps
    }
    fn chance(&mut self, _: &G, _: &G::State, outcome: &G::Outcome) {
        if let Some(steps) = &mut self.steps {
            steps.push(Step::Chance(*outcome));
        }
        self.collector.chance(outcome);
    }
    fn decision(&mut self, _: &G, _: &G::State, seat: Seat, mv: &G::Move) {
        if let Some(steps) = &mut self.steps {
            steps.push(Step::Move {
                seat,
                mv: mv.clone(),
            });
        }
        self.collector.decision(seat, mv);
    }
}

/// Builds the record of a refereed game.
pub fn of_played<G: Recordable>(
    game: &G,
    seed: u64,
    index: u64,
    players: Vec<String>,
    played: &Played<G>,
) -> RecordOf<G> {
    crate::record::Record::of(
        game,
        seed,
        index,
        players,
        played.steps.clone(),
        played.end(),
    )
}
