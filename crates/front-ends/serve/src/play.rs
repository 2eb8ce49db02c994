//! Play and replay in the browser, for every game with `play` (a
//! notation): the page `/play/GAME` and its three requests, each
//! stateless. The page sends the game's spec, who sits where, the seed
//! and the history (the actions from the start, as
//! [`DynState`](tabula_registry::DynState) numbers them); the server
//! rebuilds the state, applies what is asked, lets chance and the agents
//! move, and answers the position (its picture: the game's own where it
//! has one, else its text drawn), the legal moves and the log.
//!
//! - `POST /api/play/GAME`: `{"spec", "seats", "seed", "history",
//!   "action" | "move", "advance"}` → the state ([`state_json`]).
//! - `POST /api/play/GAME/record`: the same, with `"format"` (`ron` or
//!   `json`) → `{"file", "text"}`: the record `tabula replay` reads.
//! - `POST /api/replay/GAME`: `{"record", "format", "at", "steps"}` → the record
//!   checked step by step and the position after `at` of them; the body
//!   may be up to [`MAX_RECORD_BODY`](crate::MAX_RECORD_BODY).
//!
//! Chance is the server's: the outcome of step `i` is drawn from the
//! seed's stream `i` by the listed probabilities, and an agent's choice
//! at step `i` from its seat's stream `i`, so one seed and one history
//! give one game. Every request's work runs held to an empty folder of
//! its own ([`tabula_core::files::confined`]): a parameter naming a file
//! (a course, a board) reads nothing.

use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};
use tabula_core::rand::RngExt as _;
use tabula_registry::args::Arguments;
use tabula_registry::{DynState, GameKind, Player, Variant};

use crate::escape;

/// The most moves or outcomes a state's answer lists; past it, `more`
/// says how many were left out (a typed move still finds them).
pub(crate) const MAX_LISTED: usize = 400;

/// The most steps one request advances.
pub(crate) const MAX_ADVANCE: u64 = 10_000;

/// How long one request advances before it answers (the page asks again).
const ADVANCE_TIME: Duration = Duration::from_secs(2);

/// The most actions a history may hold.
pub(crate) const MAX_HISTORY: usize = 200_000;

/// The seat a person plays.
const YOU: &str = "you";

/// A refusal: the status and why.
pub(crate) type Refusal = (u16, String);

fn bad(why: impl Into<String>) -> Refusal {
    (400, why.into())
}

fn unprocessable(why: impl Into<String>) -> Refusal {
    (422, why.into())
}

/// The games with a play page: those with a notation, as `play` has.
pub(crate) fn playable(name: &str) -> Option<&'static dyn GameKind> {
    tabula_registry::kind(name).filter(|k| k.capabilities().notation)
}

/// What a play request sends.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct PlayRequest {
    /// The variant, `GAME(NAME=VALUE, ...)`; the game's defaults if empty.
    spec: String,
    /// Who sits where: `you` or an agent's name; the game's usual ones,
    /// you in the first seat, if absent.
    seats: Option<Vec<String>>,
    /// The seed of chance and the agents.
    seed: Option<u64>,
    /// The actions from the start.
    history: Vec<u64>,
    /// An action to apply first.
    action: Option<u64>,
    /// A move to apply first, as the game writes it.
    #[serde(rename = "move")]
    typed: Option<String>,
    /// At most this many steps of chance and the agents, after: each stops
    /// where a person is to move.
    advance: u64,
    /// A record's format (`ron` or `json`), for `/record`.
    format: Option<String>,
}

/// The game and its seats a request names.
struct Table {
    kind: &'static dyn GameKind,
    variant: Box<dyn Variant>,
    seats: Vec<String>,
    seed: u64,
}

