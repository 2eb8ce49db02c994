//! Chance-it as a [`BoardGame`]: turns of rolls, each followed by a
//! decision to stop or chance it.

use serde::{Deserialize, Serialize};
use tabula_core::{BoardGame, Chance, GameResult, Results, Seat, Status};
use tabula_play::record::Recordable;
use tabula_play::terminal::Notation;
use tabula_sim::Sampling;

use crate::config::Config;

/// The most players a game seats.
pub const MAX_PLAYERS: usize = 6;

/// A decision after a roll (`stop` and `roll` in records).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Move {
    /// Take the last roll as the turn's score.
    Stop,
    /// Chance it: roll again.
    Roll,
}

/// Everything that changes during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    round: u16,
    seat: u8,
    totals: [u32; MAX_PLAYERS],
    rolled: u128,
    last: u16,
    need_roll: bool,
}

impl State {
    /// Round being played, from 0 (equals the number of rounds when over).
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The seat whose turn it is.
    pub fn seat(&self) -> Seat {
        usize::from(self.seat)
    }

    /// Each seat's total so far (only the first `players` are used).
    pub fn totals(&self) -> &[u32; MAX_PLAYERS] {
        &self.totals
    }

    /// The last roll of the current turn while its mover decides: 0
    /// before the turn's first roll and once the mover chose to roll
    /// again (the roll is then no longer a score to take, so states that
    /// differ only by it are one state, and exact solves are smaller).
    pub fn last(&self) -> u16 {
        self.last
    }

    /// The values rolled so far this turn, in increasing order.
    pub fn rolled(&self) -> Vec<u16> {
        rolled_values(self.rolled)
    }

    /// Whether the dice are to be rolled next (the turn's first roll, or
    /// after the mover chose to chance it).
    pub fn needs_roll(&self) -> bool {
        self.need_roll
    }

    /// The values rolled so far this turn as a bit set (bit `v` for value
    /// `v`).
    pub fn rolled_bits(&self) -> u128 {
        self.rolled
    }

    /// A state within a turn: `start` (a state at the start of a turn,
    /// [`State::at_turn`]) after the values `rolled` (a bit set, bit `v`
    /// for value `v`), the last of them `last`, the dice due again if
    /// `need_roll`.
    pub fn in_turn(start: &State, rolled: u128, last: u16, need_roll: bool) -> State {
        State {
            rolled,
            last,
            need_roll,
            ..*start
        }
    }

    /// A state at the start of a turn, for analysis and tests: `round`,
    /// `seat` to move, and the totals.
    pub fn at_turn(round: u16, seat: Seat, totals: &[u32]) -> State {
        let mut t = [0; MAX_PLAYERS];
        for (x, y) in t.iter_mut().zip(totals) {
            *x = *y;
        }
        State {
            round,
            seat: seat.min(MAX_PLAYERS - 1) as u8,
            totals: t,
            rolled: 0,
            last: 0,
            need_roll: true,
        }
    }
}

/// The values in a bit set, in increasing order.
pub fn rolled_values(bits: u128) -> Vec<u16> {
    let mut buf = [0; 128];
    rolled_into(bits, &mut buf).to_vec()
}

/// The values in a bit set, in increasing order, written into `buf`
/// (no allocation): the prefix of `buf` that holds them.
pub fn rolled_into(mut bits: u128, buf: &mut [u16; 128]) -> &[u16] {
    let mut n = 0;
    while bits != 0 {
        buf[n] = bits.trailing_zeros() as u16;
        bits &= bits - 1;
        n += 1;
    }
    &buf[..n]
}

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A roll; `first` for a turn's first roll.
    Rolled {
        /// Who rolled.
        seat: u8,
        /// The sum of the dice.
        value: u16,
        /// Whether it was the turn's first roll.
        first: bool,
    },
    /// A roll repeated a value already rolled this turn: the turn scores 0.
    Busted {
        /// Who rolled.
        seat: u8,
        /// The repeated value.
        value: u16,
    },
    /// A turn ended with this score (0 after a bust).
    Scored {
        /// Whose turn.
        seat: u8,
        /// The round, from 0.
        round: u16,
        /// The turn's score.
        score: u16,
    },
}

/// Chance-it for a [`Config`]'s dice, rounds and players.
#[derive(Clone, Copy, Debug)]
pub struct ChanceIt {
    config: Config,
}

impl ChanceIt {
    /// The game.
    pub fn new(config: Config) -> ChanceIt {
        ChanceIt { config }
    }

    /// Its parameters.
    pub fn config(&self) -> &Config {
        &self.config
    }

    #[inline]
    fn end_turn<E: FnMut(Event)>(&self, state: &mut State, score: u16, events: &mut E) {
        let seat = state.seat;
        state.totals[usize::from(seat)] += u32::from(score);
        events(Event::Scored {
            seat,
            round: state.round,
            score,
        });
        state.rolled = 0;
        state.last = 0;
        state.need_roll = true;
        if seat + 1 >= self.config.players() {
            state.seat = 0;
            state.round += 1;
        } else {
            state.seat = seat + 1;
        }
    }
}

