//! The one validator of commands as data: what every front end accepts
//! and refuses. [`Arg::check`] takes or refuses one value of an argument
//! (the command line's parsers call it for every value clap reads);
//! [`Arguments::parse`] takes a whole set of values (a form's, sent by
//! argument id) and makes the [`Values`] a command reads, or says what is
//! wrong. Its messages are the command line's: a form and the command
//! line accept and refuse the same things, saying the same.
//!
//! ```
//! use tabula_registry::args::{Arg, Arguments, ValueError};
//!
//! let games = Arg::new("games").long("games").of::<u64>().range(1..).default_value("100");
//! assert!(games.check("20").is_ok());
//! assert_eq!(games.check("0"), Err(ValueError::Invalid("0 is not in 1..18446744073709551615".into())));
//! assert_eq!(games.check("x").map_err(|e| e.to_string()), Err("invalid digit found in string".into()));
//!
//! let form = Arguments::new().arg(games);
//! let values = form.parse([("games", vec!["7".to_string()])])?;
//! assert_eq!(values.get::<u64>("games")?, Some(7));
//! assert!(form.parse([("games", vec!["seven".to_string()])]).is_err());
//! assert_eq!(form.parse([])?.get::<u64>("games")?, Some(100));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::ops::{Bound, RangeBounds};

use super::{Action, Arg, Arguments, Int, Source, ValueKind, Values};

/// Why one value is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValueError {
    /// Not a value of the argument's kind (a number out of range, a
    /// check's refusal): the message, as the command line shows it after
    /// `invalid value 'V' for 'ARG': `.
    #[error("{0}")]
    Invalid(String),
    /// None of the argument's choices.
    #[error("{given:?} is not one of: {}", choices.join(", "))]
    NotAChoice {
        /// The value.
        given: String,
        /// The choices.
        choices: Vec<String>,
    },
    /// Empty, where a value is needed (a file's name).
    #[error("a value is required")]
    Empty,
}

/// `value` read as an `i64` within `bounds` and then as the integer type
/// `T`, as the command line's parsers of `u8` to `u32` read it.
fn check_small<T: TryFrom<i64>>(
    value: &str,
    bounds: (Bound<i64>, Bound<i64>),
) -> Result<(), ValueError>
where
    T::Error: std::fmt::Display,
{
    let v: i64 = value
        .parse()
        .map_err(|e: std::num::ParseIntError| ValueError::Invalid(e.to_string()))?;
    if !bounds.contains(&v) {
        return Err(ValueError::Invalid(format!(
            "{v} is not in {}",
            shown(bounds, i64::MIN, i64::MAX)
        )));
    }
    T::try_from(v)
        .map(|_| ())
        .map_err(|e| ValueError::Invalid(e.to_string()))
}

/// A range as the messages show it: `1..=8`, `0..=255`.
fn shown<T>(bounds: (Bound<T>, Bound<T>), min: T, max: T) -> String
where
    T: std::fmt::Display + Copy + std::ops::Add<Output = T> + From<u8> + PartialOrd,
{
    let mut out = match bounds.0 {
        Bound::Included(i) => i.to_string(),
        Bound::Excluded(i) if i < max => (i + T::from(1)).to_string(),
        Bound::Excluded(i) => i.to_string(),
        Bound::Unbounded => min.to_string(),
    };
    out.push_str("..");
    match bounds.1 {
        Bound::Included(i) => out.push_str(&format!("={i}")),
        Bound::Excluded(i) => out.push_str(&i.to_string()),
        Bound::Unbounded => out.push_str(&max.to_string()),
    }
    out
}

