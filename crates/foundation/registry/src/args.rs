//! A command's arguments as data: what each option is called, what it
//! takes, its help and default, and the values a front end parsed for
//! it. This crate declares arguments and reads values; it parses no
//! command line. The `tabula` command line turns an [`Arguments`] into
//! its parser (and its `--help`), and hands the command back the
//! [`Values`] it parsed; `tabula serve` builds its forms from the same
//! data.
//!
//! A command's options are a struct declared with [`arguments!`](crate::arguments):
//! each field's doc comment is its help, its `#[arg(...)]` its flag and
//! default, its type what it takes (`bool` a flag, `Option<T>` an
//! optional value, `Vec<T>` a list, any other [`Scalar`] a value).
//!
//! ```
//! use tabula_registry::args::{FromArgs, Source, Values};
//!
//! tabula_registry::arguments! {
//!     /// Options of a greeting.
//!     pub struct Hello {
//!         /// Who to greet.
//!         #[arg(long, default_value = "world")]
//!         pub name: String,
//!         /// How many times.
//!         #[arg(long, default_value_t = 1, range = 1..=10)]
//!         pub times: u8,
//!         /// Shout it.
//!         #[arg(long)]
//!         pub loud: bool,
//!     }
//! }
//!
//! let declared = Hello::arguments();
//! assert_eq!(declared.get("name").and_then(|a| a.long.as_deref()), Some("name"));
//! // What a front end parsed from `--times 3`:
//! let mut values = Values::defaults(&declared);
//! values.set("times", ["3"], Source::Given);
//! let hello = Hello::from_values(&values)?;
//! assert_eq!((hello.name.as_str(), hello.times, hello.loud), ("world", 3, false));
//! # Ok::<_, tabula_registry::args::ArgError>(())
//! ```

use std::fmt;
use std::ops::Bound;

mod check;
mod form;
pub use check::{FormError, ValueError};
use std::path::PathBuf;
use std::str::FromStr;

/// How an option stores what it is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A flag: present or not, no value (`--exact`).
    Flag,
    /// One occurrence with its value(s); given twice is an error.
    Set,
    /// Values added at each occurrence (`--agents a --agents b`).
    Append,
}

/// The integer types an option checks its value against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Int {
    /// `u8`.
    U8,
    /// `u16`.
    U16,
    /// `u32`.
    U32,
    /// `u64`.
    U64,
}

/// One value a [`ValueKind::Choice`] option takes, with its help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Possible {
    /// What is typed (`time-penalty`).
    pub name: String,
    /// What it means (none: empty).
    pub help: String,
}

/// What an option's value is: how a front end checks it before the
/// command reads it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum ValueKind {
    /// Any text.
    Text,
    /// A path.
    Path,
    /// An integer of the type, within the argument's
    /// [`range`](Arg::range) if it has one (else the type's own).
    Int(Int),
    /// One of these values.
    Choice(Vec<Possible>),
    /// Text that `check` accepts (its error is the message).
    Checked(fn(&str) -> Result<(), String>),
    /// Agents of the game, by name: a pick list for a form (each agent's
    /// name, with `-` and its parameter's placeholder if it takes one,
    /// `hold-at-N`, and its summary). Any text is taken: the verb checks
    /// the names when it builds the agents, and says what is wrong.
    Agents(Vec<Possible>),
}

