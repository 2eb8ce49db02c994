//! The `noline` program of specification 002, to the letter: arguments, error
//! exits, the board, prompts, move input, and the end of the game. The
//! rules are the shared [`Noline`] game.

use std::io::{BufRead, BufReader, BufWriter, Write};
use tabula_core::files::File;

use tabula_core::{Agent, BoardGame, GameResult};
use tabula_play::input;

use crate::board::MAX_DIM;
use crate::game::{Noline, Place, SEAT_NAMES, State};

/// The usage line (on stderr, exit 1).
pub const USAGE: &str = "Usage: noline dim [playerXtype [playerOtype [Oin Oout Xin Xout]]]";

/// Lines of this many characters or more (not counting the newline) are
/// invalid moves.
pub const MAX_LINE: usize = 80;

/// Who occupies a seat (as the terminal's `Occupant` does): moves typed,
/// or chosen by the registered agent `type1` or `type2`.
enum Occupant {
    Human,
    Computer(Box<dyn Agent<Noline>>),
}

/// Where a player's input comes from.
enum Input {
    Stdin,
    File(BufReader<File>),
}

/// Where a player's output goes.
enum Output {
    Stdout,
    File(BufWriter<File>),
}

/// The program's streams.
struct Io<'a> {
    stdin: &'a mut dyn BufRead,
    stdout: &'a mut dyn Write,
    inputs: [Input; 2],
    outputs: [Output; 2],
    /// Whether reading an input failed (as opposed to writing).
    read_failed: bool,
}

impl Io<'_> {
    fn write(&mut self, seat: usize, text: &str) -> std::io::Result<()> {
        match &mut self.outputs[seat] {
            Output::Stdout => self.stdout.write_all(text.as_bytes()),
            Output::File(f) => f.write_all(text.as_bytes()),
        }
    }

    /// Writes to both players; once if both use stdout.
    fn write_both(&mut self, text: &str) -> std::io::Result<()> {
        self.write(0, text)?;
        if !matches!(
            (&self.outputs[0], &self.outputs[1]),
            (Output::Stdout, Output::Stdout)
        ) {
            self.write(1, text)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.stdout.flush()?;
        for o in &mut self.outputs {
            if let Output::File(f) = o {
                f.flush()?;
            }
        }
        Ok(())
    }

    /// One line of the seat's input, without its newline, cut at
    /// [`tabula_play::input::MAX_LINE_BYTES`] (a longer line is an invalid
    /// move anyway); `None` at the end of input.
    fn read_line(&mut self, seat: usize) -> std::io::Result<Option<Vec<u8>>> {
        self.flush()?;
        let line = match &mut self.inputs[seat] {
            Input::Stdin => input::read_line(self.stdin),
            Input::File(f) => input::read_line(f),
        }
        .inspect_err(|_| self.read_failed = true)?;
        Ok(line.map(|l| l.bytes().to_vec()))
    }
}

/// C's `isspace` in the "C" locale.
pub use crate::board::scan_two_ints;

/// A move line as the specification accepts it: fewer than 80 characters, two
/// integers as scanf reads them, on the board, on an empty cell.
pub fn parse_move(line: &[u8], game: &Noline, state: &State) -> Option<Place> {
    if line.len() >= MAX_LINE {
        return None;
    }
    let (r, c) = scan_two_ints(line)?;
    let dim = game.dim() as i64;
    if !(0..dim).contains(&r) || !(0..dim).contains(&c) {
        return None;
    }
    let mv = Place {
        row: r as u16,
        col: c as u16,
    };
    game.allows(state, &mv).then_some(mv)
}

/// A command-line integer: digits only.
fn digits(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Too many digits is simply too large.
    s.parse().ok().or(Some(u64::MAX))
}

