//! Problems found while reading offline data, each located by file and line.

use std::fmt;
use std::path::PathBuf;

/// A problem that did not stop the load (a skipped line or item).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub file: Option<PathBuf>,
    /// 1-based line (or item position in a scan output), when known.
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_location(f, self.file.as_ref(), self.line)?;
        f.write_str(&self.message)
    }
}

/// A problem that stopped the load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfflineError(pub Warning);

impl OfflineError {
    pub fn new(file: Option<PathBuf>, line: Option<usize>, message: impl Into<String>) -> Self {
        Self(Warning {
            file,
            line,
            message: message.into(),
        })
    }
}

impl fmt::Display for OfflineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for OfflineError {}

fn write_location(
    f: &mut fmt::Formatter<'_>,
    file: Option<&PathBuf>,
    line: Option<usize>,
) -> fmt::Result {
    match (file, line) {
        (Some(file), Some(line)) => write!(f, "{}:{line}: ", file.display()),
        (Some(file), None) => write!(f, "{}: ", file.display()),
        (None, Some(line)) => write!(f, "line {line}: "),
        (None, None) => Ok(()),
    }
}