/// One argument of a command: an option (`--games N`), a flag
/// (`--exact`) or a positional value (`FILE`). The fields say what the
/// code of tabula's commands uses; the builder methods are named as
/// clap's.
#[derive(Clone, Debug)]
pub struct Arg {
    /// The name its value is read under (`max_states`).
    pub id: String,
    /// The long flag, without `--` (`max-states`); none for a positional.
    pub long: Option<String>,
    /// The short flag.
    pub short: Option<char>,
    /// Other long names that work, not shown.
    pub aliases: Vec<String>,
    /// Other long names that work, shown in the help.
    pub visible_aliases: Vec<String>,
    /// One line of help.
    pub help: Option<String>,
    /// Help for `--help`, where longer than [`help`](Self::help).
    pub long_help: Option<String>,
    /// The value's name in the help (`<N>`).
    pub value_name: Option<String>,
    /// The value when none is given.
    pub default: Option<String>,
    /// Whether the help leaves the default out.
    pub hide_default: bool,
    /// What the value is.
    pub kind: ValueKind,
    /// The bounds of an integer value, if narrower than its type's.
    pub range: Option<(Bound<u64>, Bound<u64>)>,
    /// How it stores its values.
    pub action: Action,
    /// Splits one value at this character (`a,b`).
    pub delimiter: Option<char>,
    /// Takes every value up to the next option (`--agents a b`).
    pub many: bool,
    /// With [`many`](Self::many): the fewest values an occurrence takes
    /// (`num_args = 2..`: 2).
    pub fewest: usize,
    /// Must be given.
    pub required: bool,
    /// Not shown in the help.
    pub hidden: bool,
    /// Ids of the arguments it cannot be given with.
    pub conflicts: Vec<String>,
    /// Ids of the arguments it needs.
    pub requires: Vec<String>,
    /// The help's heading it is listed under.
    pub heading: Option<String>,
    /// The set of options it belongs to, for a form ("Record"); its
    /// heading's where it has one (see [`Arg::group_name`]).
    pub group: Option<String>,
    /// What a form calls it, in words ("Games per pairing"); made from
    /// its help where none is given (see [`Arg::label_text`]).
    pub label: Option<String>,
    /// Values a form offers in a menu where its [`kind`](Self::kind)
    /// lists none: a game parameter's choices, which the game checks (on
    /// the command line as in a form). See [`Arg::menu_values`].
    pub menu: Vec<Possible>,
    /// Its place in the help among the options: the order they were
    /// added to the command in, kept when [`Arguments::mut_arg`] moves
    /// it (positional arguments have none: they come in order).
    pub display_order: Option<usize>,
}

impl Arg {
    /// A positional text argument named `id` (give it a [`long`](Self::long)
    /// to make it an option).
    pub fn new(id: impl Into<String>) -> Arg {
        Arg {
            id: id.into(),
            long: None,
            short: None,
            aliases: Vec::new(),
            visible_aliases: Vec::new(),
            help: None,
            long_help: None,
            value_name: None,
            default: None,
            hide_default: false,
            kind: ValueKind::Text,
            range: None,
            action: Action::Set,
            delimiter: None,
            many: false,
            fewest: 1,
            required: false,
            hidden: false,
            conflicts: Vec::new(),
            requires: Vec::new(),
            heading: None,
            group: None,
            label: None,
            menu: Vec::new(),
            display_order: None,
        }
    }

    /// Whether it is positional (no flag).
    pub fn is_positional(&self) -> bool {
        self.long.is_none() && self.short.is_none()
    }

    /// Whether it takes a value (not a flag).
    pub fn takes_value(&self) -> bool {
        self.action != Action::Flag
    }

    /// Its long flag.
    pub fn long(mut self, long: impl Into<String>) -> Arg {
        self.long = Some(long.into());
        self
    }

    /// Its long flag: its id with `-` for `_` (what `#[arg(long)]` says).
    pub fn long_from_id(self) -> Arg {
        let long = self.id.replace('_', "-");
        self.long(long)
    }

    /// Its short flag.
    pub fn short(mut self, short: char) -> Arg {
        self.short = Some(short);
        self
    }

    /// Another long name that works, not shown; `None` removes them all.
    pub fn alias(mut self, alias: impl Into<Option<&'static str>>) -> Arg {
        match alias.into() {
            Some(a) => self.aliases.push(a.to_string()),
            None => self.aliases.clear(),
        }
        self
    }

    /// Another long name that works, shown in the help.
    pub fn visible_alias(mut self, alias: impl Into<String>) -> Arg {
        self.visible_aliases.push(alias.into());
        self
    }

    /// Its help.
    pub fn help(mut self, help: impl Into<String>) -> Arg {
        self.help = Some(help.into());
        self
    }

    /// Its help for `--help`.
    pub fn long_help(mut self, help: impl Into<String>) -> Arg {
        self.long_help = Some(help.into());
        self
    }

    /// Its help and long help from doc-comment lines, as clap's derive
    /// reads a doc comment: the first paragraph, lines joined and its
    /// last full stop dropped, is the help; with more paragraphs, all of
    /// them are the long help.
    pub fn doc(mut self, lines: &[&str]) -> Arg {
        let (help, long) = doc_help(lines);
        self.help = help;
        self.long_help = long;
        self
    }

    /// Its value's name in the help.
    pub fn value_name(mut self, name: impl Into<String>) -> Arg {
        self.value_name = Some(name.into());
        self
    }

    /// Its default, as text.
    pub fn default_value(mut self, value: impl Into<String>) -> Arg {
        self.default = Some(value.into());
        self.required = false;
        self
    }

    /// No default: without a value it has none.
    pub fn no_default_value(mut self) -> Arg {
        self.default = None;
        self
    }

    /// Its default, as the value shows itself.
    pub fn default_value_t(self, value: impl fmt::Display) -> Arg {
        self.default_value(value.to_string())
    }