/// The variant a spec names, its parameters read as `play` reads them
/// (no parameter file).
fn variant_of(kind: &'static dyn GameKind, spec: &str) -> Result<Box<dyn Variant>, Refusal> {
    let spec = spec.trim();
    let pairs = if spec.is_empty() {
        Vec::new()
    } else {
        let (name, pairs) =
            tabula_core::params::parse_spec(spec).map_err(|e| bad(e.to_string()))?;
        if name != kind.name() {
            return Err(bad(format!(
                "the spec names {:?}, not {:?}",
                tabula_core::text::excerpt(name),
                kind.name()
            )));
        }
        pairs
    };
    for (name, _) in &pairs {
        if !kind.parameters().iter().any(|p| p.name == name) {
            let known: Vec<&str> = kind.parameters().iter().map(|p| p.name).collect();
            return Err(bad(format!(
                "{} has no parameter {:?}{}",
                kind.name(),
                tabula_core::text::excerpt(name),
                if known.is_empty() {
                    String::new()
                } else {
                    format!("; its parameters are {}", known.join(", "))
                }
            )));
        }
    }
    let declared = tabula_registry::game_parameters(Arguments::new(), kind.parameters());
    let values = declared
        .parse(pairs.iter().map(|(k, v)| (k.as_str(), vec![v.clone()])))
        .map_err(|e| bad(e.to_string()))?;
    kind.variant(&values)
        .map_err(|e| unprocessable(e.to_string()))
}

/// The game's usual seats: you in the first, its usual agents in the
/// others; none for a game of chance alone.
pub(crate) fn usual_seats(kind: &dyn GameKind, seats: usize) -> Vec<String> {
    let defaults = kind.defaults();
    if !defaults.has_agents() {
        return Vec::new();
    }
    let mut names: Vec<String> = defaults
        .agents
        .split(',')
        .map(|s| s.trim().to_string())
        .collect();
    names.resize(seats, names.last().cloned().unwrap_or_default());
    if let Some(first) = names.first_mut() {
        *first = YOU.into();
    }
    names
}

/// Whether `name` is one of the game's agents (`mcts` or `mcts-200`).
fn is_agent(kind: &dyn GameKind, name: &str) -> bool {
    kind.agents().iter().any(|(agent, parameter, _)| {
        name == *agent
            || (parameter.is_some()
                && name
                    .strip_prefix(agent)
                    .and_then(|rest| rest.strip_prefix('-'))
                    .is_some_and(|p| !p.is_empty()))
    })
}

fn table(game: &str, request: &PlayRequest) -> Result<Table, Refusal> {
    let kind = playable(game).ok_or((404, format!("no game {game:?} is played here")))?;
    let variant = variant_of(kind, &request.spec)?;
    let has_agents = kind.defaults().has_agents();
    let seats = match &request.seats {
        _ if !has_agents => Vec::new(),
        None => usual_seats(kind, variant.seats()),
        Some(seats) => {
            let seats: Vec<String> = seats.iter().map(|s| s.trim().to_string()).collect();
            if seats.len() != variant.seats() {
                return Err(bad(format!(
                    "{} has {}: name one player per seat, not {}",
                    kind.name(),
                    tabula_core::text::count(variant.seats(), "seat"),
                    seats.len()
                )));
            }
            if let Some(unknown) = seats.iter().find(|s| *s != YOU && !is_agent(kind, s)) {
                let known: Vec<&str> = kind.agents().iter().map(|a| a.0).collect();
                return Err(bad(format!(
                    "{:?} is not one of {}'s agents ({}), nor you",
                    tabula_core::text::excerpt(unknown),
                    kind.name(),
                    known.join(", ")
                )));
            }
            seats
        }
    };
    if request.history.len() > MAX_HISTORY {
        return Err(bad(format!(
            "a history holds at most {MAX_HISTORY} actions"
        )));
    }
    Ok(Table {
        kind,
        variant,
        seats,
        seed: request.seed.unwrap_or(tabula_registry::DEFAULT_SEED),
    })
}

