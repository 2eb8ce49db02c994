//! Verbs are plugins: [`VerbEntry`], submitted with
//! [`inventory`], for the generic verbs (`simulate`, `analyze`,
//! `tournament`, `play`, `replay`, from `tabula-verbs`), a verb from any
//! other crate, and a game's own verbs (`bearoff`, `race`), all the same
//! way. A generic verb applies to every registered game it
//! [decides](Verb::applies) it can run, through the game's
//! [`GameKind`] services; a game's own verb names its game.
//!
//! ```
//! use tabula_registry::args::Arguments;
//! use tabula_registry::{Error, GameKind, Io, Kind, Report, Verb, VerbEntry};
//! use tabula_registry::args::Values;
//!
//! /// `tabula seats GAME`: how many seats the game has.
//! struct Seats;
//!
//! impl Verb for Seats {
//!     fn kind(&self, _: &dyn GameKind) -> Kind {
//!         Kind::Interactive
//!     }
//!     fn arguments(&self, game: &dyn GameKind) -> Arguments {
//!         tabula_registry::game_parameters(Arguments::new(), game.parameters())
//!     }
//!     fn run(&self, game: &dyn GameKind, values: &Values, io: &mut Io<'_>)
//!         -> Result<Option<Box<dyn Report>>, Error> {
//!         let variant = game.variant(values)?;
//!         writeln!(io.out, "{}: {} seats", variant.info()?.spec, variant.seats())?;
//!         Ok(None)
//!     }
//! }
//!
//! tabula_registry::inventory::submit! {
//!     VerbEntry { name: "seats", about: "Say how many seats a game has", game: None, place: 90, verb: &Seats }
//! }
//! ```

use crate::args::{Arguments, FromArgs, Values};
use crate::kind::GameKind;
use crate::{Command, Error, Io, Kind, Report, Typed};

/// One verb, behind a `&dyn`: whether it applies to a game, its
/// options for it, and how it runs on it.
pub trait Verb: Sync {
    /// Whether it runs this game (from the game's
    /// [capabilities](GameKind::capabilities)). The default: every game.
    fn applies(&self, game: &dyn GameKind) -> bool {
        let _ = game;
        true
    }

    /// The game's line in the verb's list of games. The default is the
    /// game's own for the verb ([`GameKind::about`]).
    fn about(&self, game: &dyn GameKind, verb: &str) -> &'static str {
        game.about(verb)
    }

    /// Whether it returns a report (with pictures) or talks to the user.
    fn kind(&self, game: &dyn GameKind) -> Kind;

    /// Its options for this game, as data (the game's own added: see
    /// [`GameKind::options`]).
    fn arguments(&self, game: &dyn GameKind) -> Arguments;

    /// Runs it on the game with the values a front end parsed for its
    /// arguments: `Some` report for [`Kind::Report`], `None` otherwise.
    fn run(
        &self,
        game: &dyn GameKind,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error>;
}

/// A registered verb.
pub struct VerbEntry {
    /// The verb, as typed (`tabula NAME GAME`).
    pub name: &'static str,
    /// One line for `tabula --help`.
    pub about: &'static str,
    /// The game whose own verb it is; `None` for a verb of every game it
    /// applies to.
    pub game: Option<&'static str>,
    /// Its place in lists of verbs (`tabula list`, `--help`): lower
    /// first; the generic verbs are 10 to 50, a game's own are 60.
    pub place: u32,
    /// What it does.
    pub verb: &'static dyn Verb,
}

impl std::fmt::Debug for VerbEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VerbEntry")
            .field("name", &self.name)
            .field("game", &self.game)
            .field("place", &self.place)
            .finish()
    }
}

inventory::collect!(VerbEntry);

/// Every registered verb, by place, then name.
pub fn verbs() -> Vec<&'static VerbEntry> {
    let mut all: Vec<&'static VerbEntry> = inventory::iter::<VerbEntry>.into_iter().collect();
    all.sort_by_key(|v| (v.place, v.name));
    all
}

/// A game's own verb registered as a [`Typed`] command: it ignores the
/// game's services, and runs with its typed arguments.
impl<A: FromArgs> Verb for Typed<A> {
    fn about(&self, _: &dyn GameKind, _: &str) -> &'static str {
        Command::about(self)
    }

    fn kind(&self, _: &dyn GameKind) -> Kind {
        Command::kind(self)
    }

    fn arguments(&self, _: &dyn GameKind) -> Arguments {
        Command::arguments(self)
    }

    fn run(
        &self,
        _: &dyn GameKind,
        values: &Values,
        io: &mut Io<'_>,
    ) -> Result<Option<Box<dyn Report>>, Error> {
        Command::run(self, values, io)
    }
}

/// A verb bound to a game: the [`Command`] a front end runs.
pub(crate) struct Bound {
    pub entry: &'static VerbEntry,
    pub game: &'static dyn GameKind,
}

impl Command for Bound {
    fn verb(&self) -> &'static str {
        self.entry.name
    }

    fn about(&self) -> &'static str {
        self.entry.verb.about(self.game, self.entry.name)
    }

    fn kind(&self) -> Kind {
        self.entry.verb.kind(self.game)
    }

    fn arguments(&self) -> Arguments {
        self.entry.verb.arguments(self.game)
    }

    fn run(&self, values: &Values, io: &mut Io<'_>) -> Result<Option<Box<dyn Report>>, Error> {
        self.entry.verb.run(self.game, values, io)
    }
}
