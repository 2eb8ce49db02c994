//! What Seega adds to the framework's generic verbs (`tabula-verbs`),
//! registered in the crate's root:
//!
//! - `tournament`: the specification's tournament ([`crate::tournament`]), ranked
//!   by its score (wins less a point per second of thinking) unless
//!   `--scoring` says otherwise, refusing an odd number of games per
//!   pair, with the specification's keys and table beside the generic report's;
//! - `play`: the specification's options, `--agent` (the opponent, `greedy`
//!   unless named), `--side` (the side you play) and `--first you` or
//!   `agent` besides the parameter's `Black` or `White`; a greeting that
//!   says the board and the stalemate threshold, and whether you won.

use tabula_play::record::End;
use tabula_play::terminal::TerminalGame;
use tabula_registry::args::{Arg, Arguments, Values};
use tabula_registry::{Error, PlaySetup};

use crate::{Rules, Seega, Side};

/// More of `tabula play seega --help`.
const PLAY_HELP: &str = "You against an agent at the terminal. Squares are a column letter and a row number, like c3 (row 1 is the top row).\n\
Place with two squares (a1 b2), move with two squares (c2 c3), pass when you cannot move; help explains the rules and lists the legal moves, quit stops.\n\
Wrong input is explained and asked again; end of input stops the game cleanly.\n\
--first says who places first: you or agent (or a side, Black or White); --agents you,greedy names the players in seat order (Black, then White) instead of --agent and --side.\n\
Example: tabula play seega --agent alphabeta --record games/";

/// The seat a person plays with `--side`.
fn side(values: &Values) -> Side {
    match values.text("side") {
        Some("white") => Side::White,
        _ => Side::Black,
    }
}

fn typed(values: &Values, name: &str) -> bool {
    values.given(name)
}

/// Seega's options of `play`: `--agent` (the opponent), `--side`,
/// `--first you` or `agent`, a random seed unless given.
pub(crate) fn play_arguments(command: Arguments) -> Arguments {
    command
            .mut_arg("against", |a| {
                a.visible_alias("agent")
                    .help("The agent you play against, in the other side's seat (see `tabula list`) [default: greedy]")
            })
            .mut_arg("first", |a| {
                a.default_value("you").help(
                    "Who places first (and so moves second): you or agent, or a side, Black or White",
                )
            })
            .mut_arg("seed", |a| a.default_value("0"))
            .arg(
                Arg::new("side")
                    .long("side")
                    .value_name("SIDE")
                    .choices(["black", "white"])
                    .default_value("black")
                    .conflicts_with("agents")
                    .help("The side you play"),
            )
            .after_help(PLAY_HELP)
}

/// The seats and the `first` parameter Seega's `play` options decide.
pub(crate) fn play_setup(values: &Values) -> Result<PlaySetup, Error> {
    let by_side = values.raw("agents").is_none();
    let you = if by_side {
        Some(side(values))
    } else {
        values
            .raw("agents")
            .and_then(|names| names.iter().position(|n| n.trim() == "you"))
            .map(|seat| Side::from_seat(seat.min(1)))
    };
    let mut setup = PlaySetup::default();
    let first = values.text("first").unwrap_or("you");
    // A file's `first` stands unless --first is typed.
    let decides = typed(values, "first") || values.text("params").is_none();
    let first = match first {
        "you" | "agent" if !decides => None,
        // Agents among themselves: the parameter's default stands.
        "you" if you.is_none() && !typed(values, "first") => Some(Rules::default().first()),
        "you" | "agent" => {
            let Some(you) = you else {
                return Err(format!(
                        "--first {first}: no seat is yours (name you in --agents), so say the side: --first Black or --first White"
                    )
                    .into());
            };
            Some(if first == "you" { you } else { you.other() })
        }
        "black" => Some(Side::Black),
        "white" => Some(Side::White),
        "Black" | "White" => None, // The parameter's own values.
        other => {
            return Err(format!(
                "--first: you, agent, Black or White, not {}",
                tabula_core::text::excerpt(other)
            )
            .into());
        }
    };
    if let Some(first) = first {
        setup.parameters.push(("first".into(), first.to_string()));
    }
    if let Some(you) = you.filter(|_| by_side) {
        let agent = values.text("against").unwrap_or("greedy").to_string();
        setup.seats = match you {
            Side::Black => vec!["you".into(), agent],
            Side::White => vec![agent, "you".into()],
        };
    }
    Ok(setup)
}

/// The board, the sides and the stalemate threshold, before the game.
pub(crate) fn play_greeting(game: &Seega, names: &[String]) -> String {
    let rules = game.rules();
    let first = rules.first();
    let sides = match names {
        [black, white] if (black == "you") != (white == "you") => {
            let (you, agent) = if black == "you" {
                (Side::Black, white)
            } else {
                (Side::White, black)
            };
            format!(
                "You play {you} ({}), {agent} plays {} ({}). {} first.",
                you.symbol(),
                you.other(),
                you.other().symbol(),
                if first == you {
                    "You place".to_string()
                } else {
                    format!("{agent} places")
                }
            )
        }
        _ => format!("{first} places first."),
    };
    format!(
        "Seega on a {0}x{0} board. {sides}\n\
             Each side has {1} pieces. The game ends at the stalemate threshold: {2} moves without a capture.\n\
             Type help for how to play, quit to stop.\n",
        rules.size(),
        rules.pieces(),
        rules.stalemate(),
    )
}

/// Whether you won, after the game.
pub(crate) fn play_verdict(_: &Seega, names: &[String], played: &TerminalGame<Seega>) -> String {
    let yours: Vec<usize> = (0..names.len()).filter(|&s| names[s] == "you").collect();
    match &played.end {
        End::Capped | End::Stopped => "The game is unfinished.\n".into(),
        End::Finished(results) | End::Forfeit { results, .. } => {
            // A draw was said already, by the framework's account of
            // the result.
            let winners: Vec<_> = results.winners().collect();
            match (winners.as_slice(), yours.as_slice()) {
                ([one], [you]) if one == you => "You win!\n".into(),
                ([_], [_]) => "You lose.\n".into(),
                _ => String::new(),
            }
        }
    }
}
