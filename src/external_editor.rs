//! `$EDITOR` for the item editor: the text goes to a private temporary file (mode 0600, created
//! new so nothing can be planted there first), the terminal is given to the editor, and the file
//! is read back and removed.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::Command;

use crossterm::event::EventStream;

use crate::terminal;
use crate::tui::Handover;

/// Gives the real terminal to `$VISUAL` / `$EDITOR` (default `vi`).
pub struct TerminalHandover;

impl Handover<EventStream> for TerminalHandover {
    fn external_editor(
        &mut self,
        events: EventStream,
        text: &str,
    ) -> (EventStream, Result<String, String>) {
        // Stop the key reader first: it would read the editor's keystrokes.
        drop(events);
        terminal::restore();
        let result = blocking(|| edit(text));
        let resumed = terminal::resume().map_err(|error| format!("terminal: {error}"));
        (EventStream::new(), resumed.and(result))
    }
}

/// Runs blocking work without stalling other tasks of a multi-threaded runtime.
fn blocking<T>(work: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current().map(|handle| handle.runtime_flavor()) {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

/// The editor command line: `$VISUAL`, else `$EDITOR`, else `vi`, split on whitespace (so
/// `code --wait` works).
fn editor_command() -> Vec<String> {
    ["VISUAL", "EDITOR"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .map(|value| {
            value
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .find(|words| !words.is_empty())
        .unwrap_or_else(|| vec!["vi".to_owned()])
}

/// Edits `text` in the user's editor; the edited text, or why there is none.
pub fn edit(text: &str) -> Result<String, String> {
    let path =
        private_file(text).map_err(|error| format!("cannot create a temporary file: {error}"))?;
    let result = run_editor(&path);
    let edited = result.and_then(|()| {
        std::fs::read_to_string(&path)
            .map_err(|error| format!("cannot read the edited file: {error}"))
    });
    let _ = std::fs::remove_file(&path);
    edited
}

fn run_editor(path: &Path) -> Result<(), String> {
    let command = editor_command();
    let (program, arguments) = command.split_first().ok_or("no editor configured")?;
    let status = Command::new(program)
        .args(arguments)
        .arg(path)
        .status()
        .map_err(|error| format!("cannot run {program}: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "{program} exited with {status}; the text is unchanged"
        ))
    }
}

/// A new file only this user can read, holding `text`.
fn private_file(text: &str) -> io::Result<PathBuf> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.subsec_nanos());
    let path = std::env::temp_dir().join(format!("ddbx-edit-{}-{nanos}.json", std::process::id()));
    let mut file = crate::storage::create_private_new(&path)?;
    file.write_all(text.as_bytes())?;
    file.write_all(b"\n")?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn the_temporary_file_is_private_and_holds_the_text() {
        use std::os::unix::fs::PermissionsExt as _;
        let path = private_file("{\"a\": 1}").expect("temp file");
        let mode = std::fs::metadata(&path)
            .expect("metadata")
            .permissions()
            .mode();
        let text = std::fs::read_to_string(&path).expect("readable");
        std::fs::remove_file(&path).expect("removed");
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(text, "{\"a\": 1}\n");
    }
}
