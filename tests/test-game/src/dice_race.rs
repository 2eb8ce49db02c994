//! **Dice race**, a second test game written only against the generic
//! verbs: three tokens, seats taking turns to roll one die and move their
//! token by its face; the first to reach square `length` wins. Chance
//! decides everything, so it has no agents, and `simulate`, `analyze`,
//! `play` (watching) and `replay` come from one registration.

use tabula::core::params::{Param, Parameters};
use tabula::core::{BoardGame, Chance, GameResult, NoMove, Seat, Status};
use tabula::play::notation::MoveError;
use tabula::play::record::{ParametersError, Recordable};
use tabula::play::terminal::Notation;

/// The race: how far, and the die's faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceRace {
    /// The square that wins.
    pub length: u32,
    /// The die's faces.
    pub faces: u32,
}

impl Parameters for DiceRace {
    const FIELDS: &'static [Param] = &[
        Param::int("length", "the square that wins", "12", 1, 60),
        Param::int("faces", "the die's faces", "6", 2, 12),
    ];
}

/// The tokens' squares and whose roll it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Race {
    /// Each seat's square.
    pub squares: [u32; 3],
    /// Whose roll it is, or the winner once the race is over.
    pub seat: Seat,
}

impl BoardGame for DiceRace {
    type State = Race;
    type Move = NoMove;
    type Outcome = u32;
    type Event = ();

    fn seats(&self) -> usize {
        3
    }

    fn initial_state(&self) -> Race {
        Race {
            squares: [0; 3],
            seat: 0,
        }
    }

    fn status(&self, r: &Race) -> Status {
        if r.squares[r.seat] >= self.length {
            Status::Over(GameResult::Win(r.seat))
        } else {
            Status::Chance
        }
    }

    fn chance_outcomes(&self, _: &Race, out: &mut Vec<Chance<u32>>) {
        let p = 1.0 / f64::from(self.faces);
        out.extend((1..=self.faces).map(|face| Chance {
            outcome: face,
            probability: p,
        }));
    }

    fn apply_chance<E: FnMut(())>(&self, r: &mut Race, face: u32, _: &mut E) {
        r.squares[r.seat] += face;
        if r.squares[r.seat] < self.length {
            r.seat = (r.seat + 1) % 3;
        }
    }

    fn apply_move<E: FnMut(())>(&self, _: &mut Race, mv: NoMove, _: &mut E) {
        match mv {}
    }
}

impl Recordable for DiceRace {
    const NAME: &'static str = "dice-race";
    type Parameters = DiceRace;

    fn parameters(&self) -> DiceRace {
        *self
    }

    fn from_parameters(p: &DiceRace) -> Result<DiceRace, ParametersError> {
        Ok(*p)
    }
}

impl Notation for DiceRace {
    fn format_move(&self, _: &Race, mv: &NoMove) -> String {
        match *mv {}
    }

    fn parse_move(&self, _: &Race, _: &str) -> Result<NoMove, MoveError> {
        Err("nobody moves in a dice race: the die decides".into())
    }

    fn render(&self, r: &Race) -> String {
        let [a, b, c] = r.squares;
        format!("Squares {a}, {b}, {c} of {}.", self.length)
    }

    fn format_outcome(&self, r: &Race, face: &u32) -> String {
        format!("seat {} rolls {face}", r.seat + 1)
    }
}

tabula::registry::register_game! {
    game: DiceRace,
    summary: "Dice race (a test game): three tokens, one die, first to the end wins",
}
