//! `tabula replay GAME FILE` for any recordable game: the steps checked
//! one by one, as text or JSON.

use std::path::PathBuf;

use tabula_play::record::{self, End, RecordOf, Recordable, Step};
use tabula_play::terminal::{self, Notation};

use crate::{Error, Io};

crate::arguments! {
    /// The arguments of `tabula replay GAME FILE`.
    #[derive(Clone, Debug)]
    pub struct ReplayArgs {
        /// The record (RON, or JSON if the name ends in .json)
        pub file: PathBuf,
        /// Print only the steps and the final position, not the position
        /// before every move
        #[arg(long)]
        pub brief: bool,
        /// The account as text, or as one JSON object (the steps, the final
        /// position, the end, whether every step is legal)
        #[arg(long, default_value_t = ReplayFormat::Text)]
        pub format: ReplayFormat,
    }
}

/// How `replay` gives its account.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReplayFormat {
    /// Human-readable text
    #[default]
    Text,
    /// One JSON object
    Json,
}

crate::choice!(ReplayFormat {
    Text = "text": "Human-readable text",
    Json = "json": "One JSON object",
});

/// What `replay --help` says after the options.
pub const REPLAY_HELP: &str = "A record holds the game, its parameters, the seed, every chance outcome and move, and the result; \
the option --record DIR of the commands that play games writes one.";

/// One step of a replay's JSON account.
#[derive(serde::Serialize)]
struct ReplayStep {
    index: usize,
    /// The seat that moved, from 1; `null` for a chance outcome.
    seat: Option<usize>,
    text: String,
}

/// `replay --format json`: what the text account says, as data.
#[derive(serde::Serialize)]
struct ReplayJson<'a, P> {
    game: &'static str,
    file: String,
    parameters: &'a P,
    players: &'a [String],
    seed: u64,
    index: u64,
    steps: Vec<ReplayStep>,
    legal: bool,
    error: Option<String>,
    position: Option<String>,
    end: &'static str,
    scores: Option<Vec<f64>>,
    ranks: Option<Vec<u32>>,
}

/// What `replay` says about itself in `--help`.
pub const REPLAY_ABOUT: &str = "Replays a record from the start, checking every step: \
prints each chance outcome and move and the result, and names the first illegal step by its \
index.\nExit status: 0 if every step is legal and the recorded end agrees; 1 otherwise (or if \
the file cannot be read, is malformed, or is a record of another game).";

/// A step as one line: `  12. Black: c2 c3` or `   3. chance: 7`.
pub fn step_line<G: Notation>(
    game: &G,
    index: usize,
    state: &G::State,
    step: &Step<G::Move, G::Outcome>,
) -> String {
    match step {
        Step::Chance(o) => format!("{index:>4}. chance: {}", game.format_outcome(state, o)),
        Step::Move { seat, mv } => format!(
            "{index:>4}. {}: {}",
            game.seat_name(*seat),
            game.format_move(state, mv)
        ),
    }
}

