//! Checked against OpenSpiel: for positions reached by random play with
//! random dice in OpenSpiel's `backgammon` (its pip wheel, in a virtual
//! environment under target/), tabula's legal whole turns lead to the
//! same positions as OpenSpiel's legal actions, and finished games score
//! the same. The positions come from `openspiel/positions.py`.
//!
//! Slow (about a minute of OpenSpiel on two cores): `#[ignore]`d, run by `.ci/run`. Needs
//! python3 with venv and pip, and the network the first time; without
//! them it says SKIPPED and why. `TABULA_OPENSPIEL_POSITIONS=N` checks N
//! positions instead of 100,000. `TABULA_OPENSPIEL_PYTHON=PATH` uses that
//! python, which must have the pinned `open-spiel` (`.ci/run` passes its
//! Python step's), instead of making a virtual environment.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use tabula_backgammon::board::{BAR, OFF, Position};
use tabula_backgammon::{Backgammon, State, Turn};
use tabula_core::BoardGame;

const OPENSPIEL: &str = "2.0.2";

/// The workspace's root: this suite is compiled in the root package.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// OpenSpiel's 28-character position (see positions.py).
fn decode(s: &str) -> Position {
    let b = s.as_bytes();
    assert_eq!(b.len(), 28, "{s}");
    let mut c = [[0u8; 26]; 2];
    for i in 0..24 {
        let v = i32::from(b[i]) - 63;
        if v > 0 {
            c[0][24 - i] = v as u8;
        } else if v < 0 {
            c[1][i + 1] = (-v) as u8;
        }
    }
    c[0][BAR] = b[24] - 48;
    c[0][OFF] = b[25] - 48;
    c[1][BAR] = b[26] - 48;
    c[1][OFF] = b[27] - 48;
    Position::new(c).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn encode(p: &Position) -> String {
    let mut s = String::new();
    for i in 0..24 {
        let v = i32::from(p.checkers[0][24 - i]) - i32::from(p.checkers[1][i + 1]);
        s.push(char::from((63 + v) as u8));
    }
    for v in [
        p.checkers[0][BAR],
        p.checkers[0][OFF],
        p.checkers[1][BAR],
        p.checkers[1][OFF],
    ] {
        s.push(char::from(48 + v));
    }
    s
}

/// The positions a list of turns leads to.
fn after(position: &Position, seat: usize, turns: &[Turn]) -> BTreeSet<String> {
    turns
        .iter()
        .map(|t| {
            let mut p = *position;
            p.play(seat, t);
            encode(&p)
        })
        .collect()
}

/// OpenSpiel's rule for a double, which differs from the standard one:
/// it is two actions of two dice each, and each action uses as many of
/// its two dice as it can, without looking at the second action. The
/// positions that gives.
fn openspiel_double(position: &Position, seat: usize, die: u8) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for first in two_dice(position, seat, die) {
        let mut p = *position;
        p.play(seat, &first);
        if first.len < 2 || p.winner().is_some() {
            // One die or none: the turn ends (OpenSpiel's extra turn
            // needs both dice used).
            out.insert(encode(&p));
            continue;
        }
        for second in two_dice(&p, seat, die) {
            let mut q = p;
            q.play(seat, &second);
            out.insert(encode(&q));
        }
    }
    out
}

/// The legal plays of two dice of `die` (a non-double's rule applied to a
/// pair of equal dice): both where possible, else one.
fn two_dice(position: &Position, seat: usize, die: u8) -> Vec<Turn> {
    // Every first hop, then every second, written out apart from the
    // generator.
    let mut all = Vec::new();
    for a in 1..=BAR as u8 {
        let Some(s1) = single(position, seat, a, die) else {
            continue;
        };
        let mut p = *position;
        p.hop(seat, s1);
        let mut any = false;
        for b in 1..=BAR as u8 {
            if let Some(s2) = single(&p, seat, b, die) {
                any = true;
                all.push(Turn {
                    hops: [s1, s2, Default::default(), Default::default()],
                    len: 2,
                });
            }
        }
        if !any {
            all.push(Turn {
                hops: [
                    s1,
                    Default::default(),
                    Default::default(),
                    Default::default(),
                ],
                len: 1,
            });
        }
    }
    let best = all.iter().map(|t| t.len).max().unwrap_or(0);
    all.retain(|t| t.len == best);
    if all.is_empty() {
        all.push(Turn::default());
    }
    all
}

/// One checker of `seat` moved from `from` by `die`, if the rules allow
/// it, written out on its own (not the generator's code).
fn single(
    position: &Position,
    seat: usize,
    from: u8,
    die: u8,
) -> Option<tabula_backgammon::board::Hop> {
    let me = &position.checkers[seat];
    let opp = &position.checkers[1 - seat];
    let f = usize::from(from);
    if me[f] == 0 || (me[BAR] > 0 && f != BAR) {
        return None;
    }
    let d = usize::from(die);
    if f > d {
        let to = f - d;
        return (opp[25 - to] <= 1).then_some(tabula_backgammon::board::Hop { from, to: to as u8 });
    }
    let home = (7..=BAR).all(|p| me[p] == 0);
    let highest = (f + 1..=6).all(|p| me[p] == 0);
    (home && (f == d || highest)).then_some(tabula_backgammon::board::Hop { from, to: 0 })
}

