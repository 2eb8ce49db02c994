//! A game's parameters as data: one type with its fields described once
//! (name, help, default, allowed values), taken the same way by every
//! verb: as options (`--target 100`), as a RON file (`--params
//! pig.ron`) and as one spec string (`pig(target=100)`).
//!
//! ```
//! use tabula_core::params::{self, Param, Parameters};
//!
//! #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
//! #[serde(deny_unknown_fields)]
//! struct Pig { target: u32 }
//!
//! impl Parameters for Pig {
//!     const FIELDS: &'static [Param] = &[Param::int("target", "the score that wins", "50", 2, 100)];
//! }
//!
//! assert_eq!(params::defaults::<Pig>()?, Pig { target: 50 });
//! let (name, given) = params::parse_spec("pig(target=100)")?;
//! assert_eq!((name, params::build::<Pig>(&given)?), ("pig", Pig { target: 100 }));
//! let err = params::build::<Pig>(&[("target".into(), "200".into())]).unwrap_err();
//! assert_eq!(err.to_string(), "parameter target: 200 is not allowed: from 2 to 100");
//! assert_eq!(params::spec("pig", &Pig { target: 100 }), "pig(target=100)");
//! # Ok::<_, tabula_core::params::ParamError>(())
//! ```

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::spec::{PathItem, Source, SpecError};

/// What values a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A whole number from `min` to `max`, both included.
    Int {
        /// The least allowed.
        min: i64,
        /// The most allowed.
        max: i64,
    },
    /// A number from `min` to `max`, both included.
    Float {
        /// The least allowed.
        min: f64,
        /// The most allowed.
        max: f64,
    },
    /// `true` or `false`.
    Bool,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// Any text.
    Text,
    /// One of the names registered at run time ([`Registered`]: a rule set,
    /// a plugin's among them), or empty for the game's own; the game
    /// checks the name and lists the known ones. A form offers the names
    /// as a menu.
    Named(Registered),
    /// Text in a form the game reads and checks itself, said in words
    /// (`COUNTdFACES`, "a file's path"): what `tabula list` and an error
    /// show as the allowed values. A file may also give it written out
    /// (a structure or a list), which the game's own reading checks.
    Form(&'static str),
}

/// The names a [`Kind::Named`] parameter takes, listed at run time (a
/// registry's, plugins included): what they are, in words, and the
/// function that lists them.
#[derive(Clone, Copy)]
pub struct Registered {
    /// What the names are, plural ("rule sets").
    pub what: &'static str,
    /// The names registered now, in order.
    pub list: fn() -> Vec<String>,
}

impl Registered {
    /// The names registered now.
    pub fn names(&self) -> Vec<String> {
        (self.list)()
    }
}

impl std::fmt::Debug for Registered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registered")
            .field("what", &self.what)
            .finish()
    }
}

impl PartialEq for Registered {
    /// Two lists of the same things are the same.
    fn eq(&self, other: &Registered) -> bool {
        self.what == other.what
    }
}

/// One parameter of a game: its name (a field of the parameter type, and
/// the option `--NAME`), what it means, its default and its values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    /// The field's name, as the option and the spec string spell it.
    pub name: &'static str,
    /// One line saying what it means.
    pub help: &'static str,
    /// Its default, as typed on a command line.
    pub default: &'static str,
    /// The values it takes.
    pub kind: Kind,
}

impl Param {
    /// A whole number from `min` to `max`.
    pub const fn int(
        name: &'static str,
        help: &'static str,
        default: &'static str,
        min: i64,
        max: i64,
    ) -> Param {
        Param {
            name,
            help,
            default,
            kind: Kind::Int { min, max },
        }
    }

    /// A number from `min` to `max`.
    pub const fn float(
        name: &'static str,
        help: &'static str,
        default: &'static str,
        min: f64,
        max: f64,
    ) -> Param {
        Param {
            name,
            help,
            default,
            kind: Kind::Float { min, max },
        }
    }