/// `tabula replay GAME FILE` for any game that is [`Recordable`] and has a
/// [`Notation`]: register it with
/// `Typed::interactive("replay", REPLAY_ABOUT, replay::<MyGame>)`.
pub fn replay<G>(args: ReplayArgs, io: &mut Io<'_>) -> Result<(), Error>
where
    G: Recordable + Notation,
{
    replay_on::<G, _>(tabula_play::legality::Listed, args, io)
}

/// [`replay`], each step checked by `checks`, the game's check path
/// ([`tabula_play::paths!`]).
pub fn replay_on<G, K>(checks: K, args: ReplayArgs, io: &mut Io<'_>) -> Result<(), Error>
where
    G: Recordable + Notation,
    K: tabula_play::legality::CheckPath<G>,
{
    replay_reading(checks, args, io, record::read::<G>)
}

/// [`replay_on`] of a registered game, its record read by
/// [`read_record`] (a choice parameter bare or quoted alike).
pub(crate) fn replay_registered<G, K>(
    checks: K,
    args: ReplayArgs,
    io: &mut Io<'_>,
) -> Result<(), Error>
where
    G: Recordable<Parameters: tabula_core::params::Parameters> + Notation,
    K: tabula_play::legality::CheckPath<G>,
{
    replay_reading(checks, args, io, read_record::<G>)
}

/// [`replay_on`], the record read by `read`.
fn replay_reading<G, K>(
    checks: K,
    args: ReplayArgs,
    io: &mut Io<'_>,
    read: fn(&std::path::Path) -> Result<record::RecordOf<G>, record::RecordError>,
) -> Result<(), Error>
where
    G: Recordable + Notation,
    K: tabula_play::legality::CheckPath<G>,
{
    let out = &mut *io.out;
    let record = read(&args.file)?;
    if args.format == ReplayFormat::Json {
        return replay_json::<G, K>(checks, &args, &record, out);
    }
    writeln!(
        out,
        "{} record {}: {}; seed {}, game {}.",
        G::NAME,
        tabula_core::text::printable(&args.file.display().to_string()),
        if record.players.is_empty()
            && record
                .steps
                .iter()
                .all(|s| matches!(s, tabula_play::record::Step::Chance(_)))
        {
            "chance alone, no players".to_string()
        } else if record.players.is_empty() {
            "players not recorded".to_string()
        } else {
            // Names come from the file: no control character reaches
            // the terminal.
            tabula_core::text::printable(&record.players.join(" against ")).into_owned()
        },
        record.seed,
        record.index
    )?;
    let mut lines = Vec::new();
    let replayed = record::replay_on::<G, K>(checks, &record, |index, game, state, step| {
        if !args.brief && matches!(step, Step::Move { .. }) {
            lines.push(game.render(state).trim_end().to_string());
        }
        lines.push(step_line(game, index, state, step));
    });
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    let replayed = match replayed {
        Ok(r) => r,
        Err(e) => {
            writeln!(out, "ILLEGAL: {e}")?;
            return Err(format!("{}: {e}", args.file.display()).into());
        }
    };
    writeln!(out, "{}", replayed.game.render(&replayed.state).trim_end())?;
    match (&record.end, &replayed.results) {
        (End::Forfeit { forfeit, .. }, _) => writeln!(
            out,
            "{} forfeited at step {}: {}.",
            replayed.game.seat_name(forfeit.seat),
            forfeit.step,
            tabula_core::text::printable(&forfeit.fault.to_string())
        )?,
        (_, Some(results)) => writeln!(out, "{}", terminal::describe(&replayed.game, results))?,
        (End::Capped, None) => writeln!(out, "The step cap stopped the game here.")?,
        (_, None) => writeln!(out, "The record ends before the game does.")?,
    }
    writeln!(out, "Every step is legal.")?;
    Ok(())
}

/// `replay --format json`: one object, written whether or not every step
/// is legal; an illegal step is still an error (exit status 1).
fn replay_json<G, K>(
    checks: K,
    args: &ReplayArgs,
    record: &RecordOf<G>,
    out: &mut dyn std::io::Write,
) -> Result<(), Error>
where
    G: Recordable + Notation,
    K: tabula_play::legality::CheckPath<G>,
{
    let mut steps = Vec::new();
    let replayed = record::replay_on::<G, K>(checks, record, |index, game, state, step| {
        let (seat, text) = match step {
            Step::Chance(o) => (None, game.format_outcome(state, o)),
            Step::Move { seat, mv } => (Some(seat + 1), game.format_move(state, mv)),
        };
        steps.push(ReplayStep { index, seat, text });
    });
    let mut json = ReplayJson {
        game: G::NAME,
        file: args.file.display().to_string(),
        parameters: &record.parameters,
        players: &record.players,
        seed: record.seed,
        index: record.index,
        steps,
        legal: replayed.is_ok(),
        error: None,
        position: None,
        end: "unfinished",
        scores: None,
        ranks: None,
    };
    match &replayed {
        Err(e) => json.error = Some(e.to_string()),
        Ok(r) => {
            json.position = Some(r.game.render(&r.state).trim_end().to_string());
            json.end = match (&record.end, &r.results) {
                (End::Forfeit { .. }, _) => "forfeit",
                (_, Some(_)) => "finished",
                (End::Capped, None) => "capped",
                (_, None) => "unfinished",
            };
            if let Some(results) = &r.results {
                json.scores = Some(results.scores().to_vec());
                json.ranks = Some(results.ranks().to_vec());
            }
        }
    }
    writeln!(out, "{}", crate::pretty(&json)?)?;
    match replayed {
        Ok(_) => Ok(()),
        Err(e) => Err(format!("{}: {e}", args.file.display()).into()),
    }
}

/// One step of a [`ReplayView`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct ViewStep {
    /// Its index, from 0.
    pub index: usize,
    /// The seat that moved, from 0; `None` for a chance outcome.
    pub seat: Option<usize>,
    /// Who: the seat's name, or `chance`.
    pub who: String,
    /// The move or outcome in the game's notation.
    pub text: String,
}

/// A record as a replay page shows it: its steps, each checked, and the
/// position after the first `at` of them (as text, and as the game's
/// own picture where it has one).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ReplayView {
    /// The game's name.
    pub game: &'static str,
    /// The record's variant as a spec string (`noline(dim=3)`).
    pub spec: String,
    /// Who played each seat.
    pub players: Vec<String>,
    /// The record's seed.
    pub seed: u64,
    /// Every step, as far as it is legal.
    pub steps: Vec<ViewStep>,
    /// How many steps the position shown is after.
    pub at: usize,
    /// That position, as the game writes it.
    pub position: String,
    /// That position as the game draws it, where it does.
    pub picture: Option<String>,
    /// Whether every step is legal and the recorded end agrees.
    pub legal: bool,
    /// The first illegal step, or the disagreement, if any.
    pub error: Option<String>,
    /// How the record ends: `finished`, `forfeit`, `capped` or `unfinished`.
    pub end: &'static str,
    /// The result in words, once the game is over.
    pub result: Option<String>,
    /// Each seat's score, once the game is over.
    pub scores: Option<Vec<f64>>,
}

