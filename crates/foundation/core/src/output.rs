//! What every tabula program does when its standard output is closed
//! (`tabula ... | head -1`): it ends quietly, with exit status 0, after
//! finishing any record files it was writing. [`is_broken_pipe`] tells
//! that case from a real write error.

use std::io;

/// Whether `error`, or any error in its chain of sources, is a write to a
/// closed pipe or socket (`tabula ... | head -1`).
///
/// The rule every tabula program follows: a closed standard output ends
/// the program quietly with exit status 0, after it has finished any
/// record files it was writing.
///
/// ```
/// use std::io;
/// use tabula_core::output::is_broken_pipe;
///
/// let closed = io::Error::from(io::ErrorKind::BrokenPipe);
/// assert!(is_broken_pipe(&closed));
/// let wrapped = io::Error::other(closed);
/// assert!(is_broken_pipe(&wrapped));
/// assert!(!is_broken_pipe(&io::Error::other("disk full")));
/// ```
pub fn is_broken_pipe(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(e) = next {
        if let Some(io) = e.downcast_ref::<io::Error>() {
            if io.kind() == io::ErrorKind::BrokenPipe {
                return true;
            }
            // An `io::Error` made from another error hides it from
            // `source`; look inside.
            if let Some(inner) = io.get_ref()
                && is_broken_pipe(inner)
            {
                return true;
            }
        }
        next = e.source();
    }
    false
}
