//! tabula from Python: the native part of the module `tabula`, a front
//! end over the same registry as the command line and the web server.
//!
//! Every registered game is offered in OpenSpiel's shape (`Game` and
//! `State`, pyspiel's method names over the registry's erased state,
//! [`DynState`]), and every verb that returns a report (`simulate`,
//! `analyze`, `tournament`, a game's own) runs through the registry with
//! values built from the verb's own option data, its report handed back
//! as the command line's JSON. The Python package (`python/tabula`) wraps
//! this module: the reports as dicts (with NumPy arrays where NumPy is
//! installed), type hints, and `tabula.openspiel`, the games as
//! `pyspiel.Game`s for OpenSpiel's algorithms.
//!
//! ```python
//! import tabula
//! game = tabula.load_game(tabula.games()[0])   # a spec string: NAME(KEY=VALUE, ...)
//! state = game.new_initial_state()
//! print(state.legal_actions())
//! ```
//!
//! (This crate names no game: it links those the framework's facade
//! ships, and finds them in the registry.)

use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use tabula::registry::{self, DynState, Player, Variant};

/// pyspiel's `kChancePlayerId`.
const CHANCE: i64 = -1;
/// pyspiel's `kTerminalPlayerId`.
const TERMINAL: i64 = -4;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A JSON value as Python values (dicts, lists, numbers, strings).
fn to_python<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_python(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// The names of the registered games, sorted.
#[pyfunction]
fn games() -> PyResult<Vec<&'static str>> {
    let games = registry::games().map_err(value_error)?;
    Ok(games.iter().map(|g| g.name).collect())
}

/// The game a spec string names (`"NAME(KEY=VALUE, ...)"`, or a bare name for
/// its defaults), as the command line reads it.
#[pyfunction]
fn load_game(spec: &str) -> PyResult<Game> {
    let variant = registry::variant(spec).map_err(value_error)?;
    Game::of(Arc::from(variant))
}

/// A game with its parameters: pyspiel's `Game`.
#[pyclass(module = "tabula", frozen)]
struct Game {
    variant: Arc<dyn Variant>,
    spec: String,
    name: &'static str,
    numbering: Option<registry::Numbering>,
}

impl Game {
    fn of(variant: Arc<dyn Variant>) -> PyResult<Game> {
        let info = variant.info().map_err(value_error)?;
        let numbering = variant.new_state().numbering();
        Ok(Game {
            spec: info.spec,
            name: info.game,
            numbering,
            variant,
        })
    }

    fn state(&self, inner: Box<dyn DynState>) -> State {
        State {
            inner: Mutex::new(inner),
            variant: self.variant.clone(),
        }
    }
}

#[pymethods]
impl Game {
    /// The registered name (pyspiel's `get_type().short_name`).
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The spec string of this game with all its parameters.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// Players (seats).
    fn num_players(&self) -> usize {
        self.variant.seats()
    }

    /// The parameters, by name.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let info = self.variant.info().map_err(value_error)?;
        to_python(py, &info.parameters)
    }

    /// How many actions the game's moves are numbered with, where it
    /// numbers them; `None` where an action is an index into a state's
    /// list of legal moves.
    fn num_distinct_actions(&self) -> Option<u64> {
        self.numbering.map(|n| n.distinct_actions)
    }

    /// How many actions chance's outcomes are numbered with, where the
    /// game numbers them; `None` otherwise.
    fn max_chance_outcomes(&self) -> Option<u64> {
        self.numbering.map(|n| n.chance_outcomes)
    }

    /// The first state.
    fn new_initial_state(&self) -> State {
        self.state(self.variant.new_state())
    }

    /// The state `text` describes: what `State.serialize()` writes (the
    /// actions from the start, separated by spaces), or, for a game with
    /// a notation for positions, a position as a person
    /// writes it, then `|` and the actions played since. A text the game
    /// does not read is a `ValueError` saying what is wrong with it.
    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let state = self.variant.state_from(text).map_err(value_error)?;
        Ok(self.state(state))
    }

    /// The action tabula's agent `agent` (a name `tabula list` shows,
    /// `mcts-200` with its parameter) takes at `state`, its choices drawn
    /// from `seed`.
    #[pyo3(signature = (state, agent, seed = 0))]
    fn agent_action(&self, py: Python<'_>, state: &State, agent: &str, seed: u64) -> PyResult<u64> {
        let text = state.lock()?.serialize();
        let variant = self.variant.clone();
        let agent = agent.to_string();
        py.detach(move || variant.agent_action_in(&agent, &text, seed))
            .map_err(value_error)
    }

    /// A seat's name as the game writes it.
    fn seat_name(&self, seat: usize) -> String {
        self.variant.seat_name(seat)
    }

    fn __str__(&self) -> &str {
        &self.spec
    }

    fn __repr__(&self) -> String {
        format!("tabula.load_game({:?})", self.spec)
    }
}

