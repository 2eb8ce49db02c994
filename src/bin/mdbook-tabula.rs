//! `mdbook-tabula`: the book's preprocessor (see the `tabula-mdbook`
//! crate), with the games this package links.
fn main() -> std::process::ExitCode {
    tabula::mdbook::main()
}
