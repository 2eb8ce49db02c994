//! The board designer: the page Snakes and Ladders contributes to
//! `tabula serve` ([`tabula_registry::page::GamePage`]). The page edits a
//! board's RON text and its drawing; [`analyze_answer`] answers each edit
//! with the exact analysis `tabula analyze snakes --shortest` gives, the
//! pictures it draws (as data: the front end draws them), and where each
//! square is drawn (for clicks).

use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::spec::{Source, SpecError};
use tabula_exact::{Cancel, Limits};
use tabula_registry::page::{CLIENTS, GamePage, PageAnswer, PageError};
use tabula_registry::picture::board::Layout;

use crate::board::BUILT_IN;
use crate::{AnalysisOptions, Board, Require, Setup};

/// The page's HTML and script.
pub const HTML: &str = include_str!("designer.html");

/// The most players the page analyses at once (each seat's chance to win
/// is given for 2 to this many).
pub const MAX_PLAYERS: u8 = 4;

/// What the page sends with each edit.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyzeRequest {
    /// The board's RON text.
    board: String,
    /// Players for the analysis (1 to [`MAX_PLAYERS`]).
    #[serde(default = "one")]
    players: u8,
    /// Which open page sent it (a random id the page makes), so that a
    /// newer edit of the same page stops this one's solve.
    #[serde(default)]
    client: Option<String>,
    /// The edit's number on that page: a later one supersedes it.
    #[serde(default)]
    seq: u64,
}

/// The longest client id accepted.
const MAX_CLIENT: usize = 100;

fn one() -> u8 {
    1
}

/// The limits of one of the page's solves: small enough that any board
/// answers within seconds; `cancel` stops it.
fn limits(cancel: &Cancel) -> Limits {
    Limits {
        cancel: Some(cancel.clone()),
        max_states: 200_000,
        max_transitions: 4_000_000,
        max_routes: 200_000,
        max_time: Some(std::time::Duration::from_secs(5)),
        ..Limits::default()
    }
}

/// Answers the page's requests: `boards` (the built-in boards' texts and
/// the rule sets) and `analyze` (`{"board": RON, "players": N}`).
pub fn api(action: &str, body: &str) -> Result<PageAnswer, PageError> {
    match action {
        "boards" => Ok(PageAnswer::json(boards_json())),
        "analyze" => {
            let request: AnalyzeRequest = serde_json::from_str(body).map_err(|e| {
                PageError::BadRequest(format!(
                    "the request is not {{\"board\": RON text, \"players\": N}}: {e}"
                ))
            })?;
            let Some(client) = request.client else {
                return Ok(analyze_answer(&request.board, request.players));
            };
            if client.len() > MAX_CLIENT {
                return Err(PageError::BadRequest(format!(
                    "the client id is over {MAX_CLIENT} bytes"
                )));
            }
            let ticket = CLIENTS.begin(&client, request.seq);
            Ok(analyze_answer_watched(
                &request.board,
                request.players,
                &|| ticket.is_stale(),
            ))
        }
        _ => Err(PageError::UnknownAction),
    }
}

/// The built-in boards (name and RON text) and the rule sets' names.
pub fn boards_json() -> Value {
    let rules: Vec<Value> = crate::rules::all()
        .unwrap_or_default()
        .iter()
        .map(|r| json!({ "name": r.name, "summary": r.summary }))
        .collect();
    json!({
        "boards": BUILT_IN.iter().map(|(name, text)| json!({ "name": name, "ron": text })).collect::<Vec<_>>(),
        "rules": rules,
        "max_players": MAX_PLAYERS,
    })
}

/// A located error for the page: the message, and its line and column
/// when it is in the text.
fn error_json(message: String, location: Option<(usize, usize)>) -> Value {
    json!({
        "ok": false,
        "error": {
            "message": message,
            "line": location.map(|l| l.0),
            "column": location.map(|l| l.1),
        }
    })
}

fn spec_error(e: &SpecError) -> Value {
    // The message without the source's name, which the page shows apart.
    let location = e.location().map(|l| (l.line, l.column));
    let message = match e {
        SpecError::Parse { message, .. } | SpecError::Invalid { message, .. } => message.clone(),
        e => e.to_string(),
    };
    error_json(message, location)
}

/// The analysis of the board `text` (RON) for `players` players, as the
/// page shows it: `{"ok": true, "spec", "analysis", "wins", "layout",
/// "command"}` with the pictures as data (the front end draws them into
/// it as `"pictures": {"board": SVG, "throws": SVG, ...}`), or `{"ok":
/// false, "error": {"message", "line", "column"}}` for a board that
/// cannot be read or solved.
///
/// `analysis` is what `tabula analyze snakes BOARD --players N --shortest
/// --format json` prints; `wins` gives each seat's chance to win for 2 to
/// [`MAX_PLAYERS`] players.
pub fn analyze_answer(text: &str, players: u8) -> PageAnswer {
    analyze_answer_unless(text, players, &|| false)
}

/// How often a solve looks whether a newer edit has made it stale.
const WATCH_EVERY: std::time::Duration = std::time::Duration::from_millis(5);

