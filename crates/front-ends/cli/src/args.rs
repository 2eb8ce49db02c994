//! The command line's side of arguments declared as data
//! ([`tabula_registry::args`]): each [`Arguments`] becomes a clap command, so
//! parsing, its errors and exit codes and the `--help` text are clap's,
//! and what clap parsed becomes the [`Values`] a command reads. Every
//! value is taken or refused by the registry's one validator
//! ([`Arg::check`]), which a form's front end calls too
//! ([`Arguments::parse`]): they accept and refuse the same things.
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

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
use clap::parser::ValueSource;
use tabula_registry::args::{
    Action, Arg, Arguments, Possible, Source, ValueError, ValueKind, Values,
};

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
            .value_parser(Validated(a.clone())),
        Action::Append => c
            .action(clap::ArgAction::Append)
            .value_parser(Validated(a.clone())),
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

/// The clap parser of an argument: every value is taken or refused by
/// the registry's one validator ([`Arg::check`]); a refusal is shown as
/// clap shows its own parsers' (the same messages, the same exit code:
/// clap's own error for the value, made by the parser clap would use for
/// that kind, where clap words it in its own way: a choice's list of
/// possible values, an empty path).
#[derive(Clone)]
struct Validated(Arg);

impl Validated {
    /// Clap's error for `value`, refused by the validator with `why`.
    fn error(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
        why: ValueError,
    ) -> clap::Error {
        let clap_says = match (&self.0.kind, &why) {
            (ValueKind::Choice(possible), ValueError::NotAChoice { .. }) => {
                choices(possible).parse_ref(cmd, arg, value).err()
            }
            (ValueKind::Path, ValueError::Empty) => clap::builder::PathBufValueParser::new()
                .parse_ref(cmd, arg, value)
                .err(),
            _ => None,
        };
        clap_says.unwrap_or_else(|| {
            let message = why.to_string();
            let refuse = move |_: &str| Err::<String, String>(message.clone());
            refuse
                .parse_ref(cmd, arg, value)
                .err()
                .unwrap_or_else(|| clap::Error::new(clap::error::ErrorKind::ValueValidation))
        })
    }
}

/// Clap's parser of `possible` values, with each one's help.
fn choices(possible: &[Possible]) -> PossibleValuesParser {
    PossibleValuesParser::new(possible.iter().map(possible_value))
}

fn possible_value(p: &Possible) -> PossibleValue {
    let v = PossibleValue::new(p.name.clone());
    if p.help.is_empty() {
        v
    } else {
        v.help(p.help.clone())
    }
}

impl clap::builder::TypedValueParser for Validated {
    type Value = std::ffi::OsString;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let Some(text) = value.to_str() else {
            // A path may be any bytes; any other value is text.
            return match self.0.kind {
                ValueKind::Path => Ok(value.to_owned()),
                _ => clap::builder::StringValueParser::new()
                    .parse_ref(cmd, arg, value)
                    .map(|_| value.to_owned()),
            };
        };
        match self.0.check(text) {
            Ok(()) => Ok(value.to_owned()),
            Err(why) => Err(self.error(cmd, arg, value, why)),
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        match &self.0.kind {
            ValueKind::Choice(possible) => Some(Box::new(possible.iter().map(possible_value))),
            _ => None,
        }
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
