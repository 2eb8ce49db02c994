//! [`Standing`]: each seat's wins, ties, mean score and mean rank over a
//! run, with standard errors, from the game's own
//! [`results`](tabula_core::BoardGame::results).

use std::sync::Arc;

use tabula_core::{BoardGame, Outcome};

use crate::{Collector, Playout, Wants};

/// One seat's sums over the finished games of a run.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SeatSums {
    /// Games this seat ranked first alone.
    pub wins: u64,
    /// Games it shared first place.
    pub ties: u64,
    /// Sum of its scores.
    pub score: f64,
    /// Sum of its scores' squares.
    pub score_sq: f64,
    /// Sum of its ranks.
    pub rank: u64,
    /// Sum of its ranks' squares.
    pub rank_sq: u64,
}

/// Each seat's results over a run: wins (first alone), ties for first,
/// score and rank, as [`BoardGame::results`] gives them for each finished
/// game; games stopped by the step cap are counted apart. It merges
/// exactly for counts and to rounding for the score sums, and serializes
/// without the game, so the parts of a split run merge.
///
/// ```
/// use std::sync::Arc;
/// use tabula_sim::{Simulation, Standing};
/// # use tabula_core::{BoardGame, Chance, GameResult, Status};
/// # #[derive(Clone)] struct Coin;
/// # impl BoardGame for Coin {
/// #     type State = Option<usize>; type Move = (); type Outcome = usize; type Event = ();
/// #     fn seats(&self) -> usize { 2 }
/// #     fn initial_state(&self) -> Option<usize> { None }
/// #     fn status(&self, s: &Option<usize>) -> Status { match s { Some(w) => Status::Over(GameResult::Win(*w)), None => Status::Chance } }
/// #     fn chance_outcomes(&self, _: &Option<usize>, out: &mut Vec<Chance<usize>>) { out.extend([0, 1].map(|w| Chance { outcome: w, probability: 0.5 })) }
/// #     fn apply_chance<E: FnMut(())>(&self, s: &mut Option<usize>, w: usize, _: &mut E) { *s = Some(w) }
/// #     fn apply_move<E: FnMut(())>(&self, _: &mut Option<usize>, _: (), _: &mut E) {}
/// # }
/// let run = Simulation::new(10_000).with_seed(1).run(&Coin, Standing::new(Arc::new(Coin)))?;
/// let first = &run.collector.seat(0);
/// assert_eq!(first.wins + run.collector.seat(1).wins, 10_000);
/// let (mean, se) = run.collector.mean_score(0);
/// assert!((mean - 0.5).abs() < 4.0 * se);
/// # Ok::<_, tabula_sim::SimError>(())
/// ```
#[derive(Debug, serde::Serialize, serde::Deserialize)]
#[serde(bound = "")]
pub struct Standing<G> {
    #[serde(skip)]
    game: Option<Arc<G>>,
    seats: Vec<SeatSums>,
    finished: u64,
    capped: u64,
}

impl<G> Clone for Standing<G> {
    fn clone(&self) -> Self {
        Standing {
            game: self.game.clone(),
            seats: self.seats.clone(),
            finished: self.finished,
            capped: self.capped,
        }
    }
}

impl<G> Standing<G> {
    /// No games yet, for `game`'s results.
    pub fn new(game: Arc<G>) -> Standing<G>
    where
        G: BoardGame,
    {
        let seats = vec![SeatSums::default(); game.seats()];
        Standing {
            game: Some(game),
            seats,
            finished: 0,
            capped: 0,
        }
    }

    /// A seat's sums.
    pub fn seat(&self, seat: usize) -> &SeatSums {
        &self.seats[seat]
    }

    /// Seats counted.
    pub fn seats(&self) -> usize {
        self.seats.len()
    }

    /// Games that ended by the rules.
    pub fn finished(&self) -> u64 {
        self.finished
    }

    /// Games stopped by the step cap.
    pub fn capped(&self) -> u64 {
        self.capped
    }

    /// A seat's share of the finished games it won alone, and its
    /// standard error.
    pub fn win_share(&self, seat: usize) -> (f64, f64) {
        share(self.seats[seat].wins, self.finished)
    }