    /// Text in `form` (said in words), which the game reads and checks
    /// when it builds itself from the parameters.
    pub const fn form(
        name: &'static str,
        help: &'static str,
        default: &'static str,
        form: &'static str,
    ) -> Param {
        Param {
            name,
            help,
            default,
            kind: Kind::Form(form),
        }
    }

    /// `true` or `false`.
    pub const fn bool(name: &'static str, help: &'static str, default: &'static str) -> Param {
        Param {
            name,
            help,
            default,
            kind: Kind::Bool,
        }
    }

    /// One of `choices`.
    pub const fn choice(
        name: &'static str,
        help: &'static str,
        default: &'static str,
        choices: &'static [&'static str],
    ) -> Param {
        Param {
            name,
            help,
            default,
            kind: Kind::Choice(choices),
        }
    }

    /// One of the names `names` lists at run time, or empty.
    pub const fn named(
        name: &'static str,
        help: &'static str,
        default: &'static str,
        names: Registered,
    ) -> Param {
        Param {
            name,
            help,
            default,
            kind: Kind::Named(names),
        }
    }

    /// Any text.
    pub const fn text(name: &'static str, help: &'static str, default: &'static str) -> Param {
        Param {
            name,
            help,
            default,
            kind: Kind::Text,
        }
    }

    /// What values it takes, in words ("from 2 to 100"; "at least 1"
    /// for a whole number whose largest is a machine limit, `u32::MAX`
    /// or more, rather than a rule).
    pub fn allowed(&self) -> String {
        match self.kind {
            Kind::Int { min, max } if max >= i64::from(u32::MAX) => format!("at least {min}"),
            Kind::Int { min, max } => format!("from {min} to {max}"),
            Kind::Float { min, max } => format!("from {min} to {max}"),
            Kind::Bool => "true or false".into(),
            Kind::Choice(choices) => format!("one of {}", choices.join(", ")),
            Kind::Text => "any text".into(),
            Kind::Named(names) => format!(
                "one of the {} registered: {}",
                names.what,
                names.names().join(", ")
            ),
            Kind::Form(form) => form.into(),
        }
    }

    /// Reads a value typed for this parameter, checking it is allowed.
    pub fn read(&self, text: &str) -> Result<Value, ParamError> {
        let bad = || ParamError::Value {
            name: self.name.to_string(),
            value: if text.trim().is_empty() {
                "an empty value".to_string()
            } else {
                crate::text::excerpt(text)
            },
            allowed: self.allowed(),
        };
        let text = text.trim();
        // A choice or a text may be quoted, as a file writes it
        // (`goal="sum"` reads as `goal=sum`).
        let text = match self.kind {
            Kind::Choice(_) | Kind::Text | Kind::Named(_) | Kind::Form(_) => unquote(text),
            _ => text,
        };
        Ok(match self.kind {
            Kind::Int { min, max } => {
                let n: i64 = text.parse().map_err(|_| bad())?;
                if n < min || n > max {
                    return Err(bad());
                }
                Value::from(n)
            }
            Kind::Float { min, max } => {
                let x: f64 = text.parse().map_err(|_| bad())?;
                if !(x >= min && x <= max) {
                    return Err(bad());
                }
                Value::from(x)
            }
            Kind::Bool => Value::Bool(text.parse().map_err(|_| bad())?),
            Kind::Choice(choices) => {
                if !choices.contains(&text) {
                    return Err(bad());
                }
                Value::from(text)
            }
            Kind::Text | Kind::Named(_) | Kind::Form(_) => Value::from(text),
        })
    }

    /// Checks a value that came from a file or from code.
    fn check(&self, value: &Value) -> Result<(), String> {
        let ok = match (self.kind, value) {
            (Kind::Int { min, max }, Value::Number(n)) => {
                n.as_i64().is_some_and(|n| n >= min && n <= max)
            }
            (Kind::Float { min, max }, Value::Number(n)) => {
                n.as_f64().is_some_and(|x| x >= min && x <= max)
            }
            (Kind::Choice(choices), Value::String(s)) => choices.contains(&s.as_str()),
            (Kind::Bool, Value::Bool(_))
            | (Kind::Text | Kind::Named(_) | Kind::Form(_), Value::String(_)) => true,
            // A form the game reads itself may also be written out in a
            // file (Chance-it's `Dice(count: 2, faces: 6)`): the game's
            // own reading checks it.
            (Kind::Form(_), Value::Object(_) | Value::Array(_)) => true,
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "parameter {}: {} is not allowed: {}",
                self.name,
                plain(value),
                self.allowed()
            ))
        }
    }
}

