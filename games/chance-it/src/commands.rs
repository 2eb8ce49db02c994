//! What Chance-it adds to the generic verbs, registered in the crate's
//! root (through [`extension`](crate::extension)): its own report of `analyze` unless `--agents` names
//! strategies, `--config` beside `--params`; and specification 003's program in
//! `play`, the generic verb with Chance-it's options, prompts and
//! [look](crate::look::SpecificationLook). The `chance-it` program
//! (`src/bin/chance-it.rs`) is that `play`.

use tabula_core::Dice;
use tabula_registry::args::{Arguments, Values};
use tabula_registry::{Asked, PlaySetup, PlayTable};
use tabula_registry::{Error, Io, Report};

use crate::analysis::Analysis;
use crate::look::{answer, input_ended};
use crate::strategy::{self, StrategyEntry};
use crate::{ChanceIt, ChanceItError, Config, win};

/// More of `tabula play chance-it --help`.
const PLAY_HELP: &str = "Plays specification 003's game at the terminal: you (first in each round) against the computer.\n\
Answer the prompts; Y or N (any case) after each roll. The same seed gives the same game.\n\
Without --seed and --strategy it asks for them, as the specification's program does. End of input stops the game with the score so far.\n\
This is the generic `play` with Chance-it's prompts and transcript; --agents you,STRATEGY is --strategy STRATEGY.";

/// Chance-it's options of `tabula play chance-it` and of the `chance-it`
/// program, as they were before it was the generic `play`: no seed and no
/// strategy by default (asked at the terminal), `--strategy` by name or
/// menu number, the game's options without defaults (a `--config` file's
/// or the specification's) and checked by the command line.
pub fn play_arguments(command: Arguments) -> Arguments {
    config_alias(command)
        .mut_arg("params", |a| {
            a.help("A RON file with the game's parameters: (dice: \"2d6\", rounds: 10, players: 2), or as before ChanceIt(dice: Dice(count: 2, faces: 6), rounds: 10, players: 2); --config is its other name")
        })
        .mut_arg("rounds", |a| {
            a.no_default_value()
                .of::<u32>()
                .range(1..=1000)
                .help("Rounds per game, 1 to 1000; with the win-optimal strategy and for `analyze`, at most 100 (fewer with dice of more than 11 sums: 14 with 3d6) [default: 10, or the file's]")
        })
        .mut_arg("dice", |a| {
            a.no_default_value()
                .value_name("NdF")
                .help("Dice rolled and summed, as COUNTdFACES [default: 2d6, or the file's]")
        })
        .mut_arg("players", |a| {
            a.no_default_value()
                .of::<u32>()
                .range(2..=6)
                .help("Players, 2 to 6 (`play` seats two: you and the computer) [default: 2, or the file's]")
        })
        .mut_arg("seed", |a| {
            a.no_default_value()
                .help("The seed (skips the seed prompt); 0 picks a random one")
        })
        .mut_arg("against", |a| {
            a.long("strategy")
                .alias(None::<&str>)
                .visible_alias("against")
                .value_name("NAME")
                .help("The computer's strategy, by name or menu number (skips the menu)")
        })
        .mut_arg("agents", |a| {
            a.help("Who sits where: you,STRATEGY, the same as --strategy STRATEGY (you play first in each round)")
        })
        .after_help(PLAY_HELP)
}

/// The game the options of `play` give: a `--config` file's (or the
/// specification's) with the options given over it.
fn config_of(values: &Values) -> Result<Config, Error> {
    let given = |name: &str| values.text(name).filter(|_| values.given(name));
    let number = |name: &str| -> Result<Option<u32>, Error> {
        given(name)
            .map(|v| {
                v.parse::<u32>()
                    .map_err(|e| format!("--{name} {v}: {e}").into())
            })
            .transpose()
    };
    let base = match values.text("params") {
        Some(path) => Config::load(path)?,
        None => Config::specification(),
    };
    let dice = match given("dice") {
        Some(d) => Some(parse_dice(d)?),
        None => None,
    };
    base.with(dice, number("rounds")?, number("players")?)
        .map_err(|e| match e {
            // Flags have no file position to show.
            tabula_core::spec::SpecError::Invalid { message, .. } => message.into(),
            other => other.into(),
        })
}

