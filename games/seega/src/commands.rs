//! Seega's own commands: `tabula tournament seega` (the seed's scoring)
//! and `tabula play seega`, beside the generic `replay` it registers in
//! the crate's root. Both run on the framework's services: the
//! tournament engine and terminal play.

use std::io::Write;

use clap::{Args, ValueEnum};
use tabula_app::play::RecordArgs;
use tabula_app::{Error, Io, Typed};
use tabula_core::Results;
use tabula_play::record::End;

use crate::rules::DEFAULT_STALEMATE;
use crate::{Rules, Seega, Side};

/// `tabula play seega`: you against an agent.
pub static PLAY: Typed<PlayArgs> = Typed::interactive(
    "play",
    "Seega (seed 004): you against an agent, on a board drawn with coordinates",
    play_terminal,
);

/// Board side and stalemate threshold.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Board side: odd, from 5 to 19.
    #[arg(long, default_value_t = 5)]
    pub size: usize,
    /// Moves without a capture that end the game (more pieces wins).
    #[arg(long, default_value_t = DEFAULT_STALEMATE)]
    pub stalemate: u32,
}

impl RulesArgs {
    fn game(&self, first: Side) -> Result<Seega, Error> {
        Ok(Seega::new(Rules::new(self.size, self.stalemate, first)?))
    }
}

/// Who places first in `tabula play seega`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You place first (and move second).
    #[default]
    You,
    /// The agent places first.
    Agent,
}

/// The side you play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// Black (B).
    #[default]
    Black,
    /// White (W).
    White,
}

/// Options of `tabula play seega`.
#[derive(Debug, Args)]
#[command(
    after_help = "You against an agent at the terminal. Squares are a column letter and a row number, like c3 (row 1 is the top row).\n\
Place with two squares (a1 b2), move with two squares (c2 c3), pass when you cannot move; help explains the rules and lists the legal moves, quit stops.\n\
Wrong input is explained and asked again; end of input stops the game cleanly.\n\
Example: tabula play seega --agent alphabeta --record games/"
)]
pub struct PlayArgs {
    /// The agent you play against (see `tabula list`).
    #[arg(long, default_value = "greedy")]
    pub agent: String,
    /// Board side and stalemate threshold.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Who places first.
    #[arg(long, value_enum, default_value_t)]
    pub first: First,
    /// The side you play.
    #[arg(long, value_enum, default_value_t)]
    pub side: SideArg,
    /// Seed of the agent's random choices; 0 picks one (and prints it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The game's record (finished or not).
    #[command(flatten)]
    pub record: RecordArgs,
}

/// Plays on the command's input and output: the framework's terminal loop
/// ([`tabula_app::play::play_keeping_record`]), with Seega's greeting and
/// verdict around it.
pub fn play_terminal(args: PlayArgs, io: &mut Io<'_>) -> Result<(), Error> {
    let human = match args.side {
        SideArg::Black => Side::Black,
        SideArg::White => Side::White,
    };
    let first = match args.first {
        First::You => human,
        First::Agent => human.other(),
    };
    let game = args.rules.game(first)?;
    // Fail on a bad name or an unusable record directory before the game
    // starts.
    let players = tabula_app::play::players(&game, &[human.seat()], &args.agent)?;
    args.record.prepare()?;
    // A closed output must not lose the record: the game stops at the
    // next question (no more input is read: no one sees the game), the
    // record of the moves so far is written, and the closed output is
    // reported then (which ends the program quietly).
    let closed = std::rc::Rc::new(std::cell::Cell::new(false));
    let mut out = Keep::new(&mut *io.out, closed.clone());
    let mut input = UntilClosed {
        inner: &mut *io.input,
        closed,
    };
    let seed = if args.seed == 0 {
        let s = tabula_core::fresh_seed();
        writeln!(
            out,
            "(seed {s}: --seed {s} makes the agent answer the same way again)"
        )?;
        s
    } else {
        args.seed
    };
    let rules = game.rules();
    writeln!(
        out,
        "Seega on a {0}x{0} board. You play {human} ({1}), {2} plays {3} ({4}). {5} first.\n\
         Each side has {6} pieces. The game ends at the stalemate threshold: {7} moves without a capture.\n\
         Type help for how to play, quit to stop.",
        rules.size(),
        human.symbol(),
        args.agent,
        human.other(),
        human.other().symbol(),
        if first == human {
            "You place".to_string()
        } else {
            format!("{} places", args.agent)
        },
        rules.pieces(),
        rules.stalemate(),
    )?;
    let played = tabula_app::play::play_keeping_record(
        &game,
        players,
        seed,
        &args.record,
        &mut Io {
            out: &mut out,
            input: &mut input,
        },
    )?;
    let verdict = match &played.end {
        End::Finished(results) | End::Forfeit { results, .. } => verdict(results, human),
        End::Capped | End::Stopped => Some("The game is unfinished."),
    };
    if let Some(verdict) = verdict {
        writeln!(out, "{verdict}")?;
    }
    out.flush()?;
    out.into_result()
}

/// Whether you won or lost (a draw was said already, by the framework's
/// account of the result).
fn verdict(results: &Results, human: Side) -> Option<&'static str> {
    let winners: Vec<_> = results.winners().collect();
    match winners.as_slice() {
        [one] if *one == human.seat() => Some("You win!"),
        [_] => Some("You lose."),
        _ => None,
    }
}

/// A writer that remembers its first error and swallows the rest, so a
/// game whose output closed still ends and keeps its record.
struct Keep<'a> {
    inner: &'a mut dyn Write,
    error: Option<std::io::Error>,
    /// Set at the first error, for [`UntilClosed`].
    closed: std::rc::Rc<std::cell::Cell<bool>>,
}

impl<'a> Keep<'a> {
    fn new(inner: &'a mut dyn Write, closed: std::rc::Rc<std::cell::Cell<bool>>) -> Keep<'a> {
        Keep {
            inner,
            error: None,
            closed,
        }
    }

    fn into_result(self) -> Result<(), Error> {
        self.error.map_or(Ok(()), |e| Err(e.into()))
    }
}

impl Write for Keep<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.error.is_none()
            && let Err(e) = self.inner.write_all(buf)
        {
            self.error = Some(e);
            self.closed.set(true);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.error.is_none()
            && let Err(e) = self.inner.flush()
        {
            self.error = Some(e);
            self.closed.set(true);
        }
        Ok(())
    }
}

/// The game's input, ended as soon as its output ([`Keep`]) fails: a
/// game no one sees stops at its next question instead of reading on
/// (`yes | tabula play seega | head -1` ends).
struct UntilClosed<'a> {
    inner: &'a mut dyn std::io::BufRead,
    closed: std::rc::Rc<std::cell::Cell<bool>>,
}

impl std::io::Read for UntilClosed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.closed.get() {
            return Ok(0);
        }
        self.inner.read(buf)
    }
}

impl std::io::BufRead for UntilClosed<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.closed.get() {
            return Ok(&[]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount)
    }
}
