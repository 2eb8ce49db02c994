//! The one event tally a game registers
//! ([`GameBuilder::tally`](crate::GameBuilder::tally)): each seat's events
//! by value, kept per seating of each pairing of a tournament (and in a
//! shard's part file), for the game's sections of the tournament's
//! report. Seega tallies its movement phase's moves (one value), Chance-it
//! each turn's score (its value).

use serde::{Deserialize, Serialize};
use tabula_core::BoardGame;
use tabula_play::tournament::GameId;

/// What a game tallies of its events.
#[derive(Debug)]
pub struct TallyRule<E> {
    /// What it tallies, named in messages about a shard's part file whose
    /// tally does not add up ("turn counts", "moves").
    pub name: &'static str,
    /// The seat an event is about and its value, for an event tallied.
    pub of: fn(&E) -> Option<(usize, usize)>,
    /// The most the seats' numbers of events tallied may differ by, per
    /// game, checked in a shard's part file (Chance-it's seats take a
    /// turn each a round, so their turns differ by at most one a game, in
    /// a game ended by a forfeit); `None` checks nothing.
    pub spread: Option<u64>,
}

impl<E> Clone for TallyRule<E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for TallyRule<E> {}

/// What a game's [`TallyRule`] tallied in the games of one seating of a
/// pairing: each seat's events by value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The entrant (its index among those named) in each seat.
    pub seating: Vec<usize>,
    /// `by_seat[seat][value]`: the events of `seat` with that value.
    pub by_seat: Vec<Vec<u64>>,
    /// Games seen.
    pub games: u64,
}

impl Tally {
    /// Adds `n` events of `value` to `seat`'s.
    fn add(&mut self, seat: usize, value: usize, n: u64) {
        if self.by_seat.len() <= seat {
            self.by_seat.resize(seat + 1, Vec::new());
        }
        let values = &mut self.by_seat[seat];
        if values.len() <= value {
            values.resize(value + 1, 0);
        }
        values[value] += n;
    }

    /// Every event tallied, of any seat and value.
    pub fn total(&self) -> u64 {
        self.by_seat.iter().flatten().sum()
    }
}

/// The collector of a [`Tally`]: what it tallies (named in messages) and
/// the spread it allows, kept in a shard's part file to check it, and the
/// game's tallying function beside them (not kept).
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub(crate) struct Tallying<G: BoardGame> {
    tallies: String,
    spread: Option<u64>,
    #[serde(flatten)]
    pub tally: Tally,
    #[serde(skip)]
    of: Option<TallyOf<G::Event>>,
}

/// The seat an event is about and its value, for an event tallied.
type TallyOf<E> = fn(&E) -> Option<(usize, usize)>;

impl<G: BoardGame> Tallying<G> {
    /// A fresh tally of the games of one seating.
    pub fn new(id: &GameId, rule: TallyRule<G::Event>) -> Tallying<G> {
        Tallying {
            tallies: rule.name.to_string(),
            spread: rule.spread,
            tally: Tally {
                seating: id.seating.clone(),
                by_seat: vec![Vec::new(); id.seating.len()],
                games: 0,
            },
            of: Some(rule.of),
        }
    }
}

impl<G: BoardGame> Clone for Tallying<G> {
    fn clone(&self) -> Self {
        Tallying {
            tallies: self.tallies.clone(),
            spread: self.spread,
            tally: self.tally.clone(),
            of: self.of,
        }
    }
}

impl<G: BoardGame> tabula_sim::Collector<G> for Tallying<G> {
    fn event(&mut self, event: &G::Event) {
        if let Some((seat, value)) = self.of.and_then(|of| of(event)) {
            self.tally.add(seat, value, 1);
        }
    }

    fn end_game(&mut self, _: &tabula_sim::Playout, _: &G::State) {
        self.tally.games += 1;
    }

    fn merge(&mut self, other: Self) {
        if self.tally.seating.is_empty() {
            self.tally.seating = other.tally.seating;
        }
        for (seat, values) in other.tally.by_seat.iter().enumerate() {
            for (value, &n) in values.iter().enumerate() {
                self.tally.add(seat, value, n);
            }
        }
        self.tally.games += other.tally.games;
    }

