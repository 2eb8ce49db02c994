//! A terminal game whose output closes: it stops at its next question
//! (no more input is read, since no one sees the game), its record is
//! still written, and the closed output is reported at the end (which
//! ends the program quietly). `yes | tabula play seega | head -1` ends.

use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;

use crate::Error;

/// A writer that remembers its first error and swallows the rest, so a
/// game whose output closed still ends and keeps its record.
pub(crate) struct Keep<'a> {
    inner: &'a mut dyn Write,
    error: Option<std::io::Error>,
    /// Set at the first error, for [`UntilClosed`].
    closed: Rc<Cell<bool>>,
}

impl<'a> Keep<'a> {
    /// `inner`, kept, with the input it ends.
    pub(crate) fn new(
        inner: &'a mut dyn Write,
        input: &'a mut dyn std::io::BufRead,
    ) -> (Keep<'a>, UntilClosed<'a>) {
        let closed = Rc::new(Cell::new(false));
        (
            Keep {
                inner,
                error: None,
                closed: closed.clone(),
            },
            UntilClosed {
                inner: input,
                closed,
            },
        )
    }

    /// The first error, if any.
    pub(crate) fn into_result(self) -> Result<(), Error> {
        self.error.map_or(Ok(()), |e| Err(e.into()))
    }
}

impl Write for Keep<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.error.is_none()
            && let Err(e) = self.inner.write_all(buf)
        {
            self.error = Some(e);
            self.closed.set(true);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.error.is_none()
            && let Err(e) = self.inner.flush()
        {
            self.error = Some(e);
            self.closed.set(true);
        }
        Ok(())
    }
}

/// The game's input, ended as soon as its output ([`Keep`]) fails.
pub(crate) struct UntilClosed<'a> {
    inner: &'a mut dyn std::io::BufRead,
    closed: Rc<Cell<bool>>,
}

impl std::io::Read for UntilClosed<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.closed.get() {
            return Ok(0);
        }
        self.inner.read(buf)
    }
}

impl std::io::BufRead for UntilClosed<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.closed.get() {
            return Ok(&[]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount)
    }
}