/// A state of a game: pyspiel's `State`.
#[pyclass(module = "tabula")]
struct State {
    inner: Mutex<Box<dyn DynState>>,
    variant: Arc<dyn Variant>,
}

impl State {
    fn lock(&self) -> PyResult<MutexGuard<'_, Box<dyn DynState>>> {
        self.inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the state was left unusable by an earlier error"))
    }
}

#[pymethods]
impl State {
    /// The player to move, from 0; -1 when chance moves, -4 when the game
    /// is over (pyspiel's constants).
    fn current_player(&self) -> PyResult<i64> {
        Ok(match self.lock()?.current_player() {
            Player::Chance => CHANCE,
            Player::Seat(seat) => seat as i64,
            Player::Terminal => TERMINAL,
        })
    }

    /// Whether chance moves next.
    fn is_chance_node(&self) -> PyResult<bool> {
        Ok(self.lock()?.current_player() == Player::Chance)
    }

    /// Whether a player moves next.
    fn is_player_node(&self) -> PyResult<bool> {
        Ok(matches!(self.lock()?.current_player(), Player::Seat(_)))
    }

    /// Never: tabula's games are sequential.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// The actions that play a move typed in the game's notation (pyspiel's
    /// `string_to_action(player, text)`, the player optional): the move's
    /// first action (a move named in parts is several: ask again for the
    /// next). A game whose moves are not listed (a continuous choice) is
    /// played this way. `ValueError` with the reason if it is not a legal
    /// move.
    #[pyo3(signature = (player_or_text, text = None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<&str>,
    ) -> PyResult<u64> {
        let text = match text {
            Some(t) => t.to_string(),
            None => player_or_text.extract::<String>()?,
        };
        let actions = self.lock()?.typed_move(&text).map_err(value_error)?;
        actions
            .first()
            .copied()
            .ok_or_else(|| value_error(format!("{text:?} names no action here")))
    }

    /// At a chance node whose outcomes are not listed (drawn
    /// from a continuous law): an outcome drawn by the game from `seed`
    /// (the draw for this step of the game), as its action; `None` where
    /// the outcomes are listed.
    #[pyo3(signature = (seed = 0))]
    fn sampled_chance(&self, seed: u64) -> PyResult<Option<u64>> {
        let s = self.lock()?;
        Ok(s.sampled_chance(seed, s.history().len() as u64))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> PyResult<bool> {
        Ok(self.lock()?.is_terminal())
    }

    /// The legal actions, in increasing order (chance's outcomes at a
    /// chance node); `player`, if given, must be the player to move (for
    /// any other, none).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<u64>> {
        let s = self.lock()?;
        if let Some(p) = player {
            let to_move = match s.current_player() {
                Player::Chance => CHANCE,
                Player::Seat(seat) => seat as i64,
                Player::Terminal => TERMINAL,
            };
            if p != to_move {
                return Ok(Vec::new());
            }
        }
        Ok(s.legal_actions())
    }

    /// Chance's outcomes as (action, probability) pairs; empty unless
    /// chance moves.
    fn chance_outcomes(&self) -> PyResult<Vec<(u64, f64)>> {
        Ok(self.lock()?.chance_outcomes())
    }

    /// Applies an action (a move, or chance's outcome); ValueError if it
    /// is not legal here.
    fn apply_action(&self, action: u64) -> PyResult<()> {
        self.lock()?.apply_action(action).map_err(value_error)
    }

    /// An action as text: `action_to_string(player, action)` as pyspiel,
    /// or `action_to_string(action)` (the player to move).
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let action: u64 = match args.len() {
            1 => args.get_item(0)?.extract()?,
            2 => args.get_item(1)?.extract()?,
            n => {
                return Err(PyValueError::new_err(format!(
                    "action_to_string takes (player, action) or (action), not {n} arguments"
                )));
            }
        };
        Ok(self.lock()?.action_to_string(action))
    }

    /// Each player's return: the game's score for each seat when the game
    /// is over, zeros before.
    fn returns(&self) -> PyResult<Vec<f64>> {
        Ok(self.lock()?.returns())
    }

    /// One player's return.
    fn player_return(&self, player: usize) -> PyResult<f64> {
        let returns = self.lock()?.returns();
        returns
            .get(player)
            .copied()
            .ok_or_else(|| PyValueError::new_err(format!("no player {player}")))
    }

    /// Rewards: tabula's games pay at the end, so these are the returns
    /// once the game is over.
    fn rewards(&self) -> PyResult<Vec<f64>> {
        self.returns()
    }

    /// Players.
    fn num_players(&self) -> PyResult<usize> {
        Ok(self.lock()?.seats())
    }

    /// The actions applied since the start.
    fn history(&self) -> PyResult<Vec<u64>> {
        Ok(self.lock()?.history().to_vec())
    }

    /// How many actions were applied since the start.
    fn move_number(&self) -> PyResult<usize> {
        Ok(self.lock()?.history().len())
    }

    /// The state as text that `Game.deserialize_state` reads back.
    fn serialize(&self) -> PyResult<String> {
        Ok(self.lock()?.serialize())
    }

    /// A copy.
    fn clone(&self) -> PyResult<State> {
        Ok(State {
            inner: Mutex::new(self.lock()?.clone_state()),
            variant: self.variant.clone(),
        })
    }

    fn __copy__(&self) -> PyResult<State> {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<State> {
        self.clone()
    }

    /// The game.
    fn get_game(&self) -> PyResult<Game> {
        Game::of(self.variant.clone())
    }

    /// The game's own picture of the position, as an SVG document, where
    /// it draws one.
    fn picture(&self) -> PyResult<Option<String>> {
        Ok(self.lock()?.picture())
    }

    /// The position as the game draws it (its notation), else the
    /// actions so far.
    fn __str__(&self) -> PyResult<String> {
        let s = self.lock()?;
        let text = s.to_text();
        Ok(if text.is_empty() {
            format!("actions: [{}]", s.serialize())
        } else {
            text
        })
    }

    fn __repr__(&self) -> PyResult<String> {
        let spec = self.variant.info().map(|i| i.spec).unwrap_or_default();
        Ok(format!(
            "<tabula.State of {spec} after {:?}>",
            self.lock()?.history()
        ))
    }
}

