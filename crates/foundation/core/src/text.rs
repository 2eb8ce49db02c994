//! Small text helpers shared by reports and pictures.

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
