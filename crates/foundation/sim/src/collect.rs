use tabula_core::{BoardGame, GameResult, Seat};

use crate::Playout;

/// A statistics collector: a visitor of playouts with no-op default hooks.
///
/// The harness gives each worker its own clone of a fresh collector and
/// merges them at the end, so [`merge`](Self::merge) must be associative and
/// commutative for results not to depend on the thread count. Count with
/// integers; keep "the first game that ..." by lowest game index.
///
/// Tuples of collectors are collectors: `(Lengths, Occupancy, Wins)`.
pub trait Collector<G: BoardGame> {
    /// A game starts.
    fn start_game(&mut self, index: u64) {
        let _ = index;
    }
    /// Something happened in the current game.
    fn event(&mut self, event: &G::Event) {
        let _ = event;
    }
    /// The current game ended (or hit the step cap).
    fn end_game(&mut self, playout: &Playout, state: &G::State) {
        let _ = (playout, state);
    }
    /// Whether this collector wants every step of the games, each chance
    /// outcome through [`chance`](Self::chance) and each move through
    /// [`decision`](Self::decision) (default no: it sees events only).
    /// The harness then plays chance through
    /// [`ChancePath::run_observed`](crate::ChancePath::run_observed) (the same
    /// games, each outcome shown; [`Dice`](crate::game_loop::Dice)) and
    /// never counts in bulk.
    fn wants_steps(&self) -> bool {
        false
    }
    /// Chance gives `outcome` (before it is applied), for a collector that
    /// [wants steps](Self::wants_steps).
    fn chance(&mut self, outcome: &G::Outcome) {
        let _ = outcome;
    }
    /// `seat` plays `mv` (before it is applied), for a collector that
    /// [wants steps](Self::wants_steps).
    fn decision(&mut self, seat: Seat, mv: &G::Move) {
        let _ = (seat, mv);
    }
    /// Adds another collector's games to this one.
    fn merge(&mut self, other: Self)
    where
        Self: Sized;

    /// What this collector needs of the games' events. The default,
    /// [`Wants::Events`], is always right; a collector that counts only
    /// landings, or looks only at [`end_game`](Self::end_game), says so,
    /// and the harness may then let a game count the landings of its
    /// chance points in bulk
    /// ([`Tallied::run_chance_tallied`](crate::Tallied::run_chance_tallied), in a
    /// run through [`Simulation::run_tallied`](crate::Simulation::run_tallied))
    /// and pass them to [`landings`](Self::landings) instead of passing
    /// those events to [`event`](Self::event). Moves' events, and the
    /// events of a game that declines to count in bulk, still come
    /// through `event`: a collector that wants landings counts them in
    /// both.
    fn wants(&self) -> Wants {
        Wants::Events
    }
    /// `times` landings on `square`, counted in bulk over some of the
    /// games (the harness: a worker's games, at the end of its share of
    /// the run), for a collector that [`wants`](Self::wants) no more than
    /// [`Wants::Landings`].
    fn landings(&mut self, square: usize, times: u64) {
        let _ = (square, times);
    }

    /// Checks a collector read back from a file (a part of a split run,
    /// for `tabula merge`) against the games it says it counted: games
    /// `games` of the run. `Err` names the field that does not add up
    /// (a file edited by hand, or of another run). The default accepts
    /// anything; a collector whose counts must agree says so.
    fn check(&self, games: std::ops::Range<u64>) -> Result<(), String> {
        self.check_count(games.end.saturating_sub(games.start))
    }

    /// [`check`](Self::check) where only the number of games is known:
    /// a tournament's collector of one seating in a chunk of games, read
    /// back from a part. The default accepts anything.
    fn check_count(&self, games: u64) -> Result<(), String> {
        let _ = games;
        Ok(())
    }

