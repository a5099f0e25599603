//! The statements: a relation of the export's items (DuckDB `read_json_objects` over the files;
//! Athena an external table over them, the JSON SerDe for AWS's `{"Item": …}` lines), then one
//! view per entity selecting its items by the learned tests, with the table's keys, the labelled
//! key parts and every attribute as typed columns. Numbers are DECIMAL(38, s), s the most
//! decimals the items read have: a number with more decimals is rounded to s, and one with more
//! than 38 - s integer digits reads as NULL (TRY_CAST), which the header says.

use std::fmt::Write as _;

use super::learn::{Column, EntityView, KeyPartColumn, Learned, PRECISION, Test};
use super::quote::{identifier, literal, pointer, snake};
use crate::domain::entity::TYPE_ATTRIBUTES;

/// The engine the SQL is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    DuckDb,
    Athena,
}

/// How the export's lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `{"Item": {…}}` a line, as AWS's Export to S3 writes.
    Wrapped,
    /// One DynamoDB JSON item a line, as `ddbx export --format ddb` writes.
    Bare,
}

/// The name of the relation holding every item.
pub const ITEMS: &str = "ddbx_items";

/// Where the data is, how it is laid out, and what it was learned from (for the header).
pub struct Source<'a> {
    pub location: &'a str,
    pub layout: Layout,
    pub learned_from: &'a str,
}

/// Every statement, `;`-terminated, with comments saying what was learned.
#[must_use]
pub fn render(learned: &Learned, engine: Engine, source: &Source<'_>) -> String {
    let mut out = header(learned, source);
    out.push_str(&items_relation(engine, source));
    let mut names = std::collections::BTreeSet::new();
    for entity in &learned.entities {
        // Two entities whose names read alike in Athena's alphabet get views of their own.
        let base = snake(&entity.name);
        let name = (1..)
            .map(|n| {
                if n == 1 {
                    base.clone()
                } else {
                    format!("{base}_{n}")
                }
            })
            .find(|name| names.insert(name.clone()))
            .unwrap_or(base);
        out.push('\n');
        out.push_str(&view(learned, entity, (engine, &name)));
    }
    out
}

fn header(learned: &Learned, source: &Source<'_>) -> String {
    let mut out = format!(
        "-- ddbx sql-views: {} entities learned from {} items of {}.\n",
        learned.entities.len(),
        learned.items,
        clean(source.learned_from)
    );
    out.push_str(
        "-- Numbers are DECIMAL(38, s), s the most decimals read of the attribute: more decimals \
         are rounded to s,\n-- more than 38 - s integer digits read as NULL; numbers no DECIMAL \
         holds are kept as VARCHAR.\n",
    );
    if learned.unknown > 0 {
        let _ = writeln!(
            out,
            "-- {} items read have no entity and are in no view (query {ITEMS} for them).",
            learned.unknown
        );
    }
    if learned.misplaced > 0 {
        let _ = writeln!(
            out,
            "-- warning: {} items read would be in another entity's view than their own (or in \
             none): the key prefixes do not tell those entities apart.",
            learned.misplaced
        );
    }
    out
}

/// `text` with control characters replaced, for a comment.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

fn items_relation(engine: Engine, source: &Source<'_>) -> String {
    let location = literal(source.location);
    match (engine, source.layout) {
        (Engine::DuckDb, layout) => {
            let item = match layout {
                Layout::Wrapped => "json -> '/Item'",
                Layout::Bare => "json",
            };
            format!(
                "CREATE OR REPLACE VIEW {ITEMS} AS\nSELECT {item} AS item\nFROM \
                 read_json_objects({location}, format = 'newline_delimited');\n"
            )
        }
        (Engine::Athena, Layout::Wrapped) => format!(
            "CREATE EXTERNAL TABLE IF NOT EXISTS {ITEMS} (item string)\nROW FORMAT SERDE \
             'org.openx.data.jsonserde.JsonSerDe'\nLOCATION {location};\n"
        ),
        (Engine::Athena, Layout::Bare) => format!(
            "CREATE EXTERNAL TABLE IF NOT EXISTS {ITEMS} (item string)\nROW FORMAT DELIMITED \
             FIELDS TERMINATED BY '\\001'\nLOCATION {location};\n"
        ),
    }
}

/// How one engine reads a typed value of an attribute.
struct Reader {
    engine: Engine,
}

impl Reader {
    /// The text under `tag` of attribute `name` (`->>` / `json_extract_scalar`).
    fn scalar(&self, name: &str, tag: &str) -> String {
        match self.engine {
            Engine::DuckDb => format!("(item -> {} ->> '/{tag}')", literal(&pointer(name))),
            Engine::Athena => format!(
                "json_extract_scalar(element_at(m, {}), '$.{tag}')",
                literal(name)
            ),
        }
    }

