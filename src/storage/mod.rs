//! Where ddbx keeps files on this machine, and how it writes the private ones. The journal, the
//! query history and the keymap all find their directory here, and every file that may hold item
//! data (journal, query history, the external editor's buffer) is created readable by the user
//! only.

pub mod column_choices;
pub mod input;
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
    append_to(path, bytes).map(|_| ())
}

/// [`append_private`], then the data forced to the disk (`fsync`), and the directory too when
/// the file was new: when this returns, the bytes survive a crash or power loss. Only a regular
/// file is appended to: a device (`/dev/full`, `/dev/null`) or a pipe would lose them.
pub fn append_private_durable(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let existed = path.exists();
    let file = append_to(path, bytes)?;
    file.sync_data()?;
    if !existed && let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        File::open(dir)?.sync_all()?;
    }
    Ok(())
}

/// Refuses anything but a regular file (or a missing one) where a file is expected.
pub fn require_regular_file(path: &Path) -> io::Result<()> {
    match fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        )),
        Ok(_) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}

fn append_to(path: &Path, bytes: &[u8]) -> io::Result<File> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        create_private_dir(dir)?;
    }
    require_regular_file(path)?;
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
    file.flush()?;
    Ok(file)
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