// The steps a simulation takes every turn (`status`, `sample_chance`,
// `apply_chance`, `apply_move`, `legal_moves`) are `#[inline]`: copied
// into the codegen unit of each loop that plays them, so that the loop's
// inlining does not depend on which of this crate's codegen units rustc
// puts them in (`simulate chance-it` once ran 6% slower calling
// `sample_chance` out of line).
impl BoardGame for ChanceIt {
    type State = State;
    type Move = Move;
    type Outcome = u16;
    type Event = Event;

    fn seats(&self) -> usize {
        usize::from(self.config.players())
    }

    fn initial_state(&self) -> State {
        State::at_turn(0, 0, &[])
    }

    #[inline]
    fn status(&self, state: &State) -> Status {
        if state.round >= self.config.rounds() {
            let players = usize::from(self.config.players());
            let totals = &state.totals[..players];
            let best = totals.iter().copied().max().unwrap_or(0);
            let mut winners = totals.iter().enumerate().filter(|(_, t)| **t == best);
            return match (winners.next(), winners.next()) {
                (Some((seat, _)), None) => Status::Over(GameResult::Win(seat)),
                _ => Status::Over(GameResult::Draw),
            };
        }
        if state.need_roll {
            Status::Chance
        } else {
            Status::Decision(usize::from(state.seat))
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u16>>) {
        self.config.dice().chances_into(out);
    }

    #[inline]
    fn apply_chance<E: FnMut(Event)>(&self, state: &mut State, value: u16, events: &mut E) {
        let seat = state.seat;
        let bit = 1u128 << (value & 127);
        events(Event::Rolled {
            seat,
            value,
            first: state.rolled == 0,
        });
        if state.rolled & bit != 0 {
            events(Event::Busted { seat, value });
            self.end_turn(state, 0, events);
        } else {
            state.rolled |= bit;
            state.last = value;
            state.need_roll = false;
        }
    }

    #[inline]
    fn apply_move<E: FnMut(Event)>(&self, state: &mut State, mv: Move, events: &mut E) {
        match mv {
            Move::Stop => {
                let score = state.last;
                self.end_turn(state, score, events);
            }
            Move::Roll => {
                state.need_roll = true;
                state.last = 0;
            }
        }
    }

    #[inline]
    fn legal_moves(&self, _: &State, out: &mut Vec<Move>) {
        out.extend([Move::Stop, Move::Roll]);
    }

    /// Each seat's score is its total; ranks follow the totals, so any
    /// seats with the same highest total share first place.
    fn results(&self, state: &State) -> Option<Results> {
        if state.round < self.config.rounds() {
            return None;
        }
        let players = usize::from(self.config.players());
        Some(Results::from_scores(
            state.totals[..players]
                .iter()
                .map(|&t| f64::from(t))
                .collect(),
        ))
    }
}

/// Chance-it rolls its dice directly, without listing their sums.
impl Sampling for ChanceIt {
    #[inline]
    fn sample_chance<R: tabula_core::rand::Rng + ?Sized>(
        &self,
        _: &State,
        rng: &mut R,
        _: &mut Vec<tabula_core::Chance<u16>>,
    ) -> Option<u16> {
        Some(self.config.dice().roll(rng))
    }
}

/// Records carry the game's [`Config`] as its parameters.
impl Recordable for ChanceIt {
    const NAME: &'static str = "chance-it";
    type Parameters = Config;

    fn parameters(&self) -> Config {
        self.config
    }

    fn from_parameters(
        parameters: &Config,
    ) -> Result<ChanceIt, tabula_play::record::ParametersError> {
        // A `Config` read from a record was validated as it was read.
        Ok(ChanceIt::new(*parameters))
    }
}

/// Moves are `roll` and `stop` (`y`/`yes` and `n`/`no` too, as the
/// specification's prompt takes them); a chance outcome is the roll's sum.
impl Notation for ChanceIt {
    fn format_move(&self, _: &State, mv: &Move) -> String {
        match mv {
            Move::Roll => "roll".into(),
            Move::Stop => "stop".into(),
        }
    }

    fn parse_move(&self, _: &State, text: &str) -> Result<Move, tabula_play::notation::MoveError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "roll" | "r" | "y" | "yes" => Ok(Move::Roll),
            "stop" | "s" | "n" | "no" => Ok(Move::Stop),
            _ => Err(format!(
                "{:?} is not a move: type roll (or y) to chance it, stop (or n) to score the last roll",
                tabula_core::text::excerpt(text)
            )
            .into()),
        }
    }

    fn render(&self, state: &State) -> String {
        let players = usize::from(self.config.players());
        let totals: Vec<String> = (0..players)
            .map(|s| format!("{} {}", self.seat_name(s), state.totals[s]))
            .collect();
        let mut text = format!(
            "Round {} of {}; totals: {}",
            (state.round + 1).min(self.config.rounds()),
            self.config.rounds(),
            totals.join(", ")
        );
        if state.round < self.config.rounds() && state.rolled != 0 {
            let rolled: Vec<String> = state.rolled().iter().map(u16::to_string).collect();
            text.push_str(&format!(
                "\n{} has rolled {} this turn (last {})",
                self.seat_name(state.seat()),
                rolled.join(" "),
                state.last
            ));
        }
        text.push('\n');
        text
    }

    fn format_outcome(&self, _: &State, outcome: &u16) -> String {
        outcome.to_string()
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat + 1)
    }

    fn move_help(&self) -> String {
        "After each roll: roll (or y) to chance it, stop (or n) to score the last roll.".into()
    }
}