/// Whether `given` names the parameter `name`: the same, or with `-`
/// for `_` (`one-die-under` for `one_die_under`) or `_` for `-`.
pub fn same_name(name: &str, given: &str) -> bool {
    name.len() == given.len()
        && name
            .bytes()
            .zip(given.bytes())
            .all(|(a, b)| a == b || matches!((a, b), (b'_', b'-') | (b'-', b'_')))
}

/// `text` without one pair of double quotes around it, if it has them.
fn unquote(text: &str) -> &str {
    text.strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text)
}

/// `text` (a RON parameter file, or a record) with each choice parameter
/// of `P` written one way, whichever way it was written: quoted
/// (`goal: "sum"`) when `quoted`, bare (`goal: sum`) otherwise. A file
/// may then write a choice either way, as a record or a person does, and
/// be read into a type that takes one of them (a string field wants it
/// quoted, an enum bare). Only a value that is one of the parameter's
/// choices, after `NAME:` at a word's start, is touched.
pub fn choices_written<P: Parameters>(text: &str, quoted: bool) -> std::borrow::Cow<'_, str> {
    rewrite_choices(P::FIELDS, text, quoted)
}

/// [`choices_written`] for the parameters `params`: not generic, so it
/// is compiled once, here, and not again in every game's crate.
fn rewrite_choices<'t>(params: &[Param], text: &'t str, quoted: bool) -> std::borrow::Cow<'t, str> {
    let mut text = std::borrow::Cow::Borrowed(text);
    for p in params {
        let Kind::Choice(choices) = p.kind else {
            continue;
        };
        let mut out = String::with_capacity(text.len() + 8);
        let mut rest: &str = &text;
        let mut changed = false;
        while let Some(at) = rest.find(p.name) {
            let before_ok = rest[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let (head, tail) = rest.split_at(at + p.name.len());
            out.push_str(head);
            rest = tail;
            if !before_ok {
                continue;
            }
            let after = rest.trim_start();
            let Some(after) = after.strip_prefix(':') else {
                continue;
            };
            let value = after.trim_start();
            let is_quoted = value.starts_with('"');
            let body = if is_quoted { &value[1..] } else { value };
            let end = body
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(body.len());
            let word = &body[..end];
            if !choices.contains(&word) || is_quoted && !body[end..].starts_with('"') {
                continue;
            }
            // Up to the value, as written; the value, as wanted.
            let value_at = rest.len() - value.len();
            out.push_str(&rest[..value_at]);
            if quoted {
                out.push('"');
                out.push_str(word);
                out.push('"');
            } else {
                out.push_str(word);
            }
            rest = &body[end + usize::from(is_quoted)..];
            changed = true;
        }
        if changed {
            out.push_str(rest);
            text = std::borrow::Cow::Owned(out);
        }
    }
    text
}

/// Whether `P`'s choice parameters serialize quoted in RON (a string
/// field) or bare (an enum), as its defaults show: the form
/// [`choices_written`] should give a record of `P` before it is read.
pub fn choices_quoted<P: Parameters>() -> bool {
    let Some(choice) = P::FIELDS.iter().find(|p| matches!(p.kind, Kind::Choice(_))) else {
        return true;
    };
    let Ok(parameters) = defaults::<P>() else {
        return true;
    };
    // Whether the field serializes as a string (RON writes it quoted) or
    // otherwise (an enum's variant, written bare). Asked of serde itself
    // rather than of RON's text: RON's serializer is then not compiled
    // again for every game's parameters.
    parameters
        .serialize(probe::Fields(Some(choice.name)))
        .unwrap_or(false)
}

