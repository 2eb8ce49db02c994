//! noline as a [`BoardGame`]: two players place tiles in turn; whoever
//! makes a line of three of their own loses.

use tabula_core::{BoardGame, GameResult, Seat, Status};
use tabula_play::Legality;

use crate::board::{Cell, Grid, MAX_DIM};

/// Seat 0 is player O, who moves first; seat 1 is player X.
pub const SEAT_NAMES: [char; 2] = ['O', 'X'];

/// The tile of a seat.
pub fn tile(seat: Seat) -> Cell {
    if seat == 0 { Cell::O } else { Cell::X }
}

/// A move: a tile on `(row, col)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Place {
    /// Row, from 0.
    pub row: u16,
    /// Column, from 0.
    pub col: u16,
}

/// The board, whose turn it is, and how the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The tiles.
    pub grid: Grid,
    /// The seat to move.
    pub to_move: Seat,
    /// How it ended, once it has.
    pub result: Option<GameResult>,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A tile was placed.
    Placed {
        /// Who placed it.
        seat: Seat,
        /// Where.
        at: Place,
    },
    /// The seat made a line of three and lost.
    Lost {
        /// The loser.
        seat: Seat,
    },
    /// The board filled with no line: a draw.
    Drawn,
}

/// noline on a `dim` × `dim` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noline {
    dim: usize,
}

impl Noline {
    /// Whether `mv` is legal in `state`: a free cell, while the game goes
    /// on ([`Legality::is_legal`] with no list).
    pub fn allows(&self, state: &State, mv: &Place) -> bool {
        self.is_legal(state, mv, &mut Vec::new())
    }

    /// The game on a `dim` × `dim` board (any size from 1; the specification's
    /// program asks for an odd size above 1).
    pub fn new(dim: usize) -> Noline {
        Noline { dim: dim.max(1) }
    }

    /// Side length.
    pub fn dim(&self) -> usize {
        self.dim
    }
}

impl BoardGame for Noline {
    type State = State;
    type Move = Place;
    type Outcome = ();
    type Event = Event;

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        State {
            grid: Grid::new(self.dim),
            to_move: 0,
            result: None,
        }
    }

    fn status(&self, state: &State) -> Status {
        match state.result {
            Some(r) => Status::Over(r),
            None => Status::Decision(state.to_move),
        }
    }

    fn apply_chance<E: FnMut(Event)>(&self, _: &mut State, _: (), _: &mut E) {}

    fn apply_move<E: FnMut(Event)>(&self, state: &mut State, mv: Place, events: &mut E) {
        let seat = state.to_move;
        let (r, c) = (usize::from(mv.row), usize::from(mv.col));
        let line = state.grid.place(r, c, tile(seat));
        events(Event::Placed { seat, at: mv });
        if line {
            state.result = Some(GameResult::Win(1 - seat));
            events(Event::Lost { seat });
        } else if state.grid.is_full() {
            state.result = Some(GameResult::Draw);
            events(Event::Drawn);
        } else {
            state.to_move = 1 - seat;
        }
    }

    fn legal_moves(&self, state: &State, out: &mut Vec<Place>) {
        if state.result.is_some() {
            return;
        }
        let dim = state.grid.dim();
        for (i, cell) in state.grid.cells().iter().enumerate() {
            if *cell == Cell::Empty {
                out.push(Place {
                    row: (i / dim) as u16,
                    col: (i % dim) as u16,
                });
            }
        }
    }
}

/// A move is checked directly: a free cell, while the game goes on.
impl Legality for Noline {
    /// A free cell, while the game goes on: no list needed.
    fn is_legal(&self, state: &State, mv: &Place, _: &mut Vec<Place>) -> bool {
        state.result.is_none() && state.grid.is_free(usize::from(mv.row), usize::from(mv.col))
    }
}

/// noline's one parameter, the board side: odd, from 3 to
/// [`MAX_DIM`], as the noline program takes it (`--dim 5`,
/// `noline(dim=5)`, or `(dim: 5)` in a parameter file).
///
/// A record keeps it as a bare number (`parameters: 3`), as noline's
/// records always have; it reads either form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim {
    /// The board side.
    pub dim: usize,
}

impl serde::Serialize for Dim {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.dim as u64)
    }
}

impl<'de> serde::Deserialize<'de> for Dim {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Dim, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Named {
            dim: usize,
        }
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Form {
            Bare(usize),
            Named(Named),
        }
        match Form::deserialize(d)? {
            Form::Bare(dim) | Form::Named(Named { dim }) => Ok(Dim { dim }),
        }
    }
}

impl tabula_core::params::Parameters for Dim {
    const FIELDS: &'static [tabula_core::params::Param] = &[tabula_core::params::Param::int(
        "dim",
        "the board side, odd",
        "3",
        3,
        MAX_DIM as i64,
    )];

    fn check(&self) -> Result<(), String> {
        if self.dim.is_multiple_of(2) {
            return Err(format!(
                "parameter dim: {} is not allowed: the board side is odd, from 3 to {MAX_DIM}",
                self.dim
            ));
        }
        Ok(())
    }
}

/// Records name the game `noline` and keep its board side.
impl tabula_play::record::Recordable for Noline {
    const NAME: &'static str = "noline";
    type Parameters = Dim;

    fn parameters(&self) -> Dim {
        Dim { dim: self.dim }
    }

    fn from_parameters(p: &Dim) -> Result<Noline, tabula_play::record::ParametersError> {
        let dim = p.dim;
        if !(1..=MAX_DIM).contains(&dim) {
            return Err(format!("the board side must be 1 to {MAX_DIM}, not {dim}").into());
        }
        Ok(Noline::new(dim))
    }
}

/// A move is typed `ROW COL` as the specification's program reads it; the board is
/// drawn as the specification draws it.
impl tabula_play::terminal::Notation for Noline {
    fn format_move(&self, _: &State, mv: &Place) -> String {
        format!("{} {}", mv.row, mv.col)
    }

    fn parse_move(&self, _: &State, text: &str) -> Result<Place, tabula_play::notation::MoveError> {
        let Some((r, c)) = crate::board::scan_two_ints(text.as_bytes()) else {
            return Err("a move is two numbers, ROW COL (from 0)".into());
        };
        let on = |v: i64| u16::try_from(v).ok().filter(|&v| usize::from(v) < self.dim);
        match (on(r), on(c)) {
            (Some(row), Some(col)) => Ok(Place { row, col }),
            _ => Err(format!(
                "{r} {c} is off the board: rows and columns run from 0 to {}",
                self.dim - 1
            )
            .into()),
        }
    }

    fn render(&self, state: &State) -> String {
        state.grid.render()
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", SEAT_NAMES[seat.min(1)])
    }

    fn move_help(&self) -> String {
        "Type ROW COL, counted from 0 (1 1 is the centre of a 3x3 board); \
whoever makes a line of three of their own tiles loses."
            .to_string()
    }
}
