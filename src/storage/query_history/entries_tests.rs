use std::collections::BTreeSet;

use super::*;
use crate::domain::number::Number;
use crate::domain::value::AttrValue;
use crate::storage::query_history::{append, file_in, load};

fn request(pk: &str) -> QueryRequest {
    let mut params = ExpressionParams::default();
    params.names.insert("#pk".to_owned(), "PK".to_owned());
    params.values.insert(":pk".to_owned(), AttrValue::s(pk));
    QueryRequest::new("app", "#pk = :pk", params)
}

/// A scratch directory removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "ddbx-history-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        Self(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_line_keeps_every_part_of_the_request_losslessly() {
    let mut full = request("USER#1");
    full.index = Some("GSI1".to_owned());
    full.filter = Some("#st = :st AND big = :big".to_owned());
    full.projection = Some("PK, SK".to_owned());
    full.forward = false;
    full.consistent_read = true;
    full.limit = Some(25);
    full.params
        .names
        .insert("#st".to_owned(), "status".to_owned());
    full.params.values.insert(
        ":big".to_owned(),
        AttrValue::N(Number::parse("12345678901234567890123456789012345678").expect("valid")),
    );
    full.params.values.insert(
        ":st".to_owned(),
        AttrValue::Ss(BTreeSet::from(["".to_owned(), "é\n\u{1b}".to_owned()])),
    );
    full.params
        .values
        .insert(":bin".to_owned(), AttrValue::B(vec![0, 255]));
    let entry = HistoryEntry {
        unix_seconds: 1_782_864_000,
        request: full,
    };
    let line = entry.to_line();
    assert!(!line.contains('\n'), "{line}");
    assert_eq!(HistoryEntry::from_line(&line), Ok(entry));
}

#[test]
fn running_the_same_query_again_moves_it_to_the_end_and_drops_the_cursor() {
    let mut history = QueryHistory::default();
    history.push(1, &request("A"));
    history.push(2, &request("B"));
    let mut again = request("A");
    again.start_key = Some(crate::domain::value::Item::new());
    history.push(3, &again);
    let order: Vec<(i64, &str)> = history
        .newest_first()
        .map(|entry| {
            (
                entry.unix_seconds,
                entry.request.params.values[":pk"]
                    .as_s()
                    .unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(order, [(3, "A"), (2, "B")]);
    assert!(
        history
            .entries
            .iter()
            .all(|entry| entry.request.start_key.is_none())
    );
}

#[test]
fn history_keeps_the_newest_entries_up_to_the_cap() {
    let mut history = QueryHistory::default();
    for i in 0..(MAX_ENTRIES + 7) {
        history.push(i64::try_from(i).expect("small"), &request(&format!("P{i}")));
    }
    assert_eq!(history.entries.len(), MAX_ENTRIES);
    assert_eq!(history.entries[0].unix_seconds, 7);
}

#[test]
fn appended_lines_load_back_and_the_file_is_private() {
    let scratch = Scratch::new("append");
    let path = file_in(&scratch.0, "app");
    let first = HistoryEntry {
        unix_seconds: 10,
        request: request("USER#1"),
    };
    let second = HistoryEntry {
        unix_seconds: 20,
        request: request("USER#2"),
    };
    append(&path, &first.to_line()).expect("appended");
    append(&path, &second.to_line()).expect("appended");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&path)
            .expect("exists")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let dir_mode = std::fs::metadata(path.parent().expect("a dir"))
            .expect("exists")
            .permissions()
            .mode();
        assert_eq!(dir_mode & 0o777, 0o700);
    }
    let (history, warning) = load(&path);
    assert_eq!(warning, None);
    assert_eq!(history.entries, [first, second]);
    assert_eq!(history.file.as_deref(), Some(path.as_path()));
}

#[test]
fn a_bad_line_is_skipped_with_one_warning_naming_file_and_line() {
    let scratch = Scratch::new("bad");
    let path = file_in(&scratch.0, "app");
    let good = HistoryEntry {
        unix_seconds: 10,
        request: request("USER#1"),
    };
    append(&path, "not json").expect("appended");
    append(&path, &good.to_line()).expect("appended");
    append(
        &path,
        r#"{"at":1,"table":"app","key_condition":"PK = :v","values":{":v":{"Q":"x"}}}"#,
    )
    .expect("appended");
    let (history, warning) = load(&path);
    assert_eq!(history.entries, [good]);
    let warning = warning.expect("a warning");
    assert!(
        warning.contains("app.jsonl:1: skipped a bad line"),
        "{warning}"
    );
}

#[test]
fn a_missing_file_is_an_empty_history_and_odd_table_names_stay_in_the_directory() {
    let scratch = Scratch::new("missing");
    let (history, warning) = load(&file_in(&scratch.0, "none"));
    assert!(history.entries.is_empty() && warning.is_none());
    let path = file_in(Path::new("/base"), "../../etc/passwd");
    assert_eq!(path, Path::new("/base/ddbx/history/.._.._etc_passwd.jsonl"));
}
