//! Command pieces every game with decisions shares, on [`tabula_play`]:
//! the record options (`--record DIR`, `--record-format`), the tournament
//! options ([`TournamentOptions`], and [`TournamentArgs`] with the agents,
//! games, seed and threads, flattened beside a game's own parameters),
//! running a tournament with progress, records and shards
//! ([`TournamentOptions::run`]), the standings as text and a picture
//! ([`standings_text`], [`results_matrix`], for the one tournament report,
//! `TournamentReport` of `tabula-verbs`), `replay` for any
//! recordable game, and terminal play that keeps its record.

use std::path::{Path, PathBuf};

use tabula_core::{BoardGame, Streams};
use tabula_play::record::{Format, RecordOf, Recordable};
use tabula_play::terminal::{self, Notation, Occupant};

use crate::{Error, Io};

pub(crate) mod replay;
mod standings;
pub use replay::*;
pub use standings::*;

/// The text format of records, as a command-line value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RecordFormat {
    /// RON (`.ron`)
    #[default]
    Ron,
    /// JSON (`.json`)
    Json,
}

crate::choice!(RecordFormat {
    Ron = "ron": "RON (`.ron`)",
    Json = "json": "JSON (`.json`)",
});

impl From<RecordFormat> for Format {
    fn from(f: RecordFormat) -> Format {
        match f {
            RecordFormat::Ron => Format::Ron,
            RecordFormat::Json => Format::Json,
        }
    }
}

crate::arguments! {
    /// `--record DIR` and `--record-format`: flatten into a command's
    /// arguments with `#[arg(flatten)]`.
    #[derive(Clone, Debug, Default)]
    pub struct RecordArgs {
        /// Write every game's record (RON or JSON; `tabula replay GAME FILE`
        /// checks one) into this directory, created if missing
        #[arg(long, value_name = "DIR", group = "Record", label = "Record directory")]
        pub record: Option<PathBuf>,
        /// Format of the records
        #[arg(long, default_value_t = RecordFormat::Ron, group = "Record", label = "Record format")]
        pub record_format: RecordFormat,
    }
}

impl RecordArgs {
    /// The records' format.
    pub fn format(&self) -> Format {
        self.record_format.into()
    }

    /// Creates the record directory if one is asked for, before any game
    /// is played, so a bad directory fails at once.
    pub fn prepare(&self) -> Result<(), Error> {
        if let Some(dir) = &self.record {
            check_dir(dir)?;
        }
        Ok(())
    }

    /// Writes `record` as `STEM.EXT` into the record directory, if there
    /// is one; returns the path written.
    pub fn write<G: Recordable>(
        &self,
        record: &RecordOf<G>,
        stem: &str,
    ) -> Result<Option<PathBuf>, Error> {
        let Some(dir) = &self.record else {
            return Ok(None);
        };
        let text = record.to_text(self.format())?;
        // Another record of that name (another game played with the same
        // seed) is kept: this one is numbered on, and the caller says
        // where it went.
        let ext = self.format().extension();
        let path = (1..=1000)
            .map(|n| match n {
                1 => dir.join(format!("{stem}.{ext}")),
                n => dir.join(format!("{stem}-{n}.{ext}")),
            })
            .find(|p| {
                tabula_core::files::read_capped(p, tabula_core::spec::MAX_SOURCE_BYTES)
                    .map_or(true, |old| old == text.as_bytes())
            })
            .ok_or_else(|| {
                format!(
                    "cannot write the record {stem}: {} holds 1000 records of that name",
                    dir.display()
                )
            })?;
        tabula_core::files::write(&path, text)
            .map_err(|e| format!("cannot write the record {}: {e}", path.display()))?;
        Ok(Some(path))
    }
}

/// Creates `dir` if missing and checks a file can be written into it.
pub fn check_dir(dir: &Path) -> Result<(), Error> {
    if tabula_core::files::exists(dir) && !tabula_core::files::is_dir(dir) {
        return Err(format!(
            "cannot create the record directory {}: it is a file, not a directory",
            dir.display()
        )
        .into());
    }
    tabula_core::files::create_dir_all(dir)
        .map_err(|e| format!("cannot create the record directory {}: {e}", dir.display()))?;
    let probe = dir.join(".tabula-write-test");
    tabula_core::files::write(&probe, b"").map_err(|e| {
        format!(
            "cannot write into the record directory {}: {e}",
            dir.display()
        )
    })?;
    let _ = tabula_core::files::remove_file(&probe);
    Ok(())
}

/// Plays one game at the terminal ([`terminal::play`]) with `seed` fixing
/// the dice and the agents' choices, and writes its record (finished or
/// stopped) if `--record` asks for one.
pub fn play_keeping_record<G, P>(
    paths: P,
    game: &G,
    players: Vec<Occupant<G>>,
    seed: u64,
    record: &RecordArgs,
    io: &mut Io<'_>,
) -> Result<terminal::TerminalGame<G>, Error>
where
    G: Recordable + Notation,
    G::Move: PartialEq,
    P: tabula_play::PlayPaths<G>,
{
    play_keeping_record_with(paths, game, players, seed, record, &mut terminal::Plain, io)
}

/// [`play_keeping_record`], shown and asked as the game's `look` says
/// ([`terminal::play_with_look_on`]), its chance played and its answers
/// checked by `paths` ([`tabula_play::paths!`]).
pub fn play_keeping_record_with<G, P>(
    paths: P,
    game: &G,
    mut players: Vec<Occupant<G>>,
    seed: u64,
    record: &RecordArgs,
    look: &mut dyn terminal::Look<G>,
    io: &mut Io<'_>,
) -> Result<terminal::TerminalGame<G>, Error>
where
    G: Recordable + Notation,
    G::Move: PartialEq,
    P: tabula_play::PlayPaths<G>,
{
    record.prepare()?;
    let names = players.iter().map(Occupant::name).collect();
    let played = terminal::play_with_look_on(
        paths,
        game,
        &mut players,
        &mut Streams::new(seed, 0),
        look,
        &mut *io.input,
        &mut *io.out,
    )?;
    let rec: RecordOf<G> = terminal::of_terminal(game, seed, 0, names, &played);
    if let Some(path) = record.write::<G>(&rec, &format!("{}-{seed}", G::NAME))? {
        writeln!(io.out, "Record written to {}.", path.display())?;
    }
    Ok(played)
}

/// A seed for interactive play: `0` picks a fresh one.
pub fn seed_or_fresh(seed: u64) -> u64 {
    if seed == 0 {
        tabula_core::fresh_seed()
    } else {
        seed
    }
}

/// Players for a terminal game: `you` in the seats listed in `human`,
/// registered agent `agent` in the others.
pub fn players<G: BoardGame + 'static>(
    game: &G,
    human: &[usize],
    agent: &str,
) -> Result<Vec<Occupant<G>>, Error> {
    (0..game.seats())
        .map(|seat| {
            if human.contains(&seat) {
                Ok(Occupant::Human)
            } else {
                Ok(Occupant::Agent {
                    name: agent.to_string(),
                    agent: tabula_play::agents::build(game, agent)?,
                })
            }
        })
        .collect()
}
