//! Query and Scan over a table or an index: chooses the rows (partition, sort-key range, cursor,
//! segment), the view of each row (index projection) and hands them to [`super::page`].

use std::ops::Bound;

use crate::backend::{BackendError, Select};
use crate::domain::schema::{IndexKind, IndexSchema, KeySchema, Projection};
use crate::domain::value::{AttrValue, Item, item_size};

use super::codec::{KeyParts, StoredItem};
use super::index_keys::projected_by;
use super::key::{PartitionSlot, ScalarKey, segment_start};
use super::page::{PageRules, RawPage, RowRef, collect};
use super::rows::{Edge, IndexRow, PrimaryKey, Row, TableRow, Tie};
use super::table::TableData;

/// The sort-key part of a key condition, with typed bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SortCondition {
    Eq(ScalarKey),
    Lt(ScalarKey),
    Le(ScalarKey),
    Gt(ScalarKey),
    Ge(ScalarKey),
    /// Inclusive at both ends.
    Between(ScalarKey, ScalarKey),
    /// S or B only.
    BeginsWith(ScalarKey),
}

impl SortCondition {
    #[must_use]
    pub fn matches(&self, value: &ScalarKey) -> bool {
        match self {
            Self::Eq(bound) => value == bound,
            Self::Lt(bound) => value < bound,
            Self::Le(bound) => value <= bound,
            Self::Gt(bound) => value > bound,
            Self::Ge(bound) => value >= bound,
            Self::Between(low, high) => low <= value && value <= high,
            Self::BeginsWith(prefix) => match (value, prefix) {
                (ScalarKey::S(text), ScalarKey::S(prefix)) => text.starts_with(&**prefix),
                (ScalarKey::B(bytes), ScalarKey::B(prefix)) => bytes.starts_with(prefix),
                _ => false,
            },
        }
    }

    fn operands(&self) -> Vec<&ScalarKey> {
        match self {
            Self::Eq(v) | Self::Lt(v) | Self::Le(v) | Self::Gt(v) | Self::Ge(v) => vec![v],
            Self::BeginsWith(v) => vec![v],
            Self::Between(low, high) => vec![low, high],
        }
    }
}

/// A Query's key condition in typed form: one partition, optionally one sort-key condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyRange {
    pub partition: ScalarKey,
    pub sort: Option<SortCondition>,
}

/// Where a read goes and how it pages.
pub struct ReadTarget<'a> {
    pub index: Option<&'a str>,
    pub start_key: Option<&'a Item>,
    pub select: Select,
    /// True when the request has a ProjectionExpression (an LSI then fetches from the table).
    pub has_projection: bool,
    pub consistent_read: bool,
}

fn invalid(message: impl Into<String>) -> BackendError {
    BackendError::Validation(message.into())
}

/// The resolved read source: the table, or one of its indexes.
enum Source<'t> {
    Table,
    Index(&'t IndexSchema, &'t super::table::IndexData),
}