/// A value as a user would type it: strings without quotes.
fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Parameters as typed: (name, value) pairs, from options or a spec
/// string.
pub type Given = Vec<(String, String)>;

/// A game's parameters: a plain serializable type whose fields
/// [`FIELDS`](Self::FIELDS) describes, with a check of what the fields'
/// ranges cannot say alone.
///
/// Deny unknown fields on the type (`#[serde(deny_unknown_fields)]`) so
/// that a misspelt field of a RON file is refused at its place.
pub trait Parameters:
    Clone + std::fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Every field, in the order options and `tabula list` show them.
    const FIELDS: &'static [Param];

    /// Checks the parameters as a whole, once each field is in range
    /// (a board no larger than its dice allow, say). The default accepts
    /// everything.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// A game with no parameters.
impl Parameters for () {
    const FIELDS: &'static [Param] = &[];
}

/// Parameters that could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParamError {
    /// A value a parameter does not take.
    #[error("parameter {name}: {value} is not allowed: {allowed}")]
    Value {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
        /// What it takes.
        allowed: String,
    },
    /// A name that is no parameter of the game.
    #[error("unknown parameter {name:?}; the parameters are: {}", if known.is_empty() { "none".to_string() } else { known.join(", ") })]
    Unknown {
        /// The name given.
        name: String,
        /// The game's parameters.
        known: Vec<&'static str>,
    },
    /// A spec string that is not `name(key=value, ...)`.
    #[error(
        "{0:?} is not a game spec: write it as NAME or NAME(KEY=VALUE, ...), with the parameters `tabula list` shows"
    )]
    Spec(String),
    /// A spec string that gives a parameter twice.
    #[error(
        "{spec}: parameter {name} is given twice ({name}={first} and {name}={second}); give each parameter once"
    )]
    Repeated {
        /// The spec string.
        spec: String,
        /// The parameter.
        name: String,
        /// Its first value.
        first: String,
        /// Its second value.
        second: String,
    },
    /// The parameters are each allowed but not together.
    #[error("{0}")]
    Invalid(String),
    /// A parameter file that could not be used.
    #[error(transparent)]
    File(#[from] SpecError),
}

/// The parameters' defaults.
pub fn defaults<P: Parameters>() -> Result<P, ParamError> {
    build(&[])
}

/// The parameters with `given` (name, value as typed) in place of the
/// defaults, each value checked.
pub fn build<P: Parameters>(given: &[(String, String)]) -> Result<P, ParamError> {
    let mut fields = defaults_value::<P>()?;
    override_with::<P>(&mut fields, given)?;
    finish(Value::Object(fields))
}

/// `fields` with each of `given` in place.
fn override_with<P: Parameters>(
    fields: &mut serde_json::Map<String, Value>,
    given: &[(String, String)],
) -> Result<(), ParamError> {
    override_in(P::FIELDS, fields, given)
}

/// [`override_with`] for the parameters `params` (not generic: compiled
/// once, here).
fn override_in(
    params: &[Param],
    fields: &mut serde_json::Map<String, Value>,
    given: &[(String, String)],
) -> Result<(), ParamError> {
    for (name, value) in given {
        let p = params
            .iter()
            .find(|p| same_name(p.name, name))
            .ok_or_else(|| ParamError::Unknown {
                name: crate::text::excerpt(name),
                known: params.iter().map(|p| p.name).collect(),
            })?;
        fields.insert(p.name.to_string(), p.read(value)?);
    }
    Ok(())
}

/// The parameters a value of fields stands for, checked as a whole.
fn finish<P: Parameters>(value: Value) -> Result<P, ParamError> {
    let parameters: P =
        serde_json::from_value(value).map_err(|e| ParamError::Invalid(e.to_string()))?;
    parameters.check().map_err(ParamError::Invalid)?;
    Ok(parameters)
}

