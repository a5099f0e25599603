//! Aligned columns for people: key attributes first, then every other attribute by name.
//! Cells are escaped (untrusted data); a value wider than a column wraps onto the next lines
//! inside its column, so every character of every value is shown and the columns stay aligned.

use std::collections::BTreeSet;

use unicode_width::UnicodeWidthStr;

use super::json_lines::plain_json_text;
use crate::domain::byte_scan::first_unprintable;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::plain_json::to_plain_json;
use crate::domain::schema::KeySchema;
use crate::domain::value::{AttrValue, Item};

/// Widest column, in terminal columns; longer cells wrap.
const MAX_CELL_WIDTH: usize = 40;
const GAP: &str = "  ";

/// What leads the table: the key attributes, then the entity each item decodes to.
#[derive(Clone, Debug, Default)]
pub struct Leading {
    pub key_columns: Vec<String>,
    /// Decodes each row's entity (the model's names, else ddbx's heuristics) under the table's
    /// key schema; `None` leaves the entity column out.
    pub entities: Option<(EntityDecoder, KeySchema)>,
}

/// The entity column's heading: `entity`, unless an item has an attribute of that name.
fn entity_heading(names: &[String]) -> &'static str {
    if names.iter().any(|name| name == "entity") {
        "(entity)"
    } else {
        "entity"
    }
}

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
        _ => plain_json_text(value),
    }
}

/// Terminal columns `text` takes (CJK and most emoji take two). Cells are escaped first, so
/// no control character is ever measured.
fn width(text: &str) -> usize {
    // Printable ASCII takes one column a byte; looking each character up costs far more.
    if is_printable_ascii(text) {
        return text.len();
    }
    UnicodeWidthStr::width(text)
}

fn is_printable_ascii(text: &str) -> bool {
    first_unprintable(text.as_bytes()).is_none()
}

