use std::fs;

use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddbx-columns-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_choice_is_kept_per_table_and_entity_and_showing_every_column_again_forgets_it() {
    let mut choices = ColumnChoices::default();
    assert!(choices.set_hidden("Orders", "Ticket", "GSI1PK", true));
    assert!(!choices.set_hidden("Orders", "Ticket", "GSI1PK", true));
    assert!(choices.set_hidden("Orders", "Comment", "body", true));
    let tickets = &choices.of_table("Orders").expect("the table")["Ticket"];
    assert!(tickets.contains("GSI1PK"));
    assert!(choices.of_table("Other").is_none());
    assert!(choices.set_hidden("Orders", "Ticket", "GSI1PK", false));
    assert!(
        !choices
            .of_table("Orders")
            .expect("the table")
            .contains_key("Ticket")
    );
    assert!(choices.forget("Orders", "Comment"));
    assert!(choices.of_table("Orders").is_none(), "{choices:?}");
}

#[test]
fn the_text_reads_back_as_written_and_a_foreign_file_is_an_error() {
    let mut choices = ColumnChoices::default();
    choices.set_hidden("Orders", "", "GSI1SK", true);
    choices.set_hidden("Orders", "Ticket \u{1b}[31m", "notes", true);
    let read = ColumnChoices::from_text(&choices.to_text()).expect("reads");
    assert_eq!(read, choices);
    for bad in [
        "",
        "[]",
        "{\"version\": 2, \"hidden\": {}}",
        "{\"hidden\": 3}",
    ] {
        assert!(ColumnChoices::from_text(bad).is_err(), "{bad:?}");
    }
}

#[cfg(unix)]
#[test]
fn saved_choices_load_again_from_a_private_file() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = scratch("save");
    let path = file_in(&dir);
    let (empty, warning) = load(&path);
    assert_eq!(warning, None);
    assert_eq!(empty.file.as_deref(), Some(path.as_path()));
    let mut choices = empty;
    choices.set_hidden("Orders", "Ticket", "GSI1PK", true);
    save(&path, &choices.to_text()).expect("saved");
    save(&path, &choices.to_text()).expect("saved over");
    let mode = fs::metadata(&path).expect("file").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let (loaded, warning) = load(&path);
    assert_eq!(warning, None);
    assert_eq!(loaded, choices);
    let leftovers = fs::read_dir(path.parent().expect("dir"))
        .expect("dir")
        .count();
    assert_eq!(leftovers, 1, "no temporary file is left behind");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_file_warns_and_is_never_written_over() {
    let dir = scratch("bad");
    let path = file_in(&dir);
    fs::create_dir_all(path.parent().expect("dir")).expect("dir");
    fs::write(&path, "not json").expect("written");
    let (choices, warning) = load(&path);
    assert!(warning.is_some_and(|warning| warning.contains("columns.json")));
    assert_eq!(choices.file, None);
    let _ = fs::remove_dir_all(&dir);
}