/// The state a history reaches, or why it reaches none.
fn rebuild(variant: &dyn Variant, history: &[u64]) -> Result<Box<dyn DynState>, Refusal> {
    let mut state = variant.new_state();
    for (index, &action) in history.iter().enumerate() {
        state
            .apply_action(action)
            .map_err(|e| unprocessable(format!("step {index} of the history: {e}")))?;
    }
    Ok(state)
}

/// Chance's outcome at step `index` of a game with `seed`: drawn by the
/// listed probabilities from the seed's stream `index`.
fn chance_action(state: &dyn DynState, seed: u64, index: u64) -> Option<u64> {
    let outcomes = state.chance_outcomes();
    if outcomes.is_empty() {
        // Not listed (drawn from a continuous law): the game draws it.
        return state.sampled_chance(seed, index);
    }
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    let mut rng = tabula_core::stream_rng(seed, tabula_core::Stream::Game, index);
    let mut left = rng.random::<f64>() * total;
    for (action, p) in &outcomes {
        if left < *p {
            return Some(*action);
        }
        left -= p;
    }
    outcomes.last().map(|(a, _)| *a)
}

/// The actions a typed move names: its text as the game writes an
/// action, spaces and case aside, or else the move the game's notation
/// reads (every part still to play of a move named in parts; a move the
/// game does not list, a continuous choice).
fn typed_action(state: &dyn DynState, typed: &str) -> Result<Vec<u64>, Refusal> {
    let plain = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let wanted = plain(typed);
    let legal = state.legal_actions();
    if let Some(action) = legal
        .iter()
        .copied()
        .find(|&a| plain(&state.action_to_string(a)) == wanted)
    {
        return Ok(vec![action]);
    }
    let read = state.typed_move(typed);
    if legal.is_empty() {
        // Nothing listed: the game's notation is the only way in.
        return read.map_err(|why| {
            unprocessable(format!(
                "{:?} is not a move here: {why}",
                tabula_core::text::excerpt(typed)
            ))
        });
    }
    read.ok()
        .filter(|actions| !actions.is_empty())
        .ok_or_else(|| {
            let some: Vec<String> = legal
                .iter()
                .take(12)
                .map(|&a| state.action_to_string(a))
                .collect();
            unprocessable(format!(
                "{:?} is not a legal move here; the legal moves include: {}",
                tabula_core::text::excerpt(typed),
                if some.is_empty() {
                    "none".to_string()
                } else {
                    some.join(", ")
                }
            ))
        })
}

/// `POST /api/play/GAME`: the state after the request's move and
/// advance.
pub(crate) fn play(game: &str, body: &str) -> Result<Value, Refusal> {
    let request: PlayRequest = serde_json::from_str(body)
        .map_err(|e| bad(format!("the request is not a play request: {e}")))?;
    let t = table(game, &request)?;
    let mut state = rebuild(&*t.variant, &request.history)?;
    let before = state.history().len();
    let chosen = match (&request.action, &request.typed) {
        (Some(_), Some(_)) => return Err(bad("send an action or a move, not both")),
        (Some(a), None) => vec![*a],
        (None, Some(typed)) => typed_action(&*state, typed)?,
        (None, None) => Vec::new(),
    };
    for action in chosen {
        state
            .apply_action(action)
            .map_err(|e| unprocessable(e.to_string()))?;
    }
    let advance = request.advance.min(MAX_ADVANCE);
    let started = Instant::now();
    let mut paused = false;
    for _ in 0..advance {
        let index = state.history().len() as u64;
        let action = match state.current_player() {
            Player::Terminal => break,
            Player::Chance => match chance_action(&*state, t.seed, index) {
                Some(a) => a,
                None => break,
            },
            Player::Seat(seat) => match t.seats.get(seat).map(String::as_str) {
                None | Some(YOU) => break,
                Some(agent) => t
                    .variant
                    .agent_action(agent, state.history(), t.seed)
                    .map_err(|e| unprocessable(format!("the agent {agent}: {e}")))?,
            },
        };
        state
            .apply_action(action)
            .map_err(|e| unprocessable(e.to_string()))?;
        if started.elapsed() > ADVANCE_TIME {
            paused = true;
            break;
        }
    }
    Ok(state_json(&t, &*state, before, paused))
}

