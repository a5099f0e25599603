//! Query over a table or an index: chooses the rows (partition, sort-key range, cursor), the
//! view of each row (index projection) and hands them to [`super::page`]. The pieces shared with
//! Scan ([`super::scan`]) live here too.

use std::ops::Bound;

use crate::backend::{BackendError, Select};
use crate::domain::schema::{IndexKind, IndexSchema, KeySchema, Projection};
use crate::domain::value::{Item, item_size};

use super::codec::{KeyParts, StoredItem};
use super::index_keys::projected_by;
use super::key::{PartitionSlot, ScalarKey};
use super::page::{PageRules, RawPage, RowRef, collect};
pub use super::range::{KeyRange, SortCondition};
use super::range::{check_key_types, partition_bounds};
use super::rows::{Edge, IndexRow, IndexTie, PrimaryKey, TableRow};
use super::table::TableData;

/// Where a read goes and how it pages.
pub struct ReadTarget<'a> {
    pub index: Option<&'a str>,
    pub start_key: Option<&'a Item>,
    pub select: Select,
    /// True when the request has a ProjectionExpression (an LSI then fetches from the table).
    pub has_projection: bool,
    pub consistent_read: bool,
}

pub(super) fn invalid(message: impl Into<String>) -> BackendError {
    BackendError::Validation(message.into())
}

/// The resolved read source: the table, or one of its indexes.
pub(super) enum Source<'t> {
    Table,
    Index(&'t IndexSchema, &'t super::table::IndexData),
}

pub(super) fn source<'t>(
    table: &'t TableData,
    target: &ReadTarget<'_>,
) -> Result<Source<'t>, BackendError> {
    let Some(name) = target.index else {
        if target.select == Select::AllProjectedAttributes {
            return Err(invalid(
                "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
            ));
        }
        return Ok(Source::Table);
    };
    let (schema, data) = table.index(name).ok_or_else(|| {
        invalid(format!(
            "The table does not have the specified index: {name}"
        ))
    })?;
    if schema.kind == IndexKind::Global {
        if target.consistent_read {
            return Err(invalid(
                "Consistent reads are not supported on global secondary indexes",
            ));
        }
        if target.select == Select::AllAttributes && schema.projection != Projection::All {
            return Err(invalid(format!(
                "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index {name} because its projection type is not ALL"
            )));
        }
    }
    Ok(Source::Index(schema, data))
}

/// The names a cursor holds: table key, plus the index key for an index.
pub(super) fn cursor_names(table_key: &KeySchema, index: Option<&IndexSchema>) -> Vec<String> {
    let mut names: Vec<String> = table_key.names().map(str::to_owned).collect();
    if let Some(index) = index {
        for name in index.key.names() {
            if !names.iter().any(|known| known == name) {
                names.push(name.to_owned());
            }
        }
    }
    names
}

/// Converts an ExclusiveStartKey into the row it names, checking its shape.
pub(super) fn start_part(
    key: &Item,
    attribute: &crate::domain::schema::KeyAttribute,
) -> Result<ScalarKey, BackendError> {
    key.get(&attribute.name)
        .filter(|value| value.value_type() == attribute.value_type)
        .and_then(ScalarKey::from_value)
        .ok_or_else(bad_start_key)
}

pub(super) fn bad_start_key() -> BackendError {
    invalid(
        "The provided starting key is invalid: The provided key element does not match the schema",
    )
}

pub(super) fn start_table_key(
    table_key: &KeySchema,
    key: &Item,
) -> Result<PrimaryKey, BackendError> {
    Ok(PrimaryKey {
        partition: start_part(key, &table_key.partition)?,
        sort: table_key
            .sort
            .as_ref()
            .map(|attribute| start_part(key, attribute))
            .transpose()?,
    })
}

pub(super) fn check_start_shape(names: &[String], key: &Item) -> Result<(), BackendError> {
    if key.len() != names.len() || !names.iter().all(|name| key.contains_key(name)) {
        return Err(bad_start_key());
    }
    Ok(())
}

pub(super) fn start_index_row(
    table_key: &KeySchema,
    index: &IndexSchema,
    key: &Item,
) -> Result<IndexRow, BackendError> {
    let primary = start_table_key(table_key, key)?;
    let part = |attributes: Vec<&crate::domain::schema::KeyAttribute>| {
        attributes
            .into_iter()
            .map(|attribute| start_part(key, attribute))
            .collect::<Result<Vec<_>, _>>()
            .map(ScalarKey::of_part)
    };
    let partition = part(index.key.partition_attributes().collect())?;
    let sort = match &index.key.sort {
        Some(_) => Some(part(index.key.sort_attributes().collect())?),
        None => None,
    };
    Ok(IndexRow::of(index.kind, partition, sort, primary))
}

fn decode(table: &TableData, row: RowRef<'_>) -> Result<Item, BackendError> {
    let parts = KeyParts {
        schema: &table.description.key,
        partition: row.partition,
        sort: row.sort,
    };
    row.stored
        .decode(parts, &table.names)
        .map_err(|_| corrupt())
}

