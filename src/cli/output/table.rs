//! Aligned columns for people: key attributes first, then every other attribute by name.
//! Cells are escaped (untrusted data) and cut to a readable width; use `-o json` for full values.

use std::collections::BTreeSet;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::escape::escape_json_for_terminal;
use crate::domain::escape::escape_for_terminal;
use crate::domain::plain_json::to_plain_json;
use crate::domain::value::{AttrValue, Item};

/// Widest cell, in terminal columns, before it is cut with `…`.
const MAX_CELL_WIDTH: usize = 40;
const GAP: &str = "  ";

/// One cell's text: scalars as themselves, documents and sets as compact JSON.
fn cell_text(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => escape_for_terminal(text).into_owned(),
        AttrValue::N(number) => number.to_string(),
        AttrValue::Bool(flag) => flag.to_string(),
        AttrValue::Null => "null".to_owned(),
        AttrValue::B(_) => match to_plain_json(value) {
            serde_json::Value::String(base64) => base64,
            other => other.to_string(),
        },
        _ => escape_json_for_terminal(to_plain_json(value).to_string()),
    }
}

/// Terminal columns `text` takes (CJK and most emoji take two). Cells are escaped first, so
/// no control character is ever measured.
fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

fn cut(text: String) -> String {
    if width(&text) <= MAX_CELL_WIDTH {
        return text;
    }
    let mut cut = String::new();
    let mut used = 0;
    for c in text.chars() {
        let char_width = UnicodeWidthChar::width(c).unwrap_or(0);
        // Leave one column for the ellipsis.
        if used + char_width > MAX_CELL_WIDTH - 1 {
            break;
        }
        used += char_width;
        cut.push(c);
    }
    cut.push('…');
    cut
}

/// Column names: `key_columns` that occur, in order, then the rest sorted by name.
fn columns(rows: &[Item], key_columns: &[String]) -> Vec<String> {
    let mut others: BTreeSet<&String> = rows.iter().flat_map(|row| row.keys()).collect();
    let mut names = Vec::new();
    for key in key_columns {
        if others.remove(key) {
            names.push(key.clone());
        }
    }
    names.extend(others.into_iter().cloned());
    names
}

/// Renders rows as a header line plus one line per item.
#[must_use]
pub fn render_table(rows: &[Item], key_columns: &[String]) -> String {
    let names = columns(rows, key_columns);
    let header: Vec<String> = names
        .iter()
        .map(|name| cut(escape_for_terminal(name).into_owned()))
        .collect();
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            names
                .iter()
                .map(|name| row.get(name).map(cell_text).map(cut).unwrap_or_default())
                .collect()
        })
        .collect();
    let widths: Vec<usize> = (0..names.len())
        .map(|column| {
            std::iter::once(&header)
                .chain(&body)
                .map(|line| width(&line[column]))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for line in std::iter::once(&header).chain(&body) {
        let mut text = String::new();
        for (column, cell) in line.iter().enumerate() {
            if column > 0 {
                text.push_str(GAP);
            }
            text.push_str(cell);
            let pad = widths[column].saturating_sub(width(cell));
            text.extend(std::iter::repeat_n(' ', pad));
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::Strategy as _;

    use super::*;
    use crate::domain::number::Number;

    fn keys() -> Vec<String> {
        vec!["PK".to_owned(), "SK".to_owned()]
    }

    #[test]
    fn key_columns_lead_and_columns_are_aligned() {
        let rows = vec![
            Item::from([
                ("PK".to_owned(), AttrValue::s("USER#1")),
                ("SK".to_owned(), AttrValue::s("PROFILE")),
                ("age".to_owned(), AttrValue::n(42)),
                ("Name".to_owned(), AttrValue::s("Ann")),
            ]),
            Item::from([
                ("PK".to_owned(), AttrValue::s("USER#10")),
                ("SK".to_owned(), AttrValue::s("ORDER#1")),
                (
                    "total".to_owned(),
                    AttrValue::N(Number::parse("19.99").expect("valid")),
                ),
            ]),
        ];
        let expected = "\
PK       SK       Name  age  total
USER#1   PROFILE  Ann   42
USER#10  ORDER#1             19.99
";
        assert_eq!(render_table(&rows, &keys()), expected);
    }

    #[test]
    fn documents_sets_binary_and_null_have_readable_cells() {
        let rows = vec![Item::from([
            ("PK".to_owned(), AttrValue::s("P")),
            ("b".to_owned(), AttrValue::B(vec![1, 2, 3])),
            (
                "m".to_owned(),
                AttrValue::M(BTreeMap::from([("x".to_owned(), AttrValue::Null)])),
            ),
            ("n".to_owned(), AttrValue::Null),
            ("t".to_owned(), AttrValue::Bool(true)),
            (
                "ss".to_owned(),
                AttrValue::Ss(["a".to_owned(), "b".to_owned()].into_iter().collect()),
            ),
        ])];
        let text = render_table(&rows, &keys());
        let second_line = text.lines().nth(1).expect("one row");
        assert_eq!(
            second_line,
            r#"P   AQID  {"x":null}  null  ["a","b"]  true"#
        );
    }

    #[test]
    fn wide_characters_are_aligned_by_display_width_and_cut_at_forty_columns() {
        let rows = vec![
            Item::from([
                ("PK".to_owned(), AttrValue::s("日本語")),
                ("x".to_owned(), AttrValue::s("1")),
            ]),
            Item::from([
                ("PK".to_owned(), AttrValue::s("abc")),
                ("x".to_owned(), AttrValue::s("漢".repeat(30))),
            ]),
        ];
        let text = render_table(&rows, &keys());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "PK      x");
        assert_eq!(lines[1], "日本語  1");
        // 19 double-width characters (38 columns) plus the ellipsis fit in 40 columns.
        assert_eq!(lines[2], format!("abc     {}…", "漢".repeat(19)));
    }

    #[test]
    fn hostile_values_and_names_are_escaped_and_long_values_cut() {
        let rows = vec![Item::from([
            ("PK".to_owned(), AttrValue::s("\u{1b}]0;owned\u{7}")),
            ("x\ny".to_owned(), AttrValue::s("a".repeat(100))),
            (
                "m".to_owned(),
                AttrValue::L(vec![AttrValue::s("\u{9b}31m")]),
            ),
        ])];
        let text = render_table(&rows, &keys());
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{text:?}"
        );
        assert!(text.contains("\\x1b]0;owned\\x07"), "{text}");
        assert!(text.contains("x\\ny"), "{text}");
        assert!(text.contains(&format!("{}…", "a".repeat(39))), "{text}");
        assert!(text.contains(r#"["\u009b31m"]"#), "{text}");
    }

    proptest::proptest! {
        #[test]
        fn any_rows_render_one_clean_line_each(
            rows in proptest::collection::vec(
                proptest::collection::btree_map(
                    proptest::prelude::any::<String>(),
                    proptest::prelude::any::<String>().prop_map(AttrValue::S),
                    0..4,
                ),
                1..5,
            ),
        ) {
            let text = render_table(&rows, &keys());
            proptest::prop_assert_eq!(text.lines().count(), rows.len() + 1);
            proptest::prop_assert!(
                !text.chars().any(|c| c.is_control() && c != '\n'),
                "{:?}", text
            );
        }
    }
}