/// `text` in pieces of at most [`MAX_CELL_WIDTH`] columns, in order; joined they are `text`.
/// Each piece is measured whole, as the terminal will draw it.
fn wrap(text: &str) -> Vec<String> {
    // Most cells fit, and printable ASCII takes a column a byte: measuring the piece again after
    // every character is only for the rest.
    if width(text) <= MAX_CELL_WIDTH {
        return vec![text.to_owned()];
    }
    if is_printable_ascii(text) {
        let chunks = text.as_bytes().chunks(MAX_CELL_WIDTH);
        return chunks
            .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
            .collect();
    }
    let mut pieces = vec![String::new()];
    for c in text.chars() {
        let Some(last) = pieces.last_mut() else {
            break;
        };
        last.push(c);
        if width(last) > MAX_CELL_WIDTH && last.chars().count() > 1 {
            last.pop();
            pieces.push(c.to_string());
        }
    }
    pieces
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

/// One row of cells, each cell as its wrapped pieces.
type Line = Vec<Vec<String>>;

/// Renders rows as a header plus one line per item (more when a value wraps).
#[must_use]
pub fn render_table(rows: &[Item], leading: &Leading) -> String {
    let names = columns(rows, &leading.key_columns);
    let keys = leading
        .key_columns
        .iter()
        .filter(|key| names.contains(key))
        .count();
    let entities: Option<Vec<String>> = leading.entities.as_ref().map(|(decoder, key)| {
        rows.iter()
            .map(|row| {
                decoder
                    .decode(row, key)
                    .map(|entity| escape_for_terminal(&entity.name).into_owned())
                    .unwrap_or_default()
            })
            .collect()
    });
    let entities = entities.filter(|names| names.iter().any(|name| !name.is_empty()));
    let mut header: Line = names
        .iter()
        .map(|name| wrap(&escape_for_terminal(name)))
        .collect();
    let mut body: Vec<Line> = rows
        .iter()
        .map(|row| {
            names
                .iter()
                .map(|name| wrap(&row.get(name).map(cell_text).unwrap_or_default()))
                .collect()
        })
        .collect();
    if let Some(entities) = entities {
        header.insert(keys, wrap(entity_heading(&names)));
        for (line, entity) in body.iter_mut().zip(entities) {
            line.insert(keys, wrap(&entity));
        }
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|column| {
            std::iter::once(&header)
                .chain(&body)
                .flat_map(|line| line[column].iter().map(|piece| width(piece)))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for line in std::iter::once(&header).chain(&body) {
        render_line(&mut out, line, &widths);
    }
    out
}

/// Appends one row: as many terminal lines as its tallest cell has pieces.
fn render_line(out: &mut String, line: &Line, widths: &[usize]) {
    let height = line.iter().map(Vec::len).max().unwrap_or(1);
    for row in 0..height {
        let mut text = String::new();
        for (column, cell) in line.iter().enumerate() {
            if column > 0 {
                text.push_str(GAP);
            }
            let piece = cell.get(row).map_or("", String::as_str);
            text.push_str(piece);
            let pad = widths[column].saturating_sub(width(piece));
            text.extend(std::iter::repeat_n(' ', pad));
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::Strategy as _;

    use super::*;
    use crate::domain::number::Number;

    fn keys() -> Leading {
        Leading {
            key_columns: vec!["PK".to_owned(), "SK".to_owned()],
            entities: None,
        }
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
    fn wide_characters_are_aligned_by_display_width_and_wrap_at_forty_columns() {
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
        // 20 double-width characters fill 40 columns; the other 10 go on the next line.
        assert_eq!(lines[2], format!("abc     {}", "漢".repeat(20)));
        assert_eq!(lines[3], format!("        {}", "漢".repeat(10)));
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn hostile_values_and_names_are_escaped_and_long_values_wrapped() {
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
        let a_column: String = text
            .lines()
            .flat_map(|line| line.split_whitespace().filter(|word| word.starts_with('a')))
            .collect();
        assert_eq!(a_column, "a".repeat(100), "{text}");
        assert!(!text.contains('…'), "{text}");
        assert!(text.contains(r#"["\u009b31m"]"#), "{text}");
    }

    #[test]
    fn the_entity_column_follows_the_keys_and_yields_its_name_to_an_attribute() {
        let key = crate::cli::plan::fixtures::single_table().key;
        let leading = Leading {
            key_columns: vec!["PK".to_owned(), "SK".to_owned()],
            entities: Some((EntityDecoder::new(), key)),
        };
        let order = Item::from([
            ("PK".to_owned(), AttrValue::s("ORDER#1")),
            ("SK".to_owned(), AttrValue::s("ITEM#2")),
            ("qty".to_owned(), AttrValue::n(3)),
        ]);
        let text = render_table(std::slice::from_ref(&order), &leading);
        assert_eq!(
            text.lines().next(),
            Some("PK       SK      entity      qty")
        );
        assert!(text.contains("ORDER#1  ITEM#2  Order›Item  3"), "{text}");

        let mut named = order;
        named.insert("entity".to_owned(), AttrValue::s("from the item"));
        let text = render_table(&[named], &leading);
        let header = text.lines().next().unwrap_or_default();
        assert!(
            header.starts_with("PK       SK      (entity)    entity"),
            "{text}"
        );
    }

    proptest::proptest! {
        #[test]
        fn wrapped_pieces_join_to_the_text_and_fit_the_column(text in ".{0,200}") {
            let pieces = wrap(&text);
            proptest::prop_assert_eq!(pieces.concat(), text);
            proptest::prop_assert!(pieces.iter().all(|piece| width(piece) <= MAX_CELL_WIDTH));
        }

        #[test]
        fn any_rows_render_clean_lines_at_least_one_each(
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
            let fits = rows.iter().flat_map(|row| row.iter()).all(|(name, value)| {
                wrap(&escape_for_terminal(name)).len() == 1 && wrap(&cell_text(value)).len() == 1
            });
            if fits {
                proptest::prop_assert_eq!(text.lines().count(), rows.len() + 1);
            } else {
                proptest::prop_assert!(text.lines().count() > rows.len() + 1);
            }
            proptest::prop_assert!(
                !text.chars().any(|c| c.is_control() && c != '\n'),
                "{:?}", text
            );
        }
    }
}
