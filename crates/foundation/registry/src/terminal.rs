//! One game at the terminal, for a game with a notation: the seats'
//! agents built, the game's look ([`TerminalLook`], registered with
//! [`GameBuilder::look`](crate::GameBuilder::look)) asked first, the game
//! played and its record kept.

use std::any::Any;
use std::io::Write as _;

use tabula_play::terminal::{Look, Notation, Occupant, TerminalGame};

use crate::args::Values;
use crate::keep::Keep;
use crate::kind::{Asked, PlayTable, Rules};
use crate::play::RecordArgs;
use crate::{Error, Io};

/// How the game looks and asks during `play`.
pub type LookFn<G> = fn(&G) -> Box<dyn Look<G>>;
/// Asks at the terminal before a game what the options leave open.
pub type AskFn<G> = fn(&G, &Values, &mut PlayTable, &mut Io<'_>) -> Result<Asked, Error>;
/// What `play` says first: the seats' players, the seed, whether it was
/// picked.
pub type OpeningFn<G> = fn(&G, &[String], u64, bool) -> String;
/// What `play` says after the game.
pub type VerdictFn<G> = fn(&G, &[String], &TerminalGame<G>) -> String;
/// How a game looks and talks at the terminal in `play`
/// ([`GameBuilder::look`](crate::GameBuilder::look)); what it leaves out is the generic terminal's.
pub struct TerminalLook<G>
where
    G: Notation,
    G::Move: PartialEq,
{
    /// How the game looks and asks during play (Chance-it's questions,
    /// transcript and score table); the default is
    /// [`Plain`](tabula_play::terminal::Plain).
    pub look: Option<LookFn<G>>,
    /// Asks, before the game, what the options leave open (a seed, an
    /// opponent), and says what comes first; may change the table.
    pub ask: Option<AskFn<G>>,
    /// What to say first, in place of the generic line (`SPEC: O is you,
    /// X is type1. Seed N plays this game again; ...`): the seats'
    /// players, the seed, whether `play` picked it.
    pub opening: Option<OpeningFn<G>>,
    /// What to say after the opening line (the board, the sides).
    pub greeting: Option<fn(&G, &[String]) -> String>,
    /// What to say after the game, after its result and record.
    pub verdict: Option<VerdictFn<G>>,
}

impl<G> Default for TerminalLook<G>
where
    G: Notation,
    G::Move: PartialEq,
{
    fn default() -> Self {
        TerminalLook {
            look: None,
            ask: None,
            opening: None,
            greeting: None,
            verdict: None,
        }
    }
}

/// What the play of one game needs of its variant.
pub(crate) struct PlayCall<'a, G> {
    /// The game.
    pub game: &'a G,
    /// Its spec string.
    pub spec: String,
    /// Whether chance decides every step (no agents).
    pub chance_alone: bool,
    /// Its registered look, a [`TerminalLook<G>`].
    pub look: Option<&'a (dyn Any + Send + Sync)>,
}

/// Plays one game of `v` at the terminal as `table` says.
pub(crate) fn play<G, P>(
    v: PlayCall<'_, G>,
    table: PlayTable,
    record: &RecordArgs,
    values: &Values,
    io: &mut Io<'_>,
) -> Result<(), Error>
where
    G: Rules + Notation,
    G::Move: PartialEq,
    P: tabula_play::PlayPaths<G> + Default,
{
    let game = v.game;
    let spec = v.spec;
    if v.chance_alone {
        // Chance decides every step: nobody is asked anything.
        record.prepare()?;
        writeln!(
            io.out,
            "{spec}: chance decides every step. Seed {} plays this game again.",
            table.seed
        )?;
        // Nobody sits at the table: the record names no players, and the
        // watcher sees the position between the steps.
        crate::play::play_keeping_record_with(
            P::default(),
            game,
            Vec::new(),
            table.seed,
            record,
            &mut tabula_play::terminal::Watch,
            io,
        )?;
        return Ok(());
    }
    let plain = TerminalLook::default();
    let look_of = v
        .look
        .and_then(|l| l.downcast_ref::<TerminalLook<G>>())
        .unwrap_or(&plain);
    let occupant = |name: &String| -> Result<Occupant<G>, Error> {
        Ok(if name == "you" {
            Occupant::Human
        } else {
            Occupant::Agent {
                name: name.clone(),
                agent: tabula_play::agents::build(game, name)?,
            }
        })
    };
    let names = table.seats.clone();
    let mut players = names
        .iter()
        .map(occupant)
        .collect::<Result<Vec<Occupant<G>>, Error>>()?;
    record.prepare()?;
    let (mut out, mut input) = Keep::new(&mut *io.out, &mut *io.input);
    let mut table = table;
    let mut look: Box<dyn tabula_play::terminal::Look<G>> = match look_of.look {
        Some(look) => look(game),
        None => Box::new(tabula_play::terminal::Plain),
    };
    if let Some(ask) = look_of.ask {
        let asked = ask(game, values, &mut table, &mut Io::new(&mut out, &mut input))?;
        if asked == Asked::Stopped {
            out.flush()?;
            out.into_result()?;
            return Ok(());
        }
    }
    if table.seats.len() != names.len() {
        return Err(format!(
            "{}: the game asked for {} seats, not {}",
            G::NAME,
            table.seats.len(),
            names.len()
        )
        .into());
    }
    for (seat, name) in table.seats.iter().enumerate() {
        if *name != names[seat] {
            players[seat] = occupant(name)?;
        }
    }
    let PlayTable {
        seats: names,
        seed,
        picked,
    } = table;
    match look_of.opening {
        Some(opening) => write!(out, "{}", opening(game, &names, seed, picked))?,
        None => writeln!(
            out,
            "{spec}: {}. Seed {seed} plays this game again; type help for the moves.",
            names
                .iter()
                .enumerate()
                .map(|(s, n)| format!("{} is {n}", game.seat_name(s)))
                .collect::<Vec<_>>()
                .join(", ")
        )?,
    }
    if let Some(greeting) = look_of.greeting {
        write!(out, "{}", greeting(game, &names))?;
    }
    let played = crate::play::play_keeping_record_with(
        P::default(),
        game,
        players,
        seed,
        record,
        &mut *look,
        &mut Io::new(&mut out, &mut input),
    )?;
    if let Some(verdict) = look_of.verdict {
        write!(out, "{}", verdict(game, &names, &played))?;
    }
    out.flush()?;
    out.into_result()?;
    Ok(())
}