    /// Whether the help leaves the default out.
    pub fn hide_default_value(mut self, hide: bool) -> Arg {
        self.hide_default = hide;
        self
    }

    /// What its value is.
    pub fn kind(mut self, kind: ValueKind) -> Arg {
        self.kind = kind;
        self
    }

    /// Its value is one of `names`.
    pub fn choices<const N: usize>(self, names: [&str; N]) -> Arg {
        self.kind(ValueKind::Choice(
            names
                .iter()
                .map(|n| Possible {
                    name: n.to_string(),
                    help: String::new(),
                })
                .collect(),
        ))
    }

    /// A form offers `names` in a menu; the check stays its kind's (a
    /// game parameter's choices, which the game checks).
    pub fn menu<'a>(mut self, names: impl IntoIterator<Item = &'a str>) -> Arg {
        self.menu = names
            .into_iter()
            .map(|n| Possible {
                name: n.to_string(),
                help: String::new(),
            })
            .collect();
        self
    }

    /// Its values name agents of a game: `agents` as
    /// [`GameKind::agents`](crate::GameKind::agents) lists them (name,
    /// parameter placeholder, summary), for a pick list.
    pub fn agents(self, agents: Vec<(&'static str, Option<&'static str>, &'static str)>) -> Arg {
        self.kind(ValueKind::Agents(
            agents
                .into_iter()
                .map(|(name, parameter, summary)| Possible {
                    name: match parameter {
                        Some(p) => format!("{name}-{p}"),
                        None => name.to_string(),
                    },
                    help: summary.to_string(),
                })
                .collect(),
        ))
    }

    /// Its value is a `T` (an integer, a path, a choice, ...).
    pub fn of<T: Scalar>(mut self) -> Arg {
        self.kind = T::kind();
        self
    }

    /// Keeps its integer value within `range`. Only whole-number values
    /// (`u8` to `u64`) take a range: the command line refuses a command
    /// that gives one to any other value
    /// ([`AppError::RangeNotWhole`](crate::AppError::RangeNotWhole)).
    pub fn range(mut self, range: impl std::ops::RangeBounds<u64>) -> Arg {
        self.range = Some((range.start_bound().cloned(), range.end_bound().cloned()));
        self
    }

    /// How it stores its values.
    pub fn action(mut self, action: Action) -> Arg {
        self.action = action;
        self
    }

    /// A flag, present or not.
    pub fn flag(self) -> Arg {
        self.action(Action::Flag)
    }

    /// Splits one value at `delimiter`.
    pub fn value_delimiter(mut self, delimiter: char) -> Arg {
        self.delimiter = Some(delimiter);
        self
    }

    /// Takes `fewest..` values at each occurrence (`num_args = 1..`).
    pub fn num_args(mut self, fewest: std::ops::RangeFrom<usize>) -> Arg {
        self.many = true;
        self.fewest = fewest.start;
        self
    }

    /// Whether it must be given.
    pub fn required(mut self, required: bool) -> Arg {
        self.required = required;
        self
    }

    /// Whether the help hides it.
    pub fn hide(mut self, hide: bool) -> Arg {
        self.hidden = hide;
        self
    }

    /// It cannot be given with the argument `id`.
    pub fn conflicts_with(mut self, id: impl Into<String>) -> Arg {
        self.conflicts.push(id.into());
        self
    }

    /// It cannot be given with any of `ids`.
    pub fn conflicts_with_all<const N: usize>(mut self, ids: [&str; N]) -> Arg {
        self.conflicts.extend(ids.iter().map(|s| s.to_string()));
        self
    }

    /// It needs the argument `id`.
    pub fn requires(mut self, id: impl Into<String>) -> Arg {
        self.requires.push(id.into());
        self
    }

    /// The help's heading it is listed under.
    pub fn help_heading(mut self, heading: impl Into<String>) -> Arg {
        self.heading = Some(heading.into());
        self
    }

    /// The set of options it belongs to, for a form (not a heading of
    /// the command line's help).
    pub fn group(mut self, group: impl Into<String>) -> Arg {
        self.group = Some(group.into());
        self
    }

    /// What a form calls it, in words.
    pub fn label(mut self, label: impl Into<String>) -> Arg {
        self.label = Some(label.into());
        self
    }
}

