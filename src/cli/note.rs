//! Messages for people, on stderr, so stdout holds only the command's output.

use std::io::{self, Write as _};

/// One line on stderr. A closed stderr is no reason to fail (or panic, as `eprintln!` would).
pub fn note(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}