/// A value given from Python, as the option's words: a list's items, a
/// flag's `true`/`false`, a number or text as written.
fn words(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(b) = value.extract::<bool>() {
        return Ok(vec![b.to_string()]);
    }
    if let Ok(s) = value.extract::<String>() {
        return Ok(vec![s]);
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let mut all = Vec::new();
        for item in value.try_iter()? {
            all.extend(words(&item?)?);
        }
        return Ok(all);
    }
    Ok(vec![value.str()?.to_string()])
}

/// Runs the verb `verb` (a command that returns a report) on the game the
/// spec string names, with `options` by the verb's option names
/// (`games=1000`, `max_states` or `"max-states"`), and returns its report
/// as the command line's JSON.
#[pyfunction]
#[pyo3(signature = (verb, spec, options = None))]
fn run_verb(
    py: Python<'_>,
    verb: &str,
    spec: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let (name, pairs) = tabula::core::params::parse_spec(spec.trim()).map_err(value_error)?;
    let entry = registry::find_game(name).map_err(value_error)?;
    let command = entry
        .command(verb)
        .ok_or_else(|| value_error(format!("game {name:?} has no command {verb:?}")))?;
    if !matches!(command.kind(), registry::Kind::Report { .. }) {
        return Err(value_error(format!(
            "{verb} talks at the terminal and returns no report: run `tabula {verb} {name}`"
        )));
    }
    let arguments = command.arguments();
    let known: Vec<&str> = entry.parameters.iter().map(|p| p.name).collect();
    if let Some((key, _)) = pairs.iter().find(|(k, _)| !known.contains(&k.as_str())) {
        return Err(value_error(format!(
            "{spec}: unknown parameter {key:?}; the parameters of {name} are: {}",
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        )));
    }
    let mut given: Vec<(String, Vec<String>)> =
        pairs.into_iter().map(|(k, v)| (k, vec![v])).collect();
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let key: String = key.extract()?;
            let id = if arguments.get(&key).is_some() {
                key.clone()
            } else {
                key.replace('_', "-")
            };
            if given.iter().any(|(k, _)| *k == id) {
                return Err(value_error(format!(
                    "{id} is given twice: in the spec string and as an option"
                )));
            }
            if value.is_none() {
                continue;
            }
            given.push((id, words(&value)?));
        }
    }
    let values = arguments
        .parse(given.iter().map(|(k, v)| (k.as_str(), v.clone())))
        .map_err(value_error)?;
    let run = move || -> Result<String, String> {
        let (mut out, mut input) = (Vec::new(), std::io::empty());
        let mut io = registry::Io::new(&mut out, &mut input);
        let report = command
            .run(&values, &mut io)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("{verb} returned no report"))?;
        report.json().map_err(|e| e.to_string())
    };
    py.detach(run).map_err(PyRuntimeError::new_err)
}

/// The verbs of a game that return a report, and each one's options:
/// (id, the command line's name, help).
#[pyfunction]
fn options(verb: &str, name: &str) -> PyResult<Vec<(String, String, String)>> {
    let entry = registry::find_game(name).map_err(value_error)?;
    let command = entry
        .command(verb)
        .ok_or_else(|| value_error(format!("game {name:?} has no command {verb:?}")))?;
    Ok(command
        .arguments()
        .iter()
        .map(|a| (a.id.clone(), a.shown(), a.help.clone().unwrap_or_default()))
        .collect())
}

/// The native part of the module `tabula`.
#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(run_verb, m)?)?;
    m.add_function(wrap_pyfunction!(options, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add("CHANCE_PLAYER_ID", CHANCE)?;
    m.add("TERMINAL_PLAYER_ID", TERMINAL)?;
    Ok(())
}
