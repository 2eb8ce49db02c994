//! Every file tabula opens, reads, writes or looks at goes through here:
//! boards, parameter files, courses, records, parts of a split run,
//! pictures and reports. It is the one place that can hold a process to
//! a folder of its own ([`confine`]), which `tabula serve` does for every
//! run a web page starts: the run then reads and writes only inside the
//! folder holding the files sent with it.
//!
//! Confined, a path is a name inside the folder: relative, of plain
//! names only (no root, no `..`), with no symbolic link on the way. A
//! path that is not, and any file that cannot be read there, gets the
//! one answer [`OUTSIDE`], whatever is or is not on the disk (so a run
//! cannot learn which files exist elsewhere). Unconfined (the command
//! line), a path is the system's.
//!
//! ```
//! use tabula_core::files;
//!
//! let dir = std::env::temp_dir().join(format!("tabula-files-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let read = files::confined(&dir, || {
//!     files::write("board.ron", b"Board()")?;
//!     // Inside the folder: read. Anywhere else: refused, one answer.
//!     assert_eq!(files::read_capped("board.ron", 100)?, b"Board()");
//!     let outside = files::read_capped("/etc/hostname", 100).unwrap_err();
//!     assert!(files::is_outside(&outside));
//!     assert!(files::is_outside(&files::read_capped("../x", 100).unwrap_err()));
//!     assert!(files::is_outside(&files::read_capped("missing.ron", 100).unwrap_err()));
//!     Ok::<_, std::io::Error>(())
//! })?;
//! read?;
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<_, std::io::Error>(())
//! ```

use std::cell::RefCell;
use std::fs::Metadata;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// A file [`open`]ed or [`create`]d here.
pub use std::fs::File;

/// What a confined process is told of a path outside its folder, or of
/// a file it cannot read there: the same words whatever is on the disk.
pub const OUTSIDE: &str = "not a file sent with this run (a run started from the web page reads and writes only the files sent with it, in a folder of its own)";

/// The error of a path a confined process may not use ([`OUTSIDE`]).
#[derive(Debug)]
struct Outside;

impl std::fmt::Display for Outside {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(OUTSIDE)
    }
}

impl std::error::Error for Outside {}

fn outside() -> io::Error {
    io::Error::new(io::ErrorKind::PermissionDenied, Outside)
}

/// Whether `error` is the refusal of a confined process ([`OUTSIDE`]).
pub fn is_outside(error: &io::Error) -> bool {
    error.get_ref().is_some_and(|e| e.is::<Outside>())
}

/// The folder the whole process is held to, once [`confine`]d.
static PROCESS: OnceLock<PathBuf> = OnceLock::new();

thread_local! {
    /// The folder this thread is held to, inside [`confined`].
    static THREAD: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// Holds the whole process, for the rest of its life, to the existing
/// folder `root`: every path is then a name inside it. Confining again
/// to the same folder does nothing; to another, it is refused.
pub fn confine(root: impl AsRef<Path>) -> io::Result<()> {
    let root = std::fs::canonicalize(root)?;
    let held = PROCESS.get_or_init(|| root.clone());
    if *held == root {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("the process is held to {} already", held.display()),
        ))
    }
}

/// Runs `work` with this thread held to the existing folder `root` (as
/// [`confine`] holds a whole process), then lets it go. Work `work` hands
/// to other threads is not held: read the files it needs first.
pub fn confined<T>(root: impl AsRef<Path>, work: impl FnOnce() -> T) -> io::Result<T> {
    let root = std::fs::canonicalize(root)?;
    struct Restore(Option<PathBuf>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            THREAD.with(|t| *t.borrow_mut() = before);
        }
    }
    let _restore = Restore(THREAD.with(|t| t.borrow_mut().replace(root)));
    Ok(work())
}

/// The folder this thread is held to, if any (the process's first).
pub fn confinement() -> Option<PathBuf> {
    PROCESS
        .get()
        .cloned()
        .or_else(|| THREAD.with(|t| t.borrow().clone()))
}

/// Where `path` is: itself, unconfined; confined, the name inside the
/// folder, or [`OUTSIDE`] for a path that is not a plain relative name
/// or passes a symbolic link.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let Some(root) = confinement() else {
        return Ok(path.to_path_buf());
    };
    let mut at = root;
    let mut named = false;
    let mut exists = true;
    for part in path.components() {
        match part {
            Component::Normal(name) => {
                at.push(name);
                named = true;
                if exists {
                    match std::fs::symlink_metadata(&at) {
                        Ok(m) if m.file_type().is_symlink() => return Err(outside()),
                        Ok(_) => {}
                        Err(_) => exists = false,
                    }
                }
            }
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) | Component::ParentDir => {
                return Err(outside());
            }
        }
    }
    if named { Ok(at) } else { Err(outside()) }
}

