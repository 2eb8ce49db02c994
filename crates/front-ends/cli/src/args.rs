//! The command line's side of arguments declared as data
//! ([`tabula_registry::args`]): each [`Arguments`] becomes a clap command, so
//! parsing, its errors and exit codes and the `--help` text are clap's,
//! and what clap parsed becomes the [`Values`] a command reads.
//!
//! ```
//! use tabula_registry::args::{FromArgs, Source};
//!
//! tabula_registry::arguments! {
//!     /// Options of a greeting.
//!     pub struct Hello {
//!         /// Who to greet.
//!         #[arg(long, default_value = "world")]
//!         pub name: String,
//!     }
//! }
//!
//! let declared = Hello::arguments();
//! let command = tabula_cli::args::command("hello", &declared);
//! let matches = command.try_get_matches_from(["hello", "--name", "you"])?;
//! let values = tabula_cli::args::values(&declared, &matches);
//! assert_eq!(values.source("name"), Some(Source::Given));
//! assert_eq!(Hello::from_values(&values)?.name, "you");
//! # Ok::<_, tabula_cli::Error>(())
//! ```

use std::ops::Bound;

use clap::builder::{PossibleValue, PossibleValuesParser, ValueParser};
use clap::parser::ValueSource;
use tabula_registry::args::{Action, Arg, Arguments, Int, Source, ValueKind, Values};

/// A clap command named `name` with `arguments`.
pub fn command(name: &str, arguments: &Arguments) -> clap::Command {
    augment(clap::Command::new(name.to_string()), arguments)
}

/// `command` with `arguments` added after its own (and their text after
/// the options, in place of any it had).
pub fn augment(mut command: clap::Command, arguments: &Arguments) -> clap::Command {
    for a in &arguments.args {
        command = command.arg(arg(a));
    }
    for (id, members) in &arguments.groups {
        command = command.group(
            clap::ArgGroup::new(id.clone())
                .args(members.clone())
                .multiple(true),
        );
    }
    match &arguments.after_help {
        Some(text) => command.after_help(text.clone()),
        None => command,
    }
}

/// One argument as clap's.
pub fn arg(a: &Arg) -> clap::Arg {
    let mut c = clap::Arg::new(a.id.clone());
    if let Some(long) = &a.long {
        c = c.long(long.clone());
    }
    if let Some(short) = a.short {
        c = c.short(short);
    }
    for alias in &a.aliases {
        c = c.alias(alias.clone());
    }
    for alias in &a.visible_aliases {
        c = c.visible_alias(alias.clone());
    }
    if let Some(help) = &a.help {
        c = c.help(help.clone());
    }
    if let Some(help) = &a.long_help {
        c = c.long_help(help.clone());
    }
    c = match a.action {
        Action::Flag => c.action(clap::ArgAction::SetTrue),
        Action::Set => c
            .action(clap::ArgAction::Set)
            .value_parser(parser(&a.kind, a.range)),
        Action::Append => c
            .action(clap::ArgAction::Append)
            .value_parser(parser(&a.kind, a.range)),
    };
    if let Some(name) = &a.value_name {
        c = c.value_name(name.clone());
    }
    if let Some(default) = &a.default {
        c = c.default_value(default.clone());
    }
    if a.hide_default {
        c = c.hide_default_value(true);
    }
    if let Some(d) = a.delimiter {
        c = c.value_delimiter(d);
    }
    if a.many {
        c = c.num_args(a.fewest..);
    }
    if a.required {
        c = c.required(true);
    }
    if a.hidden {
        c = c.hide(true);
    }
    for id in &a.conflicts {
        c = c.conflicts_with(id.clone());
    }
    for id in &a.requires {
        c = c.requires(id.clone());
    }
    if let Some(heading) = &a.heading {
        c = c.help_heading(heading.clone());
    }
    if let Some(order) = a.display_order {
        c = c.display_order(order);
    }
    c
}

/// The bound as clap's signed integer parsers take it.
fn signed(b: Bound<u64>) -> Bound<i64> {
    let to = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    match b {
        Bound::Included(v) => Bound::Included(to(v)),
        Bound::Excluded(v) => Bound::Excluded(to(v)),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// The clap parser that checks a value of `kind` as clap's derive
/// checks the field's type (the same messages for a bad value).
fn parser(kind: &ValueKind, range: Option<(Bound<u64>, Bound<u64>)>) -> ValueParser {
    match (kind, range) {
        (ValueKind::Int(Int::U8), None) => clap::value_parser!(u8).into(),
        (ValueKind::Int(Int::U8), Some((lo, hi))) => clap::value_parser!(u8)
            .range((signed(lo), signed(hi)))
            .into(),
        (ValueKind::Int(Int::U16), None) => clap::value_parser!(u16).into(),
        (ValueKind::Int(Int::U16), Some((lo, hi))) => clap::value_parser!(u16)
            .range((signed(lo), signed(hi)))
            .into(),
        (ValueKind::Int(Int::U32), None) => clap::value_parser!(u32).into(),
        (ValueKind::Int(Int::U32), Some((lo, hi))) => clap::value_parser!(u32)
            .range((signed(lo), signed(hi)))
            .into(),
        (ValueKind::Int(_), None) => clap::value_parser!(u64).into(),
        (ValueKind::Int(_), Some(bounds)) => clap::value_parser!(u64).range(bounds).into(),
        (ValueKind::Path, _) => clap::value_parser!(std::path::PathBuf),
        (ValueKind::Choice(possible), _) => PossibleValuesParser::new(possible.iter().map(|p| {
            let v = PossibleValue::new(p.name.clone());
            if p.help.is_empty() {
                v
            } else {
                v.help(p.help.clone())
            }
        }))
        .into(),
        (ValueKind::Checked(check), _) => {
            let check = *check;
            ValueParser::new(move |s: &str| check(s).map(|()| s.to_string()))
        }
        // Text, and any kind this front end does not know: taken as is.
        _ => clap::value_parser!(String),
    }
}

/// The values clap parsed for `arguments`, as typed (before their types
/// read them), each with where it came from.
pub fn values(arguments: &Arguments, matches: &clap::ArgMatches) -> Values {
    let mut values = Values::new();
    for a in &arguments.args {
        values.declare(a);
        let Ok(Some(raw)) = matches.try_get_raw(&a.id) else {
            continue;
        };
        let raw: Vec<String> = raw.map(|v| v.to_string_lossy().into_owned()).collect();
        let source = match matches.value_source(&a.id) {
            Some(ValueSource::DefaultValue) | None => Source::Default,
            Some(_) => Source::Given,
        };
        values.set(&a.id, raw, source);
    }
    values
}
