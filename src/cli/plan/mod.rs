//! Pure planning: command-line arguments + the table's description → wire-form requests, with
//! every check that can be made locally done before anything is sent.

mod get;
mod query;
mod raw;
mod scan;

pub use get::plan_get;
pub use query::{plan_query, plan_query_as_written};
pub use scan::{check_segments, plan_scan};

use super::args::ReadOptions;
use super::error::CliError;
use crate::domain::schema::{IndexKind, KeySchema, TableDescription};

/// The table name from `--table`/`DDBX_TABLE`, checked against DynamoDB's naming rules
/// (3–255 characters of `a-z A-Z 0-9 _ . -`) so a typo is caught before connecting.
pub fn require_table(table: Option<&str>) -> Result<&str, CliError> {
    let name = match table {
        Some(name) if !name.is_empty() => name,
        _ => {
            return Err(CliError::usage(
                "no table given: pass --table T or set DDBX_TABLE (`ddbx tables` lists the tables)",
            ));
        }
    };
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-');
    if !(3..=255).contains(&name.len()) || !name.chars().all(allowed) {
        return Err(CliError::usage(format!(
            "--table {name:?}: not a valid DynamoDB table name (3 to 255 characters of a-z, A-Z, 0-9, _ . -); \
             `ddbx tables` lists the tables"
        )));
    }
    Ok(name)
}

/// DynamoDB's `Limit` is a signed 32-bit integer.
const MAX_LIMIT: u32 = i32::MAX as u32;

/// Checks `--limit` and `--max-items`, which need no table description.
pub fn check_read_limits(read: &ReadOptions) -> Result<(), CliError> {
    if read.limit == Some(0) {
        return Err(CliError::usage(
            "--limit 0: the page size must be at least 1 (--limit is DynamoDB's Limit per request)",
        ));
    }
    if let Some(limit) = read.limit.filter(|&limit| limit > MAX_LIMIT) {
        return Err(CliError::usage(format!(
            "--limit {limit}: DynamoDB's page size is at most {MAX_LIMIT} (a page also stops at 1 MB)"
        )));
    }
    if read.max_items == Some(0) {
        return Err(CliError::usage(
            "--max-items 0: must be at least 1 (leave it out to read every page)",
        ));
    }
    Ok(())
}

/// DynamoDB's `Limit` for a read. The user's `--limit` when given. Otherwise, without a filter,
/// `--max-items` is enough: every item read is printed, so reading more (up to 1 MB a page)
/// would only cost capacity. With a filter the server decides how many match, so no limit.
fn page_limit(read: &ReadOptions) -> Option<u32> {
    match (read.limit, read.max_items, &read.filter) {
        (Some(limit), _, _) => Some(limit),
        (None, Some(max_items), None) => {
            Some(u32::try_from(max_items).map_or(MAX_LIMIT, |n| n.min(MAX_LIMIT)))
        }
        _ => None,
    }
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
            "--index {name}: this index has a key shape ddbx cannot query (a vector index, or a HASH listed after a RANGE)"
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
        KeySchema::new(
            KeyAttribute::new(partition.0, partition.1),
            sort.map(|(name, value_type)| KeyAttribute::new(name, value_type)),
        )
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
        assert_eq!(require_table(Some("my-table_v2.0")), Ok("my-table_v2.0"));
    }

    #[test]
    fn an_invalid_table_name_is_refused_before_connecting() {
        let too_long = "t".repeat(256);
        for name in [
            "ab",
            "orders table",
            "ÄÖÜ-table",
            "a/b/c",
            too_long.as_str(),
        ] {
            let Err(CliError::Usage(message)) = require_table(Some(name)) else {
                panic!("expected a usage error for {name:?}");
            };
            assert!(
                message.contains("not a valid DynamoDB table name"),
                "{message}"
            );
        }
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
        let huge = ReadOptions {
            limit: Some(u32::MAX),
            ..ReadOptions::default()
        };
        assert!(
            matches!(check_read_limits(&huge), Err(CliError::Usage(m)) if m.contains("at most 2147483647"))
        );
    }

    #[test]
    fn max_items_bounds_the_page_size_only_without_a_filter_or_explicit_limit() {
        let read = |limit, max_items, filter: Option<&str>| ReadOptions {
            limit,
            max_items,
            filter: filter.map(str::to_owned),
            ..ReadOptions::default()
        };
        assert_eq!(page_limit(&read(None, None, None)), None);
        assert_eq!(page_limit(&read(None, Some(5), None)), Some(5));
        assert_eq!(page_limit(&read(Some(100), Some(5), None)), Some(100));
        assert_eq!(page_limit(&read(None, Some(5), Some("a = 1"))), None);
        assert_eq!(page_limit(&read(Some(3), Some(5), Some("a = 1"))), Some(3));
        assert_eq!(
            page_limit(&read(None, Some(u64::MAX), None)),
            Some(MAX_LIMIT)
        );
        assert_eq!(
            page_limit(&read(None, Some(1 << 40), None)),
            Some(MAX_LIMIT)
        );
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