    /// Checks a collector read back from a file (a part of a split run)
    /// against `empty`, a collector of the run being merged as the
    /// command makes it before any game: the same shape (seats, squares,
    /// what it measures), so that merging the part and reading the
    /// merged collector cannot fail. `Err` names the field that differs.
    /// The default accepts anything: a collector whose shape is fixed
    /// when it is made says so.
    fn check_shape(&self, empty: &Self) -> Result<(), String>
    where
        Self: Sized,
    {
        let _ = empty;
        Ok(())
    }
}

/// What a collector needs of the games' events, from least to most
/// ([`Collector::wants`]); a tuple of collectors wants the most any of
/// them wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wants {
    /// No events: the collector looks only at finished games.
    Nothing,
    /// Only how often each square was landed on, through
    /// [`Collector::landings`]: the events' [`Landings`], added up.
    Landings,
    /// Every event, through [`Collector::event`].
    Events,
}

/// No statistics at all: `()` is a collector that ignores everything.
impl<G: BoardGame> Collector<G> for () {
    fn merge(&mut self, _: Self) {}
    fn wants(&self) -> Wants {
        Wants::Nothing
    }
}

macro_rules! tuple_collector {
    ($($name:ident $idx:tt),+) => {
        impl<G: BoardGame, $($name: Collector<G>),+> Collector<G> for ($($name,)+) {
            #[inline]
            fn start_game(&mut self, index: u64) {
                $(self.$idx.start_game(index);)+
            }
            #[inline]
            fn event(&mut self, event: &G::Event) {
                $(self.$idx.event(event);)+
            }
            #[inline]
            fn end_game(&mut self, playout: &Playout, state: &G::State) {
                $(self.$idx.end_game(playout, state);)+
            }
            #[inline]
            fn wants_steps(&self) -> bool {
                false $(|| self.$idx.wants_steps())+
            }
            #[inline]
            fn chance(&mut self, outcome: &G::Outcome) {
                $(self.$idx.chance(outcome);)+
            }
            #[inline]
            fn decision(&mut self, seat: Seat, mv: &G::Move) {
                $(self.$idx.decision(seat, mv);)+
            }
            fn merge(&mut self, other: Self) {
                $(self.$idx.merge(other.$idx);)+
            }
            fn wants(&self) -> Wants {
                Wants::Nothing$(.max(self.$idx.wants()))+
            }
            #[inline]
            fn landings(&mut self, square: usize, times: u64) {
                $(self.$idx.landings(square, times);)+
            }
            fn check(&self, games: std::ops::Range<u64>) -> Result<(), String> {
                $(self.$idx.check(games.clone())?;)+
                Ok(())
            }
            fn check_count(&self, games: u64) -> Result<(), String> {
                $(self.$idx.check_count(games)?;)+
                Ok(())
            }
            fn check_shape(&self, empty: &Self) -> Result<(), String> {
                $(self.$idx.check_shape(&empty.$idx)?;)+
                Ok(())
            }
        }
    };
}
tuple_collector!(A 0);
tuple_collector!(A 0, B 1);
tuple_collector!(A 0, B 1, C 2);
tuple_collector!(A 0, B 1, C 2, D 3);
tuple_collector!(A 0, B 1, C 2, D 3, E 4);

/// Which count measures the length of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LengthOf {
    /// Chance outcomes: throws of the dice.
    ChanceSteps,
    /// Moves chosen by agents.
    Decisions,
    /// Both.
    Steps,
}

/// The statistics of a distribution of game lengths ([`Lengths::summary`]):
/// the numbers a report shows, serialized under these names.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LengthSummary {
    /// The shortest length seen.
    pub min: u32,
    /// The longest.
    pub max: u32,
    /// The mean length.
    pub mean: f64,
    /// The standard error of the mean.
    pub std_error: f64,
    /// The sample standard deviation (NaN, `null` in JSON, below two
    /// games).
    pub std_dev: f64,
    /// The most common length (ties: the shorter).
    pub mode: u32,
    /// The lower median.
    pub median: u32,
    /// Games per length, for every length seen.
    pub histogram: std::collections::BTreeMap<u32, u64>,
}

