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

// ANCHOR: solver
use tabula::play::tournament::Chances;
use tabula::registry::exact::{PolicyArgs, PolicyError, analyze_agents_within};
use tabula::registry::solve::{ChancesReport, Distribution, Within};
use tabula::registry::{Answer, Error, Query, Solve};

/// The race's own exact method: each token's rolls do not depend on the
/// others', so the chance that seat `i` wins is a sum over the roll `k`
/// on which its token arrives: the seats before it need more than `k`
/// rolls, the seats after it more than `k - 1`. It answers the
/// distribution with chance alone; while the framework's chain of the
/// whole race fits under `--max-states` it leaves the answer to the
/// chain (which also gives the length distribution), and past it gives
/// each seat's chances.
pub struct TokensApart;

impl TokensApart {
    /// `rolls[k]`: the chance that one token needs exactly `k` rolls.
    fn rolls(race: &Race) -> Vec<f64> {
        let length = usize::from(race.length);
        // Where the token stands after each roll (the end keeps it).
        let mut at = vec![0.0; length + 1];
        at[0] = 1.0;
        let mut rolls = vec![0.0];
        while rolls.iter().sum::<f64>() < 1.0 - 1e-15 && rolls.len() <= length {
            let mut next = vec![0.0; length + 1];
            for (square, &p) in at.iter().enumerate().take(length) {
                for face in 1..=6 {
                    next[(square + face).min(length)] += p / 6.0;
                }
            }
            rolls.push(next[length]);
            next[length] = 0.0;
            at = next;
        }
        rolls
    }

    /// Each seat's chance of winning.
    pub fn chances(race: &Race) -> Vec<f64> {
        let rolls = TokensApart::rolls(race);
        // more[k]: the chance that a token needs more than `k` rolls.
        let mut more = vec![1.0; rolls.len()];
        for k in 1..rolls.len() {
            more[k] = (more[k - 1] - rolls[k]).max(0.0);
        }
        let seats = usize::from(race.seats);
        (0..seats)
            .map(|i| {
                (1..rolls.len())
                    .map(|k| {
                        let before = i32::try_from(i).unwrap_or(0);
                        let after = i32::try_from(seats - 1 - i).unwrap_or(0);
                        rolls[k] * more[k].powi(before) * more[k - 1].powi(after)
                    })
                    .sum()
            })
            .collect()
    }
}

impl Solve<Race> for TokensApart {
    fn name(&self) -> &'static str {
        "tokens-apart"
    }

    fn answers(&self, _: &Race, _: &Race, query: &Query<'_>) -> bool {
        matches!(query, Query::Distribution { agents, .. } if agents.is_empty())
    }

    fn solve(
        &self,
        race: &Race,
        _: &Race,
        _: &Query<'_>,
        within: &Within<'_>,
    ) -> Result<Answer<Race>, Error> {
        let spec = tabula::core::params::spec(Race::NAME, race);
        let args = PolicyArgs {
            agents: Vec::new(),
            max_states: within.max_states,
        };
        // The framework's chain while it fits.
        let limit = match analyze_agents_within(race, &spec, &args, &within.budget) {
            Ok(solution) => {
                return Ok(Answer::Distribution(Distribution {
                    chances: Vec::new(),
                    solution: Some(solution),
                    report: None,
                }));
            }
            Err(PolicyError::TooLarge { limit, .. }) => limit,
            Err(e) => return Err(e.into()),
        };
        let chances: Vec<Chances> = TokensApart::chances(race)
            .into_iter()
            .map(|win| Chances {
                win,
                shared_first: 0.0,
                score: Some(win), // a win scores 1
            })
            .collect();
        let mut report = ChancesReport::of(&spec, self.name(), &[], &chances);
        report.note = Some(format!(
            "the chain of the whole race outgrew --max-states {limit}; each token's rolls are independent, so each seat's chance is composed from one token's"
        ));
        Ok(Answer::Distribution(Distribution {
            chances,
            solution: None,
            report: Some(Box::new(report)),
        }))
    }
}
// ANCHOR_END: solver

// ANCHOR: registration
tabula::registry::register_game! {
    game: Race,
    summary: "Race: two to six tokens, one die, first to the end of the track wins",
    build: |g| g.solver(TokensApart),
}
// ANCHOR_END: registration
