//! Terminal play for any game: the game supplies move text and a board
//! rendering ([`Notation`]); [`play`] does the prompts, re-prompts on
//! garbage, end of input, and the moves of any agent, through the
//! framework's one game loop ([`tabula_sim::game_loop`]). A game that
//! looks and asks otherwise at the terminal (Chance-it's
//! specification 003 questions) gives its [`Look`] to [`play_with_look`]; the loop, the
//! players and the steps kept stay these.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};

use tabula_core::{Agent, BoardGame, GameRng, Results, Seat, Streams};
use tabula_sim::game_loop::{Decider, Ending, Lists, Observer, Paced, Pause, play_game};

use crate::legality::{CheckPath, Paths, PlayPaths};

use crate::record::{End, RecordOf, Recordable, Step};
use crate::referee::{Fault, Forfeit, catch_quietly};

pub use crate::look::{Look, Moves, Plain, Screen, Watch, describe};
pub use crate::notation::Notation;

/// Who sits in a seat at the terminal.
pub enum Occupant<G: BoardGame> {
    /// A person typing moves.
    Human,
    /// An agent, with the name it is shown under.
    Agent {
        /// The name shown ("greedy").
        name: String,
        /// The agent.
        agent: Box<dyn Agent<G>>,
    },
}

impl<G: BoardGame> Occupant<G> {
    /// The name a record gives this player.
    pub fn name(&self) -> String {
        match self {
            Occupant::Human => "you".to_string(),
            Occupant::Agent { name, .. } => name.clone(),
        }
    }
}

/// How a terminal game went: every step and how it ended (stopped, if a
/// player quit or input ended).
pub struct TerminalGame<G: BoardGame> {
    /// The final state.
    pub state: G::State,
    /// Every step, in order.
    pub steps: Vec<Step<G::Move, G::Outcome>>,
    /// How it ended.
    pub end: End,
}