/// The distribution of game lengths: minimum, maximum, mean with standard
/// error, mode, median, histogram, and for every length the first game
/// (lowest index) that had it, so notable games can be replayed. Its
/// whole state is integers, so it serializes and merges exactly: the
/// shards of a run merge into the run's own collector.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Lengths {
    of: LengthOf,
    counts: Vec<u64>,
    first_game: Vec<u64>,
    games: u64,
    capped: u64,
    sum: u128,
    sum_sq: u128,
}

impl Lengths {
    /// An empty distribution of the given length measure.
    pub fn new(of: LengthOf) -> Lengths {
        Lengths {
            of,
            counts: Vec::new(),
            first_game: Vec::new(),
            games: 0,
            capped: 0,
            sum: 0,
            sum_sq: 0,
        }
    }

    #[inline]
    fn add(&mut self, len: u32, index: u64, capped: bool) {
        let l = len as usize;
        match (self.counts.get_mut(l), self.first_game.get_mut(l)) {
            (Some(c), Some(f)) => {
                *c += 1;
                *f = (*f).min(index);
            }
            _ => self.add_longer(l, index),
        }
        self.games += 1;
        self.capped += u64::from(capped);
        self.sum += u128::from(len);
        self.sum_sq += u128::from(len) * u128::from(len);
    }

    #[cold]
    #[inline(never)]
    fn add_longer(&mut self, l: usize, index: u64) {
        self.counts.resize(l + 1, 0);
        self.first_game.resize(l + 1, u64::MAX);
        self.counts[l] = 1;
        self.first_game[l] = index;
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Games stopped by the step cap (counted with their capped length).
    pub fn capped(&self) -> u64 {
        self.capped
    }

    /// The shortest length seen.
    pub fn min(&self) -> Option<u32> {
        self.counts.iter().position(|&c| c > 0).map(|l| l as u32)
    }

    /// The longest length seen.
    pub fn max(&self) -> Option<u32> {
        self.counts.iter().rposition(|&c| c > 0).map(|l| l as u32)
    }

    /// The mean length (NaN with no games).
    pub fn mean(&self) -> f64 {
        self.sum as f64 / self.games as f64
    }

    /// The sample variance (n - 1 in the denominator).
    pub fn variance(&self) -> f64 {
        if self.games < 2 {
            return f64::NAN;
        }
        let n = self.games as f64;
        // Exact integer numerator: n * sum_sq - sum^2.
        let num = (self.games as u128 * self.sum_sq).saturating_sub(self.sum * self.sum);
        num as f64 / (n * (n - 1.0))
    }

    /// The standard error of the mean.
    pub fn std_error(&self) -> f64 {
        (self.variance() / self.games as f64).sqrt()
    }

    /// The most common length; ties go to the shortest.
    pub fn mode(&self) -> Option<u32> {
        let mut best: Option<(usize, u64)> = None;
        for (l, &c) in self.counts.iter().enumerate() {
            if c > 0 && best.is_none_or(|(_, bc)| c > bc) {
                best = Some((l, c));
            }
        }
        best.map(|(l, _)| l as u32)
    }

    /// The median: the shortest length `m` with at least half the games
    /// no longer than `m` (the lower median).
    pub fn median(&self) -> Option<u32> {
        let mut seen = 0u64;
        for (l, &c) in self.counts.iter().enumerate() {
            seen += c;
            if c > 0 && 2 * seen >= self.games {
                return Some(l as u32);
            }
        }
        None
    }

    /// `(length, games)` for every length seen, shortest first.
    pub fn histogram(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(l, &c)| (l as u32, c))
    }