/// A doc comment's help and long help, as clap's derive makes them.
fn doc_help(docs: &[&str]) -> (Option<String>, Option<String>) {
    let mut lines: Vec<&str> = docs
        .iter()
        .flat_map(|d| d.split('\n'))
        .map(|s| s.strip_prefix(' ').unwrap_or(s))
        .skip_while(|s| s.trim().is_empty())
        .collect();
    while lines.last().is_some_and(|s| s.trim().is_empty()) {
        lines.pop();
    }
    if lines.is_empty() {
        return (None, None);
    }
    let merge = |ls: &[&str]| ls.iter().map(|s| s.trim()).collect::<Vec<_>>().join(" ");
    let unstop = |mut s: String| {
        if s.ends_with('.') && !s.ends_with("..") {
            s.pop();
        }
        s
    };
    if lines.iter().any(|s| s.trim().is_empty()) {
        let paragraphs: Vec<String> = lines
            .split(|s| s.trim().is_empty())
            .filter(|p| !p.is_empty())
            .map(merge)
            .collect();
        let long = paragraphs.join("\n\n");
        (Some(unstop(paragraphs[0].clone())), Some(long))
    } else {
        (Some(unstop(merge(&lines))), None)
    }
}

/// A command's arguments, in order, and the text after its options'
/// help. Builder methods are named as clap's `Command`'s, and keep its
/// order: [`mut_arg`](Self::mut_arg) moves the argument it changes to
/// the end of the list (where a form shows it, and a split run's part
/// lists it) and keeps its place in the help.
#[derive(Clone, Debug, Default)]
pub struct Arguments {
    /// The arguments, in order (the help's order is their
    /// [`display_order`](Arg::display_order)).
    pub args: Vec<Arg>,
    /// The next option's place in the help.
    next_order: usize,
    /// Text after the options in `--help`.
    pub after_help: Option<String>,
    /// Named sets of arguments, any of which may be given (an argument
    /// that [`requires`](Arg::requires) the set's name needs one of them).
    pub groups: Vec<(String, Vec<String>)>,
    /// Checks of values taken together, run once every value is read
    /// (see [`Arguments::check`]).
    pub checks: Vec<Together>,
}

/// A check of a command's values taken together: `Err` with the message
/// (naming the options and the remedy) where they do not go together.
/// The command line refuses them as it refuses a malformed command line
/// (exit 2), a form with [`FormError::Together`].
pub type Together = fn(&Values) -> Result<(), String>;

impl Arguments {
    /// None.
    pub fn new() -> Arguments {
        Arguments::default()
    }

    /// With `arg` after the others.
    pub fn arg(mut self, mut arg: Arg) -> Arguments {
        if !arg.is_positional() {
            arg.display_order.get_or_insert(self.next_order);
            self.next_order += 1;
        }
        self.args.push(arg);
        self
    }

    /// With `args` after the others.
    pub fn args(self, args: impl IntoIterator<Item = Arg>) -> Arguments {
        args.into_iter().fold(self, Arguments::arg)
    }

    /// With the argument `id` changed by `change`, moved to the end of
    /// the list (its place in the help stays). Nothing happens if there
    /// is none: a game's hook that changes one the verb does not have
    /// changes nothing.
    pub fn mut_arg(mut self, id: &str, change: impl FnOnce(Arg) -> Arg) -> Arguments {
        if let Some(at) = self.args.iter().position(|a| a.id == id) {
            let arg = self.args.remove(at);
            self.args.push(change(arg));
        }
        self
    }

    /// With a named set of arguments, any of which may be given.
    pub fn group<const N: usize>(mut self, id: &str, members: [&str; N]) -> Arguments {
        self.groups.push((
            id.to_string(),
            members.iter().map(|m| m.to_string()).collect(),
        ));
        self
    }

    /// With a check of the values taken together (two options that go
    /// together only for some values: `--goal N` with `--objective
    /// score`), run after each value is read; see [`Together`].
    pub fn check(mut self, check: Together) -> Arguments {
        self.checks.push(check);
        self
    }

    /// Runs every [check](Self::check) on `values`: the first refusal's
    /// message.
    pub fn check_together(&self, values: &Values) -> Result<(), String> {
        self.checks.iter().try_for_each(|check| check(values))
    }

    /// With this text after the options in `--help`.
    pub fn after_help(mut self, text: impl Into<String>) -> Arguments {
        self.after_help = Some(text.into());
        self
    }

    /// With `text` after the text after the options (on a line of its
    /// own), or as that text if there is none: a game's help after a
    /// verb's.
    pub fn more_help(self, text: &str) -> Arguments {
        match self.after_help.clone() {
            Some(before) => self.after_help(format!("{before}\n{text}")),
            None => self.after_help(text),
        }
    }

    /// The text after the options, if any.
    pub fn after_help_text(&self) -> Option<&str> {
        self.after_help.as_deref()
    }