/// Who won, in words, from the returns: `X wins.`, `A draw.`, or `X and
/// Y tie for first.`
fn result_words(state: &dyn DynState) -> String {
    let returns = state.returns();
    let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let winners: Vec<String> = (0..returns.len())
        .filter(|&s| returns[s] == best)
        .map(|s| state.seat_name(s))
        .collect();
    match winners.as_slice() {
        [one] => format!("{one} wins."),
        _ if winners.len() == returns.len() => "A draw.".into(),
        _ => format!("{} tie for first.", winners.join(" and ")),
    }
}

/// The state as the page shows it: `{"game", "spec", "seed", "seats":
/// [{"name", "player"}], "history", "log": [{"index", "seat", "who",
/// "text"}],
/// "new": N (the log's entries from this request on), "to_move":
/// "seat"|"chance"|"over", "seat", "who", "human", "moves": [{"action",
/// "text"}], "more", "chance": [{"action", "text", "probability"}],
/// "listed", "position", "picture", "own_picture", "result", "returns",
/// "paused", "notation": {"hint", "example"} | null}`.
fn state_json(t: &Table, state: &dyn DynState, new: usize, paused: bool) -> Value {
    let history = state.history().to_vec();
    // The log: each step as it was written where it was made.
    let mut log = Vec::with_capacity(history.len());
    let mut walk = t.variant.new_state();
    for (index, &action) in history.iter().enumerate() {
        let (seat, who) = match walk.current_player() {
            Player::Seat(s) => (Some(s), walk.seat_name(s)),
            _ => (None, "chance".to_string()),
        };
        log.push(json!({
            "index": index, "seat": seat, "who": who, "text": walk.action_to_string(action),
        }));
        if walk.apply_action(action).is_err() {
            break;
        }
    }
    let player = state.current_player();
    let (to_move, seat) = match player {
        Player::Seat(s) => ("seat", Some(s)),
        Player::Chance => ("chance", None),
        Player::Terminal => ("over", None),
    };
    let legal = state.legal_actions();
    // Whether the page can play on: moves listed, or numbered by the game
    // though not listed (a continuous choice, typed; chance, drawn).
    let listed = player == Player::Terminal || !legal.is_empty() || state.numbering().is_some();
    // One entry a move as written: a game may name one move by several
    // actions (every order of the same pieces, as OpenSpiel
    // numbers them); the first stands for the others.
    let mut written = std::collections::HashSet::new();
    let distinct: Vec<(u64, String)> = match player {
        Player::Seat(_) => legal
            .iter()
            .map(|&a| (a, state.action_to_string(a)))
            .filter(|(_, text)| written.insert(text.clone()))
            .collect(),
        _ => Vec::new(),
    };
    let more = distinct.len().saturating_sub(MAX_LISTED);
    let moves: Vec<Value> = distinct
        .into_iter()
        .take(MAX_LISTED)
        .map(|(a, text)| json!({ "action": a, "text": text }))
        .collect();
    let chance: Vec<Value> = state
        .chance_outcomes()
        .iter()
        .take(MAX_LISTED)
        .map(|&(a, p)| json!({ "action": a, "text": state.action_to_string(a), "probability": p }))
        .collect();
    let over = player == Player::Terminal;
    let position = state.to_text().trim_end().to_string();
    let who = seat.map(|s| state.seat_name(s));
    let title = match (&who, over) {
        (_, true) => result_words(state),
        (Some(w), _) => format!("{w} to move"),
        (None, _) => "chance to move".to_string(),
    };
    let own = state.picture().map(drawn);
    let picture = own
        .clone()
        .unwrap_or_else(|| text_picture(&title, &position));
    let seats: Vec<Value> = (0..state.seats())
        .map(|s| json!({ "name": state.seat_name(s), "player": t.seats.get(s) }))
        .collect();
    json!({
        "game": t.kind.name(),
        "spec": t.variant.info().map(|i| i.spec).unwrap_or_default(),
        "seed": t.seed,
        "seats": seats,
        "history": history,
        "log": log,
        "new": new,
        "to_move": to_move,
        "seat": seat,
        "who": who,
        "human": seat.is_some_and(|s| t.seats.get(s).is_some_and(|p| p == YOU)),
        "moves": moves,
        "more": more,
        "chance": chance,
        "listed": listed,
        "position": position,
        "picture": picture,
        "own_picture": own.is_some(),
        "title": title,
        "result": over.then(|| result_words(state)),
        "returns": over.then(|| state.returns()),
        "paused": paused,
        "notation": notation(t.kind.name()),
    })
}

