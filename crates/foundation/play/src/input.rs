//! Reading interactive input one line at a time, with a cap.
//!
//! Every program that reads answers from a person (or a file standing in
//! for one) reads them with [`read_line`]: it keeps at most
//! [`MAX_LINE_BYTES`] bytes of a line and discards the rest up to the
//! newline, so a line of any length (a 3 GB line without a newline, say)
//! costs a fixed amount of memory. Text that is shown back to the person
//! goes through [`excerpt`](tabula_core::text::excerpt), so a bad answer is never echoed whole.
//!
//! ```
//! use tabula_play::input::{read_line, MAX_LINE_BYTES};
//!
//! let long = "x".repeat(10 * MAX_LINE_BYTES);
//! let text = format!("c2 c3\n{long}\nquit\n");
//! let mut input = text.as_bytes();
//! let first = read_line(&mut input)?.ok_or("no line")?;
//! assert_eq!(first.bytes(), b"c2 c3");
//! let second = read_line(&mut input)?.ok_or("no line")?;
//! assert!(second.is_truncated());
//! assert_eq!(second.bytes().len(), MAX_LINE_BYTES);
//! let third = read_line(&mut input)?.ok_or("no line")?;
//! assert_eq!(third.text(), "quit");
//! assert!(read_line(&mut input)?.is_none());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead};

/// The most bytes of one input line that are kept: the specifications' programs'
/// 80 characters plus a wide margin. Longer lines are cut here and the
/// rest of the line is read and thrown away.
pub const MAX_LINE_BYTES: usize = 1024;

/// One line of input, without its newline, cut at [`MAX_LINE_BYTES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    bytes: Vec<u8>,
    length: u64,
}

impl Line {
    /// The kept bytes (at most [`MAX_LINE_BYTES`]), without the newline.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The line's full length in bytes, without the newline, including
    /// any discarded part.
    pub fn len(&self) -> u64 {
        self.length
    }

    /// Whether the line was empty.
    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    /// Whether the line was longer than the cap (and so cut).
    pub fn is_truncated(&self) -> bool {
        self.length > self.bytes.len() as u64
    }

    /// The kept bytes as text (invalid UTF-8 replaced), trimmed of white
    /// space at both ends.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).trim().to_string()
    }
}

/// Reads one line (up to and including `\n`, or to the end of input) from
/// `input`, keeping at most [`MAX_LINE_BYTES`] bytes of it. Returns `None`
/// at the end of input (nothing read).
///
/// Interrupted reads are retried; any other read error is returned.
pub fn read_line(input: &mut dyn BufRead) -> io::Result<Option<Line>> {
    read_line_capped(input, MAX_LINE_BYTES)
}

/// [`read_line`] with a cap of `limit` bytes instead of [`MAX_LINE_BYTES`].
pub fn read_line_capped(input: &mut dyn BufRead, limit: usize) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut length: u64 = 0;
    let mut read_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = limit.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length = length.saturating_add(chunk.len() as u64);
        input.consume(used);
        if done {
            break;
        }
    }
    Ok(read_any.then_some(Line { bytes, length }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    /// A reader that yields its bytes `step` at a time, so lines cross
    /// buffer boundaries.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn all_lines(data: &[u8], step: usize, limit: usize) -> Vec<Line> {
        let mut r = BufReader::with_capacity(7, Trickle { data, step });
        let mut out = Vec::new();
        while let Some(l) = read_line_capped(&mut r, limit).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn short_lines_whole_and_end_of_input() {
        let lines = all_lines(b"a1 b2\n\nlast", 3, 16);
        let texts: Vec<&[u8]> = lines.iter().map(Line::bytes).collect();
        assert_eq!(texts, [&b"a1 b2"[..], b"", b"last"]);
        assert!(lines.iter().all(|l| !l.is_truncated()));
        assert!(lines[1].is_empty());
        assert!(all_lines(b"", 1, 16).is_empty());
    }

    #[test]
    fn long_line_cut_and_rest_discarded() {
        let mut data = vec![b'x'; 100];
        data.extend_from_slice(b"\nok\n");
        let lines = all_lines(&data, 5, 10);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].bytes(), &[b'x'; 10]);
        assert_eq!(lines[0].len(), 100);
        assert!(lines[0].is_truncated());
        assert_eq!(lines[1].text(), "ok");
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;
    use std::io::BufReader;

    proptest! {
        /// Random bytes, any cap, any buffer size: the lines read are the
        /// lines of the input, each cut at the cap, with their full length.
        #[test]
        fn matches_a_plain_split(
            data in proptest::collection::vec(
                prop_oneof![Just(b'\n'), any::<u8>(), Just(b'a')], 0..400),
            limit in 0usize..50,
            capacity in 1usize..20,
        ) {
            let mut r = BufReader::with_capacity(capacity, data.as_slice());
            let mut got = Vec::new();
            while let Some(l) = read_line_capped(&mut r, limit).unwrap() {
                prop_assert!(l.bytes().len() <= limit);
                got.push(l);
            }
            let mut want: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
            if data.last() == Some(&b'\n') || data.is_empty() {
                want.pop();
            }
            prop_assert_eq!(got.len(), want.len());
            for (l, w) in got.iter().zip(want) {
                prop_assert_eq!(l.len(), w.len() as u64);
                prop_assert_eq!(l.bytes(), &w[..w.len().min(limit)]);
                prop_assert_eq!(l.is_truncated(), w.len() > limit);
            }
        }
    }
}