/// Plays one game at the terminal: humans type their moves on `input`,
/// agents and chance move by themselves, and everything is written to
/// `out`. A human with only one legal move makes it without being asked. `quit` or the end of input stops the game cleanly; `help` lists
/// the legal moves. A move that does not parse or is not legal is
/// explained and asked again.
///
/// The game is played by the framework's one game loop
/// ([`tabula_sim::game_loop`]), the harness's, with the players as its
/// decider: with agents in every seat and the same seed, it is the game
/// [`tabula_sim::play_one`] and the referee play.
pub fn play<G>(
    game: &G,
    players: &mut [Occupant<G>],
    streams: &mut Streams,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<TerminalGame<G>>
where
    G: Notation,
    G::Move: PartialEq,
{
    play_with_look(game, players, streams, &mut Plain, input, out)
}

/// [`play`], shown and asked as `look` says (a game's own
/// [`Look`]): the same loop, players, chance and steps.
pub fn play_with_look<G>(
    game: &G,
    players: &mut [Occupant<G>],
    streams: &mut Streams,
    look: &mut dyn Look<G>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<TerminalGame<G>>
where
    G: Notation,
    G::Move: PartialEq,
{
    play_with_look_on(Paths::LISTED, game, players, streams, look, input, out)
}

/// [`play_with_look`], the game's chance played and every answer (a
/// person's and an agent's) checked by `paths`, the paths its
/// registration found ([`paths!`](crate::paths)): a game that samples
/// its chance or checks its moves itself is played so.
pub fn play_with_look_on<G, P>(
    paths: P,
    game: &G,
    players: &mut [Occupant<G>],
    streams: &mut Streams,
    look: &mut dyn Look<G>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<TerminalGame<G>>
where
    G: Notation,
    G::Move: PartialEq,
    P: PlayPaths<G>,
{
    let term = RefCell::new(Term {
        screen: Screen {
            out,
            input,
            shown: false,
        },
        look,
        error: None,
    });
    let mut seated = Seated {
        checks: paths,
        players,
        term: &term,
        legal: Vec::new(),
        scratch: Vec::new(),
    };
    let mut observer = Shown {
        game,
        term: &term,
        steps: Vec::new(),
    };
    let ended = play_game(
        game,
        &mut seated,
        &mut Paced::new(Paused { term: &term }, paths),
        streams,
        u32::MAX,
        &mut observer,
        &mut Lists::default(),
    );
    let steps = observer.steps;
    let state = ended.state;
    let Term {
        mut screen,
        look,
        error,
    } = term.into_inner();
    if let Some(e) = error {
        return Err(e);
    }
    let end = match ended.ending {
        Ending::Over(_) => {
            let results = game
                .results(&state)
                .unwrap_or_else(|| Results::draw(game.seats()));
            look.over(game, &state, &results, &mut screen)?;
            End::Finished(results)
        }
        Ending::NoOutcomes => {
            writeln!(
                screen.out,
                "The game lists no chance outcomes here; it stops."
            )?;
            End::Stopped
        }
        Ending::Capped => End::Capped,
        Ending::Stopped(Stop::Quit) => {
            look.stopped(game, &state, &mut screen)?;
            End::Stopped
        }
        Ending::Stopped(Stop::Forfeit(forfeit, results)) => End::Forfeit { forfeit, results },
        Ending::Stopped(Stop::Io(e)) => return Err(e),
    };
    screen.out.flush()?;
    Ok(TerminalGame { state, steps, end })
}

/// The terminal and its look, shared by the players (who are asked and
/// answer there), the chance (which may pause) and the account of the
/// steps.
struct Term<'o, G: Notation>
where
    G::Move: PartialEq,
{
    screen: Screen<'o>,
    look: &'o mut dyn Look<G>,
    /// The first error writing the account of a step.
    error: Option<io::Error>,
}

/// Why a game at the terminal stopped before its end.
enum Stop {
    /// A human quit, or the input ended.
    Quit,
    /// An agent forfeited.
    Forfeit(Forfeit, Results),
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Io(e)
    }
}

/// The terminal's decider: the players in their seats.
struct Seated<'p, 'o, G: Notation, K>
where
    G::Move: PartialEq,
{
    /// How answers are checked.
    checks: K,
    players: &'p mut [Occupant<G>],
    term: &'p RefCell<Term<'o, G>>,
    legal: Vec<G::Move>,
    /// For `is_legal`, which the referee uses too: a game with continuous
    /// moves lists none and tests each answer directly.
    scratch: Vec<G::Move>,
}

impl<G, K> Decider<G> for Seated<'_, '_, G, K>
where
    G: Notation,
    G::Move: PartialEq,
    K: CheckPath<G>,
{
    type Stop = Stop;

    fn new_game(&mut self, game: &G) -> Result<(), Stop> {
        for (seat, p) in self.players.iter_mut().enumerate() {
            if let Occupant::Agent { agent, .. } = p {
                agent.new_game(game, seat);
            }
        }
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
    ) -> Result<G::Move, Stop> {
        let mut term = self.term.borrow_mut();
        let Term { screen, look, .. } = &mut *term;
        let legal = &mut self.legal;
        legal.clear();
        game.legal_moves(state, legal);
        let name = game.seat_name(seat);
        match self.players.get_mut(seat) {
            None | Some(Occupant::Human) if legal.len() == 1 => {
                // Nothing to decide: the only legal move is made.
                let mv = legal[0].clone();
                writeln!(
                    screen.out,
                    "{name}: {} (the only legal move)",
                    game.format_move(state, &mv)
                )?;
                Ok(mv)
            }
            None | Some(Occupant::Human) => {
                let checks = self.checks;
                let test = |mv: &G::Move| checks.is_legal(game, state, mv, &mut Vec::new());
                match look.ask(game, state, seat, &Moves::new(legal, &test), screen)? {
                    Some(mv) => Ok(mv),
                    None => Err(Stop::Quit),
                }
            }
            Some(Occupant::Agent { name: who, agent }) => {
                let answer = catch_quietly(|| agent.choose_with(game, state, seat, rng, moves));
                let fault = match &answer {
                    Err(message) => Some(Fault::Panic(message.clone())),
                    Ok(mv) if !self.checks.is_legal(game, state, mv, &mut self.scratch) => {
                        Some(Fault::Illegal(format!("{mv:?}")))
                    }
                    Ok(_) => None,
                };
                if let Some(fault) = fault {
                    writeln!(screen.out, "{name} ({who}) forfeits: {fault}.")?;
                    let results = Results::forfeit(game.seats(), seat);
                    writeln!(screen.out, "{}", describe(game, &results))?;
                    let forfeit = Forfeit {
                        seat,
                        step: step as usize,
                        fault,
                    };
                    return Err(Stop::Forfeit(forfeit, results));
                }
                let Ok(mv) = answer else { unreachable_move()? };
                look.agent_moved(game, state, seat, who, &mv, screen)?;
                screen.shown = false;
                Ok(mv)
            }
        }
    }

    fn end_game(&mut self, game: &G, state: &G::State, _: Option<&Stop>) {
        for (seat, p) in self.players.iter_mut().enumerate() {
            if let Occupant::Agent { agent, .. } = p {
                let _ = catch_quietly(|| agent.end_game(game, state, seat));
            }
        }
    }
}

/// The terminal's pause before each chance outcome: the look's
/// ([`Look::before_chance`]), with the dice ([`Paced`]) around it.
struct Paused<'t, 'o, G: Notation>
where
    G::Move: PartialEq,
{
    term: &'t RefCell<Term<'o, G>>,
}

impl<G> Pause<G, Stop> for Paused<'_, '_, G>
where
    G: Notation,
    G::Move: PartialEq,
{
    fn pause(&mut self, game: &G, state: &G::State) -> Result<(), Stop> {
        let mut term = self.term.borrow_mut();
        let Term { screen, look, .. } = &mut *term;
        if !look.before_chance(game, state, screen)? {
            return Err(Stop::Quit);
        }
        Ok(())
    }
}

/// The terminal's observer: each chance outcome and event shown as the
/// look says, every step kept.
struct Shown<'s, 'o, G: Notation>
where
    G::Move: PartialEq,
{
    game: &'s G,
    term: &'s RefCell<Term<'o, G>>,
    steps: Vec<Step<G::Move, G::Outcome>>,
}

impl<G> Observer<G> for Shown<'_, '_, G>
where
    G: Notation,
    G::Move: PartialEq,
{
    fn wants_steps(&self) -> bool {
        true
    }
    fn chance(&mut self, game: &G, state: &G::State, outcome: &G::Outcome) {
        let mut term = self.term.borrow_mut();
        let Term {
            screen,
            look,
            error,
        } = &mut *term;
        if error.is_none()
            && let Err(e) = look.chance(game, state, outcome, screen)
        {
            *error = Some(e);
        }
        screen.shown = false;
        self.steps.push(Step::Chance(*outcome));
    }
    fn decision(&mut self, _: &G, _: &G::State, seat: Seat, mv: &G::Move) {
        self.steps.push(Step::Move {
            seat,
            mv: mv.clone(),
        });
    }
    fn event(&mut self, event: &G::Event) {
        let mut term = self.term.borrow_mut();
        let Term {
            screen,
            look,
            error,
        } = &mut *term;
        if error.is_none()
            && let Err(e) = look.event(self.game, event, screen)
        {
            *error = Some(e);
        }
    }
}

fn unreachable_move<T>() -> io::Result<T> {
    Err(io::Error::other("an agent's answer was lost"))
}

/// Builds the record of a game played at the terminal
/// ([`play`]).
pub fn of_terminal<G: Recordable>(
    game: &G,
    seed: u64,
    index: u64,
    players: Vec<String>,
    played: &TerminalGame<G>,
) -> RecordOf<G> {
    crate::record::Record::of(
        game,
        seed,
        index,
        players,
        played.steps.clone(),
        played.end.clone(),
    )
}
