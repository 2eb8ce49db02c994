//! What one run of a tournament does beside playing its games: the
//! collectors it feeds, the progress it reports, the records it writes
//! and the parts it merges ([`RunOptions`]), and what it gives back
//! ([`RunResults`]).

use std::path::Path;

use tabula_core::BoardGame;

use super::{GameId, PartResults, Standings};
use crate::record::Recordable;
use crate::referee::Played;

/// Writes one game's record to a file: the game, the seed, the deal, the
/// players' names in seat order, the game played, the file.
pub(super) type WriteRecord<G> =
    fn(&G, u64, u64, Vec<String>, &Played<G>, &Path) -> Result<(), String>;

/// How [`Tournament::run`](super::Tournament::run) runs: what collects
/// each game's events, who hears of progress, whether the records the
/// tournament asks for ([`Tournament::with_record`](super::Tournament::with_record))
/// are written, and whether it plays at all or merges the parts other
/// runs played. [`RunOptions::new`] collects nothing, reports nothing,
/// writes no records and plays the whole tournament, or the part set by
/// [`Tournament::with_shard`](super::Tournament::with_shard).
pub struct RunOptions<'a, G: BoardGame, C = ()> {
    pub(super) collector: &'a (dyn Fn(&GameId) -> C + Sync),
    pub(super) progress: &'a (dyn Fn(u64) + Sync),
    pub(super) records: Option<(&'static str, WriteRecord<G>)>,
    pub(super) merge: Option<Vec<PartResults<C>>>,
}

/// The collector of a run that collects nothing.
fn nothing(_: &GameId) {}

/// The progress of a run that reports nothing.
fn silent(_: u64) {}

impl<G: BoardGame> RunOptions<'static, G, ()> {
    /// No collectors, no progress, no records, nothing merged.
    pub fn new() -> Self {
        RunOptions {
            collector: &nothing,
            progress: &silent,
            records: None,
            merge: None,
        }
    }
}

impl<G: BoardGame> Default for RunOptions<'static, G, ()> {
    fn default() -> Self {
        RunOptions::new()
    }
}

impl<'a, G: BoardGame, C> RunOptions<'a, G, C> {
    /// Feeds each game's events to a collector made by `collector` for
    /// its [`GameId`]; the results hold every pairing's collectors merged
    /// per seating ([`RunResults::collectors`]). Parts to merge set
    /// before are dropped (they hold the other collectors).
    pub fn collect<'b, D>(
        self,
        collector: &'b (dyn Fn(&GameId) -> D + Sync),
    ) -> RunOptions<'b, G, D>
    where
        'a: 'b,
    {
        RunOptions {
            collector,
            progress: self.progress,
            records: self.records,
            merge: None,
        }
    }

    /// Calls `progress` with the number of games finished so far, now
    /// and then.
    pub fn progress<'b>(self, progress: &'b (dyn Fn(u64) + Sync)) -> RunOptions<'b, G, C>
    where
        'a: 'b,
    {
        RunOptions {
            collector: self.collector,
            progress,
            records: self.records,
            merge: self.merge,
        }
    }

    /// Plays nothing: merges `parts`, the [`RunResults::part`] of every
    /// part of one split ([`Tournament::with_shard`](super::Tournament::with_shard)),
    /// in any order, into exactly the whole tournament's standings and
    /// collectors, timings aside (the parts' times add up; threads are
    /// the most any part used). The tournament must have the parts'
    /// settings (games, seed, ...; its shard is not looked at); the
    /// entrants and the game are only named and counted. Check parts read from files
    /// first with [`Tournament::check_part`](super::Tournament::check_part) and
    /// [`Tournament::check_part_shape`](super::Tournament::check_part_shape).
    pub fn merge(mut self, parts: Vec<PartResults<C>>) -> Self {
        self.merge = Some(parts);
        self
    }
}

impl<G: Recordable, C> RunOptions<'_, G, C> {
    /// Writes every game's record into the directory set by
    /// [`Tournament::with_record`](super::Tournament::with_record) (nothing if none
    /// is set), named after the game, its pairing, the seed and the
    /// game's number: `seega-greedy-vs-random-seed1-0007.ron` (names
    /// reduced to letters, digits, `_` and `-`), so runs of other games or
    /// with other seeds into the same directory keep theirs. The record's
    /// `index` is the game's deal, which with the seed fixes its random
    /// streams. A file of that name that holds another record is not
    /// overwritten: the run stops with an error.
    pub fn recorded(mut self) -> Self {
        self.records = Some((G::NAME, write_record::<G>));
        self
    }
}

/// Writes one game's record to `path`, unless the file holds another.
fn write_record<G: Recordable>(
    game: &G,
    seed: u64,
    deal: u64,
    players: Vec<String>,
    played: &Played<G>,
    path: &Path,
) -> Result<(), String> {
    let record = crate::referee::of_played(game, seed, deal, players, played);
    // A file of that name that this game's record would change
    // (another game's, another run's) is not overwritten.
    if let Ok(old) = tabula_core::files::read_capped(path, tabula_core::spec::MAX_SOURCE_BYTES) {
        let new = record
            .to_text(crate::record::Format::of_path(path))
            .map_err(|e| e.to_string())?;
        if old != new.as_bytes() {
            return Err(format!(
                "{} already holds another record (of another game or run), which this run would overwrite; \
                 write this run's records into another directory, or remove that file",
                path.display()
            ));
        }
    }
    record.write(path).map_err(|e| e.to_string())
}

/// What [`Tournament::run`](super::Tournament::run) gives back.
#[derive(Debug)]
pub struct RunResults<C> {
    /// The standings: of the whole tournament, or of the part played
    /// when the tournament is split ([`Tournament::with_shard`](super::Tournament::with_shard)).
    pub standings: Standings,
    /// Every pairing's collectors merged per seating
    /// (`[pairing][seating]`, merged in game order). A seating that
    /// played no game (fewer games than seatings) gets a fresh
    /// collector, made for the game that would have used it.
    pub collectors: Vec<Vec<C>>,
    /// When the tournament is split ([`Tournament::with_shard`](super::Tournament::with_shard),
    /// even into one part), the part's results for
    /// [`RunOptions::merge`] to combine with the other parts' into
    /// exactly the whole tournament's; `None` for a whole tournament or
    /// a merge.
    pub part: Option<PartResults<C>>,
}