fn source<'t>(table: &'t TableData, target: &ReadTarget<'_>) -> Result<Source<'t>, BackendError> {
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
fn cursor_names(table_key: &KeySchema, index: Option<&IndexSchema>) -> Vec<String> {
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
fn start_part(
    key: &Item,
    attribute: &crate::domain::schema::KeyAttribute,
) -> Result<ScalarKey, BackendError> {
    key.get(&attribute.name)
        .filter(|value| value.value_type() == attribute.value_type)
        .and_then(ScalarKey::from_value)
        .ok_or_else(bad_start_key)
}

fn bad_start_key() -> BackendError {
    invalid(
        "The provided starting key is invalid: The provided key element does not match the schema",
    )
}

fn start_table_key(table_key: &KeySchema, key: &Item) -> Result<PrimaryKey, BackendError> {
    Ok(PrimaryKey {
        partition: start_part(key, &table_key.partition)?,
        sort: table_key
            .sort
            .as_ref()
            .map(|attribute| start_part(key, attribute))
            .transpose()?,
    })
}

fn check_start_shape(names: &[String], key: &Item) -> Result<(), BackendError> {
    if key.len() != names.len() || !names.iter().all(|name| key.contains_key(name)) {
        return Err(bad_start_key());
    }
    Ok(())
}

fn start_index_row(
    table_key: &KeySchema,
    index: &IndexSchema,
    key: &Item,
) -> Result<IndexRow, BackendError> {
    let primary = start_table_key(table_key, key)?;
    let partition = start_part(key, &index.key.partition)?;
    let sort = index
        .key
        .sort
        .as_ref()
        .map(|attribute| start_part(key, attribute))
        .transpose()?;
    Ok(IndexRow::of(partition, sort, primary))
}

/// Lower and upper bound of a range of rows.
type RowRange<T> = (Bound<Row<T>>, Bound<Row<T>>);

/// Row bounds of one partition restricted by a sort condition.
fn partition_bounds<T: Tie>(slot: &PartitionSlot, sort: Option<&SortCondition>) -> RowRange<T> {
    let at = |value: &ScalarKey| Edge::At(Some(value.clone()));
    let low = |value: &ScalarKey| Row::<T>::lowest(slot, at(value));
    let high = |value: &ScalarKey| Row::<T>::highest(slot, at(value));
    let start = Bound::Included(Row::<T>::lowest(slot, Edge::Low));
    let end = Bound::Included(Row::<T>::highest(slot, Edge::High));
    match sort {
        None => (start, end),
        Some(SortCondition::Eq(v)) => (Bound::Included(low(v)), Bound::Included(high(v))),
        Some(SortCondition::Lt(v)) => (start, Bound::Excluded(low(v))),
        Some(SortCondition::Le(v)) => (start, Bound::Included(high(v))),
        Some(SortCondition::Gt(v)) => (Bound::Excluded(high(v)), end),
        Some(SortCondition::Ge(v)) => (Bound::Included(low(v)), end),
        Some(SortCondition::Between(a, b)) => (Bound::Included(low(a)), Bound::Included(high(b))),
        Some(SortCondition::BeginsWith(prefix)) => (
            Bound::Included(low(prefix)),
            Bound::Included(high(&past_prefix(prefix))),
        ),
    }
}

/// A key greater than every valid key (at most 1024 bytes) that starts with `prefix`.
fn past_prefix(prefix: &ScalarKey) -> ScalarKey {
    match prefix {
        ScalarKey::S(text) => {
            let mut past = text.to_string();
            past.extend(std::iter::repeat_n(char::MAX, 257));
            ScalarKey::S(past.into())
        }
        ScalarKey::B(bytes) => {
            let mut past = bytes.to_vec();
            past.extend(std::iter::repeat_n(0xff, 1025));
            ScalarKey::B(past.into())
        }
        ScalarKey::N(_) => prefix.clone(),
    }
}

fn check_key_types(key: &KeySchema, range: &KeyRange) -> Result<(), BackendError> {
    let mismatch = || {
        invalid(
            "One or more parameter values were invalid: Condition parameter type does not match schema type",
        )
    };
    if range.partition.value_type() != key.partition.value_type {
        return Err(mismatch());
    }
    if let Some(condition) = &range.sort {
        let Some(sort) = &key.sort else {
            return Err(invalid("Query key condition not supported"));
        };
        if condition
            .operands()
            .iter()
            .any(|v| v.value_type() != sort.value_type)
        {
            return Err(mismatch());
        }
        if let SortCondition::Between(low, high) = condition
            && low > high
        {
            return Err(invalid(format!(
                "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {{{}:{}}}, upper bound operand: AttributeValue: {{{}:{}}}",
                low.value_type(),
                display_key(low),
                high.value_type(),
                display_key(high)
            )));
        }
    }
    Ok(())
}

fn display_key(key: &ScalarKey) -> String {
    match key.to_value() {
        AttrValue::S(text) => text,
        AttrValue::N(number) => number.to_string(),
        other => format!("{other:?}"),
    }
}

fn decode(table_key: &KeySchema, row: RowRef<'_>) -> Result<Item, BackendError> {
    let parts = KeyParts {
        schema: table_key,
        partition: row.partition,
        sort: row.sort,
    };
    row.stored.decode(parts).map_err(|_| corrupt())
}

fn corrupt() -> BackendError {
    BackendError::Service {
        code: "InternalServerError".into(),
        message: "a stored item could not be decoded".into(),
    }
}

/// How an index row is seen: projected for a GSI (or an LSI without fetch), full otherwise.
fn index_view<'a>(
    table_key: &'a KeySchema,
    index: &'a IndexSchema,
    fetch: bool,
) -> impl Fn(RowRef<'_>) -> Result<(Item, usize), BackendError> + 'a {
    move |row| {
        if fetch || index.projection == Projection::All {
            return Ok((decode(table_key, row)?, row.stored.size()));
        }
        let parts = KeyParts {
            schema: table_key,
            partition: row.partition,
            sort: row.sort,
        };
        let projected = row
            .stored
            .decode_only(parts, |name| projected_by(index, table_key, name))
            .map_err(|_| corrupt())?;
        let size = item_size(&projected);
        Ok((projected, size))
    }
}

fn table_view(
    table_key: &KeySchema,
) -> impl Fn(RowRef<'_>) -> Result<(Item, usize), BackendError> + '_ {
    move |row| Ok((decode(table_key, row)?, row.stored.size()))
}

/// A table row as the page reader sees it.
fn table_row<'r>((row, stored): (&'r TableRow, &'r StoredItem)) -> Option<RowRef<'r>> {
    Some(RowRef {
        partition: row.partition_value()?,
        sort: row.sort_value(),
        stored,
    })
}

/// An index row as the page reader sees it: the table key comes from the row's tie-breaker.
fn index_row<'r>((row, stored): (&'r IndexRow, &'r StoredItem)) -> Option<RowRef<'r>> {
    let key = row.table_key()?;
    Some(RowRef {
        partition: &key.partition,
        sort: key.sort.as_ref(),
        stored,
    })
}

/// LSIs fetch non-projected attributes from the table when asked for them; GSIs never do.
fn lsi_fetches(index: &IndexSchema, target: &ReadTarget<'_>) -> bool {
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
            let view = table_view(table_key);
            if forward {
                collect(rows.filter_map(table_row), &view, &rules)
            } else {
                collect(rows.rev().filter_map(table_row), &view, &rules)
            }
        }
        Source::Index(schema, data) => {
            rules.cursor_names = cursor_names(table_key, Some(schema));
            let (mut low, mut high) =
                partition_bounds::<Edge<PrimaryKey>>(&slot, range.sort.as_ref());
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
            let view = index_view(table_key, schema, lsi_fetches(schema, target));
            let rows = data.rows.range((low, high));
            if forward {
                collect(rows.filter_map(index_row), &view, &rules)
            } else {
                collect(rows.rev().filter_map(index_row), &view, &rules)
            }
        }
    }
}

fn check_segment(segment: Option<(u32, u32)>) -> Result<Option<(u32, u32)>, BackendError> {
    match segment {
        None => Ok(None),
        Some((segment, total)) => {
            if !(1..=1_000_000).contains(&total) {
                return Err(invalid(format!(
                    "1 validation error detected: Value '{total}' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000"
                )));
            }
            if segment >= total {
                return Err(invalid(format!(
                    "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: {segment} is not less than TotalSegments: {total}"
                )));
            }
            Ok(Some((segment, total)))
        }
    }
}

/// Row bounds of a segment (the whole table without one).
fn segment_bounds<T: Tie>(segment: Option<(u32, u32)>) -> RowRange<T> {
    let Some((segment, total)) = segment else {
        return (Bound::Unbounded, Bound::Unbounded);
    };
    let hash_bound = |start: u64| match u32::try_from(start) {
        Ok(hash) => Bound::Excluded(Row::<T>::at_hash(hash)),
        Err(_) => Bound::Unbounded,
    };
    let low = match hash_bound(segment_start(segment, total)) {
        Bound::Excluded(row) => Bound::Included(row),
        other => other,
    };
    (low, hash_bound(segment_start(segment + 1, total)))
}

fn scan_from<T: Tie>(
    segment: Option<(u32, u32)>,
    start: Option<Row<T>>,
) -> Result<RowRange<T>, BackendError> {
    let (low, high) = segment_bounds::<T>(segment);
    let Some(start) = start else {
        return Ok((low, high));
    };
    let after_low = match &low {
        Bound::Included(bound) => &start >= bound,
        _ => true,
    };
    let before_high = match &high {
        Bound::Excluded(bound) => &start < bound,
        _ => true,
    };
    if !(after_low && before_high) {
        return Err(invalid(
            "The provided Exclusive start key does not map to the provided segment",
        ));
    }
    Ok((Bound::Excluded(start), high))
}

/// One Scan page, optionally of one segment.
pub fn scan(
    table: &TableData,
    segment: Option<(u32, u32)>,
    target: &ReadTarget<'_>,
    mut rules: PageRules<'_>,
) -> Result<RawPage, BackendError> {
    let segment = check_segment(segment)?;
    let table_key = &table.description.key;
    match source(table, target)? {
        Source::Table => {
            rules.cursor_names = cursor_names(table_key, None);
            let start = match target.start_key {
                Some(start) => {
                    check_start_shape(&rules.cursor_names, start)?;
                    Some(TableRow::of(&start_table_key(table_key, start)?))
                }
                None => None,
            };
            let bounds = scan_from(segment, start)?;
            let view = table_view(table_key);
            collect(
                table.rows.range(bounds).filter_map(table_row),
                &view,
                &rules,
            )
        }
        Source::Index(schema, data) => {
            rules.cursor_names = cursor_names(table_key, Some(schema));
            let start = match target.start_key {
                Some(start) => {
                    check_start_shape(&rules.cursor_names, start)?;
                    Some(start_index_row(table_key, schema, start)?)
                }
                None => None,
            };
            let bounds = scan_from(segment, start)?;
            let view = index_view(table_key, schema, lsi_fetches(schema, target));
            collect(data.rows.range(bounds).filter_map(index_row), &view, &rules)
        }
    }
}
