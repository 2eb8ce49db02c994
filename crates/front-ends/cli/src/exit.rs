//! How a program ends: exit codes and error messages the same for every
//! tabula program (0 on success, 1 on an error, 2 on a malformed command
//! line; a closed standard output ends quietly with 0), and the notes it
//! writes on stderr beside its output.

use std::process::ExitCode;

use tabula_registry::args::{Arguments, FromArgs, Values};
use tabula_registry::{Error, Io};

/// Writes `line` and a newline to standard error. A standard error that
/// cannot be written (`2>/dev/full`, closed) loses the line instead of
/// ending the program with a panic, as `eprintln!` would.
pub fn note(line: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
    let _ = err.flush();
}

/// Prints a clap error or help and returns the matching exit code (2 for
/// a usage error, 0 for `--help` and `--version`). Help that cannot be
/// written (`--help > /dev/full`) is an error (1), but a closed pipe
/// (`--help | head -1`) is not.
pub fn exit_for_clap(e: clap::Error) -> ExitCode {
    let code = if e.use_stderr() { 2 } else { 0 };
    match e.print() {
        Err(io) if code == 0 && io.kind() != std::io::ErrorKind::BrokenPipe => {
            note(&format!("error: cannot write the help: {io}"));
            ExitCode::FAILURE
        }
        _ => ExitCode::from(code),
    }
}

/// Turns a command's result into an exit code, printing the error.
pub fn finish(result: Result<(), Error>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed standard output (`tabula ... | head`) ends the
            // program quietly with success, whatever error wraps it.
            if tabula_core::output::is_broken_pipe(e.as_ref()) {
                return ExitCode::SUCCESS;
            }
            // An error may quote a file: its control characters are
            // escaped, not sent to the terminal.
            note(&format!(
                "error: {}",
                tabula_core::text::printable(&e.to_string())
            ));
            ExitCode::FAILURE
        }
    }
}

/// Runs `run` on standard input and output, with the progress display
/// on stderr, and ends as [`finish`] says: the end of every tabula
/// program once its command line is parsed.
pub fn on_standard_io(run: impl FnOnce(&mut Io<'_>) -> Result<(), Error>) -> ExitCode {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut io = Io::new(&mut out, &mut input);
    io.progress = match crate::show_progress() {
        Ok(shown) => shown,
        Err(e) => return finish(Err(e)),
    };
    finish(run(&mut io))
}

/// A program of its own around one command function: parses the
/// process's arguments into `A` with `command` (name, version, about),
/// runs `run` on standard input and output with the progress display on
/// stderr, and ends as [`finish`] says.
pub fn program<A: FromArgs>(
    command: clap::Command,
    run: fn(A, &mut Io<'_>) -> Result<(), Error>,
) -> ExitCode {
    let arguments = A::arguments();
    let args = match parse_own(command, &arguments) {
        Ok(values) => A::from_values(&values),
        Err(code) => return code,
    };
    match args {
        Ok(args) => on_standard_io(|io| run(args, io)),
        Err(e) => finish(Err(e.into())),
    }
}

/// `command` (name, version, about) with `arguments` after its own,
/// parsed from the process's arguments; help, version and usage errors
/// end the program as [`exit_for_clap`] says.
fn parse_own(command: clap::Command, arguments: &Arguments) -> Result<Values, ExitCode> {
    // The about after the arguments: their type's doc is not the program's.
    let about = command.get_about().cloned();
    let mut command = crate::args::augment(command, arguments).long_about(None);
    if let Some(about) = about {
        command = command.about(about);
    }
    match command.try_get_matches() {
        Ok(m) => Ok(crate::args::values(arguments, &m)),
        Err(e) => Err(exit_for_clap(e)),
    }
}

/// A program of its own around one registered command (a game's
/// `play` as its own binary): the command's arguments under the
/// program's `name`, `version` and `about`, run on standard input and
/// output; a report it returns is printed as text. Ends as [`finish`]
/// says.
pub fn command_program(
    name: &'static str,
    version: &'static str,
    about: &'static str,
    run: &dyn tabula_registry::Command,
) -> ExitCode {
    let command = clap::Command::new(name).version(version).about(about);
    let values = match parse_own(command, &run.arguments()) {
        Ok(values) => values,
        Err(code) => return code,
    };
    on_standard_io(|io| {
        if let Some(report) = run.run(&values, io)? {
            write!(io.out, "{}", report.text())?;
        }
        Ok(())
    })
}