/// What to type where the game lists no moves, as the game registers it
/// ([`tabula_registry::notation_hint`]): `{"hint", "example"}`, or null.
fn notation(game: &str) -> Value {
    tabula_registry::notation_hint::notation_hint(game).map_or(
        Value::Null,
        |h| json!({ "hint": h.hint, "example": h.example }),
    )
}

/// `POST /api/play/GAME/record`: the record of the request's history.
pub(crate) fn record(game: &str, body: &str) -> Result<Value, Refusal> {
    let request: PlayRequest = serde_json::from_str(body)
        .map_err(|e| bad(format!("the request is not a record request: {e}")))?;
    if request.action.is_some() || request.typed.is_some() || request.advance > 0 {
        return Err(bad(
            "a record request sends the history only: no action, move or advance",
        ));
    }
    let t = table(game, &request)?;
    // Refused as the play request would be.
    rebuild(&*t.variant, &request.history)?;
    let json = match request.format.as_deref() {
        None | Some("ron") => false,
        Some("json") => true,
        Some(other) => {
            return Err(bad(format!(
                "a record is written as ron or json, not {:?}",
                tabula_core::text::excerpt(other)
            )));
        }
    };
    let text = t
        .variant
        .record_text(&request.history, t.seats.clone(), t.seed, json)
        .map_err(|e| unprocessable(e.to_string()))?;
    Ok(json!({
        "file": format!("{}-{}.{}", t.kind.name(), t.seed, if json { "json" } else { "ron" }),
        "text": text,
    }))
}

/// What a replay request sends.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayRequest {
    /// The record's text.
    record: String,
    /// `ron` or `json`; guessed from its first character if absent.
    format: Option<String>,
    /// Show the position after this many steps (all if absent).
    at: Option<usize>,
    /// Whether to send the steps (`true` if absent); `count` is sent
    /// either way.
    steps: Option<bool>,
}

/// `POST /api/replay/GAME`: the record checked step by step, and the
/// position after `at` steps ([`tabula_registry::play::ReplayView`]),
/// its `picture` the game's own or its text drawn, `count` its legal
/// steps (the steps themselves left out, `null`, if `steps` is false).
pub(crate) fn replay(game: &str, body: &str) -> Result<Value, Refusal> {
    let kind = playable(game).ok_or((404, format!("no game {game:?} is replayed here")))?;
    let request: ReplayRequest = serde_json::from_str(body)
        .map_err(|e| bad(format!("the request is not a replay request: {e}")))?;
    let json = match request.format.as_deref() {
        Some("json") => true,
        Some("ron") => false,
        None => request.record.trim_start().starts_with('{'),
        Some(other) => {
            return Err(bad(format!(
                "a record is ron or json, not {:?}",
                tabula_core::text::excerpt(other)
            )));
        }
    };
    let mut view = kind
        .replay_view(&request.record, json, request.at)
        .map_err(|e| unprocessable(e.to_string()))?;
    let own = view.picture.is_some();
    if let Some(picture) = view.picture.take() {
        view.picture = Some(drawn(picture));
    }
    let title = format!("after {} of {} steps", view.at, view.steps.len());
    let mut value = serde_json::to_value(&view).map_err(|e| (500, e.to_string()))?;
    if !own {
        value["picture"] = Value::String(text_picture(&title, &view.position));
    }
    value["own_picture"] = Value::Bool(own);
    value["count"] = view.steps.len().into();
    if request.steps == Some(false) {
        value["steps"] = Value::Null;
    }
    Ok(value)
}