    /// Every statistic above at once, as a report gives them (`None`
    /// with no games).
    ///
    /// ```
    /// use tabula_sim::{LengthOf, Lengths, Simulation};
    /// # use tabula_core::{BoardGame, Chance, GameResult, Status};
    /// # /// One seat throws a coin until heads.
    /// # struct Heads;
    /// # impl BoardGame for Heads {
    /// #     type State = bool; type Move = std::convert::Infallible; type Outcome = bool; type Event = ();
    /// #     fn seats(&self) -> usize { 1 }
    /// #     fn initial_state(&self) -> bool { false }
    /// #     fn status(&self, s: &bool) -> Status {
    /// #         if *s { Status::Over(GameResult::Win(0)) } else { Status::Chance }
    /// #     }
    /// #     fn chance_outcomes(&self, _: &bool, out: &mut Vec<Chance<bool>>) {
    /// #         out.extend([true, false].map(|outcome| Chance { outcome, probability: 0.5 }));
    /// #     }
    /// #     fn apply_chance<E: FnMut(())>(&self, s: &mut bool, heads: bool, _: &mut E) { *s = heads }
    /// #     fn apply_move<E: FnMut(())>(&self, _: &mut bool, m: Self::Move, _: &mut E) { match m {} }
    /// # }
    /// let run = Simulation::new(10_000).with_seed(1).run(&Heads, Lengths::new(LengthOf::ChanceSteps))?;
    /// let throws = run.collector.summary().ok_or("no games")?;
    /// // Heads at once in half the games: the median sits on 1 or 2.
    /// assert_eq!((throws.min, throws.mode), (1, 1));
    /// assert!(matches!(throws.median, 1 | 2));
    /// // Two throws on average, within four standard errors.
    /// assert!((throws.mean - 2.0).abs() < 4.0 * throws.std_error);
    /// assert_eq!(throws.histogram.values().sum::<u64>(), 10_000);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary(&self) -> Option<LengthSummary> {
        Some(LengthSummary {
            min: self.min()?,
            max: self.max()?,
            mean: self.mean(),
            std_error: self.std_error(),
            std_dev: self.variance().sqrt(),
            mode: self.mode()?,
            median: self.median()?,
            histogram: self.histogram().collect(),
        })
    }

    /// The lowest index of a game that had this length.
    pub fn first_game_with(&self, len: u32) -> Option<u64> {
        self.first_game
            .get(len as usize)
            .copied()
            .filter(|&i| i != u64::MAX)
    }

    /// See [`Collector::check`]: every count agrees with the others and
    /// with the games `games` counted.
    fn check_against(&self, games: std::ops::Range<u64>) -> Result<(), String> {
        self.check_counts(games.end.saturating_sub(games.start))?;
        for (l, (&c, &f)) in self.counts.iter().zip(&self.first_game).enumerate() {
            if (c > 0) != (f != u64::MAX) || (c > 0 && !games.contains(&f)) {
                return Err(format!(
                    "lengths: `first_game` of length {l} is {f}, which is not one of the part's games ({} to {}) with that length",
                    games.start,
                    games.end.saturating_sub(1)
                ));
            }
        }
        Ok(())
    }

    /// The counts of [`check_against`](Self::check_against), for
    /// `played` games.
    fn check_counts(&self, played: u64) -> Result<(), String> {
        if self.games != played {
            return Err(format!(
                "lengths: `games` is {}, but the part played {played} games",
                self.games
            ));
        }
        if self.counts.len() != self.first_game.len() {
            return Err(format!(
                "lengths: `counts` has {} lengths, `first_game` {}",
                self.counts.len(),
                self.first_game.len()
            ));
        }
        let (mut n, mut sum, mut sum_sq) = (0u128, 0u128, 0u128);
        for (l, &c) in self.counts.iter().enumerate() {
            let (l, c128) = (l as u128, u128::from(c));
            n += c128;
            sum = sum.saturating_add(l * c128);
            sum_sq = sum_sq.saturating_add(l * l * c128);
        }
        if n != u128::from(played) {
            return Err(format!(
                "lengths: `counts` add up to {n} games, but the part played {played}"
            ));
        }
        if self.capped > played {
            return Err(format!(
                "lengths: `capped` is {}, more than the part's {played} games",
                self.capped
            ));
        }
        if self.sum != sum {
            return Err(format!(
                "lengths: `sum` is {}, but `counts` give {sum}",
                self.sum
            ));
        }
        if self.sum_sq != sum_sq {
            return Err(format!(
                "lengths: `sum_sq` is {}, but `counts` give {sum_sq}",
                self.sum_sq
            ));
        }
        Ok(())
    }

    fn merge_from(&mut self, other: Lengths) {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
            self.first_game.resize(other.counts.len(), u64::MAX);
        }
        for (l, (c, f)) in other.counts.iter().zip(&other.first_game).enumerate() {
            self.counts[l] += c;
            self.first_game[l] = self.first_game[l].min(*f);
        }
        self.games += other.games;
        self.capped += other.capped;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }
}

