//! An offline table written to a temporary directory, and the binary run on it.

use std::path::PathBuf;

use crate::support::cli::{Run, ddbx_command, run_command};

/// A directory removed when dropped, unique per test.
pub struct Dir {
    pub path: PathBuf,
}

impl Dir {
    pub fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "ddbx-output-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&path).expect("a temporary directory");
        Self { path }
    }

    /// Writes DynamoDB JSON `lines` to `items.jsonl` in this directory.
    pub fn file(&self, lines: &[&str]) -> PathBuf {
        let path = self.path.join("items.jsonl");
        std::fs::write(&path, lines.join("\n") + "\n").expect("the fixture file is written");
        path
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Runs `ddbx --file <path> <args…>`.
pub fn on_file(path: &std::path::Path, args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.arg("--file").arg(path).args(args);
    run_command(command)
}

/// Runs `ddbx <args…>` with no table source of its own.
pub fn ddbx(args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.args(args);
    run_command(command)
}
