//! [`Command`]: one thing a game can do, with its arguments and help.

use std::io::{BufRead, Write};

use crate::args::{Arguments, FromArgs, Values};
use crate::{Error, Report};

/// How a front end runs a command and shows its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Returns a [`Report`]; the front end adds `--format`, and with
    /// `pictures` also `--plot DIR` and `--report FILE`.
    Report {
        /// Whether the report has pictures (described as data; the front end draws them).
        pictures: bool,
    },
    /// Talks to the user or writes as it goes (play, replay): it writes to
    /// [`Io::out`] and reads [`Io::input`] itself.
    Interactive,
}

/// Where a command reads and writes, and what the front end tells it of
/// a split run. The `tabula` binary passes its standard input and output;
/// tests pass buffers.
pub struct Io<'a> {
    /// The command's output.
    pub out: &'a mut dyn Write,
    /// The command's input (for interactive commands).
    pub input: &'a mut dyn BufRead,
    /// The run's part, or the parts to merge: the front end fills it in
    /// ([`ShardContext::playing`](crate::shard::ShardContext::playing),
    /// [`ShardContext::merging`](crate::shard::ShardContext::merging)); a
    /// command hands it to [`shard::simulation`](crate::shard::simulation)
    /// or a tournament.
    pub shard: crate::shard::ShardContext,
    /// The front end's progress display: long runs and solves tell it
    /// how far they have come, and [notes](Io::note) go to it. The
    /// `tabula` command line shows a bar or lines on stderr (frequent
    /// lines for `tabula serve`'s forms); [`Io::new`] sets
    /// [`Silent`](crate::progress::Silent), which shows nothing.
    pub progress: std::sync::Arc<dyn crate::progress::Meter>,
}

impl<'a> Io<'a> {
    /// Output and input for a command that is not part of a split run.
    pub fn new(out: &'a mut dyn Write, input: &'a mut dyn BufRead) -> Io<'a> {
        Io {
            out,
            input,
            shard: crate::shard::ShardContext::default(),
            progress: crate::progress::silent(),
        }
    }

    /// Says `line` to the person running the command, beside its output
    /// (`Record written to game.json.`): the front end shows it (the
    /// `tabula` command line on stderr), a run with no display drops it.
    pub fn note(&self, line: &str) {
        self.progress.note(line);
    }
}

/// One command of a game, behind a `&dyn`: its verb, help, arguments and
/// how to run it. Register [`Typed`] values; implement this trait directly
/// only to declare arguments other than by a [`FromArgs`] type.
pub trait Command: Sync {
    /// The verb: `simulate`, `analyze`, `tournament`, `play`, `replay`, or
    /// one of the game's own.
    fn verb(&self) -> &'static str;

    /// One line for the verb's list of games ("Coin race: the winner's
    /// chance by simulation").
    fn about(&self) -> &'static str;

    /// Whether it returns a report or talks to the user.
    fn kind(&self) -> Kind;

    /// The command's arguments, as data (and any text after them in its
    /// help). The front end adds `--format` to every [`Kind::Report`]
    /// command, and `--plot` and `--report` to those with pictures:
    /// these names are reserved.
    fn arguments(&self) -> Arguments;

    /// Runs the command with the values the front end parsed for its
    /// [`arguments`](Self::arguments). A [`Kind::Report`] command returns
    /// `Some` report; an interactive one `None`.
    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error>;
}

/// A command function that returns a report.
pub type RunReport<A> = fn(A, &mut Io<'_>) -> Result<Box<dyn Report>, Error>;

/// A command function that talks to the user.
pub type RunInteractive<A> = fn(A, &mut Io<'_>) -> Result<(), Error>;

enum Run<A> {
    Report(RunReport<A>),
    Interactive(RunInteractive<A>),
}

/// A [`Command`] whose arguments are a [`FromArgs`] type `A` (declared
/// with [`arguments!`](crate::arguments)), run by a plain function of
/// `A`: how a game registers a command.
///
/// ```
/// use tabula_registry::args::{Source, Values};
/// use tabula_registry::{Command, Io, Typed};
///
/// tabula_registry::arguments! {
///     struct Hello {
///         /// Who to greet.
///         #[arg(long, default_value = "world")]
///         name: String,
///     }
/// }
///
/// fn hello(args: Hello, io: &mut Io<'_>) -> Result<(), tabula_registry::Error> {
///     writeln!(io.out, "hello, {}", args.name)?;
///     Ok(())
/// }
///
/// static HELLO: Typed<Hello> = Typed::interactive("greet", "Say hello", hello);
/// assert_eq!(HELLO.verb(), "greet");
///
/// // What a front end parsed from `greet --name you`:
/// let mut values = Values::defaults(&HELLO.arguments());
/// values.set("name", ["you"], Source::Given);
/// let (mut out, mut input) = (Vec::new(), std::io::empty());
/// HELLO.run(&values, &mut Io::new(&mut out, &mut input))?;
/// assert_eq!(String::from_utf8(out)?, "hello, you\n");
/// # Ok::<_, tabula_registry::Error>(())
/// ```
pub struct Typed<A> {
    verb: &'static str,
    about: &'static str,
    pictures: bool,
    run: Run<A>,
}

impl<A> Typed<A> {
    /// A command that returns a report.
    pub const fn report(verb: &'static str, about: &'static str, run: RunReport<A>) -> Self {
        Typed {
            verb,
            about,
            pictures: false,
            run: Run::Report(run),
        }
    }

    /// A command that talks to the user or writes as it goes.
    pub const fn interactive(
        verb: &'static str,
        about: &'static str,
        run: RunInteractive<A>,
    ) -> Self {
        Typed {
            verb,
            about,
            pictures: false,
            run: Run::Interactive(run),
        }
    }

    /// Its reports have pictures: the front end offers `--plot` and
    /// `--report`.
    pub const fn with_pictures(mut self) -> Self {
        self.pictures = true;
        self
    }
}

impl<A: FromArgs> Command for Typed<A> {
    fn verb(&self) -> &'static str {
        self.verb
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn kind(&self) -> Kind {
        match self.run {
            Run::Report(_) => Kind::Report {
                pictures: self.pictures,
            },
            Run::Interactive(_) => Kind::Interactive,
        }
    }

    fn arguments(&self) -> Arguments {
        A::arguments()
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        let args = A::from_values(values)?;
        match self.run {
            Run::Report(run) => run(args, io).map(Some),
            Run::Interactive(run) => run(args, io).map(|()| None),
        }
    }
}
