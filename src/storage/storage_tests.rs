use std::collections::BTreeMap;
use std::ffi::OsString;

use super::*;

fn lookup(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
    let vars: BTreeMap<String, OsString> = pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), OsString::from(value)))
        .collect();
    move |name| vars.get(name).cloned()
}

fn home(pairs: &[(&str, &str)]) -> Option<PathBuf> {
    home_from(&lookup(pairs), "XDG_STATE_HOME", ".local/state")
}

#[test]
fn an_absolute_xdg_directory_wins_over_home() {
    let found = home(&[("XDG_STATE_HOME", "/xdg/state"), ("HOME", "/home/u")]);
    assert_eq!(found, Some(PathBuf::from("/xdg/state")));
}

#[test]
fn an_empty_or_relative_xdg_directory_falls_back_to_home() {
    for xdg in ["", "relative/state"] {
        let found = home(&[("XDG_STATE_HOME", xdg), ("HOME", "/home/u")]);
        assert_eq!(
            found,
            Some(PathBuf::from("/home/u/.local/state")),
            "{xdg:?}"
        );
    }
}

#[test]
fn without_xdg_or_home_there_is_no_directory() {
    assert_eq!(home(&[]), None);
    assert_eq!(home(&[("HOME", "")]), None);
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("ddbx-storage-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

#[cfg(unix)]
#[test]
fn appending_creates_a_private_file_in_a_private_directory() {
    let scratch = Scratch::new("append");
    let path = scratch.0.join("ddbx").join("log.jsonl");
    append_private(&path, b"one\n").expect("appended");
    append_private(&path, b"two\n").expect("appended");
    assert_eq!(fs::read_to_string(&path).expect("readable"), "one\ntwo\n");
    assert_eq!(mode(&path), 0o600);
    assert_eq!(mode(&scratch.0.join("ddbx")), 0o700);
}

#[cfg(unix)]
#[test]
fn appending_narrows_a_file_another_program_created_readable_by_all() {
    use std::os::unix::fs::PermissionsExt as _;
    let scratch = Scratch::new("narrow");
    fs::create_dir_all(&scratch.0).expect("dir");
    let path = scratch.0.join("journal.jsonl");
    fs::write(&path, "old\n").expect("written");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).expect("widened");
    append_private(&path, b"new\n").expect("appended");
    assert_eq!(mode(&path), 0o600);
    assert_eq!(fs::read_to_string(&path).expect("readable"), "old\nnew\n");
}

#[test]
fn a_new_private_file_never_opens_an_existing_one() {
    let scratch = Scratch::new("new");
    fs::create_dir_all(&scratch.0).expect("dir");
    let path = scratch.0.join("buffer.json");
    drop(create_private_new(&path).expect("created"));
    #[cfg(unix)]
    assert_eq!(mode(&path), 0o600);
    let again = create_private_new(&path).expect_err("exists");
    assert_eq!(again.kind(), io::ErrorKind::AlreadyExists);
}