/// A game's own picture of a state as SVG: as it gave it, or, given as
/// data ([`tabula_registry::state::picture_data`]: a board, a course),
/// drawn as the reports' pictures are.
fn drawn(picture: String) -> String {
    match tabula_registry::state::read_picture_data(&picture) {
        Some(data) => match tabula_plot::draw(&data) {
            Ok(svg) => svg.svg,
            Err(e) => text_picture("the picture cannot be drawn", &e.to_string()),
        },
        None => picture,
    }
}

/// The position's text drawn as SVG, in a fixed-width font, `title`
/// above it: the picture of a game that draws none of its own.
pub(crate) fn text_picture(title: &str, text: &str) -> String {
    const LINE: f64 = 18.0;
    const CHAR: f64 = 8.4;
    let lines: Vec<&str> = text.lines().collect();
    let widest = lines
        .iter()
        .map(|l| l.chars().count())
        .chain(std::iter::once(title.chars().count()))
        .max()
        .unwrap_or(0);
    let width = (widest as f64 * CHAR + 24.0).max(120.0);
    let height = (lines.len() as f64 + 1.0) * LINE + 28.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" \
font-family=\"ui-monospace, Menlo, Consolas, monospace\" font-size=\"14\" xml:space=\"preserve\">\
<title>{t}</title><rect width=\"100%\" height=\"100%\" fill=\"white\"/>\
<text x=\"12\" y=\"22\" font-family=\"sans-serif\" font-weight=\"bold\">{t}</text>",
        t = escape(title)
    );
    for (i, line) in lines.iter().enumerate() {
        svg.push_str(&format!(
            "<text x=\"12\" y=\"{:.0}\" style=\"white-space:pre\">{}</text>",
            22.0 + LINE * (i as f64 + 1.5),
            escape(line)
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// The play page of `kind`: its controls, filled by the script from the
/// address (spec, seats, seed, history) and the server's answers.
pub(crate) fn page_html(kind: &'static dyn GameKind) -> String {
    let variant = variant_of(kind, "").ok();
    let seats: Vec<String> = variant
        .as_ref()
        .map(|v| (0..v.seats()).map(|s| v.seat_name(s)).collect())
        .unwrap_or_default();
    let usual = usual_seats(kind, seats.len());
    let agents: Vec<Value> = kind
        .agents()
        .iter()
        .map(|(name, parameter, summary)| {
            json!({ "name": name, "parameter": parameter, "summary": summary })
        })
        .collect();
    let data = json!({
        "game": kind.name(),
        "seat_names": seats,
        "usual": usual,
        "agents": agents,
        "spec": variant
            .and_then(|v| v.info().ok())
            .map_or_else(|| kind.name().to_string(), |i| i.spec),
        "notation": notation(kind.name()),
    });
    // Inside a script element: no `</` can end it early.
    let data = data.to_string().replace("</", "<\\/");
    format!(
        "<h1>Play {name}</h1>\n<p class=\"muted\">{summary}</p>\n{PAGE}\n<script>\nconst PLAY = {data};\n{SCRIPT}</script>\n",
        name = escape(kind.name()),
        summary = escape(kind.summary()),
    )
}

/// The page's controls.
const PAGE: &str = include_str!("play.html");

/// The page's script.
const SCRIPT: &str = include_str!("play.js");