/// The [`ReplayView`] of the record `text` (JSON if `json`, else RON)
/// after `at` steps (all of them if `None`, or if it has fewer), each
/// step checked by `checks`, the position drawn by `picture` where the
/// game registers one. A record that cannot be read is an error; one
/// with an illegal step is shown up to it, with the error.
pub fn replay_view<G, K>(
    checks: K,
    text: &str,
    json: bool,
    at: Option<usize>,
    picture: Option<crate::state::PictureFn<G>>,
) -> Result<ReplayView, Error>
where
    G: Recordable<Parameters: tabula_core::params::Parameters> + Notation,
    K: tabula_play::legality::CheckPath<G>,
{
    let format = if json {
        record::Format::Json
    } else {
        record::Format::Ron
    };
    let name = if json { "record.json" } else { "record.ron" };
    let source = tabula_core::spec::Source::embedded(name, text);
    let record: RecordOf<G> = record::parse::<G>(&source, format)?;
    let mut steps = Vec::new();
    let mut shown: Option<(String, Option<String>)> = None;
    let replayed = record::replay_on::<G, K>(checks, &record, |index, game, state, step| {
        if Some(index) == at {
            shown = Some((
                game.render(state).trim_end().to_string(),
                picture.map(|draw| draw(game, state)),
            ));
        }
        let (seat, who, text) = match step {
            Step::Chance(o) => (None, "chance".to_string(), game.format_outcome(state, o)),
            Step::Move { seat, mv } => (
                Some(*seat),
                game.seat_name(*seat),
                game.format_move(state, mv),
            ),
        };
        steps.push(ViewStep {
            index,
            seat,
            who,
            text,
        });
    });
    let mut view = ReplayView {
        game: G::NAME,
        spec: tabula_core::params::spec(G::NAME, &record.parameters),
        players: record.players.clone(),
        seed: record.seed,
        at: steps.len(),
        steps,
        position: String::new(),
        picture: None,
        legal: replayed.is_ok(),
        error: None,
        end: "unfinished",
        result: None,
        scores: None,
    };
    match replayed {
        Err(e) => {
            view.error = Some(e.to_string());
            // The steps shown are those before an illegal one.
            if let record::RecordError::Illegal { index, .. } = e {
                view.steps.truncate(index);
            }
            let upto = at.map_or(view.steps.len(), |a| a.min(view.steps.len()));
            view.at = upto;
            // The position after the legal steps asked for, replayed
            // again up to it.
            let mut prefix = record.clone();
            prefix.steps.truncate(upto);
            prefix.end = End::Stopped;
            if let Ok(r) = record::replay_on::<G, K>(checks, &prefix, |_, _, _, _| {}) {
                view.position = r.game.render(&r.state).trim_end().to_string();
                view.picture = picture.map(|draw| draw(&r.game, &r.state));
            }
        }
        Ok(r) => {
            view.end = match (&record.end, &r.results) {
                (End::Forfeit { .. }, _) => "forfeit",
                (_, Some(_)) => "finished",
                (End::Capped, None) => "capped",
                (_, None) => "unfinished",
            };
            if let Some(results) = &r.results {
                view.scores = Some(results.scores().to_vec());
                view.result = Some(terminal::describe(&r.game, results));
            }
            match shown {
                Some((position, drawn)) => {
                    view.at = at.unwrap_or(view.at);
                    view.position = position;
                    view.picture = drawn;
                }
                None => {
                    view.position = r.game.render(&r.state).trim_end().to_string();
                    view.picture = picture.map(|draw| draw(&r.game, &r.state));
                }
            }
        }
    }
    Ok(view)
}

/// Reads a record of `G`, its choice parameters written bare
/// (`goal: sum`) or quoted (`goal: "sum"`) alike.
pub(crate) fn read_record<G: Recordable<Parameters: tabula_core::params::Parameters>>(
    path: &std::path::Path,
) -> Result<record::RecordOf<G>, record::RecordError> {
    let format = record::Format::of_path(path);
    let source = tabula_core::spec::Source::read(path)?;
    if format == record::Format::Json {
        return record::parse::<G>(&source, format);
    }
    let quoted = tabula_core::params::choices_quoted::<G::Parameters>();
    match tabula_core::params::choices_written::<G::Parameters>(source.text(), quoted) {
        std::borrow::Cow::Borrowed(_) => record::parse::<G>(&source, format),
        std::borrow::Cow::Owned(text) => record::parse::<G>(
            &tabula_core::spec::Source::embedded(source.name(), text),
            format,
        ),
    }
}
