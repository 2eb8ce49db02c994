//! Small text helpers shared by reports, pictures and messages: counts with
//! thousands separators, and what of a person's answer is shown back.

/// A count with thousands separators, as reports and picture titles show
/// counts.
///
/// ```
/// assert_eq!(tabula_core::text::group(1_234_567), "1,234,567");
/// assert_eq!(tabula_core::text::group(999), "999");
/// ```
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count and its noun, singular for one: `1 seat`, `3 seats`.
///
/// ```
/// assert_eq!(tabula_core::text::count(1, "seat"), "1 seat");
/// assert_eq!(tabula_core::text::count(3, "seat"), "3 seats");
/// ```
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `text` safe to print on a terminal: every control character but a
/// newline and a tab is written as its escape (`\u{1b}`, `\0`), so text
/// read from a file (a player's name, a board's name, an error that
/// quotes it) cannot move the cursor, change colours or ring the bell.
///
/// ```
/// assert_eq!(tabula_core::text::printable("a\u{1b}[31mb\0\u{7}"), "a\\u{1b}[31mb\\0\\u{7}");
/// assert_eq!(tabula_core::text::printable("two\nlines"), "two\nlines");
/// ```
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let escape = |c: char| c.is_control() && !matches!(c, '\n' | '\t');
    if !text.chars().any(escape) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escape(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The most characters of a person's answer shown back in a message.
pub const MAX_ECHO_CHARS: usize = 40;

/// `text` as it may be shown back: at most [`MAX_ECHO_CHARS`] characters,
/// with `...` marking a cut.
///
/// ```
/// use tabula_core::text::{excerpt, MAX_ECHO_CHARS};
///
/// assert_eq!(excerpt("c2 c3"), "c2 c3");
/// let long = "é".repeat(100);
/// assert_eq!(excerpt(&long).chars().count(), MAX_ECHO_CHARS + 3);
/// assert!(excerpt(&long).ends_with("..."));
/// ```
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        None => text.to_string(),
        Some((i, _)) => format!("{}...", &text[..i]),
    }
}
