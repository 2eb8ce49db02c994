//! The `tabula` binaries tested as a user runs them: real processes, real
//! stdin and stdout, exit codes; transcripts pinned in `golden/`. One test
//! binary (its modules below) so the suite links once.

mod backgammon;
mod budgets;
mod chance_it;
mod chance_it_params;
mod cli;
mod common;
mod confined;
mod cruising;
mod hostile;
mod hostile_serve;
mod limits;
mod monopoly;
mod noline;
mod pictures;
mod play_serve;
mod records;
mod robust;
mod seega;
mod serve;
mod shards;
mod snakes;
mod wording;
