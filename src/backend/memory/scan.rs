//! Scan: the whole table or index, or one segment of a parallel scan (a contiguous slice of the
//! partition hash space), resuming after an ExclusiveStartKey.

use std::ops::Bound;

use crate::backend::BackendError;

use super::key::segment_start;
use super::page::{PageRules, RawPage, collect};
use super::range::RowRange;
use super::read::{
    ReadTarget, Source, check_start_shape, cursor_names, index_row, index_view, invalid,
    lsi_fetches, source, start_index_row, start_table_key, table_row, table_view,
};
use super::rows::{Row, TableRow, Tie};
use super::table::TableData;

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
            let view = table_view(table);
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
            let view = index_view(table, schema, lsi_fetches(schema, target));
            collect(data.rows.range(bounds).filter_map(index_row), &view, &rules)
        }
    }
}
