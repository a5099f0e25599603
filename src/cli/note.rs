//! Messages for people, on stderr, so stdout holds only the command's output.
//!
//! Messages quote untrusted text (server error codes and messages, table and index names, file
//! contents, arguments), so every line goes through the terminal escaping; the line breaks the
//! message itself makes are kept.

use std::io::{self, Write as _};

use crate::domain::escape::escape_for_terminal;

/// `text` escaped for a terminal line by line: its own `\n` stay line breaks, every other
/// control character is shown visibly.
#[must_use]
pub fn escape_lines(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            escaped.push('\n');
        }
        escaped.push_str(&escape_for_terminal(line));
    }
    escaped
}

/// One message on stderr, escaped. A closed stderr is no reason to fail (or panic, as
/// `eprintln!` would).
pub fn note(text: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", escape_lines(text));
}

/// Notes each request the backend sends again, as the retry starts, for as long as the
/// command runs: a throttled read that is slow says why while it waits.
pub fn note_retries(backend: &dyn crate::backend::Backend) {
    if let Some(notices) = backend.retry_notices() {
        tokio::spawn(crate::backend::tell_each(notices, |notice| {
            note(&format!("ddbx: {notice}"));
            true
        }));
    }
}

/// Text on stdout, escaped the same way (usage and help text quote the arguments given).
pub fn print_escaped(text: &str) {
    let mut out = io::stdout().lock();
    let _ = write!(out, "{}", escape_lines(text)).and_then(|()| out.flush());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_stay_and_other_controls_are_shown() {
        assert_eq!(
            escape_lines("a\u{1b}]0;x\u{7}\nhint: \u{9b}31m\r"),
            "a\\x1b]0;x\\x07\nhint: \\u{9b}31m\\r"
        );
    }
}