    /// The JSON under `tag` (or the whole typed value for `None`).
    fn json(&self, name: &str, tag: Option<&str>) -> String {
        match (self.engine, tag) {
            (Engine::DuckDb, Some(tag)) => {
                format!("(item -> {} -> '/{tag}')", literal(&pointer(name)))
            }
            (Engine::DuckDb, None) => format!("(item -> {})", literal(&pointer(name))),
            (Engine::Athena, Some(tag)) => {
                format!("json_extract(element_at(m, {}), '$.{tag}')", literal(name))
            }
            (Engine::Athena, None) => format!("element_at(m, {})", literal(name)),
        }
    }

    fn list(&self, json: String, element: &str) -> String {
        match self.engine {
            Engine::DuckDb => format!("CAST({json} AS {element}[])"),
            Engine::Athena => format!("CAST({json} AS ARRAY({element}))"),
        }
    }

    fn column(&self, name: &str, column: Column) -> String {
        let decimal = |scale: u32| format!("DECIMAL({PRECISION}, {scale})");
        match column {
            Column::Text | Column::NumberText => {
                self.scalar(name, if column == Column::Text { "S" } else { "N" })
            }
            Column::Number { scale } => {
                format!("TRY_CAST({} AS {})", self.scalar(name, "N"), decimal(scale))
            }
            Column::Bool => format!("CAST({} AS BOOLEAN)", self.scalar(name, "BOOL")),
            Column::Binary => self.scalar(name, "B"),
            Column::TextSet => {
                let tag = "SS";
                let json = self.json(name, Some(tag));
                // A number set too wide for one DECIMAL is kept as its numbers' text.
                let json = format!("COALESCE({json}, {})", self.json(name, Some("NS")));
                self.list(json, "VARCHAR")
            }
            Column::NumberSet { scale } => self.list(self.json(name, Some("NS")), &decimal(scale)),
            Column::BinarySet => self.list(self.json(name, Some("BS")), "VARCHAR"),
            Column::Json(tag) => self.json(name, Some(tag)),
            Column::Mixed => self.json(name, None),
        }
    }

    fn key_part(&self, part: &KeyPartColumn) -> String {
        let separator = literal(&part.separator.to_string());
        format!(
            "split_part({}, {separator}, {})",
            self.scalar(&part.attribute, "S"),
            part.position + 1
        )
    }

    fn test(&self, test: &Test) -> String {
        match test {
            Test::Starts { attribute, prefix } => format!(
                "starts_with({}, {})",
                self.scalar(attribute, "S"),
                literal(prefix)
            ),
            Test::Equals { attribute, value } => {
                format!("{} = {}", self.scalar(attribute, "S"), literal(value))
            }
            Test::NoTypeAttribute => {
                let typed: Vec<String> = TYPE_ATTRIBUTES
                    .iter()
                    .map(|name| format!("COALESCE({} <> '', false)", self.scalar(name, "S")))
                    .collect();
                format!("NOT ({})", typed.join(" OR "))
            }
        }
    }
}

/// A column's name in the view: as the table names it for DuckDB, in Athena's alphabet there.
fn column_name(engine: Engine, name: &str) -> String {
    match engine {
        Engine::DuckDb => identifier(name),
        Engine::Athena => identifier(&snake(name)),
    }
}