/// Opens a file to read. Confined, anything but a regular file inside
/// the folder is [`OUTSIDE`].
pub fn open(path: impl AsRef<Path>) -> io::Result<File> {
    let confined = confinement().is_some();
    let opened = resolve(path.as_ref()).and_then(File::open);
    if !confined {
        return opened;
    }
    match opened {
        Ok(file) if file.metadata().is_ok_and(|m| m.is_file()) => Ok(file),
        _ => Err(outside()),
    }
}

/// At most `limit + 1` bytes of a file (so a caller sees that it is
/// longer than `limit`), opened as [`open`] opens it.
pub fn read_capped(path: impl AsRef<Path>, limit: u64) -> io::Result<Vec<u8>> {
    read_capped_at(path.as_ref(), limit)
}

/// [`read_capped`], not generic: compiled once, here.
fn read_capped_at(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open(path)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Creates (or empties) a file to write.
pub fn create(path: impl AsRef<Path>) -> io::Result<File> {
    File::create(resolve(path.as_ref())?)
}

/// Writes a whole file.
pub fn write(path: impl AsRef<Path>, contents: impl AsRef<[u8]>) -> io::Result<()> {
    std::fs::write(resolve(path.as_ref())?, contents)
}

/// Creates a folder and the folders above it that are missing.
pub fn create_dir_all(path: impl AsRef<Path>) -> io::Result<()> {
    std::fs::create_dir_all(resolve(path.as_ref())?)
}

/// Creates a new folder (one that exists already is an error).
pub fn create_dir(path: impl AsRef<Path>) -> io::Result<()> {
    std::fs::create_dir(resolve(path.as_ref())?)
}

/// Removes a file.
pub fn remove_file(path: impl AsRef<Path>) -> io::Result<()> {
    std::fs::remove_file(resolve(path.as_ref())?)
}

/// What is at `path` (following a symbolic link, unconfined; confined,
/// none is followed).
pub fn metadata(path: impl AsRef<Path>) -> io::Result<Metadata> {
    let path = resolve(path.as_ref())?;
    if confinement().is_some() {
        std::fs::symlink_metadata(path)
    } else {
        std::fs::metadata(path)
    }
}

/// Whether something is at `path`.
pub fn exists(path: impl AsRef<Path>) -> bool {
    metadata(path).is_ok()
}

/// Whether `path` is a folder.
pub fn is_dir(path: impl AsRef<Path>) -> bool {
    metadata(path).is_ok_and(|m| m.is_dir())
}

/// Whether `path` is a file.
pub fn is_file(path: impl AsRef<Path>) -> bool {
    metadata(path).is_ok_and(|m| m.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tabula-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    #[test]
    fn a_confined_thread_reads_and_writes_only_inside_its_folder() {
        let dir = scratch("confined");
        let outer = dir.join("outer.ron");
        std::fs::write(&outer, "x").expect("writes");
        let run = dir.join("run");
        std::fs::create_dir(&run).expect("a run folder");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&outer, run.join("link.ron")).expect("a link");
        let answers = confined(&run, || {
            write("sent.ron", "sent").expect("writes inside");
            create_dir_all("a/b").expect("folders inside");
            assert_eq!(read_capped("./sent.ron", 10).expect("reads"), b"sent");
            assert!(is_file("sent.ron") && is_dir("a/b") && !exists("none"));
            // The same answer for a file that exists outside and one that
            // does not; for a folder; for a link out.
            let mut answers = Vec::new();
            for path in [
                outer.to_string_lossy().into_owned(),
                "/no/such/file".into(),
                "../outer.ron".into(),
                "../nothing.ron".into(),
                "missing.ron".into(),
                "a".into(),
                "".into(),
                "link.ron".into(),
            ] {
                let e = read_capped(&path, 10).expect_err(&path);
                assert!(is_outside(&e), "{path}: {e}");
                answers.push(e.to_string());
            }
            assert!(is_outside(&write("../escape.ron", "x").unwrap_err()));
            assert!(is_outside(&metadata("/etc").unwrap_err()));
            answers
        })
        .expect("the folder exists");
        assert!(answers.iter().all(|a| a == OUTSIDE), "{answers:?}");
        assert!(!dir.join("escape.ron").exists());
        // Let go: the thread reads where it likes again.
        assert_eq!(read_capped(&outer, 10).expect("reads"), b"x");
        assert_eq!(confinement(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