    /// The argument `id`.
    pub fn get(&self, id: &str) -> Option<&Arg> {
        self.args.iter().find(|a| a.id == id)
    }

    /// The arguments, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Arg> {
        self.args.iter()
    }
}

/// Where a value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Given by the user (typed on the command line, filled in a form).
    Given,
    /// The argument's default.
    Default,
}

/// Why a value does not read as its argument asks.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArgError {
    /// A required argument has no value.
    #[error("the argument {flag} is required")]
    Missing {
        /// The argument, as typed (`--agents`, `<FILE>`).
        flag: String,
    },
    /// A value does not read as the argument's type.
    #[error("invalid value {value:?} for {flag}: {why}")]
    Invalid {
        /// The argument, as typed.
        flag: String,
        /// The value.
        value: String,
        /// What is wrong with it.
        why: String,
    },
}

/// The values given for a command's arguments, or their defaults: what
/// a front end parsed, by argument id, each with its [`Source`].
#[derive(Clone, Debug, Default)]
pub struct Values {
    entries: Vec<(String, Vec<String>, Source)>,
    flags: Vec<(String, String)>,
}

impl Values {
    /// No values.
    pub fn new() -> Values {
        Values::default()
    }

    /// Each argument of `arguments` at its default (flags off).
    pub fn defaults(arguments: &Arguments) -> Values {
        let mut values = Values::new();
        for a in &arguments.args {
            values.declare(a);
            if a.action == Action::Flag {
                values.set(&a.id, ["false"], Source::Default);
            } else if let Some(d) = &a.default {
                let parts: Vec<String> = match a.delimiter {
                    Some(c) => d.split(c).map(str::to_string).collect(),
                    None => vec![d.clone()],
                };
                values.set(&a.id, parts, Source::Default);
            }
        }
        values
    }

    /// Says how `arg` is typed, for messages about its value.
    pub fn declare(&mut self, arg: &Arg) {
        let flag = match (&arg.long, arg.short) {
            (Some(l), _) => format!("--{l}"),
            (None, Some(s)) => format!("-{s}"),
            (None, None) => format!(
                "<{}>",
                arg.value_name
                    .clone()
                    .unwrap_or_else(|| arg.id.to_uppercase())
            ),
        };
        self.flags.retain(|(id, _)| *id != arg.id);
        self.flags.push((arg.id.clone(), flag));
    }

    /// Sets the values of `id` (in place of any it had).
    pub fn set<S: Into<String>>(
        &mut self,
        id: &str,
        values: impl IntoIterator<Item = S>,
        source: Source,
    ) {
        let values: Vec<String> = values.into_iter().map(Into::into).collect();
        match self.entries.iter_mut().find(|(i, _, _)| i == id) {
            Some(entry) => *entry = (id.to_string(), values, source),
            None => self.entries.push((id.to_string(), values, source)),
        }
    }

    /// The values of `id` as given (or defaulted), if it has any.
    pub fn raw(&self, id: &str) -> Option<&[String]> {
        self.entries
            .iter()
            .find(|(i, _, _)| i == id)
            .map(|(_, v, _)| v.as_slice())
    }

    /// Where the value of `id` came from; `None` if it has none.
    pub fn source(&self, id: &str) -> Option<Source> {
        self.entries
            .iter()
            .find(|(i, _, _)| i == id)
            .map(|(_, _, s)| *s)
    }

    /// Whether the user gave `id` (not its default).
    pub fn given(&self, id: &str) -> bool {
        self.source(id) == Some(Source::Given)
    }

    /// Whether the flag `id` is on.
    pub fn flag(&self, id: &str) -> bool {
        self.raw(id)
            .and_then(|v| v.first())
            .is_some_and(|v| v == "true")
    }

    /// The argument `id` as typed, for messages (`--goal`, `<FILE>`).
    pub fn flag_name(&self, id: &str) -> String {
        self.flags
            .iter()
            .find(|(i, _)| i == id)
            .map_or_else(|| id.to_string(), |(_, f)| f.clone())
    }

    fn read<T: FromStr>(&self, id: &str, value: &str) -> Result<T, ArgError>
    where
        T::Err: fmt::Display,
    {
        value.parse().map_err(|e: T::Err| ArgError::Invalid {
            flag: self.flag_name(id),
            value: value.to_string(),
            why: e.to_string(),
        })
    }

    /// The (first) value of `id`, read as a `T`; `None` if it has none.
    pub fn get<T: FromStr>(&self, id: &str) -> Result<Option<T>, ArgError>
    where
        T::Err: fmt::Display,
    {
        match self.raw(id).and_then(|v| v.first()) {
            Some(v) => self.read(id, v).map(Some),
            None => Ok(None),
        }
    }

