//! The referee: plays one game between agents through [`BoardGame`],
//! checking every move, timing every agent call, and writing the record.
//!
//! Every agent call is timed, for its seat (see
//! [`Referee::with_exact_call_times`] for what a call's time holds). An agent
//! that returns an illegal move, panics, or (with a per-move time
//! limit) thinks too long forfeits the game: it ranks last, the others
//! share first place, and [`Played::forfeit`] says why. The panic is
//! caught, so a tournament goes on with its next game.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use tabula_core::{Agent, BoardGame, Results, Seat, Status, Streams};
use tabula_sim::{Collector, Playout};

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
    /// the end go to `collector`.
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
        let seats = game.seats();
        let mut time = vec![Duration::ZERO; seats];
        let mut calls = vec![0u64; seats];
        let mut longest = vec![Duration::ZERO; seats];
        let mut steps = Vec::new();
        let mut state = game.initial_state();
        let mut forfeit = None;
        let mut playout = Playout {
            index: streams.index(),
            chance_steps: 0,
            decisions: 0,
            result: None,
        };
        collector.start_game(streams.index());
        for (seat, agent) in agents.iter_mut().enumerate() {
            if let Err(message) = catch_quietly(|| agent.new_game(game, seat)) {
                forfeit = Some(Forfeit {
                    seat,
                    step: 0,
                    fault: Fault::Panic(message),
                });
                break;
            }
        }
        let mut legal = Vec::new();
        let mut taken = 0u32;
        // The end of the last clock reading: the start of the next call's
        // time unless calls are timed exactly (see `with_exact_call_times`).
        let mut mark = Instant::now();
        // The chance outcomes' list, kept from throw to throw, and the
        // list an agent lists the legal moves into, kept from call to call.
        let mut chances = Vec::new();
        let mut moves = Vec::new();
        while forfeit.is_none() {
            match game.status(&state) {
                Status::Over(result) => {
                    playout.result = Some(result);
                    break;
                }
                _ if taken >= self.max_steps => break,
                Status::Chance => {
                    let Some(outcome) = game.sample_chance(&state, streams.dice(), &mut chances)
                    else {
                        break;
                    };
                    game.apply_chance(&mut state, outcome, &mut |e| collector.event(&e));
                    if self.keep_steps {
                        steps.push(Step::Chance(outcome));
                    }
                    playout.chance_steps += 1;
                }
                Status::Decision(seat) => {
                    let step = steps.len();
                    let Some(agent) = agents.get_mut(seat) else {
                        forfeit = Some(Forfeit {
                            seat,
                            step,
                            fault: Fault::Panic(format!("seat {seat} has no agent")),
                        });
                        break;
                    };
                    let rng = streams.agent(seat);
                    let start = if self.exact_call_times {
                        Instant::now()
                    } else {
                        mark
                    };
                    let answer =
                        catch_quietly(|| agent.choose_with(game, &state, seat, rng, &mut moves));
                    mark = Instant::now();
                    let took = mark.saturating_duration_since(start);
                    time[seat] += took;
                    calls[seat] += 1;
                    longest[seat] = longest[seat].max(took);
                    let mv = match answer {
                        Err(message) => {
                            forfeit = Some(Forfeit {
                                seat,
                                step,
                                fault: Fault::Panic(message),
                            });
                            break;
                        }
                        Ok(mv) => mv,
                    };
                    if let Some(limit) = self.move_time_limit
                        && took > limit
                    {
                        forfeit = Some(Forfeit {
                            seat,
                            step,
                            fault: Fault::TooSlow {
                                took_ms: took.as_millis() as u64,
                                limit_ms: limit.as_millis() as u64,
                            },
                        });
                        break;
                    }
                    if !game.is_legal(&state, &mv, &mut legal) {
                        forfeit = Some(Forfeit {
                            seat,
                            step,
                            fault: Fault::Illegal(format!("{mv:?}")),
                        });
                        break;
                    }
                    if self.keep_steps {
                        steps.push(Step::Move {
                            seat,
                            mv: mv.clone(),
                        });
                    }
                    game.apply_move(&mut state, mv, &mut |e| collector.event(&e));
                    playout.decisions += 1;
                }
            }
            taken += 1;
        }
        let results = match &forfeit {
            Some(f) => Some(Results::forfeit(seats, f.seat)),
            None if playout.result.is_some() => game.results(&state),
            None => None,
        };
        if let Some(f) = &forfeit {
            playout.result = Some(if seats == 2 {
                tabula_core::GameResult::Win(1 - f.seat.min(1))
            } else {
                tabula_core::GameResult::Draw
            });
        }
        let mut panicked_after = Vec::new();
        for (seat, agent) in agents.iter_mut().enumerate() {
            if forfeit.as_ref().is_some_and(|f| f.seat == seat) {
                continue;
            }
            // A panic here comes after the result is settled: the game
            // stands, and the tournament drops the agent as after any panic.
            if let Err(message) = catch_quietly(|| agent.end_game(game, &state, seat)) {
                panicked_after.push((seat, message));
            }
        }
        collector.end_game(&playout, &state);
        Played {
            state,
            results,
            forfeit,
            time,
            calls,
            longest,
            chance_steps: playout.chance_steps,
            decisions: playout.decisions,
            steps,
            panicked_after,
        }
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
