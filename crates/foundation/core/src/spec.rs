//! Reading specification files (boards, parameters) written in RON, with
//! errors that name the file, line and column.
//!
//! Data first, validation second: a file deserializes into a plain spec
//! struct, then the game validates it. Syntax and type errors come from
//! `ron` with its position; validation errors point at the offending value
//! with [`Source::locate`].
//!
//! ```
//! use tabula_core::spec::{Source, PathItem};
//! #[derive(serde::Deserialize, Debug)]
//! struct Board { size: u32, ladders: Vec<(u32, u32)> }
//!
//! let src = Source::embedded("demo.ron", "Board(\n  size: 10,\n  ladders: [(2, 7), (12, 3)],\n)");
//! let board: Board = src.parse()?;
//! assert_eq!(board.size, 10);
//! // Validation finds that the second ladder is off the board and says where.
//! let err = src.invalid(&[PathItem::Field("ladders"), PathItem::Index(1)], "square 12 is off the board");
//! assert_eq!(err.to_string(), "demo.ron:3:21: square 12 is off the board");
//!
//! let bad = Source::embedded("bad.ron", "Board(size: ten, ladders: [])");
//! assert!(bad.parse::<Board>().unwrap_err().to_string().starts_with("bad.ron:1:13: "));
//! # Ok::<_, tabula_core::spec::SpecError>(())
//! ```

use std::fmt;
use std::path::Path;

use serde::de::DeserializeOwned;

/// A position in a named source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file path, or the name of an embedded source.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// A specification file that could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The path.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not valid RON for the expected structure.
    #[error("{location}: {message}")]
    Parse {
        /// Where.
        location: Location,
        /// What was expected.
        message: String,
    },
    /// The file is larger than any specification ([`MAX_SOURCE_BYTES`]).
    #[error(
        "{file}: more than {limit} bytes; a board, game or record file is far smaller (is this the right file?)"
    )]
    TooLarge {
        /// The path.
        file: String,
        /// The limit, in bytes.
        limit: u64,
    },
    /// The structure is well formed but describes something impossible.
    #[error("{location}: {message}")]
    Invalid {
        /// Where.
        location: Location,
        /// What is wrong and what is allowed.
        message: String,
    },
}

impl SpecError {
    /// Where the error is, if it is in the text.
    pub fn location(&self) -> Option<&Location> {
        match self {
            SpecError::Io { .. } | SpecError::TooLarge { .. } => None,
            SpecError::Parse { location, .. } | SpecError::Invalid { location, .. } => {
                Some(location)
            }
        }
    }
}

/// One step of a path to a value: a struct field or a list/tuple element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathItem<'a> {
    /// The field with this name.
    Field(&'a str),
    /// The element at this index, from 0.
    Index(usize),
}

/// The text of a specification and the name to report it under.
#[derive(Clone, Debug)]
pub struct Source {
    name: String,
    text: String,
}

/// The largest specification file read: 16 MiB. A board, a game
/// configuration or a game record is kilobytes; anything larger (say
/// `/dev/zero`, or a file named by mistake) is refused before it fills
/// memory.
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// A byte-order mark, which some editors put at the start of a UTF-8
/// file: skipped.
const BOM: char = '\u{feff}';

/// `text` without a byte-order mark at its start.
fn without_bom(mut text: String) -> String {
    if text.starts_with(BOM) {
        text.drain(..BOM.len_utf8());
    }
    text
}

impl Source {
    /// Reads a file of at most [`MAX_SOURCE_BYTES`] (through
    /// [`files`](crate::files), so a confined run reads only inside its
    /// folder). A byte-order mark at its start is skipped.
    pub fn read(path: impl AsRef<Path>) -> Result<Source, SpecError> {
        Source::read_path(path.as_ref())
    }

