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
use crate::{Board, Require, Setup, with_rule_set};

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

/// Where the page's walks stop: once the probability left is below this.
/// The page prints at most six significant digits, so every digit it
/// shows is the command line's (which walks to 1e-18); the walks of house
/// rules that throw again or move each other, whose cost grows with the
/// steps walked, take about two thirds of the steps.
pub const PAGE_TAIL: f64 = 1e-12;

fn one() -> u8 {
    1
}

/// The limits of one of the page's solves: small enough that any board
/// answers within seconds; `cancel` stops it. The walks stop once what
/// is left is below [`PAGE_TAIL`], not the command line's 1e-18.
fn limits(cancel: &Cancel) -> Limits {
    Limits {
        cancel: Some(cancel.clone()),
        tail: PAGE_TAIL,
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
    if stale() {
        return Err(stopped("solving"));
    }
    let solved = with_rule_set(
        setup.rules,
        Solve {
            setup: &setup,
            players,
            limits: limits(cancel),
            stale,
        },
    )?;
    if stale() {
        return Err(stopped("drawing"));
    }
    let Solved {
        mut analysis,
        wins,
        unsolved,
    } = solved;
    analysis.rules = setup.rules.name;
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
    let command = analyze_command(analysis.players);
    // The front end draws the pictures into the answer, under "pictures".
    Ok(PageAnswer::with_pictures(
        json!({
            "ok": true,
            "spec": setup.board.spec(),
            "analysis": analysis,
            "wins": wins,
            "layout": { "width": width, "height": height, "cells": cells },
            "command": command,
            "players": players,
            "unsolved": unsolved,
        }),
        pictures,
    ))
}

/// A newer edit came: the phase this answer stopped in.
fn stopped(phase: &str) -> Value {
    json!({ "ok": false, "stale": true, "phase": phase })
}

/// The command that gives the page's analysis of `players` players on
/// the board saved as `board.ron`.
fn analyze_command(players: u8) -> String {
    let mut command = String::from("tabula analyze snakes board.ron --shortest");
    if players > 1 {
        command.push_str(&format!(" --players {players}"));
    }
    command
}

/// The command that samples `players` players on the board saved as
/// `board.ron`, for what cannot be solved exactly.
fn simulate_command(players: u8) -> String {
    format!("tabula simulate snakes board.ron --players {players}")
}

/// What cannot be solved exactly for some number of players, why, and
/// the command that samples it instead.
fn refusal(players: u8, why: &str) -> Value {
    json!({
        "players": players,
        "error": why,
        "command": simulate_command(players),
    })
}

/// The page's solves of one edit, under the rule type.
struct Solve<'s> {
    setup: &'s Setup,
    players: u8,
    limits: Limits,
    stale: &'s dyn Fn() -> bool,
}

/// What [`Solve`] found: the analysis shown (of the page's players, or of
/// one player when that cannot be solved), each seat's chance to win for
/// 2 to [`MAX_PLAYERS`] players, and what could not be solved.
struct Solved {
    analysis: crate::Analysis,
    wins: Vec<Value>,
    unsolved: Value,
}

impl Solve<'_> {
    /// Why `players` tokens that move each other are not solved here:
    /// their joint chain, about the one-token states to the power of the
    /// players, would pass the page's limit, so it is refused before it
    /// is built (`None`: it may fit).
    fn too_large<R: crate::Rules>(
        &self,
        solver: &crate::analysis::Solver<'_, R>,
        players: u8,
    ) -> Option<String> {
        if players < 2 || !solver.joint() {
            return None;
        }
        let token = solver.token_states().saturating_sub(1) as f64;
        let estimate = token.powi(i32::from(players)) * f64::from(players);
        (estimate > self.limits.max_states as f64).then(|| {
            format!(
                "not solved exactly: under rules {:?} the {players} tokens move each other, so they are solved together, and their joint chain would have about {estimate:.1e} states, past the page's {} (a token alone has {} states); simulate it instead",
                self.setup.rules.name,
                self.limits.max_states,
                solver.token_states(),
            )
        })
    }

    /// An error of the solver, for the page: stale if cancelled.
    fn failed(&self, e: &tabula_exact::ExactError, phase: &str) -> Result<String, Value> {
        if matches!(e, tabula_exact::ExactError::Cancelled { .. }) || (self.stale)() {
            return Err(stopped(phase));
        }
        Ok(e.to_string())
    }
}

impl crate::WithRules for Solve<'_> {
    type Output = Result<Solved, Value>;

    fn with<R: crate::Rules>(self, rules: &'static R) -> Self::Output {
        let board = &self.setup.board;
        let solver = match crate::analysis::Solver::new(board, rules, &self.limits) {
            Ok(s) => s,
            Err(e) => return Err(error_json(self.failed(&e, "solving")?, None)),
        };
        let shortest = Some(Require::None);
        // The page's players; when they cannot be solved exactly, what
        // can (one token's numbers), and why not.
        let mut unsolved = Value::Null;
        // Two players' chances, shown whatever the page's players, are
        // solved beside the analysis when they take a walk of their own
        // (a duel of tokens that move each other, turns of several throws).
        let players = self.players;
        let beside = players != 2 && self.too_large(&solver, 2).is_none();
        let too_large = self.too_large(&solver, players);
        let (analyzed, ()) = rayon::join(
            || {
                too_large
                    .is_none()
                    .then(|| solver.analyze(players, shortest))
            },
            || {
                if beside {
                    solver.prepare_win_chances(2);
                }
            },
        );
        let wanted = match too_large {
            Some(why) => Err(why),
            None => match analyzed.unwrap_or_else(|| solver.analyze(players, shortest)) {
                Ok(a) => Ok(a),
                Err(e) if players < 2 => {
                    return Err(error_json(self.failed(&e, "solving")?, None));
                }
                Err(e) => Err(format!(
                    "not solved exactly: {}",
                    self.failed(&e, "solving")?
                )),
            },
        };
        let analysis = match wanted {
            Ok(a) => a,
            Err(why) => {
                unsolved = refusal(self.players, &why);
                match solver.analyze(1, shortest) {
                    Ok(a) => a,
                    Err(e) => return Err(error_json(self.failed(&e, "solving")?, None)),
                }
            }
        };
        let mut wins: Vec<Value> = Vec::new();
        for n in 2..=MAX_PLAYERS {
            let phase = format!("solving for {n} players");
            if (self.stale)() {
                return Err(stopped(&phase));
            }
            let solved = if n == analysis.players {
                Ok(analysis.seats.win_probability.clone())
            } else if let Some(why) = self.too_large(&solver, n) {
                wins.push(refusal(n, &why));
                continue;
            } else {
                solver.win_chances(n)
            };
            wins.push(match solved {
                Ok(w) => json!({ "players": n, "win_probability": w }),
                Err(e) => refusal(
                    n,
                    &format!("not solved exactly: {}", self.failed(&e, &phase)?),
                ),
            });
        }
        Ok(Solved {
            analysis,
            wins,
            unsolved,
        })
    }
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
