//! Where ddbx keeps files on this machine, and how it writes the private ones. The journal, the
//! query history and the keymap all find their directory here, and every file that may hold item
//! data (journal, query history, the external editor's buffer) is created readable by the user
//! only.

pub mod query_history;

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// `$XDG_STATE_HOME`, else `~/.local/state`: files ddbx writes as it runs (journal, history).
#[must_use]
pub fn state_home() -> Option<PathBuf> {
    home_from(&env, "XDG_STATE_HOME", ".local/state")
}

/// `$XDG_CONFIG_HOME`, else `~/.config`: files the user writes (the keymap).
#[must_use]
pub fn config_home() -> Option<PathBuf> {
    home_from(&env, "XDG_CONFIG_HOME", ".config")
}

/// ddbx's own directory under a state or config home.
#[must_use]
pub fn ddbx_dir(home: &Path) -> PathBuf {
    home.join("ddbx")
}

fn env(name: &str) -> Option<OsString> {
    std::env::var_os(name)
}

/// The XDG variable when it is set to an absolute path (the specification says relative values
/// are ignored), else `$HOME/<fallback>`; `None` without either.
fn home_from(
    env: &dyn Fn(&str) -> Option<OsString>,
    variable: &str,
    fallback: &str,
) -> Option<PathBuf> {
    let non_empty = |name: &str| env(name).filter(|value| !value.is_empty());
    non_empty(variable)
        .map(PathBuf::from)
        .filter(|path| path.is_absolute())
        .or_else(|| non_empty("HOME").map(|home| PathBuf::from(home).join(fallback)))
}

/// Creates `dir` and its missing parents, readable by the user only.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt as _;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Appends `bytes` to `path` in one write call (so two processes appending lines never
/// interleave within a line), creating the file (mode 0600) and its directory when missing. A file
/// created by something else with a wider mode is narrowed: it holds item data.
pub fn append_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        create_private_dir(dir)?;
    }
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    let mut file = open_private(&mut options, path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        if file.metadata()?.permissions().mode() & 0o077 != 0 {
            file.set_permissions(fs::Permissions::from_mode(0o600))?;
        }
    }
    file.write_all(bytes)?;
    file.flush()
}

/// A new file at `path` (never an existing one), readable by the user only.
pub fn create_private_new(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    open_private(&mut options, path)
}

fn open_private(options: &mut OpenOptions, path: &Path) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    options.open(path)
}

#[cfg(test)]
#[path = "storage_tests.rs"]
mod tests;
