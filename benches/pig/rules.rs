//! Pig for the benchmarks, in two copies: [`TutorialPig`], the book's
//! tutorial game as it is written there (`book/tutorials/pig`, anchor
//! `game`, kept by the test kit `tabula-toys`; a win at once when the turn total reaches the target, chance
//! drawn from its listed faces, the framework's default), and [`SpielPig`],
//! OpenSpiel's rules (`open_spiel/games/pig/pig.cc`) for the comparison
//! with its C++ loop: a turn total that reaches the target must be held
//! (rolling is no longer legal) and the game is won on the hold; a
//! player may hold with a turn total of 0; the game is a draw after
//! `horizon` decisions (OpenSpiel's `horizon`, 1000 by default); and the
//! die is rolled directly (`Dice::roll_one`), not sampled from a list.

use std::sync::Arc;

use tabula_core::{
    Agent, BoardGame, Chance, Dice, GameResult, GameRng, Rule, Seat, Status, game_rng,
};

/// A decision: roll again, or bank the turn total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Roll the die.
    Roll,
    /// Bank the turn total and pass the die.
    Hold,
}

/// Everything that changes during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Each seat's banked score.
    pub scores: [u32; 2],
    /// The points of the turn so far, lost on a 1.
    pub turn_total: u32,
    /// Whose turn it is.
    pub seat: Seat,
    /// Whether the die is in the air: the seat chose to roll.
    pub rolling: bool,
    /// Decisions so far (OpenSpiel's `total_moves_`).
    pub moves: u32,
}

const START: State = State {
    scores: [0, 0],
    turn_total: 0,
    seat: 0,
    rolling: false,
    moves: 0,
};

/// The tutorial's Pig, rule for rule: the test kit's copy.
pub use tabula_toys::Pig as TutorialPig;

/// A tutorial strategy: whether to roll again, from the turn total.
pub trait Strategy: Send + Sync {
    /// Whether to roll again.
    fn roll(&self, mine: u32, theirs: u32, turn_total: u32, target: u32) -> bool;
}

/// Rolls until the turn total reaches N (the tutorial's `hold-at-N`;
/// `HoldAt(u32::MAX)` always rolls).
pub struct HoldAtN(pub u32);

impl Strategy for HoldAtN {
    fn roll(&self, _: u32, _: u32, turn_total: u32, _: u32) -> bool {
        turn_total < self.0
    }
}

/// The tutorial's agent: a shared strategy behind `dyn`, as its
/// registered agents are built.
pub struct Player(pub Arc<dyn Strategy>);

impl Agent<TutorialPig> for Player {
    fn choose(
        &mut self,
        game: &TutorialPig,
        s: &tabula_toys::pig::State,
        seat: Seat,
        _: &mut GameRng,
    ) -> tabula_toys::pig::Move {
        let roll = s.turn_total == 0
            || self.0.roll(
                s.scores[seat],
                s.scores[1 - seat],
                s.turn_total,
                game.target,
            );
        use tabula_toys::pig::Move;
        if roll { Move::Roll } else { Move::Hold }
    }
}

/// OpenSpiel's Pig (see the module's documentation).
#[derive(Clone, Copy, Debug)]
pub struct SpielPig {
    /// The score that wins (OpenSpiel's `winscore`).
    pub target: u32,
    /// Decisions after which the game is a draw (OpenSpiel's `horizon`).
    pub horizon: u32,
}

impl SpielPig {
    /// To `target`, with OpenSpiel's default horizon of 1000 decisions.
    pub fn new(target: u32) -> SpielPig {
        SpielPig {
            target,
            horizon: 1000,
        }
    }

    /// Whether the seat to move may roll: its score and turn total are
    /// short of the target.
    #[inline]
    pub fn may_roll(&self, s: &State) -> bool {
        s.scores[s.seat] + s.turn_total < self.target
    }
}

