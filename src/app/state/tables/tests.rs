use super::*;
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::ValueType;

fn listed(names: &[&str]) -> TablePicker {
    TablePicker {
        names: Loadable::Loaded(names.iter().map(|name| (*name).to_owned()).collect()),
        ..TablePicker::default()
    }
}

fn description(name: &str) -> Box<TableDescription> {
    Box::new(TableDescription::new(
        name,
        KeySchema::new(KeyAttribute::new("PK", ValueType::S), None),
    ))
}

fn names<'a>(rows: &[TableRow<'a>]) -> Vec<&'a str> {
    rows.iter().map(|row| row.name).collect()
}

#[test]
fn without_a_filter_the_rows_keep_list_tables_order() {
    let picker = listed(&["alpha", "beta", "gamma"]);
    assert_eq!(names(&picker.rows()), ["alpha", "beta", "gamma"]);
}

#[test]
fn the_filter_keeps_fuzzy_matches_best_first() {
    let mut picker = listed(&["orders-archive", "customers", "orders", "audit-log"]);
    picker.filter = "ord".to_owned();
    // "customers" holds an o and an r but no d after them.
    assert_eq!(names(&picker.rows()), ["orders-archive", "orders"]);
    picker.filter = "al".to_owned();
    assert_eq!(names(&picker.rows()), ["audit-log"]);
    picker.filter = "zzz".to_owned();
    assert!(picker.rows().is_empty());
    assert_eq!(picker.selected(), None);
}

#[test]
fn the_selected_row_follows_the_cursor_over_the_filtered_rows() {
    let mut picker = listed(&["alpha", "beta", "gamma"]);
    picker.cursor = 2;
    assert_eq!(picker.selected(), Some("gamma"));
    picker.filter = "b".to_owned();
    picker.cursor = 0;
    assert_eq!(picker.selected(), Some("beta"));
}

#[test]
fn tables_are_described_one_at_a_time_in_list_order() {
    let mut picker = listed(&["alpha", "beta"]);
    assert_eq!(picker.next_to_describe(), Some("alpha"));
    picker
        .described
        .insert("alpha".to_owned(), Loadable::Loading(RequestId(7)));
    assert_eq!(picker.next_to_describe(), None, "one in flight at a time");
    assert!(picker.is_busy());
    assert_eq!(picker.awaiting(RequestId(7)), Some("alpha"));
    assert_eq!(picker.awaiting(RequestId(8)), None);
    picker
        .described
        .insert("alpha".to_owned(), Loadable::Loaded(description("alpha")));
    assert_eq!(picker.next_to_describe(), Some("beta"));
    picker
        .described
        .insert("beta".to_owned(), Loadable::Failed("denied".to_owned()));
    assert_eq!(picker.next_to_describe(), None);
    assert!(!picker.is_busy());
}

#[test]
fn rows_carry_their_descriptions() {
    let mut picker = listed(&["alpha", "beta"]);
    picker
        .described
        .insert("beta".to_owned(), Loadable::Loaded(description("beta")));
    let rows = picker.rows();
    assert!(rows[0].description.is_none());
    assert!(matches!(rows[1].description, Some(Loadable::Loaded(d)) if d.name == "beta"));
}

#[test]
fn nothing_is_listed_before_list_tables_answers() {
    let picker = TablePicker::default();
    assert!(picker.rows().is_empty());
    assert_eq!(picker.next_to_describe(), None);
}