impl<G: BoardGame> Collector<G> for Lengths {
    #[inline]
    fn end_game(&mut self, p: &Playout, _: &G::State) {
        let len = match self.of {
            LengthOf::ChanceSteps => p.chance_steps,
            LengthOf::Decisions => p.decisions,
            LengthOf::Steps => p.chance_steps + p.decisions,
        };
        self.add(len, p.index, p.capped());
    }
    fn merge(&mut self, other: Self) {
        self.merge_from(other);
    }
    fn wants(&self) -> Wants {
        Wants::Nothing
    }
    fn check(&self, games: std::ops::Range<u64>) -> Result<(), String> {
        self.check_against(games)
    }
    fn check_count(&self, games: u64) -> Result<(), String> {
        self.check_counts(games)
    }
    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        if self.of != empty.of {
            return Err(format!(
                "lengths: `of` is {:?}, but this run measures {:?}",
                self.of, empty.of
            ));
        }
        Ok(())
    }
}

/// Events that put tokens on numbered squares, for [`Occupancy`].
pub trait Landings {
    /// Calls `f` with every square this event lands a token on.
    fn for_each_landing(&self, f: impl FnMut(usize));

    /// Calls `f(square, times)` for squares this event lands a token on
    /// `times` times, where `times` may be 0: what [`Occupancy`] counts
    /// with. An event whose landings depend on the game (did the throw
    /// take a ladder?) can give a square with a count of 0 or 1 instead of
    /// deciding whether to give it, and a counter then adds without a
    /// branch the processor would mispredict. The default gives each
    /// square of [`for_each_landing`](Self::for_each_landing) once; the
    /// two must agree.
    #[inline]
    fn count_landings(&self, mut f: impl FnMut(usize, u64)) {
        self.for_each_landing(|square| f(square, 1))
    }
}

/// How many times each square was landed on, over all games.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Occupancy {
    counts: Vec<u64>,
    beyond: u64,
}

impl Occupancy {
    /// Counts for squares `0..squares`; landings on squares past the end
    /// are counted together in [`beyond`](Self::beyond).
    pub fn new(squares: usize) -> Occupancy {
        Occupancy {
            counts: vec![0; squares],
            beyond: 0,
        }
    }

    /// Landings per square, index = square number.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Landings on squares past the size given to [`new`](Self::new).
    pub fn beyond(&self) -> u64 {
        self.beyond
    }

    #[inline]
    fn land(&mut self, square: usize, times: u64) {
        match self.counts.get_mut(square) {
            Some(c) => *c += times,
            None => self.beyond += times,
        }
    }
}

impl<G: BoardGame> Collector<G> for Occupancy
where
    G::Event: Landings,
{
    #[inline]
    fn event(&mut self, e: &G::Event) {
        e.count_landings(|s, times| self.land(s, times));
    }
    fn wants(&self) -> Wants {
        Wants::Landings
    }
    fn landings(&mut self, square: usize, times: u64) {
        self.land(square, times);
    }
    fn merge(&mut self, other: Self) {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        // Saturating: a part read back from a file may hold any counts.
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a = a.saturating_add(b);
        }
        self.beyond = self.beyond.saturating_add(other.beyond);
    }
    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        if self.counts.len() != empty.counts.len() {
            return Err(format!(
                "occupancy: `counts` lists {}, but this run counts {} squares",
                self.counts.len(),
                empty.counts.len()
            ));
        }
        Ok(())
    }
}