/// Reads parameters from a RON file (`(target: 100)`), each field
/// checked: an error names the file, line and column. Fields the file
/// leaves out take their defaults (`()` gives none, as the spec string
/// `NAME()` does); a field given twice is refused; `given` (name, value
/// as typed, from options) replaces what the file says.
pub fn from_file<P: Parameters>(
    source: &Source,
    given: &[(String, String)],
) -> Result<P, ParamError> {
    // A choice may be written bare (`goal: sum`) or quoted: read quoted.
    let normalized;
    let source = match choices_written::<P>(source.text(), true) {
        std::borrow::Cow::Borrowed(_) => source,
        std::borrow::Cow::Owned(text) => {
            normalized = Source::embedded(source.name(), text);
            &normalized
        }
    };
    let read = fields_from(source, P::FIELDS)?;
    let mut fields = defaults_value::<P>()?;
    fields.extend(read);
    override_with::<P>(&mut fields, given)?;
    finish(Value::Object(fields))
}

/// The fields a RON parameter file writes, by their names in `params`,
/// each checked against it (syntax first, with its place; then each
/// field, at its place). Not generic over the parameters' type, so RON's
/// parser and the conversion to JSON are compiled once, here, and not
/// again in every game's crate.
fn fields_from(
    source: &Source,
    params: &[Param],
) -> Result<serde_json::Map<String, Value>, ParamError> {
    // Syntax first, with its place; then each field, at its place.
    let read: ron::Value = source.parse()?;
    let read = match read {
        ron::Value::Unit => ron::Value::Map(ron::Map::new()),
        ron::Value::Map(map) => {
            check_written(source, params, &map)?;
            ron::Value::Map(map)
        }
        other => other,
    };
    let read = serde_json::to_value(&read).map_err(|e| ParamError::Invalid(e.to_string()))?;
    let Value::Object(read) = read else {
        return Err(source
            .invalid(
                &[],
                "expected the parameters as a struct: (name: value, ...)",
            )
            .into());
    };
    let mut fields = serde_json::Map::new();
    for (name, value) in read {
        let at = [PathItem::Field(name.as_str())];
        let p = params
            .iter()
            .find(|p| same_name(p.name, &name))
            .ok_or_else(|| {
                let known: Vec<&str> = params.iter().map(|p| p.name).collect();
                source.invalid(
                    &at,
                    format!(
                        "unknown parameter {name:?}; the parameters are: {}",
                        known.join(", ")
                    ),
                )
            })?;
        p.check(&value)
            .map_err(|message| source.invalid(&at, message))?;
        fields.insert(p.name.to_string(), value);
    }
    Ok(fields)
}

/// What a parameter file's map of fields cannot say once it is a map:
/// a field written twice (the map keeps the last), and a number that is
/// none (`NaN`, `inf`, which JSON would make `null`).
fn check_written(source: &Source, params: &[Param], map: &ron::Map) -> Result<(), ParamError> {
    let Names(names) = source.parse()?;
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(SpecError::Invalid {
                location: source.locate_repeated(name, 1),
                message: format!(
                    "parameter {} is given twice; give each parameter once",
                    crate::text::excerpt(name)
                ),
            }
            .into());
        }
    }
    for (key, value) in map.iter() {
        if let (ron::Value::String(name), Some(bad)) = (key, not_a_number(value))
            && let Some(p) = params.iter().find(|p| p.name == name)
        {
            return Err(source
                .invalid(
                    &[PathItem::Field(name)],
                    format!("parameter {name}: {bad} is not allowed: {}", p.allowed()),
                )
                .into());
        }
    }
    Ok(())
}

/// The first number in `value` that is not one (`NaN`, `inf`, `-inf`).
fn not_a_number(value: &ron::Value) -> Option<f64> {
    match value {
        ron::Value::Number(n) => Some(n.into_f64()).filter(|x| !x.is_finite()),
        ron::Value::Seq(items) => items.iter().find_map(not_a_number),
        ron::Value::Map(map) => map.iter().find_map(|(_, v)| not_a_number(v)),
        ron::Value::Option(Some(v)) => not_a_number(v),
        _ => None,
    }
}

/// The names of a parameter file's fields in the order written, each
/// time it is written.
struct Names(Vec<String>);