    /// The value of `id`, read as a `T`: an error if it has none.
    pub fn require<T: FromStr>(&self, id: &str) -> Result<T, ArgError>
    where
        T::Err: fmt::Display,
    {
        self.get(id)?.ok_or_else(|| ArgError::Missing {
            flag: self.flag_name(id),
        })
    }

    /// Every value of `id`, each read as a `T`; none if it has none.
    pub fn get_all<T: FromStr>(&self, id: &str) -> Result<Vec<T>, ArgError>
    where
        T::Err: fmt::Display,
    {
        self.raw(id)
            .unwrap_or_default()
            .iter()
            .map(|v| self.read(id, v))
            .collect()
    }

    /// The first value of `id` as text, if it has one.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.raw(id).and_then(|v| v.first()).map(String::as_str)
    }
}

/// A type an option's value reads as: what a front end checks it
/// against, and how the command reads it.
pub trait Scalar: FromStr<Err: fmt::Display> {
    /// What the value is.
    fn kind() -> ValueKind;
}

macro_rules! int_scalar {
    ($($t:ty => $int:ident),*) => {$(
        impl Scalar for $t {
            fn kind() -> ValueKind {
                ValueKind::Int(Int::$int)
            }
        }
    )*};
}

int_scalar!(u8 => U8, u16 => U16, u32 => U32, u64 => U64);

impl Scalar for String {
    fn kind() -> ValueKind {
        ValueKind::Text
    }
}

impl Scalar for PathBuf {
    fn kind() -> ValueKind {
        ValueKind::Path
    }
}

/// Checks that `s` reads as a `T`.
pub fn check<T: FromStr<Err: fmt::Display>>(s: &str) -> Result<(), String> {
    s.parse::<T>().map(|_| ()).map_err(|e| e.to_string())
}

macro_rules! checked_scalar {
    ($($t:ty),*) => {$(
        impl Scalar for $t {
            fn kind() -> ValueKind {
                ValueKind::Checked(check::<$t>)
            }
        }
    )*};
}

checked_scalar!(f64, usize, i64);

/// What a field of an [`arguments!`](crate::arguments) struct is: its
/// type says what the argument takes, and reads it.
pub trait Field: Sized {
    /// Makes `arg` take what the type takes.
    fn declare(arg: Arg) -> Arg;
    /// Reads the field from `values`.
    fn read(values: &Values, id: &str) -> Result<Self, ArgError>;
}

impl<T: Scalar> Field for T {
    fn declare(arg: Arg) -> Arg {
        let required = arg.default.is_none();
        let arg = Arg {
            kind: T::kind(),
            ..arg
        }
        .action(Action::Set);
        arg.required(required)
    }

    fn read(values: &Values, id: &str) -> Result<Self, ArgError> {
        values.require(id)
    }
}

impl<T: Scalar> Field for Option<T> {
    fn declare(arg: Arg) -> Arg {
        Arg {
            kind: T::kind(),
            ..arg
        }
        .action(Action::Set)
    }

    fn read(values: &Values, id: &str) -> Result<Self, ArgError> {
        values.get(id)
    }
}

impl<T: Scalar> Field for Vec<T> {
    fn declare(arg: Arg) -> Arg {
        Arg {
            kind: T::kind(),
            ..arg
        }
        .action(Action::Append)
    }

    fn read(values: &Values, id: &str) -> Result<Self, ArgError> {
        values.get_all(id)
    }
}

impl Field for bool {
    fn declare(arg: Arg) -> Arg {
        arg.flag()
    }

    fn read(values: &Values, id: &str) -> Result<Self, ArgError> {
        Ok(values.flag(id))
    }
}

/// A type whose values are the options of a command: it declares them
/// and reads itself from what was given. [`arguments!`](crate::arguments) implements
/// it for a struct.
pub trait FromArgs: Sized {
    /// Adds its arguments (and any text after them) to `arguments`.
    fn augment(arguments: Arguments) -> Arguments;

    /// Reads itself from the values of its arguments.
    fn from_values(values: &Values) -> Result<Self, ArgError>;

    /// Its arguments alone.
    fn arguments() -> Arguments {
        Self::augment(Arguments::new())
    }
}

/// A command of no options.
impl FromArgs for () {
    fn augment(arguments: Arguments) -> Arguments {
        arguments
    }

    fn from_values(_: &Values) -> Result<Self, ArgError> {
        Ok(())
    }
}

