//! What an exact solve optimises: the value of each finished game, one
//! number or a vector of them, and who maximises it. One trait,
//! [`Objective`], serves every solver: [`Optimal`](crate::Optimal),
//! [`DenseOptimal`](crate::DenseOptimal) and [`Staged`](crate::Staged).
//!
//! A solver that optimises one number ([`Optimal`](crate::Optimal),
//! [`DenseOptimal`](crate::DenseOptimal)) takes the first component
//! ([`Objective::terminal`]), maximised by the seats for which
//! [`Objective::maximises`] is true and minimised by the others. A staged
//! solve takes the whole vector ([`Objective::terminal_vector`], of
//! [`Objective::components`] numbers), and each seat that
//! [`Play::Maximise`](crate::Play::Maximise)s picks one component.
//!
//! The usual objectives: one number, [`ScoreOf`] (one decision-maker's
//! expected score), [`Reach`] (the probability of ending in a target),
//! [`WinZeroSum`] (two seats, seat 0's probability of winning),
//! [`Terminal`] (any value the game gives its finished states); a vector,
//! [`Scores`] (each seat's expected score) and [`WinChances`] (each
//! seat's chance of winning outright, and of a tie).

use tabula_core::{BoardGame, GameResult, Results, Seat};

/// What optimal play optimises: the value of each finished game, as one
/// number or as a vector of them (*components*), and which seats
/// maximise the one number (the others minimise it).
///
/// A solver that optimises one number ([`Optimal`](crate::Optimal),
/// [`DenseOptimal`](crate::DenseOptimal)) takes the first component
/// ([`terminal`](Self::terminal)), maximised by the seats for which
/// [`maximises`](Self::maximises) is true and minimised by the others. A
/// [`Staged`](crate::Staged) solve takes the whole vector
/// ([`terminal_vector`](Self::terminal_vector)), and each seat that
/// [`Play::Maximise`](crate::Play::Maximise)s picks one component.
///
/// The usual objectives: one number, [`ScoreOf`], [`Reach`],
/// [`WinZeroSum`], [`Terminal`]; a vector, [`Scores`] and
/// [`WinChances`].
pub trait Objective<G: BoardGame> {
    /// How many components the value has: 1 (the default) for one
    /// number.
    fn components(&self, game: &G) -> usize {
        let _ = game;
        1
    }

    /// The value of a finished game in `state`, which ended with
    /// `result`: the whole value of a one-number objective, the first
    /// component of a vector.
    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64;

    /// Writes every component of the value of the finished `state`, which
    /// ended with `result`, into `out` (of
    /// [`components`](Self::components) length). The default writes
    /// [`terminal`](Self::terminal), for one component.
    fn terminal_vector(&self, game: &G, state: &G::State, result: GameResult, out: &mut [f64]) {
        if let Some(x) = out.first_mut() {
            *x = self.terminal(game, state, result);
        }
    }

    /// Whether `seat` maximises the value (`true`, the default) or
    /// minimises it, where one number is optimised.
    fn maximises(&self, seat: Seat) -> bool {
        let _ = seat;
        true
    }

    /// How close to the best value a move must be to count as tied with
    /// it (the first tied move in legal order is chosen). The default is
    /// `1e-9 · max(1, |best|)`.
    fn tie_tolerance(&self, best: f64) -> f64 {
        1e-9 * best.abs().max(1.0)
    }
    /// What each chance step adds to the value, where the value counts
    /// steps: 0 (the default) for a value of finished games alone, -1
    /// for the fewest chance steps ([`Aim::Fewest`]: maximising minus
    /// their number). [`Optimal`](crate::Optimal) adds it at every
    /// chance state; [`DenseOptimal`](crate::DenseOptimal) and
    /// [`Staged`](crate::Staged) value finished games alone.
    fn chance_step(&self) -> f64 {
        0.0
    }
}

/// Every decision maximises `seat`'s expected score
/// ([`BoardGame::results`]): for a game with one decision-maker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreOf(pub Seat);

impl<G: BoardGame> Objective<G> for ScoreOf {
    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64 {
        game.results(state)
            .unwrap_or_else(|| Results::of(result, game.seats()))
            .score(self.0)
    }
}

/// Every decision maximises the probability that the game ends in a
/// state for which the function is true (terminal value 1, else 0).
#[derive(Clone, Copy, Debug)]
pub struct Reach<F>(pub F);

impl<G: BoardGame, F: Fn(&G, &G::State) -> bool> Objective<G> for Reach<F> {
    fn terminal(&self, game: &G, state: &G::State, _: GameResult) -> f64 {
        f64::from(u8::from((self.0)(game, state)))
    }
}

/// Two seats, zero-sum: seat 0 maximises its probability of winning,
/// seat 1 minimises it. A game counts as won by seat 0 when seat 0 ranks
/// first alone ([`BoardGame::results`]); a tie for first place is not a
/// win (value 0), so seat 1 is content with a tie.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinZeroSum;