    /// [`read`](Source::read), not generic: compiled once, here, and not
    /// again in every crate that reads a file by another type of path.
    fn read_path(path: &Path) -> Result<Source, SpecError> {
        let name = path.display().to_string();
        match crate::files::read_capped(path, MAX_SOURCE_BYTES) {
            Ok(bytes) if bytes.len() as u64 > MAX_SOURCE_BYTES => Err(SpecError::TooLarge {
                file: name,
                limit: MAX_SOURCE_BYTES,
            }),
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Ok(Source {
                    name,
                    text: without_bom(text),
                }),
                Err(e) => {
                    let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                    let text = String::from_utf8_lossy(valid);
                    let location = location_of(&name, &text, text.len());
                    Err(SpecError::Parse {
                        location,
                        message: "the file is not valid UTF-8 text".into(),
                    })
                }
            },
            Err(source) => Err(SpecError::Io { file: name, source }),
        }
    }

    /// A source held in memory (an embedded board, a test string, a
    /// file sent to a page). A byte-order mark at its start is skipped.
    pub fn embedded(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: without_bom(text.into()),
        }
    }

    /// The name errors are reported under.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Deserializes the text as RON.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, SpecError> {
        self.parse_part(&self.text)
    }

    /// Deserializes `part`, a value inside this source's text (a slice of
    /// [`text`](Source::text), such as a raw value read from it), as RON,
    /// with errors at their file:line:column in the whole text (a string
    /// that is not a slice of it: in that string, under the source's name).
    ///
    /// ```
    /// use tabula_core::spec::Source;
    ///
    /// let src = Source::embedded("demo.ron", "(\n  size: 10,\n  rule: Fast(x),\n)");
    /// let rule = &src.text()[src.text().find("Fast").unwrap()..][..7];
    /// let err = src.parse_part::<u32>(rule).unwrap_err();
    /// assert!(err.to_string().starts_with("demo.ron:3:9: "), "{err}");
    /// ```
    pub fn parse_part<'a, T: serde::Deserialize<'a>>(&self, part: &'a str) -> Result<T, SpecError> {
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .with_recursion_limit(MAX_NESTING)
            .from_str(part)
            .map_err(|e| self.ron_error(part, e))
    }

    /// The error `e` of reading `part`, at its position in the whole text
    /// (`part` a slice of it; otherwise in `part`).
    fn ron_error(&self, part: &str, e: ron::error::SpannedError) -> SpecError {
        // Where `part` starts in the text.
        let (whole, base) = match (part.as_ptr() as usize)
            .checked_sub(self.text.as_ptr() as usize)
            .filter(|b| b + part.len() <= self.text.len())
        {
            Some(base) => (self.text.as_str(), base),
            None => (part, 0),
        };
        // ron's span may start on the blank before the bad value:
        // point at the value itself.
        let mut offset = base + offset_of(part, e.span.start.line, e.span.start.col);
        let rest = &whole[offset..];
        offset += rest.len() - rest.trim_start().len();
        let message = match e.code {
            // ron's words advise its own options, which a user
            // of tabula cannot set.
            ron::Error::ExceededRecursionLimit => format!(
                "nested too deeply: more than {MAX_NESTING} brackets inside one another (a board, parameter or record file needs a few)"
            ),
            code => shorten(&code.to_string(), MAX_MESSAGE),
        };
        SpecError::Parse {
            location: location_of(&self.name, whole, offset),
            message,
        }
    }

    /// Where the value at `path` starts, as well as it can be found: a path
    /// that does not exist in the text locates its deepest existing parent.
    pub fn locate(&self, path: &[PathItem<'_>]) -> Location {
        let offset = locate_offset(&self.text, path);
        location_of(&self.name, &self.text, offset)
    }

    /// Where the `n`th (from 0) field named `name` of the outermost
    /// structure starts (a field given twice: `n` 1 is the second), or
    /// where the structure starts if there are not so many.
    pub fn locate_repeated(&self, name: &str, n: usize) -> Location {
        let toks = tokens(&self.text);
        let mut open = 0;
        if matches!(toks.first(), Some((Tok::Ident(_), _)))
            && matches!(toks.get(1), Some((Tok::Open, _)))
        {
            open = 1;
        }
        let mut depth = 0usize;
        let mut seen = 0;
        let mut offset = toks.first().map_or(0, |t| t.1);
        for (i, (tok, at)) in toks.iter().enumerate().skip(open + 1) {
            match *tok {
                Tok::Open => depth += 1,
                Tok::Close if depth == 0 => break,
                Tok::Close => depth -= 1,
                Tok::Ident(id)
                    if depth == 0
                        && id == name
                        && matches!(toks.get(i + 1), Some((Tok::Colon, _))) =>
                {
                    if seen == n {
                        offset = *at;
                        break;
                    }
                    seen += 1;
                }
                _ => {}
            }
        }
        location_of(&self.name, &self.text, offset)
    }

    /// A validation error at the value at `path`.
    pub fn invalid(&self, path: &[PathItem<'_>], message: impl Into<String>) -> SpecError {
        SpecError::Invalid {
            location: self.locate(path),
            message: message.into(),
        }
    }
}

/// How deeply brackets may nest in a file: ron's own limit, which keeps
/// a hostile file from overflowing the stack.
pub const MAX_NESTING: usize = 128;

/// The longest parse message shown, in characters: ron quotes what it found,
/// which in a file of one endless line is the whole line.
const MAX_MESSAGE: usize = 200;

/// `message` cut to `max` characters, saying how much was left out.
fn shorten(message: &str, max: usize) -> String {
    match message.char_indices().nth(max) {
        None => message.to_string(),
        Some((cut, _)) => format!(
            "{}... ({} more characters)",
            &message[..cut],
            message[cut..].chars().count()
        ),
    }
}

/// The byte offset of a 1-based line and character column, clamped to the text.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let line_text = text[start..].split('\n').next().unwrap_or("");
    start
        + line_text
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line_text.len(), |(i, _)| i)
}