/// An enum whose values an option takes by name: [`choice!`](crate::choice)
/// implements it, with [`Scalar`], `FromStr` and `Display`.
pub trait Choice: Copy + 'static {
    /// Each value's name, help and value, in the help's order.
    const VALUES: &'static [(&'static str, &'static str, Self)];

    /// The values, for [`ValueKind::Choice`].
    fn possible() -> ValueKind {
        ValueKind::Choice(
            Self::VALUES
                .iter()
                .map(|(name, help, _)| Possible {
                    name: name.to_string(),
                    help: help.to_string(),
                })
                .collect(),
        )
    }
}

/// Why a name is none of a [`Choice`]'s values.
#[derive(Debug, thiserror::Error)]
#[error("{given:?} is not one of: {}", known.join(", "))]
pub struct UnknownChoice {
    /// The name given.
    pub given: String,
    /// The names it could be.
    pub known: Vec<&'static str>,
}

/// Reads `s` as one of `T`'s values.
pub fn choose<T: Choice>(s: &str) -> Result<T, UnknownChoice> {
    T::VALUES
        .iter()
        .find(|(name, _, _)| *name == s)
        .map(|(_, _, v)| *v)
        .ok_or_else(|| UnknownChoice {
            given: s.to_string(),
            known: T::VALUES.iter().map(|(n, _, _)| *n).collect(),
        })
}

/// The name of `value` among `T`'s values.
pub fn name_of<T: Choice + PartialEq>(value: T) -> &'static str {
    T::VALUES
        .iter()
        .find(|(_, _, v)| *v == value)
        .map_or("", |(n, _, _)| *n)
}

/// Makes an enum an option's value by name: [`Choice`], [`Scalar`],
/// `FromStr` and `Display`, each variant with its name and help.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Side { Black, White }
///
/// tabula_registry::choice!(Side { Black = "black": "Black moves first", White = "white": "" });
///
/// assert_eq!("white".parse::<Side>()?, Side::White);
/// assert_eq!(Side::Black.to_string(), "black");
/// # Ok::<_, tabula_registry::args::UnknownChoice>(())
/// ```
#[macro_export]
macro_rules! choice {
    ($t:ty { $($variant:ident = $name:literal : $help:literal),* $(,)? }) => {
        impl $crate::args::Choice for $t {
            const VALUES: &'static [(&'static str, &'static str, Self)] =
                &[$(($name, $help, <$t>::$variant)),*];
        }
        impl $crate::args::Scalar for $t {
            fn kind() -> $crate::args::ValueKind {
                <$t as $crate::args::Choice>::possible()
            }
        }
        impl ::core::str::FromStr for $t {
            type Err = $crate::args::UnknownChoice;
            fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                $crate::args::choose(s)
            }
        }
        impl ::core::fmt::Display for $t {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str($crate::args::name_of(*self))
            }
        }
    };
}