impl<G: BoardGame> Objective<G> for WinZeroSum {
    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64 {
        let won = match game.results(state) {
            Some(results) => results.sole_winner() == Some(0),
            // What `Results::of(result, seats)` says, without building it
            // (a solver asks at every finished state it meets).
            None => match result {
                GameResult::Win(winner) => winner == 0,
                GameResult::Draw => game.seats() == 1,
                GameResult::Lost => false,
            },
        };
        f64::from(u8::from(won))
    }

    fn maximises(&self, seat: Seat) -> bool {
        seat == 0
    }
}

/// Every decision maximises a value the function gives each finished
/// state (a game's own terminal value).
#[derive(Clone, Copy, Debug)]
pub struct Terminal<F>(pub F);

impl<G: BoardGame, F: Fn(&G, &G::State, GameResult) -> f64> Objective<G> for Terminal<F> {
    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64 {
        (self.0)(game, state, result)
    }
}

/// A vector: one component per seat, the probability that the seat
/// ranks first alone ([`BoardGame::results`]), and a last one, the
/// probability that no seat does (a tie for first place). Its first
/// component is seat 0's chance of winning outright.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinChances;

impl<G: BoardGame> Objective<G> for WinChances {
    fn components(&self, game: &G) -> usize {
        game.seats() + 1
    }

    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64 {
        let results = game
            .results(state)
            .unwrap_or_else(|| Results::of(result, game.seats()));
        let at = results.sole_winner().unwrap_or(game.seats());
        f64::from(u8::from(at == 0))
    }

    fn terminal_vector(&self, game: &G, state: &G::State, result: GameResult, out: &mut [f64]) {
        out.fill(0.0);
        let results = game
            .results(state)
            .unwrap_or_else(|| Results::of(result, game.seats()));
        let at = results.sole_winner().unwrap_or(game.seats());
        if let Some(x) = out.get_mut(at) {
            *x = 1.0;
        }
    }
}

/// A vector: one component per seat, its expected score
/// ([`BoardGame::results`]). Its first component is seat 0's, as
/// [`ScoreOf(0)`](ScoreOf).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scores;

impl<G: BoardGame> Objective<G> for Scores {
    fn components(&self, game: &G) -> usize {
        game.seats()
    }

    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64 {
        ScoreOf(0).terminal(game, state, result)
    }

    fn terminal_vector(&self, game: &G, state: &G::State, result: GameResult, out: &mut [f64]) {
        let results = game
            .results(state)
            .unwrap_or_else(|| Results::of(result, game.seats()));
        for (seat, x) in out.iter_mut().enumerate() {
            *x = results.score(seat);
        }
    }
}

/// An objective as data, chosen per run (`--objective`, or in an agent's
/// name: `optimal` is [`Aim::Win`], `optimal-score` [`Aim::Score`]) and
/// reported in the JSON by [`name`](Self::name). What each means depends
/// on the seats ([`Aimed`] is the one-number [`Objective`] it solves):
///
/// | aim | one seat | two seats |
/// |---|---|---|
/// | `win` | the chance of winning ([`Outcome::Won`](tabula_core::Outcome::Won): a lost game is 0) | seat 1's chance of winning alone, which seat 1 maximises and seat 2 minimises ([`WinZeroSum`]) |
/// | `score` | the expected score ([`ScoreOf`]) | seat 1's expected score minus seat 2's, maximised by seat 1, minimised by seat 2 |
/// | `fewest` | the fewest chance steps (rolls, throws) to the end, on average: the value is minus their expected number | not solved (one seat only) |
/// | `goal-N` ([`Aim::Goal`]) | the chance that the final score reaches at least N ([`BoardGame::results`]), won or lost | not solved (one seat only) |
///
/// Three or more seats are not one number: each seat maximises its own
/// chance of winning alone ([`WinChances`]) or its own expected score
/// ([`Scores`]), solved by [`EachOwn`](crate::EachOwn).
///
/// ```
/// use tabula_exact::Aim;
/// assert_eq!(Aim::parse("score"), Ok(Aim::Score));
/// assert_eq!(Aim::Win.name(), "win");
/// assert!(Aim::parse("fastest").is_err());
/// // A goal names its score: goal-N, reported as "goal" and N.
/// assert_eq!(Aim::parse("goal-40"), Ok(Aim::Goal(40)));
/// assert_eq!((Aim::Goal(40).name(), Aim::Goal(40).goal()), ("goal", Some(40)));
/// assert_eq!(Aim::Goal(40).to_string(), "goal-40");
/// assert!(Aim::parse("goal").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Aim {
    /// Win as often as possible.
    #[default]
    Win,
    /// Score as much as possible, on average.
    Score,
    /// End in the fewest chance steps (rolls, throws), on average: one
    /// seat.
    Fewest,
    /// End with a score of at least this many points as often as
    /// possible, won or lost (`goal-N`): one seat.
    Goal(i64),
}

/// An objective's name that is none of [`Aim::ALL`], or `goal` without
/// its score.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", aim_error(.0))]
pub struct AimError(pub String);