/// A bound of `u64` as one of `i64`.
fn signed(b: Bound<u64>) -> Bound<i64> {
    let to = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
    match b {
        Bound::Included(v) => Bound::Included(to(v)),
        Bound::Excluded(v) => Bound::Excluded(to(v)),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// The bounds of an integer argument of `int` with `range`: the range if
/// it has one, else the type's own.
fn small_bounds(int: Int, range: Option<(Bound<u64>, Bound<u64>)>) -> (Bound<i64>, Bound<i64>) {
    match range {
        Some((lo, hi)) => (signed(lo), signed(hi)),
        None => {
            let most = match int {
                Int::U8 => i64::from(u8::MAX),
                Int::U16 => i64::from(u16::MAX),
                _ => i64::from(u32::MAX),
            };
            (Bound::Included(0), Bound::Included(most))
        }
    }
}

impl Arg {
    /// Takes or refuses one value of this argument (one of a list, after
    /// its delimiter splits it): the one check every front end makes.
    pub fn check(&self, value: &str) -> Result<(), ValueError> {
        match &self.kind {
            ValueKind::Text | ValueKind::Agents(_) => Ok(()),
            ValueKind::Path if value.is_empty() => Err(ValueError::Empty),
            ValueKind::Path => Ok(()),
            ValueKind::Int(Int::U64) => {
                let v: u64 = value
                    .parse()
                    .map_err(|e: std::num::ParseIntError| ValueError::Invalid(e.to_string()))?;
                let bounds = self.range.unwrap_or((Bound::Unbounded, Bound::Unbounded));
                if bounds.contains(&v) {
                    Ok(())
                } else {
                    Err(ValueError::Invalid(format!(
                        "{v} is not in {}",
                        shown(bounds, u64::MIN, u64::MAX)
                    )))
                }
            }
            ValueKind::Int(int) => {
                let bounds = small_bounds(*int, self.range);
                match int {
                    Int::U8 => check_small::<u8>(value, bounds),
                    Int::U16 => check_small::<u16>(value, bounds),
                    _ => check_small::<u32>(value, bounds),
                }
            }
            ValueKind::Choice(possible) => {
                if possible.iter().any(|p| p.name == value) {
                    Ok(())
                } else {
                    Err(ValueError::NotAChoice {
                        given: value.to_string(),
                        choices: possible.iter().map(|p| p.name.clone()).collect(),
                    })
                }
            }
            ValueKind::Checked(check) => check(value).map_err(ValueError::Invalid),
        }
    }

    /// The argument as messages name it: `--games <GAMES>`, `<FILE>`.
    pub fn shown(&self) -> String {
        let name = self
            .value_name
            .clone()
            .unwrap_or_else(|| self.id.to_uppercase());
        match (&self.long, self.short) {
            (Some(long), _) if self.action == Action::Flag => format!("--{long}"),
            (Some(long), _) => format!("--{long} <{name}>"),
            (None, Some(short)) if self.action == Action::Flag => format!("-{short}"),
            (None, Some(short)) => format!("-{short} <{name}>"),
            (None, None) => format!("<{name}>"),
        }
    }
}

/// Why a set of values does not make a command's (see
/// [`Arguments::parse`]); the messages are the command line's.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FormError {
    /// The command has no argument of that id.
    #[error("unexpected argument '{0}' found")]
    Unknown(String),
    /// A value is refused.
    #[error("invalid value '{value}' for '{arg}': {why}")]
    Refused {
        /// The argument, as messages name it.
        arg: String,
        /// The value.
        value: String,
        /// Why.
        why: ValueError,
    },
    /// An argument of one value was given more.
    #[error("the argument '{0}' cannot be used multiple times")]
    Repeated(String),
    /// An argument of many values was given too few.
    #[error("{arg} takes at least {fewest} values, not {given}")]
    TooFew {
        /// The argument.
        arg: String,
        /// The fewest it takes.
        fewest: usize,
        /// How many were given.
        given: usize,
    },
    /// A required argument was not given.
    #[error("the following required arguments were not provided:\n  {0}")]
    Missing(String),
    /// Two arguments that exclude each other were given.
    #[error("the argument '{0}' cannot be used with '{1}'")]
    Conflict(String, String),
    /// Values that do not go together ([`Arguments::check`]).
    #[error("{0}")]
    Together(String),
    /// An argument was given without one it needs.
    #[error("the following required arguments were not provided:\n  {needed}\n(needed by '{by}')")]
    Needs {
        /// What it needs (an argument, or one of a group's).
        needed: String,
        /// The argument given.
        by: String,
    },
}

impl Arguments {
    /// Takes a whole set of values, by argument id (each argument's values
    /// as given: a list's split at its delimiter here; a flag's `"true"`
    /// or `"false"`), and makes the [`Values`] the command reads, its
    /// defaults for the others: every value [checked](Arg::check), then
    /// required arguments, conflicts and needs. What the command line's
    /// parser does with its own words, for a front end without one (a
    /// form).
    pub fn parse<'a>(
        &self,
        given: impl IntoIterator<Item = (&'a str, Vec<String>)>,
    ) -> Result<Values, FormError> {
        let mut values = Values::defaults(self);
        let mut typed: Vec<&Arg> = Vec::new();
        for (id, raw) in given {
            let arg = self
                .get(id)
                .ok_or_else(|| FormError::Unknown(id.to_string()))?;
            if typed.iter().any(|a| a.id == arg.id) {
                return Err(FormError::Repeated(arg.shown()));
            }
            let parts: Vec<String> = match arg.delimiter {
                Some(c) => raw
                    .iter()
                    .flat_map(|v| v.split(c).map(str::to_string).collect::<Vec<_>>())
                    .collect(),
                None => raw,
            };
            if arg.action == Action::Flag {
                let on = match parts.as_slice() {
                    [] => true,
                    [v] if v == "true" || v == "false" => v == "true",
                    _ => {
                        return Err(FormError::Refused {
                            arg: arg.shown(),
                            value: parts.join(","),
                            why: ValueError::Invalid("a flag is true or false".into()),
                        });
                    }
                };
                if on {
                    values.set(&arg.id, ["true"], Source::Given);
                    typed.push(arg);
                }
                continue;
            }
            if parts.is_empty() {
                continue;
            }
            if parts.len() > 1 && !arg.many && arg.action != Action::Append {
                return Err(FormError::Repeated(arg.shown()));
            }
            if arg.many && parts.len() < arg.fewest {
                return Err(FormError::TooFew {
                    arg: arg.shown(),
                    fewest: arg.fewest,
                    given: parts.len(),
                });
            }
            for value in &parts {
                arg.check(value).map_err(|why| FormError::Refused {
                    arg: arg.shown(),
                    value: value.clone(),
                    why,
                })?;
            }
            values.set(&arg.id, parts, Source::Given);
            typed.push(arg);
        }
        let is_given = |id: &str| {
            typed.iter().any(|a| a.id == id)
                || self.groups.iter().any(|(g, members)| {
                    g == id && members.iter().any(|m| typed.iter().any(|a| a.id == *m))
                })
        };
        for arg in &self.args {
            if arg.required && values.raw(&arg.id).is_none() {
                return Err(FormError::Missing(arg.shown()));
            }
        }
        for arg in &typed {
            if let Some(other) = arg.conflicts.iter().find(|c| is_given(c)) {
                let other = self.get(other).map_or_else(|| other.clone(), Arg::shown);
                return Err(FormError::Conflict(arg.shown(), other));
            }
            if let Some(needed) = arg.requires.iter().find(|r| !is_given(r)) {
                let needed = match self.get(needed) {
                    Some(a) => a.shown(),
                    None => self.groups.iter().find(|(g, _)| g == needed).map_or_else(
                        || needed.clone(),
                        |(_, members)| {
                            members
                                .iter()
                                .filter_map(|m| self.get(m).map(Arg::shown))
                                .collect::<Vec<_>>()
                                .join("|")
                        },
                    ),
                };
                return Err(FormError::Needs {
                    needed,
                    by: arg.shown(),
                });
            }
        }
        self.check_together(&values).map_err(FormError::Together)?;
        Ok(values)
    }
}
