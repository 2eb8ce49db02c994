//! Each seat's result of a finished game: won, lost or drawn, a score
//! and a rank.

use crate::{GameResult, Seat};

/// How a game ended for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The seat ranked first alone.
    Won,
    /// The seat shared first place (a draw, a tie for first).
    Drawn,
    /// The seat ranked below first, or nobody won (a one-player game
    /// lost, [`Results::lost`]).
    Lost,
}

/// Each seat's result of a finished game: a score (higher is better), a
/// rank (1 is first; tied seats share a rank, and the next rank skips, as
/// in "1, 1, 3") and, from them, whether it won, drew or lost
/// ([`outcome`](Self::outcome)). A game nobody wins ([`Results::lost`]:
/// a one-player game whose goal was not reached) keeps each seat's score
/// and rank, and every seat lost.
///
/// [`BoardGame::results`](crate::BoardGame::results) gives them; its
/// default derives them from [`GameResult`] (a win scores 1, a loss 0, a
/// draw ½ for everyone). A game whose seats end with points (Chance-it's
/// totals) overrides it, so two of three players can tie for first.
///
/// ```
/// use tabula_core::Results;
/// // Three players end with 40, 52 and 52 points: two tie for first.
/// let r = Results::from_scores(vec![40.0, 52.0, 52.0]);
/// assert_eq!(r.ranks(), &[3, 1, 1]);
/// assert_eq!(r.winners().collect::<Vec<_>>(), vec![1, 2]);
/// assert!(r.is_tie());
/// // Against each opponent: beat one, tie one (½), lose none.
/// assert_eq!(r.points(1), 0.75);
///
/// // One player, 17 points banked, the goal of 20 not reached: lost.
/// use tabula_core::Outcome;
/// let lost = Results::lost(vec![17.0]);
/// assert_eq!((lost.outcome(0), lost.score(0)), (Outcome::Lost, 17.0));
/// assert_eq!(lost.winners().count(), 0);
/// ```
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Results {
    scores: Vec<f64>,
    ranks: Vec<u32>,
    /// Nobody won (left out of the JSON when false, as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    lost: bool,
}

impl Results {
    /// Results from each seat's score: the highest score ranks first,
    /// equal scores share a rank.
    pub fn from_scores(scores: Vec<f64>) -> Results {
        let ranks = scores
            .iter()
            .map(|s| 1 + scores.iter().filter(|o| *o > s).count() as u32)
            .collect();
        Results {
            scores,
            ranks,
            lost: false,
        }
    }

    /// Nobody won: every seat lost, each with its score (ranked by it,
    /// as [`from_scores`](Self::from_scores) ranks). A one-player game
    /// whose goal was not reached.
    pub fn lost(scores: Vec<f64>) -> Results {
        Results {
            lost: true,
            ..Results::from_scores(scores)
        }
    }

    /// Whether nobody won ([`Results::lost`]).
    pub fn nobody_won(&self) -> bool {
        self.lost
    }

    /// How the game ended for `seat`: won (first alone), drawn (first
    /// shared) or lost (below first, not in the game, or nobody won).
    pub fn outcome(&self, seat: Seat) -> Outcome {
        if self.lost || self.rank(seat) != 1 {
            Outcome::Lost
        } else if self.is_tie() {
            Outcome::Drawn
        } else {
            Outcome::Won
        }
    }

    /// `winner` scores 1 and ranks first; every other seat scores 0 and
    /// shares second place.
    pub fn win(seats: usize, winner: Seat) -> Results {
        Results::from_scores(
            (0..seats)
                .map(|s| f64::from(u8::from(s == winner)))
                .collect(),
        )
    }

    /// Every seat scores ½ and ranks first.
    pub fn draw(seats: usize) -> Results {
        Results::from_scores(vec![0.5; seats])
    }

    /// `loser` forfeited: it scores 0 and ranks last; every other seat
    /// scores 1 and shares first place.
    pub fn forfeit(seats: usize, loser: Seat) -> Results {
        Results::from_scores(
            (0..seats)
                .map(|s| f64::from(u8::from(s != loser)))
                .collect(),
        )
    }

    /// The results a [`GameResult`] stands for in a game of `seats` seats.
    pub fn of(result: GameResult, seats: usize) -> Results {
        match result {
            GameResult::Win(w) => Results::win(seats.max(w + 1), w),
            GameResult::Draw => Results::draw(seats),
            GameResult::Lost => Results::lost(vec![0.0; seats]),
        }
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.scores.len()
    }

    /// Each seat's score.
    pub fn scores(&self) -> &[f64] {
        &self.scores
    }

    /// Each seat's rank, from 1.
    pub fn ranks(&self) -> &[u32] {
        &self.ranks
    }

    /// `seat`'s score (0 for a seat that is not in the game).
    pub fn score(&self, seat: Seat) -> f64 {
        self.scores.get(seat).copied().unwrap_or(0.0)
    }

    /// `seat`'s rank (past the last for a seat that is not in the game).
    pub fn rank(&self, seat: Seat) -> u32 {
        self.ranks
            .get(seat)
            .copied()
            .unwrap_or(self.ranks.len() as u32 + 1)
    }

    /// The seats ranked first (none when nobody won).
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == 1 && !self.lost)
            .map(|(s, _)| s)
    }

    /// Whether first place is shared.
    pub fn is_tie(&self) -> bool {
        self.winners().nth(1).is_some()
    }

    /// The single winner, if first place is not shared.
    pub fn sole_winner(&self) -> Option<Seat> {
        let mut w = self.winners();
        match (w.next(), w.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// `seat`'s share of its match-ups against each other seat: 1 for each
    /// it ranks above, ½ for each it ties, over the number of other seats.
    /// In a two-seat game: 1 for a win, ½ for a draw, 0 for a loss; in a
    /// one-seat game 1 for a win, 0 for a loss; 0 for every seat when
    /// nobody won.
    pub fn points(&self, seat: Seat) -> f64 {
        let Some(&mine) = self.ranks.get(seat) else {
            return 0.0;
        };
        if self.lost {
            return 0.0;
        }
        let others = self.ranks.len().saturating_sub(1);
        if others == 0 {
            return 1.0;
        }
        let won: f64 = self
            .ranks
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat)
            .map(|(_, r)| match r.cmp(&mine) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        won / others as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_skip_after_ties() {
        let r = Results::from_scores(vec![3.0, 7.0, 7.0, 1.0, 3.0]);
        assert_eq!(r.ranks(), &[3, 1, 1, 5, 3]);
        assert_eq!(r.sole_winner(), None);
        assert_eq!(Results::win(3, 2).sole_winner(), Some(2));
        assert_eq!(Results::win(3, 2).ranks(), &[2, 2, 1]);
        assert_eq!(Results::draw(2).points(0), 0.5);
        assert_eq!(Results::forfeit(2, 0).points(1), 1.0);
        assert_eq!(Results::of(GameResult::Win(1), 2).points(0), 0.0);
        let lost = Results::of(GameResult::Lost, 1);
        assert_eq!((lost.outcome(0), lost.points(0)), (Outcome::Lost, 0.0));
        assert_eq!(Results::win(1, 0).outcome(0), Outcome::Won);
        assert_eq!(Results::draw(2).outcome(1), Outcome::Drawn);
        // A record written before `lost` existed reads as before.
        let old: Results = serde_json::from_str(r#"{"scores":[1.0],"ranks":[1]}"#).unwrap();
        assert_eq!(old.outcome(0), Outcome::Won);
        assert!(!serde_json::to_string(&old).unwrap().contains("lost"));
    }
}