impl<'de> serde::Deserialize<'de> for Names {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Names, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = Names;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("the parameters as a struct: (name: value, ...)")
            }
            fn visit_unit<E>(self) -> Result<Names, E> {
                Ok(Names(Vec::new()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Names, A::Error> {
                let mut names = Vec::new();
                while let Some(key) = map.next_key::<ron::Value>()? {
                    map.next_value::<serde::de::IgnoredAny>()?;
                    if let ron::Value::String(name) = key {
                        names.push(name);
                    }
                }
                Ok(Names(names))
            }
        }
        d.deserialize_any(Fields)
    }
}

fn defaults_value<P: Parameters>() -> Result<serde_json::Map<String, Value>, ParamError> {
    defaults_of(P::FIELDS)
}

/// [`defaults_value`] for the parameters `params` (not generic: compiled
/// once, here).
fn defaults_of(params: &[Param]) -> Result<serde_json::Map<String, Value>, ParamError> {
    let mut fields = serde_json::Map::new();
    for p in params {
        fields.insert(p.name.to_string(), p.read(p.default)?);
    }
    Ok(fields)
}

/// Splits a spec string `name(key=value, ...)` into the name and its
/// (key, value) pairs; a bare `name` has none. A key given twice is
/// refused.
pub fn parse_spec(text: &str) -> Result<(&str, Given), ParamError> {
    let bad = || ParamError::Spec(crate::text::excerpt(text));
    let text = text.trim();
    let Some(open) = text.find('(') else {
        return Ok((text, Vec::new()));
    };
    let (name, rest) = text.split_at(open);
    let inner = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .ok_or_else(bad)?;
    let name = name.trim();
    if name.is_empty() {
        return Err(bad());
    }
    let mut pairs = Vec::new();
    for pair in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').ok_or_else(bad)?;
        if k.trim().is_empty() {
            return Err(bad());
        }
        let (k, v) = (k.trim(), v.trim());
        if let Some((_, first)) = pairs.iter().find(|(name, _): &&(String, String)| name == k) {
            return Err(ParamError::Repeated {
                spec: crate::text::excerpt(text),
                name: crate::text::excerpt(k),
                first: crate::text::excerpt(first),
                second: crate::text::excerpt(v),
            });
        }
        pairs.push((k.to_string(), v.to_string()));
    }
    Ok((name, pairs))
}

/// The parameters by name (`{"target": 100}`). A type of one field may
/// serialize as that field's value alone (noline's records keep their
/// board side as a bare `3`); it is named by its field here.
pub fn fields<P: Parameters>(parameters: &P) -> serde_json::Map<String, Value> {
    fields_named(
        serde_json::to_value(parameters).unwrap_or(Value::Null),
        P::FIELDS,
    )
}

/// [`fields`] of parameters serialized as `value` (not generic: compiled
/// once, here).
fn fields_named(value: Value, params: &[Param]) -> serde_json::Map<String, Value> {
    match value {
        Value::Object(map) => map,
        Value::Null => serde_json::Map::new(),
        bare => match params {
            [one] => std::iter::once((one.name.to_string(), bare)).collect(),
            _ => serde_json::Map::new(),
        },
    }
}

/// The spec string of `parameters` for the game `name`:
/// `pig(target=100)`, or `name` alone for a game with no parameters.
pub fn spec<P: Parameters>(name: &str, parameters: &P) -> String {
    spec_of(name, fields(parameters), P::FIELDS)
}

/// [`spec`] of parameters by name (not generic: compiled once, here).
fn spec_of(name: &str, fields: serde_json::Map<String, Value>, params: &[Param]) -> String {
    let value = Value::Object(fields);
    let pairs: Vec<String> = params
        .iter()
        .filter_map(|p| {
            value
                .get(p.name)
                .map(|v| format!("{}={}", p.name, plain(v)))
        })
        .collect();
    if pairs.is_empty() {
        name.to_string()
    } else {
        format!("{name}({})", pairs.join(", "))
    }
}

