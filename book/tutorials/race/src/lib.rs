//! A race decided by chance alone, for two to six seats, written as a
//! game of its own for tabula. Nobody chooses anything: the seats take
//! turns to roll one die and move their token along a track by the
//! face; the first token to reach the end wins. A roll that would carry
//! a token past the end still finishes it (no exact roll is needed).
//!
//! ```
//! let mut out = Vec::new();
//! tabula::cli::run_args(["tabula", "analyze", "race(seats=3, length=10)"], &mut out)?;
//! assert!(String::from_utf8(out)?.contains("chance deciding every step"));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

// ANCHOR: imports
use tabula::core::params::{Param, Parameters};
use tabula::core::{BoardGame, Chance, Dice, GameResult, NoMove, Status};
use tabula::play::record::{ParametersError, Recordable};
use tabula::play::{notation::MoveError, terminal::Notation};
// ANCHOR_END: imports

// ANCHOR: game
/// The race: how many seats, and how long the track is.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Race {
    /// How many tokens race.
    pub seats: u8,
    /// The squares from the start to the end.
    pub length: u8,
}

impl Parameters for Race {
    const FIELDS: &'static [Param] = &[
        Param::int("seats", "how many tokens race", "3", 2, 6),
        Param::int(
            "length",
            "the squares from the start to the end",
            "30",
            1,
            100,
        ),
    ];
}

/// Everything that changes during play: where each token is, whose roll
/// it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Track {
    /// Each seat's square (seats past `seats` stay at 0).
    pub squares: [u8; 6],
    /// Whose roll it is, or who won once a token is at the end.
    pub seat: u8,
}

impl BoardGame for Race {
    type State = Track;
    // Nobody moves: `NoMove` has no values, so no move can ever be made.
    type Move = NoMove;
    type Outcome = u16; // the face rolled
    type Event = ();

    fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn initial_state(&self) -> Track {
        Track {
            squares: [0; 6],
            seat: 0,
        }
    }

    fn status(&self, t: &Track) -> Status {
        let seat = usize::from(t.seat);
        if t.squares[seat] >= self.length {
            Status::Over(GameResult::Win(seat))
        } else {
            Status::Chance // every step is a roll
        }
    }

    fn chance_outcomes(&self, _: &Track, out: &mut Vec<Chance<u16>>) {
        Dice::D6.chances_into(out); // 1 to 6, a sixth each
    }

    fn apply_chance<E: FnMut(())>(&self, t: &mut Track, face: u16, _: &mut E) {
        let seat = usize::from(t.seat);
        // Past the end is the end: the token stops there and wins.
        let moved = u16::from(t.squares[seat]) + face;
        t.squares[seat] = moved.min(u16::from(self.length)) as u8;
        if t.squares[seat] < self.length {
            t.seat = (t.seat + 1) % self.seats; // the next seat rolls
        }
    }

    // No state ever asks for a decision, so this is never called; `NoMove`
    // has no values, and the empty `match` says so to the compiler.
    fn apply_move<E: FnMut(())>(&self, _: &mut Track, mv: NoMove, _: &mut E) {
        match mv {}
    }
}
// ANCHOR_END: game

// ANCHOR: services
/// The race's name, and how its parameters make a game (records carry them).
impl Recordable for Race {
    const NAME: &'static str = "race";
    type Parameters = Race;

    fn parameters(&self) -> Race {
        *self
    }

    fn from_parameters(p: &Race) -> Result<Race, ParametersError> {
        Ok(*p) // `FIELDS` has checked the ranges
    }
}

/// How the race reads at the terminal: the rolls, and the track drawn.
impl Notation for Race {
    fn format_move(&self, _: &Track, mv: &NoMove) -> String {
        match *mv {}
    }

    fn parse_move(&self, _: &Track, _: &str) -> Result<NoMove, MoveError> {
        Err("nobody moves in the race: the die decides".into())
    }

    fn format_outcome(&self, t: &Track, face: &u16) -> String {
        format!("seat {} rolls {face}", t.seat + 1)
    }

    fn render(&self, t: &Track) -> String {
        let length = usize::from(self.length);
        (0..self.seats())
            .map(|seat| {
                let at = usize::from(t.squares[seat]);
                let track: String = (1..=length)
                    .map(|square| if square == at { 'o' } else { '.' })
                    .collect();
                let start = if at == 0 { 'o' } else { '|' };
                format!("seat {} {start}{track}| {at}\n", seat + 1)
            })
            .collect()
    }
}
// ANCHOR_END: services

// ANCHOR: registration
tabula::registry::register_game! {
    game: Race,
    summary: "Race: two to six tokens, one die, first to the end of the track wins",
}
// ANCHOR_END: registration