    fn check_count(&self, games: u64) -> Result<(), String> {
        let name = &self.tallies;
        if self.tally.games != games {
            return Err(format!(
                "{name}: `games` is {}, but the seating played {games} games",
                self.tally.games
            ));
        }
        if let Some(spread) = self.spread {
            let events: Vec<u128> = self
                .tally
                .by_seat
                .iter()
                .map(|c| c.iter().map(|&n| u128::from(n)).sum())
                .collect();
            let least = events.iter().copied().min().unwrap_or(0);
            let most = events.iter().copied().max().unwrap_or(0);
            if most - least > u128::from(spread) * u128::from(games) {
                return Err(format!(
                    "{name}: the seats have {events:?} in {games} games, more apart than {spread} a game"
                ));
            }
        }
        Ok(())
    }

    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        let name = &empty.tallies;
        if self.tallies != empty.tallies {
            return Err(format!(
                "`tallies` is {:?}, but this tournament tallies {name:?}",
                self.tallies
            ));
        }
        if self.spread != empty.spread {
            return Err(format!(
                "{name}: `spread` is {:?}, not {:?}",
                self.spread, empty.spread
            ));
        }
        if self.tally.seating != empty.tally.seating {
            return Err(format!(
                "{name}: `seating` is {:?}, but this seating of the tournament is {:?}",
                self.tally.seating, empty.tally.seating
            ));
        }
        if self.tally.by_seat.len() > empty.tally.seating.len() {
            return Err(format!(
                "{name}: `by_seat` lists {} seats, but the game has {}",
                self.tally.by_seat.len(),
                empty.tally.seating.len()
            ));
        }
        Ok(())
    }
}

/// The one collector a tournament runs with: the game's [`Tallying`], or
/// nothing for a game without a tally. One type for both, so a game
/// compiles the tournament's loop once instead of once for `()` and once
/// for its tally (issue 54: about 6% of Pig's code). Written and read as
/// `()` was when there is no tally (`null` in a shard's part file) and as
/// the [`Tallying`] when there is, so part files are unchanged.
pub(crate) struct MaybeTallying<G: BoardGame>(pub Option<Tallying<G>>);

impl<G: BoardGame> MaybeTallying<G> {
    /// The game's tally of one seating, if it has one.
    pub fn new(id: &GameId, rule: Option<TallyRule<G::Event>>) -> MaybeTallying<G> {
        MaybeTallying(rule.map(|rule| Tallying::new(id, rule)))
    }
}

impl<G: BoardGame> Clone for MaybeTallying<G> {
    fn clone(&self) -> Self {
        MaybeTallying(self.0.clone())
    }
}

impl<G: BoardGame> Serialize for MaybeTallying<G> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            None => serializer.serialize_unit(),
            Some(t) => t.serialize(serializer),
        }
    }
}

impl<'de, G: BoardGame> Deserialize<'de> for MaybeTallying<G> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<Tallying<G>>::deserialize(deserializer).map(MaybeTallying)
    }
}

impl<G: BoardGame> tabula_sim::Collector<G> for MaybeTallying<G> {
    fn event(&mut self, event: &G::Event) {
        if let Some(t) = &mut self.0 {
            t.event(event);
        }
    }

    fn end_game(&mut self, playout: &tabula_sim::Playout, state: &G::State) {
        if let Some(t) = &mut self.0 {
            t.end_game(playout, state);
        }
    }

    fn merge(&mut self, other: Self) {
        match (&mut self.0, other.0) {
            (Some(t), Some(o)) => t.merge(o),
            (None, Some(o)) => self.0 = Some(o),
            (_, None) => {}
        }
    }

    fn wants(&self) -> tabula_sim::Wants {
        match &self.0 {
            None => tabula_sim::Wants::Nothing,
            Some(t) => t.wants(),
        }
    }

    fn check_count(&self, games: u64) -> Result<(), String> {
        self.0.as_ref().map_or(Ok(()), |t| t.check_count(games))
    }

    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        match (&self.0, &empty.0) {
            (Some(t), Some(e)) => t.check_shape(e),
            (None, None) => Ok(()),
            (Some(_), None) => Err("a tally, but this tournament tallies nothing".into()),
            (None, Some(e)) => Err(format!(
                "no tally, but this tournament tallies {:?}",
                e.tallies
            )),
        }
    }
}