    /// A seat's share of the finished games in which it shared first
    /// place, and its standard error.
    pub fn tie_share(&self, seat: usize) -> (f64, f64) {
        share(self.seats[seat].ties, self.finished)
    }

    /// A seat's mean score over the finished games, and its standard
    /// error.
    pub fn mean_score(&self, seat: usize) -> (f64, f64) {
        let s = &self.seats[seat];
        mean(s.score, s.score_sq, self.finished)
    }

    /// A seat's mean rank (1 is first), and its standard error.
    pub fn mean_rank(&self, seat: usize) -> (f64, f64) {
        let s = &self.seats[seat];
        mean(s.rank as f64, s.rank_sq as f64, self.finished)
    }
}

fn share(count: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (f64::NAN, f64::NAN);
    }
    let n = games as f64;
    let p = count as f64 / n;
    (p, (p * (1.0 - p) / n).sqrt())
}

fn mean(sum: f64, sum_sq: f64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (f64::NAN, f64::NAN);
    }
    let n = games as f64;
    let m = sum / n;
    if games < 2 {
        return (m, f64::NAN);
    }
    let variance = ((sum_sq - sum * m) / (n - 1.0)).max(0.0);
    (m, (variance / n).sqrt())
}

impl<G: BoardGame> Collector<G> for Standing<G> {
    fn end_game(&mut self, playout: &Playout, state: &G::State) {
        let Some(game) = &self.game else { return };
        let results = match playout.result {
            Some(_) => game.results(state),
            None => None,
        };
        let Some(results) = results else {
            self.capped += 1;
            return;
        };
        self.finished += 1;
        for (seat, s) in self.seats.iter_mut().enumerate() {
            let (score, rank) = (results.scores()[seat], u64::from(results.ranks()[seat]));
            match results.outcome(seat) {
                Outcome::Won => s.wins += 1,
                Outcome::Drawn => s.ties += 1,
                Outcome::Lost => {}
            }
            s.score += score;
            s.score_sq += score * score;
            s.rank += rank;
            s.rank_sq += rank * rank;
        }
    }

    fn merge(&mut self, other: Self) {
        if other.seats.len() > self.seats.len() {
            self.seats.resize(other.seats.len(), SeatSums::default());
        }
        for (a, b) in self.seats.iter_mut().zip(other.seats) {
            a.wins += b.wins;
            a.ties += b.ties;
            a.score += b.score;
            a.score_sq += b.score_sq;
            a.rank += b.rank;
            a.rank_sq += b.rank_sq;
        }
        self.finished += other.finished;
        self.capped += other.capped;
        if self.game.is_none() {
            self.game = other.game;
        }
    }

    fn wants(&self) -> Wants {
        Wants::Nothing
    }

    fn check_count(&self, games: u64) -> Result<(), String> {
        let counted = u128::from(self.finished) + u128::from(self.capped);
        if counted != u128::from(games) {
            return Err(format!(
                "standing: `finished` {} and `capped` {} add up to {counted} games, but the part played {games}",
                self.finished, self.capped
            ));
        }
        let n = u128::from(self.finished);
        let seats = self.seats.len() as u128;
        for (seat, s) in self.seats.iter().enumerate() {
            let firsts = u128::from(s.wins) + u128::from(s.ties);
            // Ranks run from 1 to the number of seats in every game.
            let (rank, rank_sq) = (u128::from(s.rank), u128::from(s.rank_sq));
            let fits = firsts <= n
                && (n..=n * seats).contains(&rank)
                && (rank..=n * seats * seats).contains(&rank_sq)
                && s.score.is_finite()
                && s.score_sq.is_finite()
                && s.score_sq >= 0.0;
            if !fits {
                return Err(format!(
                    "standing: seat {seat}'s sums (wins {}, ties {}, rank {}, rank_sq {}, score {}, score_sq {}) do not fit {} finished games of {} seats",
                    s.wins, s.ties, s.rank, s.rank_sq, s.score, s.score_sq, self.finished, seats
                ));
            }
        }
        Ok(())
    }

    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        if self.seats.len() != empty.seats.len() {
            return Err(format!(
                "standing: `seats` lists {}, but this run has {} seats",
                self.seats.len(),
                empty.seats.len()
            ));
        }
        Ok(())
    }
}
