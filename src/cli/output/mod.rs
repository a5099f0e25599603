//! Writing results: items as JSON lines or a table, `describe` documents, the stderr summary.
//! Everything that reaches the terminal from the server is escaped first.

pub mod describe;
pub mod describe_grammars;
pub mod escape;
pub mod items;
mod json_lines;
mod json_string;
pub mod summary;
pub mod table;

/// Prints one JSON document (a plan, a run's summary), indented, escaped for the terminal.
pub fn print_json(value: &serde_json::Value) -> Result<(), crate::cli::error::CliError> {
    use std::io::Write as _;
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    let mut out = std::io::stdout().lock();
    crate::cli::error::ignore_closed_pipe(
        out.write_all(escape::escape_json_for_terminal(text).as_bytes())
            .and_then(|()| out.write_all(b"\n"))
            .and_then(|()| out.flush()),
    )
}
