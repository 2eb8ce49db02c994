//! A position as a person writes it: each side's checkers on its own
//! points (as the game's notation numbers them: its home board is 1 to 6,
//! the bar 25 or `bar`), then who is to move and the dice.
//!
//! ```text
//! X 6:5 8:3 13:5 24:2; O 6:5 8:3 13:5 24:2; X to play 3-1
//! ```
//!
//! Three parts separated by `;`: X's checkers, O's checkers, and `X to
//! play 3-1` (the dice to play) or `O to roll`. A checker is `POINT:COUNT`
//! (`POINT` alone is one checker); the checkers a side does not list are
//! borne off (`off:COUNT`, if written, must agree). `start` is the
//! opening, before the first roll.
//!
//! ```
//! use tabula_backgammon::positions::{read_position, write_position};
//!
//! let state = read_position("X 6:2 5:2 bar; O 1:13 2:2; X to play 6-5")?;
//! assert_eq!(state.position.checkers[0][25], 1);
//! assert_eq!(write_position(&state), "X bar 6:2 5:2; O 2:2 1:13; X to play 6-5");
//! # Ok::<_, String>(())
//! ```

use crate::board::{BAR, CHECKERS, OFF, Position};
use crate::game::State;
use crate::notation::SEAT_NAMES;

/// The side `name` names (`X` or `O`, either case).
fn side(name: &str) -> Option<usize> {
    SEAT_NAMES.iter().position(|s| s.eq_ignore_ascii_case(name))
}

/// One side's checkers: `X 6:5 8:3 ...`.
fn read_side(part: &str, expected: usize) -> Result<[u8; 26], String> {
    let mut words = part.split_whitespace();
    let name = words.next().unwrap_or_default();
    if side(name) != Some(expected) {
        return Err(format!(
            "{:?} should begin with {} and list its checkers, as in `{} 6:5 8:3 13:5 24:2`",
            part.trim(),
            SEAT_NAMES[expected],
            SEAT_NAMES[expected]
        ));
    }
    let who = SEAT_NAMES[expected];
    let mut counts = [0u8; 26];
    let mut off = None;
    for word in words {
        let (at, count) = match word.split_once(':') {
            Some((at, count)) => (at, count),
            None => (word, "1"),
        };
        let count: u8 = count
            .parse()
            .ok()
            .filter(|c| (1..=CHECKERS).contains(c))
            .ok_or_else(|| format!("{who}'s {word:?}: a count is 1 to {CHECKERS}, as in 13:5"))?;
        let p = match at.to_ascii_lowercase().as_str() {
            "bar" => BAR,
            "off" => {
                off = Some(count);
                continue;
            }
            p => p
                .parse::<usize>()
                .ok()
                .filter(|p| (1..=BAR).contains(p))
                .ok_or_else(|| {
                    format!(
                        "{who}'s {word:?}: a point is 1 to 24 (from {who}'s own home), bar or off"
                    )
                })?,
        };
        if counts[p] != 0 {
            return Err(format!("{who}'s point {at} is listed twice"));
        }
        counts[p] = count;
    }
    let placed: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    if placed > u32::from(CHECKERS) {
        return Err(format!(
            "{who} has {placed} checkers on the board and the bar; a side has {CHECKERS}"
        ));
    }
    counts[OFF] = CHECKERS - placed as u8;
    if let Some(off) = off
        && off != counts[OFF]
    {
        return Err(format!(
            "{who} lists off:{off}, but its other checkers leave {} borne off",
            counts[OFF]
        ));
    }
    Ok(counts)
}

/// Who moves and the dice: `X to play 3-1` or `O to roll`.
fn read_turn(part: &str) -> Result<(usize, [u8; 2]), String> {
    let words: Vec<String> = part
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let wrong = || {
        format!(
            "{:?} should say who moves and the dice, as in `X to play 3-1` or `O to roll`",
            part.trim()
        )
    };
    let (seat, rest) = match words.as_slice() {
        [who, rest @ ..] => (side(who).ok_or_else(wrong)?, rest),
        [] => return Err(wrong()),
    };
    let dice = match rest {
        ["to", "roll"] | ["roll"] => return Ok((seat, [0, 0])),
        ["to", "play", dice] | ["play", dice] | [dice] => dice,
        _ => return Err(wrong()),
    };
    let faces: Vec<u8> = dice
        .split('-')
        .map(|d| d.parse::<u8>().ok().filter(|d| (1..=6).contains(d)))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("{dice:?}: the dice are two faces 1 to 6, as in 3-1"))?;
    match faces.as_slice() {
        &[a, b] => Ok((seat, [a.max(b), a.min(b)])),
        _ => Err(format!(
            "{dice:?}: the dice are two faces 1 to 6, as in 3-1"
        )),
    }
}

/// Reads a position as a person writes it (see the [module](self)), or
/// says what is wrong with it.
pub fn read_position(text: &str) -> Result<State, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("start") {
        return Ok(tabula_core::BoardGame::initial_state(
            &crate::Backgammon::default(),
        ));
    }
    let parts: Vec<&str> = text.split(';').collect();
    let [x, o, turn] = parts.as_slice() else {
        return Err(format!(
            "{:?} is not a position: write X's checkers; O's checkers; who moves, as in \
             `X 6:5 8:3 13:5 24:2; O 6:5 8:3 13:5 24:2; X to play 3-1`",
            tabula_core::text::excerpt(text)
        ));
    };
    let checkers = [read_side(x, 0)?, read_side(o, 1)?];
    let position = Position::new(checkers).map_err(|e| {
        // Position::new names the seats 1 and 2; name them X and O.
        e.0.replace("seat 1's", "X's")
            .replace("seat 2's", "O's")
            .replace("seat 1", "X")
            .replace("seat 2", "O")
    })?;
    let (seat, dice) = read_turn(turn)?;
    Ok(if dice[0] == 0 {
        State::to_roll(position, seat)
    } else {
        State::to_play(position, seat, dice)
    })
}

/// One side's checkers as [`read_position`] reads them: the bar first,
/// then the points from the highest.
fn write_side(side: &[u8; 26], seat: usize) -> String {
    let mut words = vec![SEAT_NAMES[seat].to_string()];
    for p in (1..=BAR).rev() {
        let at = if p == BAR {
            "bar".to_string()
        } else {
            p.to_string()
        };
        match side[p] {
            0 => {}
            1 => words.push(at),
            n => words.push(format!("{at}:{n}")),
        }
    }
    words.join(" ")
}

/// A state as [`read_position`] reads it back.
pub fn write_position(state: &State) -> String {
    if state.opening {
        return "start".into();
    }
    let seat = usize::from(state.seat);
    let turn = if state.dice[0] == 0 {
        format!("{} to roll", SEAT_NAMES[seat])
    } else {
        format!(
            "{} to play {}-{}",
            SEAT_NAMES[seat], state.dice[0], state.dice[1]
        )
    };
    format!(
        "{}; {}; {turn}",
        write_side(&state.position.checkers[0], 0),
        write_side(&state.position.checkers[1], 1)
    )
}