/// The virtual environment's python, made on first use; `Err` says why
/// it cannot be.
fn python() -> Result<PathBuf, String> {
    let venv = root().join("target/openspiel-venv");
    let py = venv.join("bin/python");
    let has = |py: &Path| {
        Command::new(py)
            .args([
                "-c",
                &format!("import importlib.metadata as m, sys; sys.exit(m.version('open_spiel') != '{OPENSPIEL}')"),
            ])
            .status()
            .is_ok_and(|s| s.success())
    };
    if let Some(given) = std::env::var_os("TABULA_OPENSPIEL_PYTHON") {
        let given = PathBuf::from(given);
        // Asked for by name: a python without the wheel fails the test.
        assert!(
            has(&given),
            "TABULA_OPENSPIEL_PYTHON={} has no open-spiel {OPENSPIEL}",
            given.display()
        );
        return Ok(given);
    }
    if has(&py) {
        return Ok(py);
    }
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .status()
        .map_err(|e| format!("no python3 ({e})"))?;
    if !made.success() {
        return Err("python3 -m venv failed".into());
    }
    let pip = Command::new(venv.join("bin/pip"))
        .args(["install", "--quiet", &format!("open-spiel=={OPENSPIEL}")])
        .status()
        .map_err(|e| format!("no pip ({e})"))?;
    if !pip.success() || !has(&py) {
        return Err(format!("pip could not install open-spiel=={OPENSPIEL}"));
    }
    Ok(py)
}

#[test]
#[ignore = "slow: plays OpenSpiel through its Python wheel (run by .ci/run)"]
fn legal_turns_and_returns_agree_with_openspiel() {
    let py = match python() {
        Ok(py) => py,
        Err(why) => {
            println!("SKIPPED: OpenSpiel's wheel is not available: {why}");
            return;
        }
    };
    let positions: usize = std::env::var("TABULA_OPENSPIEL_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let script = root().join("games/backgammon/openspiel/positions.py");
    let out = Command::new(&py)
        .arg(&script)
        .args([positions.to_string(), "2026".into(), "2".into()])
        .output()
        .expect("runs positions.py");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let game = Backgammon::default();
    let (mut checked, mut games, mut same, mut doubles_rule) = (0usize, 0usize, 0usize, 0usize);
    let mut turns = Vec::new();
    let mut unexplained = Vec::new();
    let mut example = None;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let p = decode(v["p"].as_str().expect("p"));
        if let Some(r) = v.get("returns") {
            games += 1;
            let state = State::to_roll(p, 0);
            let results = game.results(&state).expect("a finished game");
            let theirs: Vec<f64> = r
                .as_array()
                .expect("returns")
                .iter()
                .map(|x| x.as_f64().expect("a number"))
                .collect();
            assert_eq!(results.scores(), &theirs[..], "returns at {}", v["p"]);
            continue;
        }
        checked += 1;
        let seat = v["seat"].as_u64().expect("seat") as usize;
        let dice: Vec<u8> = v["dice"]
            .as_array()
            .expect("dice")
            .iter()
            .map(|d| d.as_u64().expect("a die") as u8)
            .collect();
        let theirs: BTreeSet<String> = v["next"]
            .as_array()
            .expect("next")
            .iter()
            .map(|s| s.as_str().expect("a position").to_string())
            .collect();
        turns.clear();
        game.legal_moves(&State::to_play(p, seat, [dice[0], dice[1]]), &mut turns);
        let ours = after(&p, seat, &turns);
        assert_eq!(ours.len(), turns.len(), "one turn per position");
        if ours == theirs {
            same += 1;
        } else if dice[0] == dice[1]
            && openspiel_double(&p, seat, dice[0]) == theirs
            && ours.is_subset(&theirs)
        {
            doubles_rule += 1;
            example.get_or_insert((
                v["p"].to_string(),
                seat,
                dice.clone(),
                theirs.difference(&ours).count(),
            ));
        } else {
            unexplained.push(format!(
                "{} seat {seat} dice {dice:?}: only tabula {:?}, only OpenSpiel {:?}",
                v["p"],
                ours.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&ours).collect::<Vec<_>>()
            ));
        }
    }
    println!(
        "OpenSpiel {OPENSPIEL}: {checked} positions, {same} the same, {doubles_rule} differ by \
         OpenSpiel's rule for doubles (each half of a double played as a turn of its own), \
         {} unexplained; {games} finished games, returns all the same",
        unexplained.len()
    );
    if let Some((p, seat, dice, extra)) = example {
        println!(
            "first double that differs: {p} seat {seat} dice {dice:?}, {extra} positions OpenSpiel allows beyond the standard rule"
        );
    }
    assert!(checked >= positions, "{checked} positions");
    assert!(games > 0);
    assert!(
        unexplained.is_empty(),
        "{} disagreements, the first: {:#?}",
        unexplained.len(),
        &unexplained[..unexplained.len().min(5)]
    );
}