fn aim_error(name: &str) -> String {
    if name == "goal" || name.starts_with("goal-") {
        return format!(
            "the objective goal needs the score to reach as a whole number, not \"{name}\": --objective goal --goal N (or --goal N alone; --objective-goal N in a game with a parameter of its own named goal), or the agent optimal-goal-N (optimal-goal-40)"
        );
    }
    format!(
        "unknown objective \"{name}\"; the objectives: win (the chance of winning), score (the expected score), goal (the chance of scoring at least N: --goal N, one seat), fewest (the fewest chance steps, one seat)"
    )
}

impl std::fmt::Display for Aim {
    /// The objective as an agent's name ends: `win`, `score`, `fewest`,
    /// `goal-N`; what the one cache of solved play keys it by.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Aim::Goal(n) => write!(f, "goal-{n}"),
            other => f.write_str(other.name()),
        }
    }
}

impl Aim {
    /// Every objective, in the order `--help` lists them (the goal's
    /// score is 0 here: each names its kind).
    pub const ALL: [Aim; 4] = [Aim::Win, Aim::Score, Aim::Goal(0), Aim::Fewest];

    /// The objective's name, as typed after `--objective` and as the JSON
    /// reports it (a goal's score apart: [`goal`](Self::goal)).
    pub fn name(self) -> &'static str {
        match self {
            Aim::Win => "win",
            Aim::Score => "score",
            Aim::Fewest => "fewest",
            Aim::Goal(_) => "goal",
        }
    }

    /// The score a goal reaches for; `None` for the other objectives.
    pub fn goal(self) -> Option<i64> {
        match self {
            Aim::Goal(n) => Some(n),
            _ => None,
        }
    }

    /// What the objective optimises, in words.
    pub fn help(self) -> &'static str {
        match self {
            Aim::Win => "the chance of winning",
            Aim::Score => "the expected score",
            Aim::Fewest => "the fewest chance steps",
            Aim::Goal(_) => "the chance of reaching a goal score",
        }
    }

    /// The objective named `name`: `win`, `score`, `fewest`, or `goal-N`
    /// (its [`Display`](std::fmt::Display) form). A bare `goal` is
    /// refused, naming its N.
    pub fn parse(name: &str) -> Result<Aim, AimError> {
        if let Some(n) = name.strip_prefix("goal-") {
            return n
                .parse()
                .map(Aim::Goal)
                .map_err(|_| AimError(name.to_string()));
        }
        Aim::ALL
            .into_iter()
            .filter(|a| a.goal().is_none())
            .find(|a| a.name() == name)
            .ok_or_else(|| AimError(name.to_string()))
    }

    /// The one-number objective this aim solves for a game of `seats`
    /// seats, or why there is none: optimal play by one number is solved
    /// for one or two seats.
    pub fn objective(self, seats: usize) -> Result<Aimed, String> {
        if matches!(self, Aim::Fewest | Aim::Goal(_)) && seats != 1 {
            return Err(format!(
                "optimal play for {} is solved for one seat, not {seats} ({}): name an objective for every seat instead (--objective win or score), or fixed policies (--agents)",
                self.help(),
                if self == Aim::Fewest {
                    "with more, whose steps would count?"
                } else {
                    "with more, whose score would reach it, and what would the others play for?"
                }
            ));
        }
        match seats {
            1 | 2 => Ok(Aimed { aim: self, seats }),
            n => Err(format!(
                "optimal play for {} as one number is solved for one seat or two (a zero-sum game of two), not {n}; for more, each seat for itself (EachOwn) is solved over the game's state graph, not over a numbering: name fixed policies for the seats instead (--agents A,B,C), or simulate",
                self.help()
            )),
        }
    }
}

/// The one-number [`Objective`] of an [`Aim`] for one or two seats (see
/// the table of [`Aim`]); made by [`Aim::objective`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aimed {
    aim: Aim,
    seats: usize,
}

impl<G: BoardGame> Objective<G> for Aimed {
    fn terminal(&self, game: &G, state: &G::State, result: GameResult) -> f64 {
        match (self.aim, self.seats) {
            (Aim::Win, 2) => WinZeroSum.terminal(game, state, result),
            (Aim::Win, _) => {
                let won = match game.results(state) {
                    Some(r) => r.outcome(0) == tabula_core::Outcome::Won,
                    None => matches!(result, GameResult::Win(0) | GameResult::Draw),
                };
                f64::from(u8::from(won))
            }
            (Aim::Score, 2) => {
                let r = game
                    .results(state)
                    .unwrap_or_else(|| Results::of(result, game.seats()));
                r.score(0) - r.score(1)
            }
            (Aim::Score, _) => ScoreOf(0).terminal(game, state, result),
            // Only the steps count.
            (Aim::Fewest, _) => 0.0,
            (Aim::Goal(n), _) => {
                let score = game
                    .results(state)
                    .unwrap_or_else(|| Results::of(result, game.seats()))
                    .score(0);
                f64::from(u8::from(score >= n as f64))
            }
        }
    }

    fn maximises(&self, seat: Seat) -> bool {
        seat == 0
    }

    fn chance_step(&self) -> f64 {
        if self.aim == Aim::Fewest { -1.0 } else { 0.0 }
    }
}