/// [`analyze_answer`], given up between its solves once `stale` says a
/// newer edit has arrived: then `{"ok": false, "stale": true, "phase"}`,
/// naming the phase it stopped before. (A solve already running finishes
/// its phase, within the page's limits: 5 seconds at most;
/// [`analyze_answer_watched`] stops it too.)
pub fn analyze_answer_unless(text: &str, players: u8, stale: &dyn Fn() -> bool) -> PageAnswer {
    analyze_cancellable(text, players, stale, &Cancel::new())
}

/// [`analyze_answer_unless`], with `stale` also asked every few
/// milliseconds while a solve runs, from a thread beside it, which then
/// cancels the solve ([`Limits::cancel`]): a stale answer stops within
/// milliseconds, even in the middle of one of its solves, and names the
/// phase it stopped in. What the page's requests are answered with.
pub fn analyze_answer_watched(
    text: &str,
    players: u8,
    stale: &(dyn Fn() -> bool + Sync),
) -> PageAnswer {
    let cancel = Cancel::new();
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                if stale() {
                    cancel.cancel();
                    return;
                }
                std::thread::park_timeout(WATCH_EVERY);
            }
        });
        let answer = analyze_cancellable(text, players, stale, &cancel);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        // Wake it now rather than at its next look: the scope waits for it.
        watcher.thread().unpark();
        answer
    })
}

/// [`analyze_answer_unless`]'s work: its solves stop when `cancel` is set.
fn analyze_cancellable(
    text: &str,
    players: u8,
    stale: &dyn Fn() -> bool,
    cancel: &Cancel,
) -> PageAnswer {
    analyzed(text, players, stale, cancel).unwrap_or_else(PageAnswer::json)
}

/// The analysis with its pictures, or the JSON saying why there is none
/// (an error, or a newer edit).
fn analyzed(
    text: &str,
    players: u8,
    stale: &dyn Fn() -> bool,
    cancel: &Cancel,
) -> Result<PageAnswer, Value> {
    let stopped = |phase: &str| json!({ "ok": false, "stale": true, "phase": phase });
    if stale() {
        return Err(stopped("reading the board"));
    }
    if !(1..=MAX_PLAYERS).contains(&players) {
        return Err(error_json(
            format!("the page analyses 1 to {MAX_PLAYERS} players, not {players}"),
            None,
        ));
    }
    let source = Source::embedded("board.ron", text);
    let board = match Board::from_source(&source) {
        Ok(b) => b,
        Err(e) => return Err(spec_error(&e)),
    };
    let setup = match Setup::new(board, None, usize::from(players)) {
        Ok(s) => s,
        Err(e) => return Err(error_json(e.to_string(), None)),
    };
    let options = AnalysisOptions {
        players,
        limits: limits(cancel),
        shortest: Some(Require::None),
    };
    if stale() {
        return Err(stopped("solving"));
    }
    let analysis = match setup.analyze(&options) {
        Ok(a) => a,
        Err(_) if cancel.is_cancelled() => return Err(stopped("solving")),
        Err(e) => return Err(error_json(e.to_string(), None)),
    };
    let mut wins: Vec<Value> = Vec::new();
    for n in 2..=MAX_PLAYERS {
        if stale() {
            return Err(stopped(&format!("solving for {n} players")));
        }
        wins.push({
            let solved = if n == players {
                Ok(analysis.seats.win_probability.clone())
            } else {
                Setup::new(setup.board.clone(), None, usize::from(n))
                    .and_then(|s| {
                        s.analyze(&AnalysisOptions {
                            players: n,
                            limits: limits(cancel),
                            shortest: None,
                        })
                    })
                    .map(|a| a.seats.win_probability)
            };
            match solved {
                Err(_) if cancel.is_cancelled() => {
                    return Err(stopped(&format!("solving for {n} players")));
                }
                Ok(w) => json!({ "players": n, "win_probability": w }),
                Err(e) => json!({ "players": n, "error": e.to_string() }),
            }
        });
    }
    if stale() {
        return Err(stopped("drawing"));
    }
    let pictures = crate::pictures::analysis_pictures(&analysis, &setup.board);
    let layout = Layout::new(setup.board.size(), setup.board.columns());
    let (width, height) = layout.canvas();
    let cells: Vec<Value> = (0..=setup.board.size())
        .map(|s| {
            if s == 0 {
                Value::Null
            } else {
                let ((x0, y0), (x1, y1)) = layout.cell_rect(s);
                json!([x0, y0, x1, y1])
            }
        })
        .collect();
    let mut command = String::from("tabula analyze snakes board.ron --shortest");
    if players > 1 {
        command.push_str(&format!(" --players {players}"));
    }
    // The front end draws the pictures into the answer, under "pictures".
    Ok(PageAnswer::with_pictures(
        json!({
            "ok": true,
            "spec": setup.board.spec(),
            "analysis": analysis,
            "wins": wins,
            "layout": { "width": width, "height": height, "cells": cells },
            "command": command,
        }),
        pictures,
    ))
}

/// The page, which Snakes' registration adds
/// ([`GameBuilder::page`](tabula_registry::GameBuilder::page)).
pub(crate) const PAGE: GamePage = GamePage {
    game: "snakes",
    name: "designer",
    title: "Board designer",
    summary: "design a Snakes and Ladders board and watch its exact odds change as you edit",
    html: HTML,
    api,
};