impl BoardGame for SpielPig {
    type State = State;
    type Move = Move;
    type Outcome = u16;
    type Event = ();

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        START
    }

    #[inline]
    fn status(&self, s: &State) -> Status {
        if s.scores[0] >= self.target {
            Status::Over(GameResult::Win(0))
        } else if s.scores[1] >= self.target {
            Status::Over(GameResult::Win(1))
        } else if s.moves >= self.horizon {
            Status::Over(GameResult::Draw)
        } else if s.rolling {
            Status::Chance
        } else {
            Status::Decision(s.seat)
        }
    }

    fn chance_outcomes(&self, _: &State, out: &mut Vec<Chance<u16>>) {
        Dice::D6.chances_into(out);
    }

    #[inline]
    fn apply_chance<E: FnMut(())>(&self, s: &mut State, face: u16, _: &mut E) {
        s.rolling = false;
        if face == 1 {
            s.turn_total = 0;
            s.seat = 1 - s.seat;
        } else {
            s.turn_total += u32::from(face);
        }
    }

    #[inline]
    fn apply_move<E: FnMut(())>(&self, s: &mut State, mv: Move, _: &mut E) {
        s.moves += 1;
        match mv {
            Move::Roll => s.rolling = true,
            Move::Hold => {
                s.scores[s.seat] += s.turn_total;
                s.turn_total = 0;
                s.seat = 1 - s.seat;
            }
        }
    }

    fn legal_moves(&self, s: &State, out: &mut Vec<Move>) {
        if self.may_roll(s) {
            out.push(Move::Roll);
        }
        out.push(Move::Hold);
    }
}

/// It rolls its die directly, as OpenSpiel's Pig does.
impl tabula_sim::Sampling for SpielPig {
    #[inline]
    fn sample_chance<R: tabula_core::rand::Rng + ?Sized>(
        &self,
        _: &State,
        rng: &mut R,
        _: &mut Vec<tabula_core::Chance<u16>>,
    ) -> Option<u16> {
        Some(Dice::D6.roll_one(rng))
    }
}

/// Rolls while the turn total is below N and rolling is legal, else
/// holds: `HoldAt(u32::MAX)` always rolls (OpenSpiel's
/// `fixed_action_preference` bot with actions `0:1`, roll before stop).
#[derive(Clone, Copy, Debug)]
pub struct HoldAt(pub u32);

impl Agent<SpielPig> for HoldAt {
    #[inline]
    fn choose(&mut self, game: &SpielPig, s: &State, _: Seat, _: &mut GameRng) -> Move {
        if s.turn_total < self.0 && game.may_roll(s) {
            Move::Roll
        } else {
            Move::Hold
        }
    }
}

impl HoldAt {
    /// The same strategy as a deterministic [`Rule`], which picks from
    /// the legal moves: the generic agent that lists the legal moves at
    /// every decision.
    pub fn rule(self) -> impl Agent<SpielPig> {
        Rule::new::<SpielPig>(move |game, s, _, moves| {
            let roll = s.turn_total < self.0 && game.may_roll(s);
            let wanted = if roll { Move::Roll } else { Move::Hold };
            moves.iter().position(|&m| m == wanted).unwrap_or(0)
        })
    }
}

/// Always rolls where it may.
pub const ALWAYS_ROLL: HoldAt = HoldAt(u32::MAX);

/// The target of the benchmarks' games.
pub const TARGET: u32 = 50;

/// Pig to [`TARGET`] under OpenSpiel's rules ([`SpielPig`]) with both seats holding at
/// `hold_at` (`u32::MAX`: always roll), written out: the games of `seed`
/// from `first` on, drawing from the harness's dice streams. Returns the
/// first seat's wins and the steps (decisions and rolls) of all games.
pub fn hand_written(seed: u64, games: std::ops::Range<u64>, hold_at: u32) -> (u64, u64) {
    let (mut first_wins, mut steps) = (0, 0);
    for index in games {
        let mut rng = game_rng(seed, index);
        let mut scores = [0u32; 2];
        let (mut seat, mut turn, mut moves) = (0, 0, 0u32);
        while moves < 1000 {
            moves += 1;
            if turn < hold_at && scores[seat] + turn < TARGET {
                steps += 1;
                match Dice::D6.roll_one(&mut rng) {
                    1 => {
                        turn = 0;
                        seat ^= 1;
                    }
                    face => turn += u32::from(face),
                }
            } else {
                scores[seat] += turn;
                turn = 0;
                if scores[seat] >= TARGET {
                    first_wins += u64::from(seat == 0);
                    break;
                }
                seat ^= 1;
            }
        }
        steps += u64::from(moves);
    }
    (first_wins, steps)
}
