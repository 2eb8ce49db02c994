//! The whole command line, as every registered game builds it, checked
//! the way clap checks it only in debug builds (these tests run in
//! release): no command has two argument groups or two arguments of one
//! name, or two arguments with one long flag. A game's arguments that
//! flatten the framework's (`TournamentArgs`, `TournamentOptions`, ...)
//! must not clash with them.

use std::collections::BTreeSet;

fn check(command: &clap::Command, path: &str, problems: &mut Vec<String>) {
    let mut seen = BTreeSet::new();
    for group in command.get_groups() {
        if !seen.insert(group.get_id().to_string()) {
            problems.push(format!(
                "{path}: two argument groups named {:?}",
                group.get_id()
            ));
        }
    }
    let (mut ids, mut longs) = (BTreeSet::new(), BTreeSet::new());
    for arg in command.get_arguments() {
        if !ids.insert(arg.get_id().to_string()) {
            problems.push(format!("{path}: two arguments named {:?}", arg.get_id()));
        }
        if let Some(long) = arg.get_long()
            && !longs.insert(long.to_string())
        {
            problems.push(format!("{path}: two arguments with --{long}"));
        }
    }
    for sub in command.get_subcommands() {
        check(sub, &format!("{path} {}", sub.get_name()), problems);
    }
}

#[test]
fn no_command_has_two_groups_or_arguments_of_one_name() {
    let command = tabula::cli::command().expect("the command line builds");
    let mut problems = Vec::new();
    check(&command, "tabula", &mut problems);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every game's tournament command was checked.
    let tournament = command
        .get_subcommands()
        .find(|c| c.get_name() == "tournament")
        .expect("a tournament verb");
    assert!(tournament.get_subcommands().count() >= 3);
}
