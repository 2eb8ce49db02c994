//! A form of `tabula serve` and the command line take and refuse the same
//! things, because one description (a command's `Arguments`) says both:
//! for every registered game and every command with a form, each of the
//! form's fields is given good and bad values of its kind (numbers in and
//! out of range, choices and non-choices, text, paths, agents, switches),
//! once through the form's parser (`tabula_serve::check_form`, what a run
//! of the form does before it runs) and once as the same words on the
//! command line (clap, as `tabula VERB GAME` builds it); both must take
//! it, or both refuse it, in the same words. (A form shows its fields
//! filled with their defaults: a value equal to the default stands for
//! none given, and the command line a form shows leaves it out.)

use tabula::serve::check_form;
use tabula_registry::Kind;
use tabula_registry::args::{Action, Arg, Int, ValueKind};

/// Values to try for an argument, good and bad, by what it takes.
fn table(a: &Arg) -> Vec<String> {
    if a.action == Action::Flag {
        return vec!["true".into()];
    }
    let mut values: Vec<String> = match &a.kind {
        ValueKind::Int(int) => {
            let mut v: Vec<String> = ["0", "1", "2", "7", "100", "-1", "x", "1.5", "1e3"]
                .map(String::from)
                .to_vec();
            let most = match int {
                Int::U8 => u64::from(u8::MAX),
                Int::U16 => u64::from(u16::MAX),
                Int::U32 => u64::from(u32::MAX),
                _ => u64::MAX,
            };
            v.push(most.to_string());
            v.push(format!("{most}0"));
            v
        }
        ValueKind::Choice(possible) => {
            let mut v: Vec<String> = possible.iter().map(|p| p.name.clone()).collect();
            v.extend(possible.iter().map(|p| p.name.to_uppercase()));
            v.push("nope".into());
            v
        }
        ValueKind::Agents(agents) => {
            let mut v: Vec<String> = agents.iter().map(|p| p.name.clone()).collect();
            if let [first, second, ..] = agents.as_slice() {
                v.push(format!("{},{}", first.name, second.name));
            }
            v.extend(["nobody", "a,,b", ","].map(String::from));
            v
        }
        ValueKind::Path => ["f.ron", "a/b.ron", "0"].map(String::from).to_vec(),
        _ => ["abc", "0", "0.5", "-1", "x,y", "--z", "1e3"]
            .map(String::from)
            .to_vec(),
    };
    values.extend(a.menu.iter().map(|p| p.name.clone()));
    values.push("nope".into());
    values.dedup();
    values
}

/// A value that the argument takes, for one that must be given.
fn good(a: &Arg) -> String {
    match &a.kind {
        ValueKind::Int(_) => "1".into(),
        ValueKind::Choice(possible) => possible[0].name.clone(),
        _ => a.default.clone().unwrap_or_else(|| "f.ron".into()),
    }
}

/// The same words on the command line: the option as `--long=VALUE` (a
/// switch as `--long`), a positional value after `--`.
fn words(a: &Arg, value: &str) -> Vec<String> {
    match (&a.long, a.action) {
        (Some(long), Action::Flag) => vec![format!("--{long}")],
        (Some(long), _) => vec![format!("--{long}={value}")],
        (None, _) => vec!["--".into(), value.into()],
    }
}

/// The first line of a message, without `error: `, up to the value's
/// refusal (`invalid value 'x' for '--games <GAMES>'`).
fn gist(message: &str) -> String {
    let first = message.lines().next().unwrap_or_default();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    match first.split_once("': ") {
        Some((head, _)) if first.starts_with("invalid value") => format!("{head}'"),
        _ => first.to_string(),
    }
}

#[test]
fn a_form_and_the_command_line_take_and_refuse_the_same_values() {
    let root = tabula_cli::command().expect("the command line builds");
    let games = tabula_registry::games().expect("the registry");
    let (mut cases, mut refused, mut wrong) = (0, 0, Vec::new());
    for g in &games {
        for c in g.commands {
            if c.kind() == Kind::Interactive && c.verb() != "replay" {
                continue;
            }
            let (verb, game) = (c.verb(), g.name);
            let command = root
                .find_subcommand(verb)
                .and_then(|v| v.find_subcommand(game))
                .unwrap_or_else(|| panic!("tabula {verb} {game}"))
                .clone();
            let arguments = c.arguments();
            // The form's fields: every argument but hidden ones, those
            // that write files (`DIR`) and `--shard` (the command line's).
            let taken =
                |a: &&Arg| !a.hidden && a.value_name.as_deref() != Some("DIR") && a.id != "shard";
            // What must be given, given a good value (unless it is the
            // argument tried).
            let required: Vec<&Arg> = arguments.iter().filter(|a| a.required).collect();
            for a in arguments.iter().filter(taken) {
                for value in table(a) {
                    let mut body = serde_json::Map::new();
                    let mut line = vec![game.to_string()];
                    let mut after = Vec::new();
                    for r in required.iter().filter(|r| r.id != a.id) {
                        body.insert(r.id.clone(), good(r).into());
                        let w = words(r, &good(r));
                        if r.long.is_some() {
                            line.extend(w)
                        } else {
                            after.extend(w)
                        }
                    }
                    body.insert(a.id.clone(), value.clone().into());
                    // A form shows every field filled, defaults included:
                    // a value equal to the default stands for none given,
                    // and the command line the form shows leaves it out.
                    let w = if a.default.as_deref() == Some(value.as_str()) {
                        Vec::new()
                    } else {
                        words(a, &value)
                    };
                    if a.long.is_some() {
                        line.extend(w)
                    } else {
                        after.extend(w)
                    }
                    // One `--` before the positional values.
                    let mut seen = false;
                    line.extend(after.into_iter().filter(|w| {
                        let first = w == "--" && !seen;
                        seen |= w == "--";
                        w != "--" || first
                    }));
                    let body = serde_json::Value::Object(body).to_string();
                    let form = check_form(verb, game, &body);
                    let cli = command.clone().try_get_matches_from(&line);
                    cases += 1;
                    let case = format!("tabula {verb} {}  (form: {body})", line.join(" "));
                    match (&form, &cli) {
                        (Ok(words), Ok(_)) => {
                            // The command line the form shows parses too.
                            let mut again = vec![game.to_string()];
                            again.extend(words.iter().skip(3).cloned());
                            if let Err(e) = command.clone().try_get_matches_from(&again) {
                                wrong.push(format!(
                                    "{case}: the form's line {again:?} is refused: {e}"
                                ));
                            }
                        }
                        (Err(f), Err(e)) => {
                            refused += 1;
                            let (f, e) = (gist(f), gist(&e.render().to_string()));
                            if e.starts_with("invalid value") && f != e {
                                wrong.push(format!(
                                    "{case}: the form says {f:?}, the command line {e:?}"
                                ));
                            }
                        }
                        (Ok(_), Err(e)) => wrong.push(format!(
                            "{case}: the form takes it, the command line refuses it: {}",
                            e.render()
                        )),
                        (Err(f), Ok(_)) => wrong.push(format!(
                            "{case}: the command line takes it, the form refuses it: {f}"
                        )),
                    }
                }
            }
        }
    }
    assert!(
        cases > 500 && refused > 50,
        "{cases} cases, {refused} refused"
    );
    assert!(
        wrong.is_empty(),
        "{} of {cases}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