/// Runs the program with `args` (without the program name). Returns the
/// exit status: 0 after a game (or when its output is closed), 1 usage,
/// 2 bad dimension, 3 bad player type, 4 files that cannot be opened or
/// read (a directory, say), 5 an output that cannot be written.
pub fn run(
    args: &[String],
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let fail = |stderr: &mut dyn Write, code: i32, message: &str| {
        let _ = writeln!(stderr, "{message}");
        code
    };
    if !matches!(args.len(), 1 | 2 | 3 | 7) {
        return fail(stderr, 1, USAGE);
    }
    let dim = match digits(&args[0]) {
        Some(d) if d > 1 && d % 2 == 1 && d <= MAX_DIM as u64 => d as usize,
        _ => return fail(stderr, 2, "Invalid board dimension."),
    };
    // playerXtype, then playerOtype; both default to 0 (human).
    let mut types = [0u64; 2];
    for (arg, seat) in args.iter().skip(1).take(2).zip([1usize, 0]) {
        match digits(arg) {
            Some(t @ 0..=2) => types[seat] = t,
            _ => return fail(stderr, 3, "Invalid player type."),
        }
    }
    let game = Noline::new(dim);
    let mut players = [Occupant::Human, Occupant::Human];
    for (seat, t) in types.into_iter().enumerate() {
        if t > 0 {
            let name = if t == 1 { "type1" } else { "type2" };
            match tabula_play::agents::build(&game, name) {
                Ok(agent) => players[seat] = Occupant::Computer(agent),
                Err(e) => return fail(stderr, 3, &format!("noline: {e}")),
            }
        }
    }
    // Oin Oout Xin Xout; an input file is opened only for a human player,
    // who reads it (seed update: computer players do not use theirs).
    let mut inputs = [Input::Stdin, Input::Stdin];
    let mut outputs = [Output::Stdout, Output::Stdout];
    if args.len() == 7 {
        for seat in 0..2 {
            let (input, output) = (&args[3 + 2 * seat], &args[4 + 2 * seat]);
            if input != "-" && matches!(players[seat], Occupant::Human) {
                // A directory opens but cannot be read as a file.
                match tabula_core::files::open(input) {
                    Ok(f) if !f.metadata().is_ok_and(|m| m.is_dir()) => {
                        inputs[seat] = Input::File(BufReader::new(f))
                    }
                    _ => return fail(stderr, 4, "Invalid files."),
                }
            }
            if output != "-" {
                match tabula_core::files::create(output) {
                    Ok(f) => outputs[seat] = Output::File(BufWriter::new(f)),
                    Err(_) => return fail(stderr, 4, "Invalid files."),
                }
            }
        }
    }
    let mut io = Io {
        stdin,
        stdout,
        inputs,
        outputs,
        read_failed: false,
    };
    match play(&game, players, &mut io) {
        Ok(()) => 0,
        // A closed output ends the program quietly (the rule of every
        // tabula program, see `tabula_core::output::is_broken_pipe`).
        Err(e) if tabula_core::output::is_broken_pipe(&e) => 0,
        // Input that cannot be read as a file is what the specification calls
        // invalid files.
        Err(_) if io.read_failed => fail(stderr, 4, "Invalid files."),
        Err(e) => {
            let _ = writeln!(stderr, "noline: {e}");
            5
        }
    }
}

fn play(game: &Noline, mut players: [Occupant; 2], io: &mut Io<'_>) -> std::io::Result<()> {
    let mut state = game.initial_state();
    for (seat, p) in players.iter_mut().enumerate() {
        if let Occupant::Computer(agent) = p {
            agent.new_game(game, seat);
        }
    }
    // The specification's players draw nothing; an agent's stream all the same.
    let mut rng = tabula_core::agent_rng(0, 0, 0);
    let message = loop {
        let seat = state.to_move;
        let name = SEAT_NAMES[seat];
        io.write(seat, &state.grid.render())?;
        let mv = loop {
            io.write(seat, &format!("{name}> "))?;
            match &mut players[seat] {
                Occupant::Computer(agent) => {
                    let mv = agent.choose(game, &state, seat, &mut rng);
                    if !game.allows(&state, &mv) {
                        // Never: the specification's players take an empty cell.
                        return Err(std::io::Error::other("an agent chose a taken cell"));
                    }
                    io.write(seat, &format!("{} {}\n", mv.row, mv.col))?;
                    break mv;
                }
                Occupant::Human => {
                    let Some(line) = io.read_line(seat)? else {
                        let message = format!("Player {name} loses due to EOF.\n");
                        return finish(io, &state, &message);
                    };
                    if let Some(mv) = parse_move(&line, game, &state) {
                        break mv;
                    }
                }
            }
        };
        game.apply_move(&mut state, mv, &mut |_| {});
        match state.result {
            None => continue,
            Some(GameResult::Win(winner)) => {
                break format!("Player {} loses.\n", SEAT_NAMES[1 - winner]);
            }
            // noline always has a winner or a draw.
            Some(GameResult::Draw | GameResult::Lost) => {
                break "The game is a draw.\n".to_string();
            }
        }
    };
    finish(io, &state, &message)
}

fn finish(io: &mut Io<'_>, state: &State, message: &str) -> std::io::Result<()> {
    io.write_both(&state.grid.render())?;
    io.write_both(message)?;
    io.flush()
}

/// The `noline` binary: [`run`] with the process's arguments and standard
/// streams.
pub fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let code = run(
        &args,
        &mut stdin.lock(),
        &mut stdout.lock(),
        &mut std::io::stderr(),
    );
    std::process::ExitCode::from(u8::try_from(code).unwrap_or(1))
}