/// Declares a struct of a command's options and implements
/// [`FromArgs`] for it: as clap's `#[derive(Args)]`, without clap. Each
/// field's doc comment is its help; its type says what it takes (`bool`
/// a flag, `Option<T>` an optional value, `Vec<T>` a list, any other
/// [`Scalar`] a value, required unless it has a default); its
/// `#[arg(...)]` says the rest, with [`Arg`]'s builder methods by name
/// (`long`, `long = "name"`, `default_value_t = 10`, `default_value =
/// "a,b"`, `value_name = "N"`, `range = 1..`, `value_delimiter = ','`,
/// `num_args = 1..`, `conflicts_with = "id"`, `requires = "id"`,
/// `hide = true`, ...). `#[arg(flatten)]` puts in another
/// [`FromArgs`] type's arguments. A field's id is its name.
///
/// ```
/// use tabula_registry::args::FromArgs;
///
/// tabula_registry::arguments! {
///     /// Options of a long run.
///     pub struct Run {
///         /// Games to play.
///         #[arg(long, default_value_t = 100, range = 1..)]
///         pub games: u64,
///         /// Worker threads.
///         #[arg(long)]
///         pub threads: Option<u16>,
///     }
/// }
///
/// let declared = Run::arguments();
/// assert_eq!(declared.get("games").and_then(|a| a.help.as_deref()), Some("Games to play"));
/// ```
#[macro_export]
macro_rules! arguments {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident $(<const $cg:ident : $cty:ty = $cdef:literal>)? {
            $(
                $(#[doc = $doc:literal])*
                $(#[arg($($key:ident $(= $val:expr)?),* $(,)?)])?
                $fvis:vis $field:ident : $ty:ty
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name $(<const $cg: $cty = $cdef>)? {
            $(
                $(#[doc = $doc])*
                $fvis $field: $ty,
            )*
        }

        impl $(<const $cg: $cty>)? $crate::args::FromArgs for $name $(<$cg>)? {
            fn augment(arguments: $crate::args::Arguments) -> $crate::args::Arguments {
                #[allow(unused_mut)]
                let mut arguments = arguments;
                $(
                    arguments = $crate::__field_args!(
                        arguments, $field, $ty, [$($doc),*], [$($($key $(= $val)?),*)?]
                    );
                )*
                arguments
            }

            fn from_values(
                values: &$crate::args::Values,
            ) -> ::core::result::Result<Self, $crate::args::ArgError> {
                let _ = values;
                ::core::result::Result::Ok($name {
                    $(
                        $field: $crate::__field_value!(
                            values, $field, $ty, [$($($key),*)?]
                        ),
                    )*
                })
            }
        }
    };
}

/// One field's arguments, for [`arguments!`](crate::arguments).
#[doc(hidden)]
#[macro_export]
macro_rules! __field_args {
    ($arguments:ident, $field:ident, $ty:ty, [$($doc:expr),*], [flatten]) => {
        <$ty as $crate::args::FromArgs>::augment($arguments)
    };
    ($arguments:ident, $field:ident, $ty:ty, [$($doc:expr),*], [$($key:ident $(= $val:expr)?),*]) => {{
        let id = stringify!($field);
        #[allow(unused_mut)]
        let mut arg = $crate::args::Arg::new(id)
            .value_name(id.to_uppercase())
            .doc(&[$($doc),*]);
        $( arg = $crate::__arg_key!(arg, $key $(= $val)?); )*
        $arguments.arg(<$ty as $crate::args::Field>::declare(arg))
    }};
}

/// One key of an `#[arg(...)]`, for [`arguments!`](crate::arguments).
#[doc(hidden)]
#[macro_export]
macro_rules! __arg_key {
    ($arg:ident, long) => {
        $arg.long_from_id()
    };
    ($arg:ident, short = $v:expr) => {
        $arg.short($v)
    };
    ($arg:ident, $key:ident = $v:expr) => {
        $arg.$key($v)
    };
    ($arg:ident, $key:ident) => {
        $arg.$key(true)
    };
}

/// One field's value, for [`arguments!`](crate::arguments).
#[doc(hidden)]
#[macro_export]
macro_rules! __field_value {
    ($values:ident, $field:ident, $ty:ty, [flatten]) => {
        <$ty as $crate::args::FromArgs>::from_values($values)?
    };
    ($values:ident, $field:ident, $ty:ty, [$($key:ident),*]) => {
        <$ty as $crate::args::Field>::read($values, stringify!($field))?
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_comments_read_as_the_derive_reads_them() {
        assert_eq!(
            doc_help(&[" How many games."]),
            (Some("How many games".into()), None)
        );
        assert_eq!(
            doc_help(&[" One", " line...", ""]),
            (Some("One line...".into()), None)
        );
        assert_eq!(
            doc_help(&[" First.", "", " Second", " part."]),
            (Some("First".into()), Some("First.\n\nSecond part.".into()))
        );
    }

    crate::arguments! {
        struct Opts<const G: u64 = 7> {
            /// The agents.
            #[arg(long, value_delimiter = ',', num_args = 1.., required = true)]
            agents: Vec<String>,
            #[arg(long, default_value_t = G, range = 1..)]
            games: u64,
            #[arg(long)]
            exact: bool,
            file: Option<PathBuf>,
        }
    }

    #[test]
    fn a_struct_declares_its_arguments_and_reads_its_values() {
        let declared = Opts::<7>::arguments();
        let games = declared.get("games").expect("games");
        assert_eq!(games.default.as_deref(), Some("7"));
        assert_eq!(games.long.as_deref(), Some("games"));
        assert!(declared.get("file").is_some_and(Arg::is_positional));
        assert!(declared.get("agents").is_some_and(|a| a.required && a.many));
        let mut values = Values::defaults(&declared);
        values.set("agents", ["a", "b"], Source::Given);
        values.set("games", ["x"], Source::Given);
        let error = Opts::<7>::from_values(&values).err().map(|e| e.to_string());
        assert_eq!(
            error.as_deref(),
            Some("invalid value \"x\" for --games: invalid digit found in string")
        );
        values.set("games", ["12"], Source::Given);
        let opts = Opts::<7>::from_values(&values).expect("reads");
        assert_eq!((opts.agents.len(), opts.games, opts.exact), (2, 12, false));
        assert!(opts.file.is_none());
    }
}
