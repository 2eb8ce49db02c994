//! Play commands for any game, on [`tabula_play`]: the options every
//! tournament command shares ([`TournamentArgs`]), running a tournament
//! with progress and records ([`run_tournament`]), and the standings as a
//! [`Report`].

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use tabula_core::BoardGame;
use tabula_core::text::group;
use tabula_play::record::{Format, Recordable};
use tabula_play::tournament::{Entrant, GameId, Scoring, Standings, Tournament};

use crate::progress::RunProgress;
use crate::{Error, Report};

/// The text formats of records, as an option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum RecordFormatArg {
    /// RON (`.ron`).
    #[default]
    Ron,
    /// JSON (`.json`).
    Json,
}

impl From<RecordFormatArg> for Format {
    fn from(f: RecordFormatArg) -> Format {
        match f {
            RecordFormatArg::Ron => Format::Ron,
            RecordFormatArg::Json => Format::Json,
        }
    }
}

/// The options of a tournament command, the same for every game: flatten
/// them into the game's own arguments (`#[command(flatten)]`).
#[derive(Clone, Debug, clap::Args)]
pub struct TournamentArgs {
    /// The entrants: registered agent names, comma-separated (at least as
    /// many as the game has seats).
    #[arg(long, value_delimiter = ',', required = true, value_name = "AGENTS")]
    pub agents: Vec<String>,
    /// Games per pairing, spread over every seating.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Seed that fixes every game.
    #[arg(long, default_value_t = crate::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads [default: one per core]; the results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// A call slower than this many milliseconds forfeits the game.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub move_time_limit_ms: Option<u64>,
    /// Write every game's record into this directory (created if missing).
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// Format of the records.
    #[arg(long, value_enum, default_value_t)]
    pub record_format: RecordFormatArg,
}

impl TournamentArgs {
    /// The tournament these options describe, scored by `scoring`.
    pub fn tournament(&self, scoring: Scoring) -> Tournament {
        Tournament::new(self.games)
            .seed(self.seed)
            .threads(self.threads.map(usize::from))
            .move_time_limit(self.move_time_limit_ms.map(Duration::from_millis))
            .scoring(scoring)
            .record(self.record.clone(), self.record_format.into())
    }

    /// The entrants, checked: each a registered agent of `G`.
    pub fn entrants<G: BoardGame + 'static>(&self, game: &G) -> Result<Vec<Entrant<G>>, Error> {
        self.agents
            .iter()
            .map(|name| Entrant::registered(game, name.trim()).map_err(Error::from))
            .collect()
    }
}

/// Runs the tournament `args` describe on `game`, scored by `scoring`,
/// with progress on stderr for long runs and records if `--record` asks.
pub fn run_tournament<G: Recordable + 'static>(
    game: &G,
    args: &TournamentArgs,
    scoring: Scoring,
) -> Result<Standings, Error> {
    let entrants = args.entrants(game)?;
    let tournament = args.tournament(scoring);
    let pairings = pairings(entrants.len(), game.seats());
    let progress = RunProgress::new("tournament", pairings * args.games, "games");
    let (standings, _) =
        tournament.run_recorded(game, &entrants, &|_: &GameId| (), &|d| progress.tick(d))?;
    Ok(standings)
}

/// `n` choose `k`, the number of pairings.
fn pairings(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k) as u64;
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n as u64 - i) / (i + 1))
}

impl Report for Standings {
    fn title(&self) -> String {
        format!(
            "tournament: {} entrants, {} games per pairing",
            self.entrants.len(),
            group(self.games_per_pairing)
        )
    }

    fn text(&self) -> String {
        standings_text(self)
    }

    fn json(&self) -> Result<String, Error> {
        crate::pretty(self)
    }
}

/// The most forfeits listed one by one in the text.
const FAULTS_SHOWN: usize = 20;

/// The standings as text: the table of entrants, each pairing, and the
/// forfeits.
pub fn standings_text(s: &Standings) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Tournament: {} entrants, {} pairing(s) of {} games ({} seatings), seed {}, {}",
        s.entrants.len(),
        s.pairings.len(),
        group(s.games_per_pairing),
        s.seatings,
        s.seed,
        match s.scoring {
            Scoring::Points => "ranked by points".to_string(),
            Scoring::TimePenalty { per_second } =>
                format!("ranked by points less {per_second} per second of thinking"),
        }
    );
    let width = s
        .entrants
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let _ = writeln!(
        out,
        "  rank  {:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6}  {:>9}  {:>9}  {:>10}  {:>8}  {:>8}",
        "entrant",
        "games",
        "wins",
        "shared",
        "losses",
        "capped",
        "points",
        "mean rank",
        "mean score",
        "forfeits",
        "time s"
    );
    for e in &s.entrants {
        let _ = writeln!(
            out,
            "  {:>4}  {:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6}  {:>9.1}  {:>9.3}  {:>10.3}  {:>8}  {:>8.2}",
            e.rank,
            e.name,
            e.games,
            e.wins,
            e.shared_firsts,
            e.losses,
            e.capped,
            e.points,
            e.mean_rank,
            e.mean_score,
            e.illegal + e.panics + e.too_slow,
            e.time_s
        );
    }
    let _ = writeln!(out, "Pairings:");
    for p in &s.pairings {
        let names: Vec<&str> = p.entrants.iter().map(|e| e.name.as_str()).collect();
        let _ = writeln!(
            out,
            "  {}: {} games, {} draws, {} capped, {:.1} moves a game",
            names.join(" vs "),
            group(p.games),
            p.draws,
            p.capped,
            p.mean_moves
        );
        for e in &p.entrants {
            let seats: Vec<String> = e
                .wins_by_seat
                .iter()
                .zip(&e.games_by_seat)
                .enumerate()
                .map(|(seat, (w, g))| format!("seat {} {w}/{g}", seat + 1))
                .collect();
            let _ = writeln!(
                out,
                "    {:<width$}  {} wins ({}), {} points, mean score {:.3} ± {:.3}{}",
                e.name,
                e.wins,
                seats.join(", "),
                e.points,
                e.mean_score,
                e.score_std_error,
                if e.forfeits > 0 {
                    format!(", {} forfeits", e.forfeits)
                } else {
                    String::new()
                }
            );
        }
    }
    if !s.faults.is_empty() {
        let _ = writeln!(out, "Forfeits ({}):", s.faults.len());
        for f in s.faults.iter().take(FAULTS_SHOWN) {
            let _ = writeln!(
                out,
                "  {} (seat {}) in {} game {}: {}",
                f.entrant,
                f.seat + 1,
                f.pairing.join(" vs "),
                f.game,
                f.fault
            );
        }
        if s.faults.len() > FAULTS_SHOWN {
            let _ = writeln!(out, "  ... and {} more", s.faults.len() - FAULTS_SHOWN);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn pairings_count_subsets() {
        assert_eq!(super::pairings(4, 2), 6);
        assert_eq!(super::pairings(5, 3), 10);
        assert_eq!(super::pairings(2, 3), 0);
        assert_eq!(super::pairings(3, 3), 1);
    }
}