pub(super) fn corrupt() -> BackendError {
    BackendError::Service {
        code: "InternalServerError".into(),
        message: "a stored item could not be decoded".into(),
    }
}

/// How an index row is seen: projected for a GSI (or an LSI without fetch), full otherwise.
pub(super) fn index_view<'a>(
    table: &'a TableData,
    index: &'a IndexSchema,
    fetch: bool,
) -> impl Fn(RowRef<'_>) -> Result<(Item, usize), BackendError> + 'a {
    let table_key = &table.description.key;
    move |row| {
        if fetch || index.projection == Projection::All {
            return Ok((decode(table, row)?, row.stored.size()));
        }
        let parts = KeyParts {
            schema: table_key,
            partition: row.partition,
            sort: row.sort,
        };
        let projected = row
            .stored
            .decode_only(parts, &table.names, |name| {
                projected_by(index, table_key, name)
            })
            .map_err(|_| corrupt())?;
        let size = item_size(&projected);
        Ok((projected, size))
    }
}

pub(super) fn table_view(
    table: &TableData,
) -> impl Fn(RowRef<'_>) -> Result<(Item, usize), BackendError> + '_ {
    move |row| Ok((decode(table, row)?, row.stored.size()))
}

/// A table row as the page reader sees it.
pub(super) fn table_row<'r>((row, stored): (&'r TableRow, &'r StoredItem)) -> Option<RowRef<'r>> {
    Some(RowRef {
        partition: row.partition_value()?,
        sort: row.sort_value(),
        stored,
    })
}

/// An index row as the page reader sees it: the table key comes from the row's tie-breaker.
pub(super) fn index_row<'r>((row, stored): (&'r IndexRow, &'r StoredItem)) -> Option<RowRef<'r>> {
    let key = row.table_key()?;
    Some(RowRef {
        partition: &key.partition,
        sort: key.sort.as_ref(),
        stored,
    })
}

/// LSIs fetch non-projected attributes from the table when asked for them; GSIs never do.
pub(super) fn lsi_fetches(index: &IndexSchema, target: &ReadTarget<'_>) -> bool {
    index.kind == IndexKind::Local
        && (target.select == Select::AllAttributes || target.has_projection)
}

/// One Query page.
pub fn query(
    table: &TableData,
    range: &KeyRange,
    forward: bool,
    target: &ReadTarget<'_>,
    mut rules: PageRules<'_>,
) -> Result<RawPage, BackendError> {
    let table_key = &table.description.key;
    let source = source(table, target)?;
    let key_schema = match &source {
        Source::Table => table_key,
        Source::Index(schema, _) => &schema.key,
    };
    check_key_types(key_schema, range)?;
    let slot = PartitionSlot::new(range.partition.clone());
    let outside = || {
        invalid(
            "The provided starting key is outside query boundaries based on provided conditions",
        )
    };
    let predicate = || invalid("The provided starting key does not match the range key predicate");
    match source {
        Source::Table => {
            rules.cursor_names = cursor_names(table_key, None);
            let (mut low, mut high) = partition_bounds::<()>(&slot, range.sort.as_ref());
            if let Some(start) = target.start_key {
                check_start_shape(&rules.cursor_names, start)?;
                let key = start_table_key(table_key, start)?;
                if key.partition != range.partition {
                    return Err(outside());
                }
                if let (Some(condition), Some(sort)) = (&range.sort, &key.sort)
                    && !condition.matches(sort)
                {
                    return Err(predicate());
                }
                let row = TableRow::of(&key);
                if forward {
                    low = Bound::Excluded(row)
                } else {
                    high = Bound::Excluded(row)
                }
            }
            let rows = table.rows.range((low, high));
            let view = table_view(table);
            if forward {
                collect(rows.filter_map(table_row), &view, &rules)
            } else {
                collect(rows.rev().filter_map(table_row), &view, &rules)
            }
        }
        Source::Index(schema, data) => {
            rules.cursor_names = cursor_names(table_key, Some(schema));
            let (mut low, mut high) =
                partition_bounds::<Edge<IndexTie>>(&slot, range.sort.as_ref());
            if let Some(start) = target.start_key {
                check_start_shape(&rules.cursor_names, start)?;
                let row = start_index_row(table_key, schema, start)?;
                if row.partition_value() != Some(&range.partition) {
                    return Err(outside());
                }
                if let (Some(condition), Some(sort)) = (&range.sort, row.sort_value())
                    && !condition.matches(sort)
                {
                    return Err(predicate());
                }
                if forward {
                    low = Bound::Excluded(row)
                } else {
                    high = Bound::Excluded(row)
                }
            }
            let view = index_view(table, schema, lsi_fetches(schema, target));
            let rows = data.rows.range((low, high));
            let check = range.sort.as_ref().filter(|sort| sort.needs_row_check());
            let in_range = |entry: &(&IndexRow, _)| {
                check.is_none_or(|sort| entry.0.sort_value().is_some_and(|v| sort.matches(v)))
            };
            if forward {
                collect(rows.filter(in_range).filter_map(index_row), &view, &rules)
            } else {
                collect(
                    rows.rev().filter(in_range).filter_map(index_row),
                    &view,
                    &rules,
                )
            }
        }
    }
}
