//! Pure planning: command-line arguments + the table's description → wire-form requests, with
//! every check that can be made locally done before anything is sent.

mod get;
mod query;
mod scan;

pub use get::plan_get;
pub use query::plan_query;
pub use scan::{check_segments, plan_scan};

use super::args::ReadOptions;
use super::error::CliError;
use crate::domain::schema::{IndexKind, KeySchema, TableDescription};

/// Checks made from the arguments alone, before connecting: a missing table, a zero page size.
pub fn require_table(table: Option<&str>) -> Result<&str, CliError> {
    match table {
        Some(name) if !name.is_empty() => Ok(name),
        _ => Err(CliError::usage(
            "no table given: pass --table T or set DDBX_TABLE (`ddbx tables` lists the tables)",
        )),
    }
}

/// Checks `--limit` and `--max-items`, which need no table description.
pub fn check_read_limits(read: &ReadOptions) -> Result<(), CliError> {
    if read.limit == Some(0) {
        return Err(CliError::usage(
            "--limit 0: the page size must be at least 1 (--limit is DynamoDB's Limit per request)",
        ));
    }
    if read.max_items == Some(0) {
        return Err(CliError::usage(
            "--max-items 0: must be at least 1 (leave it out to read every page)",
        ));
    }
    Ok(())
}

/// The table or index a read targets, resolved against the description.
struct Target<'a> {
    index: Option<&'a str>,
    kind: Option<IndexKind>,
    key: &'a KeySchema,
    /// `table T` or `index X of table T`, for messages.
    label: String,
}

fn resolve_target<'a>(
    table: &'a TableDescription,
    index: Option<&'a str>,
) -> Result<Target<'a>, CliError> {
    let Some(name) = index else {
        return Ok(Target {
            index: None,
            kind: None,
            key: &table.key,
            label: format!("table `{}`", table.name),
        });
    };
    if let Some(index) = table.index(name) {
        return Ok(Target {
            index: Some(name),
            kind: Some(index.kind),
            key: &index.key,
            label: format!("index `{name}` of table `{}`", table.name),
        });
    }
    if table.unsupported_indexes.iter().any(|other| other == name) {
        return Err(CliError::usage(format!(
            "--index {name}: this index has a key shape ddbx cannot query yet (multi-attribute keys)"
        )));
    }
    let known: Vec<&str> = table
        .indexes
        .iter()
        .map(|index| index.name.as_str())
        .collect();
    let choices = if known.is_empty() {
        "it has no secondary indexes".to_owned()
    } else {
        format!("its indexes are: {}", known.join(", "))
    };
    Err(CliError::usage(format!(
        "--index {name}: table `{}` has no index named `{name}`; {choices}",
        table.name
    )))
}

#[cfg(test)]
pub(crate) mod fixtures {
    use crate::domain::schema::{
        IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
    };
    use crate::domain::value::ValueType;

    fn key(partition: (&str, ValueType), sort: Option<(&str, ValueType)>) -> KeySchema {
        KeySchema {
            partition: KeyAttribute::new(partition.0, partition.1),
            sort: sort.map(|(name, value_type)| KeyAttribute::new(name, value_type)),
        }
    }

    fn index(name: &str, kind: IndexKind, key: KeySchema) -> IndexSchema {
        IndexSchema {
            name: name.to_owned(),
            kind,
            key,
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        }
    }

    /// A single-table design: PK/SK strings, GSI1 (S/S), LSI1 on a numeric sort key, and a
    /// hash-only GSI on a number.
    pub fn single_table() -> TableDescription {
        let mut table =
            TableDescription::new("app", key(("PK", ValueType::S), Some(("SK", ValueType::S))));
        table.indexes = vec![
            index(
                "GSI1",
                IndexKind::Global,
                key(("GSI1PK", ValueType::S), Some(("GSI1SK", ValueType::S))),
            ),
            index(
                "LSI1",
                IndexKind::Local,
                key(("PK", ValueType::S), Some(("amount", ValueType::N))),
            ),
            index(
                "ByNumber",
                IndexKind::Global,
                key(("num", ValueType::N), None),
            ),
        ];
        table
    }

    /// A hash-only table keyed by a number.
    pub fn hash_only_numeric() -> TableDescription {
        TableDescription::new("counters", key(("id", ValueType::N), None))
    }

    /// A table keyed by binary partition and sort keys.
    pub fn binary_keys() -> TableDescription {
        TableDescription::new("blobs", key(("h", ValueType::B), Some(("r", ValueType::B))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_empty_table_name_says_how_to_give_one() {
        for table in [None, Some("")] {
            let Err(CliError::Usage(message)) = require_table(table) else {
                panic!("expected a usage error for {table:?}");
            };
            assert!(message.contains("--table"), "{message}");
            assert!(message.contains("DDBX_TABLE"), "{message}");
        }
        assert_eq!(require_table(Some("app")), Ok("app"));
    }

    #[test]
    fn zero_page_size_or_item_cap_is_refused() {
        let limit = ReadOptions {
            limit: Some(0),
            ..ReadOptions::default()
        };
        assert!(
            matches!(check_read_limits(&limit), Err(CliError::Usage(m)) if m.contains("--limit 0"))
        );
        let max_items = ReadOptions {
            max_items: Some(0),
            ..ReadOptions::default()
        };
        assert!(
            matches!(check_read_limits(&max_items), Err(CliError::Usage(m)) if m.contains("--max-items 0"))
        );
        let fine = ReadOptions {
            limit: Some(1),
            max_items: Some(1),
            ..ReadOptions::default()
        };
        assert_eq!(check_read_limits(&fine), Ok(()));
    }

    #[test]
    fn an_unknown_index_lists_the_indexes_that_exist() {
        let table = fixtures::single_table();
        let Err(CliError::Usage(message)) = resolve_target(&table, Some("GSI9")) else {
            panic!("expected a usage error");
        };
        assert!(message.contains("no index named `GSI9`"), "{message}");
        assert!(message.contains("GSI1, LSI1, ByNumber"), "{message}");

        let bare = fixtures::hash_only_numeric();
        let Err(CliError::Usage(message)) = resolve_target(&bare, Some("GSI1")) else {
            panic!("expected a usage error");
        };
        assert!(message.contains("it has no secondary indexes"), "{message}");
    }

    #[test]
    fn an_index_resolves_to_its_own_key_schema() {
        let table = fixtures::single_table();
        let target = resolve_target(&table, Some("GSI1")).expect("GSI1 exists");
        assert_eq!(target.key.partition.name, "GSI1PK");
        assert_eq!(target.kind, Some(IndexKind::Global));
        let target = resolve_target(&table, None).expect("the table");
        assert_eq!(target.key.partition.name, "PK");
        assert_eq!(target.index, None);
    }
}