mod probe;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Race {
        length: u32,
        bias: f64,
        rule: String,
        fast: bool,
    }

    impl Parameters for Race {
        const FIELDS: &'static [Param] = &[
            Param::int("length", "squares to the end", "10", 1, 100),
            Param::float("bias", "how loaded the coin is", "0.5", 0.0, 1.0),
            Param::choice("rule", "what ends it", "exact", &["exact", "bounce"]),
            Param::bool("fast", "two steps a turn", "false"),
        ];
        fn check(&self) -> Result<(), String> {
            if self.fast && self.length < 2 {
                return Err("a fast race needs a length of at least 2".into());
            }
            Ok(())
        }
    }

    fn given(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_and_overrides() {
        let d: Race = defaults().unwrap();
        assert_eq!(
            d,
            Race {
                length: 10,
                bias: 0.5,
                rule: "exact".into(),
                fast: false
            }
        );
        let r: Race = build(&given(&[("rule", "bounce"), ("bias", "0.25")])).unwrap();
        assert_eq!((r.rule.as_str(), r.bias), ("bounce", 0.25));
        assert_eq!(
            spec("race", &r),
            "race(length=10, bias=0.25, rule=bounce, fast=false)"
        );
    }

    #[test]
    fn bad_values_name_the_parameter_and_what_it_takes() {
        let e = |pairs: &[(&str, &str)]| build::<Race>(&given(pairs)).unwrap_err().to_string();
        assert_eq!(
            e(&[("length", "0")]),
            "parameter length: 0 is not allowed: from 1 to 100"
        );
        assert_eq!(
            e(&[("bias", "NaN")]),
            "parameter bias: NaN is not allowed: from 0 to 1"
        );
        assert_eq!(
            e(&[("length", " ")]),
            "parameter length: an empty value is not allowed: from 1 to 100"
        );
        assert_eq!(
            e(&[("rule", "wrap")]),
            "parameter rule: wrap is not allowed: one of exact, bounce"
        );
        assert_eq!(
            e(&[("lenght", "3")]),
            "unknown parameter \"lenght\"; the parameters are: length, bias, rule, fast"
        );
        assert_eq!(
            e(&[("fast", "true"), ("length", "1")]),
            "a fast race needs a length of at least 2"
        );
    }

    /// One field, serialized bare (as noline's records keep their board
    /// side): named by its field in spec strings and in `fields`.
    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(transparent)]
    struct Side(u32);

    impl Parameters for Side {
        const FIELDS: &'static [Param] = &[Param::int("side", "board side", "3", 1, 9)];
    }

    #[test]
    fn a_bare_single_field_is_named_by_its_field() {
        assert_eq!(spec("board", &Side(5)), "board(side=5)");
        assert_eq!(
            Value::Object(fields(&Side(5))),
            serde_json::json!({"side": 5})
        );
    }

    #[test]
    fn spec_strings() {
        assert_eq!(parse_spec("race").unwrap(), ("race", vec![]));
        let (name, pairs) = parse_spec(" race( length = 3 ,rule=bounce) ").unwrap();
        assert_eq!(
            (name, pairs),
            ("race", given(&[("length", "3"), ("rule", "bounce")]))
        );
        for bad in ["race(length)", "race(length=3", "(length=3)", "race(=3)"] {
            assert!(matches!(parse_spec(bad), Err(ParamError::Spec(_))), "{bad}");
        }
    }

    #[test]
    fn files_are_checked_where_they_say_it() {
        let src = Source::embedded("race.ron", "(\n  length: 500,\n)");
        let e = from_file::<Race>(&src, &[]).unwrap_err().to_string();
        assert_eq!(
            e,
            "race.ron:2:11: parameter length: 500 is not allowed: from 1 to 100"
        );
        let src = Source::embedded("race.ron", "(rule: \"bounce\", speed: 2)");
        let e = from_file::<Race>(&src, &[]).unwrap_err().to_string();
        assert!(e.starts_with("race.ron:1:"), "{e}");
        assert!(e.contains("speed"), "{e}");
        let src = Source::embedded("race.ron", "(rule: \"bounce\")");
        let r = from_file::<Race>(&src, &given(&[("length", "7")])).unwrap();
        assert_eq!((r.length, r.rule.as_str()), (7, "bounce"));
    }

    #[test]
    fn files_refuse_a_field_twice_and_numbers_that_are_none() {
        let e = |text: &str| {
            from_file::<Race>(&Source::embedded("r.ron", text), &[])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("(length: 5,\n length: 6)"),
            "r.ron:2:2: parameter length is given twice; give each parameter once"
        );
        assert_eq!(
            e("(bias: NaN)"),
            "r.ron:1:8: parameter bias: NaN is not allowed: from 0 to 1"
        );
        assert_eq!(
            e("(length: inf)"),
            "r.ron:1:10: parameter length: inf is not allowed: from 1 to 100"
        );
        // `()`, as the spec string `race()`: the defaults.
        let r = from_file::<Race>(&Source::embedded("r.ron", "()"), &[]).unwrap();
        assert_eq!(r, defaults::<Race>().unwrap());
        let nested = format!("(length: {}{})", "[".repeat(500), "]".repeat(500));
        assert!(e(&nested).contains("nested too deeply"), "{}", e(&nested));
    }

    #[test]
    fn a_choice_reads_bare_or_quoted_everywhere() {
        let choice = Param::choice("rule", "what ends it", "exact", &["exact", "bounce"]);
        assert_eq!(choice.read("\"bounce\"").unwrap(), Value::from("bounce"));
        assert_eq!(choice.read("bounce").unwrap(), Value::from("bounce"));
        assert!(choice.read("\"bounce").is_err());
        let bare = "(rule: bounce, rules: 2)";
        let quoted = "(rule: \"bounce\", rules: 2)";
        assert_eq!(choices_written::<Race>(bare, true), quoted);
        assert_eq!(choices_written::<Race>(quoted, false), bare);
        assert_eq!(choices_written::<Race>(quoted, true), quoted);
        // A file reads either, and `-` for `_` in a name given as an option.
        for text in [bare, quoted] {
            let file = Source::embedded("race.ron", text.replace(", rules: 2", ""));
            let race: Race = from_file(&file, &[]).unwrap();
            assert_eq!(race.rule, "bounce");
        }
        assert!(same_name("one_die_under", "one-die-under"));
        assert!(!same_name("one_die_under", "one-die-over"));
        // Not a choice of the parameter, or another name: left alone.
        assert_eq!(
            choices_written::<Race>("(rule: never, xrule: bounce)", true),
            "(rule: never, xrule: bounce)"
        );
    }

    #[test]
    fn a_choice_is_quoted_as_its_type_serializes_it() {
        // A string field: quoted, as RON writes a string.
        assert!(choices_quoted::<Race>());
        // An enum's variant: bare.
        #[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "lowercase")]
        enum Rule {
            Exact,
            Bounce,
        }
        #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
        struct Dice {
            count: u32,
            rule: Rule,
        }
        impl Parameters for Dice {
            const FIELDS: &'static [Param] = &[
                Param::int("count", "dice", "2", 1, 9),
                Param::choice("rule", "what ends it", "bounce", &["exact", "bounce"]),
            ];
        }
        assert!(!choices_quoted::<Dice>());
        let bare = choices_written::<Dice>("(count: 3, rule: \"exact\")", choices_quoted::<Dice>());
        assert_eq!(bare, "(count: 3, rule: exact)");
        let dice: Dice = from_file(&Source::embedded("d.ron", bare.into_owned()), &[]).unwrap();
        assert!(matches!((dice.count, dice.rule), (3, Rule::Exact)));
        let _ = Rule::Bounce;
    }

    #[test]
    fn a_spec_string_gives_each_parameter_once() {
        assert_eq!(
            parse_spec("race(length=5, length=6)")
                .unwrap_err()
                .to_string(),
            "race(length=5, length=6): parameter length is given twice (length=5 and length=6); give each parameter once"
        );
    }
}
