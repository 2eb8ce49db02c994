//! A tournament's results: each entrant's totals ([`EntrantResult`]),
//! each pairing's ([`PairingResult`], [`PairingEntrant`]), a two-seat
//! pair seen from its first entrant ([`Pair`]), the forfeits
//! ([`FaultReport`]), exact chances ([`Chances`]), and the
//! [`Standings`] that hold them all.

use super::*;

/// One entrant's totals over the tournament.
#[derive(Clone, Debug, Serialize)]
pub struct EntrantResult {
    /// Its place, from 1, by [`Scoring`] (equal scores share a place).
    pub rank: usize,
    /// Its name.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games it ranked first alone.
    pub wins: u64,
    /// Games it ranked first together with others (draws, ties).
    pub shared_firsts: u64,
    /// Games it ranked below first.
    pub losses: u64,
    /// Games stopped by the step cap (no result).
    pub capped: u64,
    /// Its points (see [`Scoring`]).
    pub points: f64,
    /// Its mean rank over finished games.
    pub mean_rank: f64,
    /// Its mean score over games ended by the rules (the game's own score:
    /// Chance-it totals, 1/½/0 for win/draw/loss elsewhere); capped and
    /// forfeited games have none.
    pub mean_score: f64,
    /// Games it forfeited by an illegal move.
    pub illegal: u64,
    /// Games it forfeited by panicking.
    pub panics: u64,
    /// Games it forfeited by thinking past the per-move limit.
    pub too_slow: u64,
    /// Calls of its agent.
    pub calls: u64,
    /// Time in its calls, in seconds.
    pub time_s: f64,
    /// Its longest single call, in milliseconds.
    pub longest_call_ms: f64,
    /// The ranking score: `points`, less the time penalty if one applies.
    pub score: f64,
}

/// One entrant's results within a pairing.
#[derive(Clone, Debug, Serialize)]
pub struct PairingEntrant {
    /// Its name.
    pub name: String,
    /// Games it ranked first alone.
    pub wins: u64,
    /// Games it ranked first together with others.
    pub shared_firsts: u64,
    /// Its points in this pairing.
    pub points: f64,
    /// Its mean score over games ended by the rules (not capped, not
    /// forfeited).
    pub mean_score: f64,
    /// The standard error of `mean_score`, from the sample variance of
    /// its mean score per deal: the games of one deal share their dice
    /// (common random numbers), so they are not independent samples
    /// (0 below two deals).
    pub score_std_error: f64,
    /// Its wins by seat: `wins_by_seat[s]` games won sitting in seat `s`.
    pub wins_by_seat: Vec<u64>,
    /// Games played by seat.
    pub games_by_seat: Vec<u64>,
    /// Games it forfeited.
    pub forfeits: u64,
    /// Its exact chances in this pairing, where a front end could solve
    /// every seating of it ([`Standings::set_exact`]); left out of the
    /// JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<Chances>,
}

/// An entrant's exact chances in one game (one seating), or over a
/// pairing's seatings weighted by the games each seating plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Chances {
    /// Probability of ranking first alone.
    pub win: f64,
    /// Probability of sharing first place.
    pub shared_first: f64,
    /// Expected score, where the solver gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// A pairing of a two-seat game seen from its first entrant `a` (see
/// [`Standings::pairs`]): the view that game reports keep per pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    /// The first entrant, as given.
    pub a: String,
    /// The second.
    pub b: String,
    /// Games played (seats alternated: `a` in the first seat in the
    /// even-numbered games).
    pub games: u64,
    /// Games `a` won (a forfeit by `b` included).
    pub a_wins: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Games `a` lost (the same as `b_wins`).
    pub a_losses: u64,
    /// Draws (ties).
    pub draws: u64,
    /// Games stopped by the step cap: counted neither as wins nor as
    /// draws.
    pub capped: u64,
    /// `a`'s wins by seat.
    pub a_wins_by_seat: Vec<u64>,
    /// `b`'s wins by seat.
    pub b_wins_by_seat: Vec<u64>,
    /// `a`'s share of the games it won.
    pub a_win_rate: f64,
    /// The standard error of `a_win_rate` (binomial).
    pub a_win_rate_std_error: f64,
    /// `a`'s mean score.
    pub a_mean_score: f64,
    /// Its standard error (see [`PairingEntrant::score_std_error`]).
    pub a_score_std_error: f64,
    /// `b`'s mean score.
    pub b_mean_score: f64,
    /// Its standard error.
    pub b_score_std_error: f64,
    /// Mean moves (decisions) per game.
    pub mean_moves: f64,
    /// `a`'s exact probability of winning over the seatings played,
    /// where known.
    pub a_win_probability_exact: Option<f64>,
    /// `b`'s, likewise.
    pub b_win_probability_exact: Option<f64>,
    /// The exact probability of a draw, likewise.
    pub draw_probability_exact: Option<f64>,
}

