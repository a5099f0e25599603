//! `-o table` shows every character of every value: long values wrap inside their column.

use crate::fixture::{Dir, on_file};

const BIG: &str = "12345678901234567890123456789012345678";
/// The smallest positive number DynamoDB stores: 130 zeros after the point before the digit.
const TINY: &str = "1E-130";

/// The text of `column` on each stdout line, joined: what a person reads down that column.
/// Positions are counted in characters (every character here takes one terminal column).
fn column_text(stdout: &str, column: &str) -> String {
    let mut lines = stdout.lines();
    let header = lines.next().expect("a header line");
    let start = header.find(column).expect("the column is in the header");
    let after = &header[start + column.len()..];
    let width = after
        .find(|c: char| c != ' ')
        .map_or(usize::MAX, |next| column.len() + next);
    lines
        .map(|line| {
            let cell: String = line.chars().skip(start).take(width).collect();
            cell.trim_end().to_owned()
        })
        .collect()
}

#[test]
fn long_numbers_and_strings_are_shown_whole_in_table_output() {
    let dir = Dir::new("table-whole");
    let long_text = format!("{}END", "abcdefghij".repeat(12));
    let path = dir.file(&[&format!(
        r#"{{"PK":{{"S":"P#1"}},"SK":{{"S":"S#1"}},"big":{{"N":"{BIG}"}},"note":{{"S":"{long_text}"}},"tiny":{{"N":"{TINY}"}}}}"#
    )]);
    let run = on_file(&path, &["scan", "-o", "table"]).success();
    let tiny = format!("0.{}1", "0".repeat(129));
    assert_eq!(column_text(&run.stdout, "big"), BIG, "{}", run.stdout);
    assert_eq!(
        column_text(&run.stdout, "note"),
        long_text,
        "{}",
        run.stdout
    );
    assert_eq!(column_text(&run.stdout, "tiny"), tiny, "{}", run.stdout);
    assert!(!run.stdout.contains('…'), "nothing is cut:\n{}", run.stdout);
    let widest = run.stdout.lines().map(str::len).max().unwrap_or(0);
    assert!(
        widest < 200,
        "long values wrap instead of widening the table:\n{}",
        run.stdout
    );
}
