//! GetItem, Query and Scan of the engine: parse the request's expressions, read under the
//! table's read lock, attach consumed capacity.

use crate::backend::{
    BackendError, GetOutput, GetRequest, Page, QueryRequest, ScanRequest, Select,
};

use super::capacity;
use super::engine::MemoryBackend;
use super::expressions::{self, filter_fn, projection_fn};
use super::limits::request_key;
use super::locks::read_lock;
use super::page::{Filter, PageRules, Projector, RawPage};
use super::read::{ReadTarget, query};
use super::scan::scan;
use super::table::TableData;

fn page_of(raw: RawPage, index: Option<&str>, consistent: bool) -> Page {
    Page {
        consumed: Some(capacity::read(index, raw.bytes_read, consistent)),
        items: raw.items,
        last_evaluated_key: raw.last_evaluated_key,
        count: raw.count,
        scanned_count: raw.scanned_count,
    }
}

impl MemoryBackend {
    pub(super) fn query_now(&self, request: &QueryRequest) -> Result<Page, BackendError> {
        let handle = self.table(&request.table)?;
        let table = read_lock(&handle);
        let parsed = expressions::query(
            &table.description,
            request.index.as_deref(),
            &request.key_condition,
            request.filter.as_deref(),
            request.projection.as_deref(),
            &request.params,
            request.consistent_read,
        )?;
        expressions::check_select(request.select, parsed.projection.is_some())?;
        let filter = parsed.filter.as_ref().map(filter_fn);
        let projection = parsed.projection.as_ref().map(projection_fn);
        let rules = PageRules {
            limit: request.limit,
            filter: filter.as_ref().map(|f| f as Filter<'_>),
            projection: projection.as_ref().map(|p| p as Projector<'_>),
            count_only: request.select == Select::Count,
            cursor_names: Vec::new(),
        };
        let target = ReadTarget {
            index: request.index.as_deref(),
            start_key: request.start_key.as_ref(),
            select: request.select,
            has_projection: parsed.projection.is_some(),
            consistent_read: request.consistent_read,
        };
        check_limit(request.limit)?;
        let raw = query(&table, &parsed.range, request.forward, &target, rules)?;
        Ok(page_of(
            raw,
            request.index.as_deref(),
            request.consistent_read,
        ))
    }

    pub(super) fn scan_now(&self, request: &ScanRequest) -> Result<Page, BackendError> {
        let handle = self.table(&request.table)?;
        let table = read_lock(&handle);
        let (filter, projection) = expressions::scan(
            &table.description,
            request.index.as_deref(),
            request.filter.as_deref(),
            request.projection.as_deref(),
            &request.params,
            request.consistent_read,
        )?;
        expressions::check_select(request.select, projection.is_some())?;
        check_limit(request.limit)?;
        let filter_closure = filter.as_ref().map(filter_fn);
        let projection_closure = projection.as_ref().map(projection_fn);
        let rules = PageRules {
            limit: request.limit,
            filter: filter_closure.as_ref().map(|f| f as Filter<'_>),
            projection: projection_closure.as_ref().map(|p| p as Projector<'_>),
            count_only: request.select == Select::Count,
            cursor_names: Vec::new(),
        };
        let target = ReadTarget {
            index: request.index.as_deref(),
            start_key: request.start_key.as_ref(),
            select: request.select,
            has_projection: projection.is_some(),
            consistent_read: request.consistent_read,
        };
        let raw = scan(&table, request.segment, &target, rules)?;
        Ok(page_of(
            raw,
            request.index.as_deref(),
            request.consistent_read,
        ))
    }

    pub(super) fn get_now(&self, request: &GetRequest) -> Result<GetOutput, BackendError> {
        let handle = self.table(&request.table)?;
        let table = read_lock(&handle);
        get_in(&table, request)
    }
}

/// GetItem on a table already locked for reading.
pub(super) fn get_in(table: &TableData, request: &GetRequest) -> Result<GetOutput, BackendError> {
    let projection = expressions::projection_only(request.projection.as_deref(), &request.params)?;
    let key = request_key(&table.description, &request.key)?;
    let stored = table.get(&key);
    let size = stored.map_or(0, super::codec::StoredItem::size);
    let item = match stored {
        None => None,
        Some(stored) => {
            let item = stored
                .decode(key.parts(&table.description.key), &table.names)
                .map_err(|_| corrupt())?;
            Some(match &projection {
                Some(projection) => crate::domain::expr::eval::apply_projection(projection, &item),
                None => item,
            })
        }
    };
    let mut consumed = capacity::read(None, size, request.consistent_read);
    // GetItem reports the table only.
    consumed.indexes.clear();
    Ok(GetOutput {
        item,
        consumed: Some(consumed),
    })
}

/// `Limit` must be at least 1.
fn check_limit(limit: Option<u32>) -> Result<(), BackendError> {
    if limit == Some(0) {
        return Err(BackendError::Validation(
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1".into(),
        ));
    }
    Ok(())
}

pub(super) fn corrupt() -> BackendError {
    BackendError::Service {
        code: "InternalServerError".into(),
        message: "a stored item could not be decoded".into(),
    }
}