fn parse_dice(s: &str) -> Result<Dice, Error> {
    Ok(crate::config::parse_dice(s)?)
}

/// The strategies the menu numbers: those without a parameter, in menu
/// order (the specification's two first).
fn numbered(menu: &[&'static StrategyEntry]) -> Vec<&'static StrategyEntry> {
    menu.iter()
        .copied()
        .filter(|e| e.parameter.is_none())
        .collect()
}

/// The strategy an answer names, by menu number or name (any case), if
/// it can play this game: the label the greeting shows (the answer as
/// typed, lowercased) and the strategy's name.
fn choose(
    answer: &str,
    choices: &[&'static StrategyEntry],
    game: &ChanceIt,
) -> Option<(String, String)> {
    if let Ok(n) = answer.parse::<usize>() {
        let e = choices.get(n.checked_sub(1)?)?;
        return strategy::agent(e.name, game)
            .ok()
            .map(|_| (n.to_string(), e.name.to_string()));
    }
    let name = answer.to_ascii_lowercase();
    strategy::agent(&name, game)
        .ok()
        .map(|_| (name.clone(), name))
}

/// The strategy the options name (`--strategy`, or `--agents you,NAME`),
/// if they name one.
fn strategy_given(values: &Values) -> Result<Option<String>, Error> {
    if let Some(name) = values.text("against") {
        return Ok(Some(name.to_string()));
    }
    let agents: Vec<String> = tabula_registry::agent_names(values);
    match agents.as_slice() {
        [] => Ok(None),
        [you, name] if you == "you" => Ok(Some(name.clone())),
        _ => Err(format!(
            "play chance-it seats you first and the computer second: --agents you,STRATEGY (or --strategy STRATEGY), not --agents {}",
            agents.join(",")
        )
        .into()),
    }
}

/// Reads Chance-it's options of `play`: the game (its parameters, in
/// full), for two players only, and the computer's strategy if named,
/// checked (and solved) before anything is asked, so a strategy that
/// cannot play this game is refused at once.
pub fn play_setup(values: &Values) -> Result<PlaySetup, Error> {
    let config = config_of(values)?;
    if config.players() != 2 {
        return Err(ChanceItError::PlayPlayers(config.players()).into());
    }
    let parameters = vec![
        ("dice".to_string(), config.dice().to_string()),
        ("rounds".to_string(), config.rounds().to_string()),
        ("players".to_string(), config.players().to_string()),
    ];
    let Some(name) = strategy_given(values)? else {
        return Ok(PlaySetup {
            parameters,
            seats: Vec::new(),
        });
    };
    let game = ChanceIt::new(config);
    let _solving = show_solve_progress();
    let choices = numbered(&strategy::menu()?);
    let Some((_, chosen)) = choose(&name, &choices, &game) else {
        let by_name = match name.parse::<usize>() {
            // A menu number: off the menu, or its strategy's error.
            Ok(n) => match n.checked_sub(1).and_then(|i| choices.get(i)) {
                Some(e) => e.name,
                None => {
                    return Err(ChanceItError::NotOnMenu {
                        number: name.clone(),
                        last: choices.len(),
                    }
                    .into());
                }
            },
            Err(_) => name.as_str(),
        };
        return Err(strategy::agent(by_name, &game)
            .err()
            .unwrap_or_else(|| ChanceItError::NoStrategy(name.clone()))
            .into());
    };
    Ok(PlaySetup {
        parameters,
        seats: vec!["you".to_string(), chosen],
    })
}

/// Specification 003's welcome, then its seed prompt unless `--seed` gave one (0
/// for a random seed, which is shown) and its strategy menu unless the
/// options named one; the end of input at either stops before the game,
/// with the score so far.
pub fn play_ask(
    game: &ChanceIt,
    values: &Values,
    table: &mut PlayTable,
    io: &mut Io<'_>,
) -> Result<Asked, Error> {
    let (out, input) = (&mut *io.out, &mut *io.input);
    let rounds = game.config().rounds();
    let stopped = |out: &mut dyn std::io::Write| -> Result<Asked, Error> {
        write!(out, "{}", input_ended(rounds, &[], &[]))?;
        out.flush()?;
        Ok(Asked::Stopped)
    };
    writeln!(out, "Welcome to the game of Chance-it!!")?;
    writeln!(out, "You will be playing against the computer:")?;

    // The seed.
    let mut picked = table.picked;
    if values.raw("seed").is_none() {
        writeln!(
            out,
            "Please enter a seed for my random number generator (0 for random seed):"
        )?;
        loop {
            let Some(answer) = answer(input, out)? else {
                return stopped(out);
            };
            match answer.parse::<u64>() {
                Ok(s) => {
                    picked = s == 0;
                    table.seed = tabula_registry::play::seed_or_fresh(s);
                    break;
                }
                Err(_) => writeln!(
                    out,
                    "Please enter a whole number, 0 or more (0 for random seed):"
                )?,
            }
        }
    }
    if picked {
        writeln!(out, "(random seed: {})", table.seed)?;
    }
    table.picked = picked;

    // The strategy.
    let label = match strategy_given(values)? {
        // Checked by `play_setup`: the menu number, or the name
        // lowercased.
        Some(name) => match name.parse::<usize>() {
            Ok(n) => n.to_string(),
            Err(_) => name.to_ascii_lowercase(),
        },
        None => {
            let menu = strategy::menu()?;
            let choices = numbered(&menu);
            writeln!(out, "Please select a strategy for the computer to use:")?;
            for (i, e) in choices.iter().enumerate() {
                // The specification's two strategies keep the specification's names.
                let summary = e
                    .summary
                    .split(" (specification 003")
                    .next()
                    .unwrap_or(e.summary);
                let menu_name = match e.rank {
                    1 | 2 => format!("Computer strategy {} ({})", e.rank, e.name),
                    _ => e.name.to_string(),
                };
                writeln!(out, "{}. {menu_name}: {summary}", i + 1)?;
            }
            for e in menu.iter().filter(|e| e.parameter.is_some()) {
                writeln!(out, "or type {}: {}", e.display_name(), e.summary)?;
            }
            let _solving = show_solve_progress();
            loop {
                write!(out, "Which strategy do you select? ")?;
                let Some(answer) = answer(input, out)? else {
                    writeln!(out)?;
                    return stopped(out);
                };
                if let Some((label, name)) = choose(&answer, &choices, game) {
                    table.seats = vec!["you".to_string(), name];
                    break label;
                }
                // A strategy that exists but cannot play this game
                // (win-optimal past its rounds) says why.
                let name = answer
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| choices.get(n.checked_sub(1)?))
                    .map_or_else(|| answer.to_ascii_lowercase(), |e| e.name.to_string());
                match strategy::build(&name, game.config()) {
                    Err(why) if !matches!(why, ChanceItError::UnknownStrategy { .. }) => {
                        writeln!(out, "{why}; please choose another.")?
                    }
                    _ => writeln!(
                        out,
                        "Please enter a number from 1 to {}, or a strategy name.",
                        choices.len()
                    )?,
                }
            }
        }
    };
    writeln!(out, "Computer will use strategy {label}, good luck!")?;
    Ok(Asked::Play)
}

/// More of `tabula analyze chance-it --help`.
const ANALYZE_HELP: &str = "Without --agents: exact answers, by dynamic programming: each built-in strategy's expected turn score and chance of scoring 0, \
the optimal policy as a table, and the win-optimal strategy's chances against each other strategy.\n\
Solving whole games takes time growing with the square of the rounds, so --rounds is at most 100 here \
(about 10 s at 100 rounds and 0.15 s at 10 with 2d6, measured on two busy cores); dice with more possible sums allow \
fewer rounds for the same work (14 with 3d6). A long solve shows its progress on stderr; --max-seconds bounds each phase of it (win-optimal's staged solve too; 0: no limit), and past it the analysis stops and says so.";

/// `--params` under its old name too, `--config`, as Chance-it's
/// commands took it before they were the generic verbs.
pub(crate) fn config_alias(command: Arguments) -> Arguments {
    command.mut_arg("params", |a| a.visible_alias("config"))
}

/// The generic help, then Chance-it's.
pub(crate) fn more_help(command: Arguments, more: &str) -> Arguments {
    let generic = command
        .after_help_text()
        .map(ToString::to_string)
        .unwrap_or_default();
    command.after_help(format!("{generic}\n{more}"))
}

/// Chance-it's options of `tabula analyze chance-it`: `--config` beside
/// `--params`, and `--agents` without a default (Chance-it's own report
/// unless named).
pub fn analyze_arguments(command: Arguments) -> Arguments {
    let command = config_alias(command).mut_arg("agents", |a| {
        a.no_default_value()
            .value_name("A,B")
            .help("Solve the whole game exactly with these strategies in the seats, one per seat, folded in as policies by the framework's solver (see `tabula list`) [default: Chance-it's own report: turn values, the optimal policy, win-optimal's chances]")
    });
    more_help(command, ANALYZE_HELP)
}

/// Solves the game exactly: turn values, the optimal policy, win-optimal's
/// chances.
pub(crate) fn analyze(config: &Config, max_seconds: u64) -> Result<Box<dyn Report>, Error> {
    let most = win::max_rounds(config.dice());
    if config.rounds() > most {
        return Err(format!(
            "analyze chance-it solves whole games (win-optimal) of at most {most} rounds with {}; this game has {}. \
The turn analysis does not depend on the rounds: try --rounds {}",
            config.dice(),
            config.rounds(),
            most.min(10)
        )
        .into());
    }
    let _solving = show_solve_progress();
    let max_time = tabula_registry::progress::seconds_budget(max_seconds);
    match Analysis::within(config, max_time) {
        Ok(analysis) => Ok(Box::new(analysis)),
        // Past --max-seconds: the refusal names the option.
        Err(crate::ChanceItError::Exact(e @ tabula_exact::ExactError::OutOfTime { .. })) => {
            Err(tabula_registry::exact::PolicyError::from(e).into())
        }
        Err(e) => Err(e.into()),
    }
}

impl Report for Analysis {
    fn title(&self) -> String {
        format!(
            "Chance-it, exactly: {}d{}, {} rounds",
            self.dice[0], self.dice[1], self.rounds
        )
    }

    fn text(&self) -> String {
        self.to_text()
    }

    /// The optimal turn's policy (`policy`) and win-optimal's chances
    /// against each strategy (`win-optimal`, two players): what
    /// `--plot` draws and `--report` shows beside the text.
    fn pictures(&self) -> Vec<tabula_registry::picture::Picture> {
        crate::pictures::analysis_pictures(self)
    }

    fn json(&self) -> Result<String, Error> {
        tabula_registry::pretty(self)
    }
}

/// Shows the progress of a long win-optimal solve on the program's
/// display ([`installed`](tabula_registry::progress::installed): the `tabula`
/// command line's is on stderr, never on stdout, a spinner on a terminal,
/// otherwise a line every ten seconds; short solves show nothing). The
/// solve is reached through [`win::set_progress`], once per process.
/// Keep the guard while the command runs.
fn show_solve_progress() -> Box<dyn tabula_registry::progress::SolveMeter> {
    let solving = tabula_registry::progress::installed().start_solve("win-optimal");
    if let Some(sink) = solving.sink() {
        win::set_progress(sink);
    }
    solving
}