fn location_of(name: &str, text: &str, offset: usize) -> Location {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Location {
        file: name.to_string(),
        line,
        column: before[line_start..].chars().count() + 1,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Ident(&'a str),
    Colon,
    Comma,
    Open,
    Close,
    Other,
}

/// Splits RON text into the tokens needed to find values: identifiers,
/// `:`, `,`, brackets; strings, chars, numbers and comments are skipped
/// over as single tokens or nothing.
fn tokens(text: &str) -> Vec<(Tok<'_>, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' | b'\'' => {
                out.push((Tok::Other, i));
                i += 1;
                while i < bytes.len() && bytes[i] != c {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
            }
            b':' => {
                out.push((Tok::Colon, i));
                i += 1;
            }
            b',' => {
                out.push((Tok::Comma, i));
                i += 1;
            }
            b'(' | b'[' | b'{' => {
                out.push((Tok::Open, i));
                i += 1;
            }
            b')' | b']' | b'}' => {
                out.push((Tok::Close, i));
                i += 1;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                out.push((Tok::Ident(&text[start..i]), start));
            }
            _ => {
                let start = i;
                i += 1;
                while i < bytes.len() && !b" \t\r\n:,()[]{}\"'/".contains(&bytes[i]) {
                    i += 1;
                }
                out.push((Tok::Other, start));
            }
        }
    }
    out
}

fn locate_offset(text: &str, path: &[PathItem<'_>]) -> usize {
    let toks = tokens(text);
    let mut at = 0; // token index where the current value starts
    let offset = |i: usize| toks.get(i).map_or(text.len(), |t| t.1);
    for item in path {
        // Skip a struct name: `Board(`, `Dice(`.
        let mut open = at;
        if matches!(toks.get(open), Some((Tok::Ident(_), _)))
            && matches!(toks.get(open + 1), Some((Tok::Open, _)))
        {
            open += 1;
        }
        if !matches!(toks.get(open), Some((Tok::Open, _))) {
            return offset(at);
        }
        let found = match *item {
            PathItem::Field(name) => find_field(&toks, open, name),
            PathItem::Index(index) => find_index(&toks, open, index),
        };
        match found {
            Some(i) => at = i,
            None => return offset(at),
        }
    }
    offset(at)
}

/// Within the bracket opened at `open`, the first token of the value of
/// field `name`.
fn find_field(toks: &[(Tok<'_>, usize)], open: usize, name: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open + 1;
    while i < toks.len() {
        match toks[i].0 {
            Tok::Open => depth += 1,
            Tok::Close if depth == 0 => return None,
            Tok::Close => depth -= 1,
            Tok::Ident(id) if depth == 0 && id == name => {
                if matches!(toks.get(i + 1), Some((Tok::Colon, _))) {
                    return Some(i + 2);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Within the bracket opened at `open`, the first token of element `index`.
fn find_index(toks: &[(Tok<'_>, usize)], open: usize, index: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut seen = 0usize;
    let mut i = open + 1;
    if index == 0 {
        return match toks.get(i) {
            Some((Tok::Close, _)) | None => None,
            Some(_) => Some(i),
        };
    }
    while i < toks.len() {
        match toks[i].0 {
            Tok::Open => depth += 1,
            Tok::Close if depth == 0 => return None,
            Tok::Close => depth -= 1,
            Tok::Comma if depth == 0 => {
                seen += 1;
                if seen == index {
                    return match toks.get(i + 1) {
                        Some((Tok::Close, _)) | None => None,
                        Some(_) => Some(i + 1),
                    };
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_nested_values_and_skips_comments_and_strings() {
        let text = "// a board\nBoard(\n  name: \"x, (y]\",\n  dice: Dice(count: 2, faces: 6),\n  chutes: [ (16, 6), /* c */ (47,26) ],\n)";
        let src = Source::embedded("b.ron", text);
        let at = |p: &[PathItem]| {
            let l = src.locate(p);
            (l.line, l.column)
        };
        assert_eq!(at(&[PathItem::Field("name")]), (3, 9));
        assert_eq!(
            at(&[PathItem::Field("dice"), PathItem::Field("faces")]),
            (4, 31)
        );
        assert_eq!(
            at(&[PathItem::Field("chutes"), PathItem::Index(1)]),
            (5, 30)
        );
        assert_eq!(
            at(&[
                PathItem::Field("chutes"),
                PathItem::Index(1),
                PathItem::Index(1)
            ]),
            (5, 34)
        );
        // Missing pieces fall back to the deepest parent found.
        assert_eq!(
            at(&[PathItem::Field("chutes"), PathItem::Index(9)]),
            (5, 11)
        );
        assert_eq!(at(&[PathItem::Field("ladders")]), (2, 1));
    }

    #[test]
    fn parse_errors_carry_line_and_column() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct S {
            a: u32,
        }
        let err = Source::embedded("s.ron", "S(\n  a: -1,\n)")
            .parse::<S>()
            .unwrap_err();
        let loc = err.location().cloned().unwrap();
        assert_eq!((loc.file.as_str(), loc.line), ("s.ron", 2));
    }

    #[test]
    fn an_endless_line_gives_a_short_message() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Board {
            size: u32,
        }
        let line = "x".repeat(1_000_000);
        let err = Source::embedded("long.ron", line)
            .parse::<Board>()
            .unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("long.ron:1:1: "), "{}", &text[..80]);
        assert!(text.len() < 400, "{} bytes", text.len());
        assert!(text.ends_with("more characters)"), "{text}");
    }
}