/// Wins per seat, draws, games nobody won ([`GameResult::Lost`]) and
/// games stopped by the step cap.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Wins {
    wins: Vec<u64>,
    draws: u64,
    capped: u64,
    /// Left out when none, as before it was counted.
    #[serde(default, skip_serializing_if = "is_zero")]
    lost: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Wins {
    /// No games yet, for `seats` seats.
    pub fn new(seats: usize) -> Wins {
        Wins {
            wins: vec![0; seats],
            draws: 0,
            capped: 0,
            lost: 0,
        }
    }

    /// Games nobody won (every seat lost).
    pub fn lost(&self) -> u64 {
        self.lost
    }

    /// Wins of each seat.
    pub fn wins(&self) -> &[u64] {
        &self.wins
    }

    /// Drawn games.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Games stopped by the step cap.
    pub fn capped(&self) -> u64 {
        self.capped
    }
}

impl<G: BoardGame> Collector<G> for Wins {
    #[inline]
    fn end_game(&mut self, p: &Playout, _: &G::State) {
        match p.result {
            Some(GameResult::Win(seat)) => {
                if seat >= self.wins.len() {
                    self.wins.resize(seat + 1, 0);
                }
                self.wins[seat] += 1;
            }
            Some(GameResult::Draw) => self.draws += 1,
            Some(GameResult::Lost) => self.lost += 1,
            None => self.capped += 1,
        }
    }
    fn merge(&mut self, other: Self) {
        if other.wins.len() > self.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (a, b) in self.wins.iter_mut().zip(other.wins) {
            *a += b;
        }
        self.draws += other.draws;
        self.capped += other.capped;
        self.lost += other.lost;
    }
    fn wants(&self) -> Wants {
        Wants::Nothing
    }
    fn check_count(&self, games: u64) -> Result<(), String> {
        let played = u128::from(games);
        let counted = self.wins.iter().map(|&w| u128::from(w)).sum::<u128>()
            + u128::from(self.draws)
            + u128::from(self.lost)
            + u128::from(self.capped);
        if counted != played {
            return Err(format!(
                "wins: `wins` {:?}, `draws` {} and `capped` {} add up to {counted} games, but the part played {played}",
                self.wins, self.draws, self.capped
            ));
        }
        Ok(())
    }
    fn check_shape(&self, empty: &Self) -> Result<(), String> {
        if self.wins.len() != empty.wins.len() {
            return Err(format!(
                "wins: `wins` lists {}, but this run has {} seats",
                self.wins.len(),
                empty.wins.len()
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_statistics_by_hand() {
        let mut l = Lengths::new(LengthOf::ChanceSteps);
        for (i, len) in [3u32, 5, 5, 9, 3, 5].into_iter().enumerate() {
            l.add(len, i as u64 + 10, false);
        }
        assert_eq!(
            (l.min(), l.max(), l.mode(), l.median()),
            (Some(3), Some(9), Some(5), Some(5))
        );
        assert!((l.mean() - 5.0).abs() < 1e-12);
        // Sample variance of 3,5,5,9,3,5: sum of squares of deviations 24 / 5.
        assert!((l.variance() - 4.8).abs() < 1e-12);
        assert_eq!(l.first_game_with(5), Some(11));
        assert_eq!(l.first_game_with(4), None);
        assert_eq!(
            l.histogram().collect::<Vec<_>>(),
            vec![(3, 2), (5, 3), (9, 1)]
        );
    }

    #[test]
    fn mode_ties_go_to_the_shortest_and_median_is_lower() {
        let mut l = Lengths::new(LengthOf::Steps);
        for (i, len) in [4u32, 8, 8, 4].into_iter().enumerate() {
            l.add(len, i as u64, false);
        }
        assert_eq!(l.mode(), Some(4));
        assert_eq!(l.median(), Some(4));
    }

    #[test]
    fn merging_is_order_independent() {
        let mut a = Lengths::new(LengthOf::Steps);
        let mut b = Lengths::new(LengthOf::Steps);
        a.add(7, 5, false);
        a.add(2, 9, false);
        b.add(7, 1, false);
        b.add(30, 2, true);
        let mut ab = a.clone();
        ab.merge_from(b.clone());
        let mut ba = b;
        ba.merge_from(a);
        assert_eq!(ab, ba);
        assert_eq!(ab.first_game_with(7), Some(1));
        assert_eq!(ab.capped(), 1);
    }

    /// A token walks up a track of 8 squares, one die roll a step, and
    /// reports every square it lands on: a game with no bulk loop.
    struct Track8;

    struct Landed(usize);

    impl Landings for Landed {
        fn for_each_landing(&self, mut f: impl FnMut(usize)) {
            f(self.0)
        }
    }

    impl BoardGame for Track8 {
        type State = usize;
        type Move = std::convert::Infallible;
        type Outcome = usize;
        type Event = Landed;
        fn seats(&self) -> usize {
            1
        }
        fn initial_state(&self) -> usize {
            0
        }
        fn status(&self, s: &usize) -> tabula_core::Status {
            match *s >= 8 {
                true => tabula_core::Status::Over(GameResult::Win(0)),
                false => tabula_core::Status::Chance,
            }
        }
        fn chance_outcomes(&self, _: &usize, out: &mut Vec<tabula_core::Chance<usize>>) {
            out.extend((1..=3).map(|outcome| tabula_core::Chance {
                outcome,
                probability: 1.0 / 3.0,
            }));
        }
        fn apply_chance<E: FnMut(Landed)>(&self, s: &mut usize, step: usize, events: &mut E) {
            *s += step;
            events(Landed(*s));
        }
        fn apply_move<E: FnMut(Landed)>(&self, _: &mut usize, m: Self::Move, _: &mut E) {
            match m {}
        }
    }

    #[derive(Clone)]
    struct Count(u64);

    impl Collector<Track8> for Count {
        fn event(&mut self, _: &Landed) {
            self.0 += 1;
        }
        fn merge(&mut self, other: Self) {
            self.0 += other.0;
        }
    }

    #[test]
    fn a_tuple_wants_the_most_any_member_wants() {
        let wants = |c: &dyn Collector<Track8>| c.wants();
        let lengths = || Lengths::new(LengthOf::ChanceSteps);
        assert_eq!(wants(&()), Wants::Nothing);
        assert_eq!(wants(&(lengths(), Wins::new(1))), Wants::Nothing);
        assert_eq!(wants(&(lengths(), Occupancy::new(9))), Wants::Landings);
        assert_eq!(wants(&(Occupancy::new(9), Count(0))), Wants::Events);
    }

    #[test]
    fn a_game_without_a_bulk_loop_still_has_its_landings_counted() {
        // Wanting landings only, the harness asks the game for its bulk
        // loop, gets none, and counts the events: the same counts as when
        // another collector wants every event.
        let sim = crate::Simulation::new(5_000).with_seed(3).with_threads(2);
        let bulk = sim.run(&Track8, Occupancy::new(9)).unwrap().collector;
        let (each, count) = sim
            .run(&Track8, (Occupancy::new(9), Count(0)))
            .unwrap()
            .collector;
        assert_eq!(bulk, each);
        assert_eq!(bulk.counts().iter().sum::<u64>() + bulk.beyond(), count.0);
        assert!(bulk.counts()[1..].iter().all(|&c| c > 0));
        assert_eq!(bulk.counts()[0], 0);
    }
}