/// The view of `entity`, named `view_name` (a name of Athena's alphabet).
fn view(learned: &Learned, entity: &EntityView, (engine, view_name): (Engine, &str)) -> String {
    let reader = Reader { engine };
    let mut columns: Vec<(String, String)> = Vec::new();
    for name in learned.key.names() {
        columns.push((name.to_owned(), reader.scalar(name, "S")));
    }
    for part in &entity.key_parts {
        // A part named like an attribute is named by its key too: `SK.orderId`.
        let taken = entity.attributes.contains_key(&part.label)
            || learned.key.names().any(|name| name == part.label);
        let name = if taken {
            format!("{}.{}", part.attribute, part.label)
        } else {
            part.label.clone()
        };
        columns.push((name, reader.key_part(part)));
    }
    let mut notes = Vec::new();
    for (name, column) in &entity.attributes {
        if *column == Column::NumberText {
            notes.push(format!(
                "-- {}: numbers no DECIMAL(38, s) holds exactly, kept as VARCHAR",
                clean(name)
            ));
        }
        columns.push((name.clone(), reader.column(name, *column)));
    }
    let mut seen = std::collections::BTreeSet::new();
    let select: Vec<String> = columns
        .into_iter()
        .filter(|(name, _)| seen.insert(column_name(engine, name)))
        .map(|(name, expression)| format!("  {expression} AS {}", column_name(engine, &name)))
        .collect();
    let rules: Vec<String> = entity
        .rules
        .iter()
        .map(|rule| {
            let tests: Vec<String> = rule.iter().map(|test| reader.test(test)).collect();
            format!(
                "({})",
                if tests.is_empty() {
                    "true".to_owned()
                } else {
                    tests.join(" AND ")
                }
            )
        })
        .collect();
    let from = match engine {
        Engine::DuckDb => ITEMS.to_owned(),
        Engine::Athena => {
            format!("(SELECT CAST(json_parse(item) AS MAP(VARCHAR, JSON)) AS m FROM {ITEMS})")
        }
    };
    let mut out = format!("-- {}: {} items read\n", clean(&entity.name), entity.count);
    for note in notes {
        out.push_str(&note);
        out.push('\n');
    }
    let _ = write!(
        out,
        "CREATE OR REPLACE VIEW {} AS\nSELECT\n{}\nFROM {from}\nWHERE {};\n",
        identifier(view_name),
        select.join(",\n"),
        rules.join("\n   OR ")
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::entity::EntityDecoder;
    use crate::domain::model::Model;
    use crate::domain::number::Number;
    use crate::domain::schema::{KeyAttribute, KeySchema};
    use crate::domain::sql_views::learn;
    use crate::domain::value::{AttrValue, Item, ValueType};

    fn key() -> KeySchema {
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        )
    }

    fn order(n: u32, hostile: &str) -> Item {
        let number = |text: &str| AttrValue::N(Number::parse(text).expect("number"));
        Item::from([
            ("PK".to_owned(), AttrValue::s(format!("USER#u{n}"))),
            (
                "SK".to_owned(),
                AttrValue::s(format!("ORDER#2026-07-0{n}#o{n}")),
            ),
            ("total".to_owned(), number(&format!("{n}.25"))),
            (hostile.to_owned(), AttrValue::s("x")),
        ])
    }

    /// An Order decoded by a model (its key parts labelled), with an attribute whose name tries
    /// to end the literal and the statement, and one with a control character.
    fn learned() -> Learned {
        let model = Model::parse(
            "[[entity]]\nname = \"Order\"\npk = \"USER#{userId}\"\nsk = \"ORDER#{orderDate}#{orderId}\"\n",
            "m.toml",
        )
        .expect("model");
        let items = [order(1, "x'); DROP TABLE t; --"), order(2, "a\"b\nc")];
        learn(&items, &key(), &EntityDecoder::with_model(model))
    }

    #[test]
    fn model_key_parts_become_columns_and_every_item_lands_in_its_view() {
        let learned = learned();
        let [order] = learned.entities.as_slice() else {
            panic!("{:?}", learned.entities)
        };
        let labels: Vec<&str> = order
            .key_parts
            .iter()
            .map(|part| part.label.as_str())
            .collect();
        assert_eq!(labels, ["orderDate", "orderId", "userId"]);
        assert_eq!(order.attributes["total"], Column::Number { scale: 2 });
        assert_eq!(learned.misplaced, 0);
    }

    fn source(layout: Layout) -> Source<'static> {
        Source {
            location: "s3://bucket/export/data/",
            layout,
            learned_from: "orders.jsonl",
        }
    }

    #[test]
    fn athena_statements_for_an_aws_export() {
        let sql = render(&learned(), Engine::Athena, &source(Layout::Wrapped));
        assert!(!sql.chars().any(|c| c.is_control() && c != '\n'), "{sql}");
        insta::assert_snapshot!(sql);
    }

    #[test]
    fn hostile_names_stay_inside_their_literals_and_identifiers() {
        for engine in [Engine::DuckDb, Engine::Athena] {
            let sql = render(&learned(), engine, &source(Layout::Bare));
            // Outside literals and quoted identifiers, no statement ends but the views'.
            let mut outside = String::new();
            let (mut in_literal, mut in_identifier) = (false, false);
            for c in sql
                .lines()
                .filter(|line| !line.starts_with("--"))
                .flat_map(|line| line.chars().chain(['\n']))
            {
                match c {
                    '\'' if !in_identifier => in_literal = !in_literal,
                    '"' if !in_literal => in_identifier = !in_identifier,
                    c if !in_literal && !in_identifier => outside.push(c),
                    _ => {}
                }
            }
            assert!(!in_literal && !in_identifier, "{sql}");
            assert_eq!(outside.matches(';').count(), 2, "{engine:?}: {outside}");
            assert!(!outside.contains("DROP"), "{outside}");
            assert!(sql.contains("x''); DROP TABLE t; --'"), "{sql}");
            assert!(sql.contains("chr(10)"), "{sql}");
        }
    }
}