/// One pairing's results.
#[derive(Clone, Debug, Serialize)]
pub struct PairingResult {
    /// The entrants, in the order given.
    pub entrants: Vec<PairingEntrant>,
    /// Games played.
    pub games: u64,
    /// Games in which first place was shared by all (draws).
    pub draws: u64,
    /// Games stopped by the step cap.
    pub capped: u64,
    /// Mean moves (decisions) per game.
    pub mean_moves: f64,
    /// Why its entrants have no exact chances, when they were asked for
    /// and could not be solved; left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_unavailable: Option<String>,
}

/// A forfeit, described.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FaultReport {
    /// The entrant that forfeited.
    pub entrant: String,
    /// The seat it sat in.
    pub seat: usize,
    /// The pairing (entrant names in order).
    pub pairing: Vec<String>,
    /// The game's number within the pairing.
    pub game: u64,
    /// Why.
    pub fault: Fault,
}

/// A tournament's results.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// Seats of the game.
    pub seats: usize,
    /// Games per pairing.
    pub games_per_pairing: u64,
    /// Seatings per pairing (see the module docs).
    pub seatings: usize,
    /// The seed that fixes every game.
    pub seed: u64,
    /// Threads used (the results do not depend on it).
    pub threads: usize,
    /// How entrants are ranked.
    pub scoring: Scoring,
    /// Every entrant, ranked.
    pub entrants: Vec<EntrantResult>,
    /// Every pairing, in order.
    pub pairings: Vec<PairingResult>,
    /// Every forfeit.
    pub faults: Vec<FaultReport>,
    /// Wall-clock time of the whole tournament, in seconds.
    pub wall_time_s: f64,
}

/// A solver of one seating: each seat's [`Chances`] with the named
/// entrants in the seats, in seat order, or why it cannot.
pub type SolveSeating<'a> = dyn Fn(&[&str]) -> Result<Vec<Chances>, String> + 'a;

impl Standings {
    /// Every pairing of a two-seat game as a [`Pair`], in order (empty
    /// for games of other sizes).
    pub fn pairs(&self) -> Vec<Pair> {
        self.pairings
            .iter()
            .filter_map(|p| {
                let [a, b] = p.entrants.as_slice() else {
                    return None;
                };
                let n = p.games.max(1) as f64;
                let rate = a.wins as f64 / n;
                let exact = |c: &PairingEntrant, f: fn(&Chances) -> f64| c.exact.as_ref().map(f);
                Some(Pair {
                    a: a.name.clone(),
                    b: b.name.clone(),
                    games: p.games,
                    a_wins: a.wins,
                    b_wins: b.wins,
                    a_losses: b.wins,
                    draws: p.draws,
                    capped: p.capped,
                    a_wins_by_seat: a.wins_by_seat.clone(),
                    b_wins_by_seat: b.wins_by_seat.clone(),
                    a_win_rate: rate,
                    a_win_rate_std_error: (rate * (1.0 - rate) / n).sqrt(),
                    a_mean_score: a.mean_score,
                    a_score_std_error: a.score_std_error,
                    b_mean_score: b.mean_score,
                    b_score_std_error: b.score_std_error,
                    mean_moves: p.mean_moves,
                    a_win_probability_exact: exact(a, |c| c.win),
                    b_win_probability_exact: exact(b, |c| c.win),
                    draw_probability_exact: exact(a, |c| c.shared_first),
                })
            })
            .collect()
    }

    /// Puts exact chances beside the sampled results: `solve(names)`
    /// gives each seat's [`Chances`] with the entrants `names` in the
    /// seats, in seat order, or why it cannot. A pairing gets chances
    /// when every seating it played is solved, each seating weighted by
    /// the games it played (game `k` plays seating `k mod P`); the others
    /// keep none, and the first reason
    /// ([`PairingResult::exact_unavailable`]).
    pub fn set_exact(&mut self, solve: &SolveSeating<'_>) {
        let orders = seatings(self.seats);
        let played = orders.len() as u64;
        for p in &mut self.pairings {
            let start = Chances {
                score: Some(0.0),
                ..Chances::default()
            };
            let mut sums = vec![start; p.entrants.len()];
            let mut solved = p.games > 0;
            let mut why = None;
            for (s, order) in orders.iter().enumerate() {
                let games = p.games / played + u64::from((s as u64) < p.games % played);
                if games == 0 || !solved {
                    continue;
                }
                let names: Vec<&str> = order
                    .iter()
                    .filter_map(|&i| p.entrants.get(i).map(|e| e.name.as_str()))
                    .collect();
                let seats = match solve(&names) {
                    Ok(seats) if seats.len() == order.len() => seats,
                    Ok(_) => {
                        solved = false;
                        why =
                            Some("the solver gave chances for another number of seats".to_string());
                        continue;
                    }
                    Err(reason) => {
                        solved = false;
                        why = Some(reason);
                        continue;
                    }
                };
                let w = games as f64 / p.games as f64;
                for (&i, c) in order.iter().zip(&seats) {
                    sums[i].win += w * c.win;
                    sums[i].shared_first += w * c.shared_first;
                    sums[i].score = sums[i].score.zip(c.score).map(|(a, b)| a + w * b);
                }
            }
            for (e, c) in p.entrants.iter_mut().zip(sums) {
                e.exact = solved.then_some(c);
            }
            p.exact_unavailable = why;
        }
    }
}
