//! Reading a scope: a Query of one partition or a (parallel) Scan, every page, with the
//! `--filter` sent to the server and `--entity` applied here (entities are ddbx's decoding).
//! The bulk commands read one; `diff` plans one for each side.

use std::io;
use std::sync::Arc;

use crate::backend::Backend;
use crate::cli::args::bulk::{ItemScopeArgs, ScopeArgs};
use crate::cli::args::{QueryArgs, ReadOptions, ScanArgs};
use crate::cli::error::CliError;
use crate::cli::output::items::ItemSink;
use crate::cli::output::summary::ReadTotals;
use crate::cli::paging::{SegmentChoice, run_query, run_scan};
use crate::cli::plan::{check_segments, plan_query, plan_scan};
use crate::domain::entity::EntityDecoder;
use crate::domain::entity_name::entity_matches;
use crate::domain::schema::{IndexKind, TableDescription};
use crate::domain::scope::ScopeRead as PlannedRead;
pub use crate::domain::scope::entity_name;
use crate::domain::value::Item;

/// Checks that need no table description.
pub fn check_scope(scope: &ScopeArgs) -> Result<(), CliError> {
    check_segments(scope.segments)?;
    if scope.items.pk.is_some() && scope.segments.is_some() {
        return Err(CliError::usage(
            "--segments splits a scan; with --pk the scope is one partition, read by a Query",
        ));
    }
    match (scope.slice, scope.segments) {
        (Some(slice), Some(total)) => slice.check(total).map_err(CliError::usage),
        _ => Ok(()),
    }
}

/// The scope in words with the worker's slice, for the journal: a run split across workers is
/// one run per slice, and a resume must name the same slice.
#[must_use]
pub fn describe_run_scope(scope: &ScopeArgs) -> String {
    let words = describe_scope(&scope.items);
    match (scope.slice, scope.segments) {
        (Some(slice), Some(total)) => format!("{words} {}", slice.describe(total)),
        _ => words,
    }
}

/// The scope in words, for the journal (a resumed run must name the same scope) and messages.
#[must_use]
pub fn describe_scope(scope: &ItemScopeArgs) -> String {
    let mut parts = Vec::new();
    match &scope.pk {
        Some(pk) => parts.push(format!("pk={pk:?}")),
        None => parts.push("scan".to_owned()),
    }
    let sort = &scope.sort_key;
    let conditions = [
        ("sk=", &sort.sk_eq),
        ("sk<", &sort.sk_lt),
        ("sk<=", &sort.sk_le),
        ("sk>", &sort.sk_gt),
        ("sk>=", &sort.sk_ge),
        ("sk^=", &sort.sk_begins_with),
    ];
    for (label, value) in conditions {
        if let Some(value) = value {
            parts.push(format!("{label}{value:?}"));
        }
    }
    if let Some(between) = &sort.sk_between {
        parts.push(format!("sk between {between:?}"));
    }
    if let Some(index) = &scope.index {
        parts.push(format!("index={index:?}"));
    }
    if let Some(filter) = &scope.filter {
        parts.push(format!("filter={filter:?}"));
    }
    if let Some(entity) = &scope.entity {
        parts.push(format!("entity={entity:?}"));
    }
    parts.join(" ")
}

/// Passes on only the items of one entity.
struct EntityFilter<'a> {
    inner: &'a mut dyn ItemSink,
    entity: Option<&'a str>,
    decoder: &'a EntityDecoder,
    table: &'a TableDescription,
    kept: u64,
    /// The entities of the items read, to list when `entity` matched none of them.
    seen: std::collections::BTreeSet<String>,
}

impl ItemSink for EntityFilter<'_> {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()> {
        let Some(wanted) = self.entity else {
            self.kept += items.len() as u64;
            return self.inner.write_items(items);
        };
        let mut kept = Vec::new();
        for item in items {
            let name = entity_name(self.decoder, self.table, item);
            if entity_matches(&name, wanted) {
                kept.push(item.clone());
            } else if self.seen.len() < MAX_ENTITIES_LISTED {
                self.seen.insert(name);
            }
        }
        self.kept += kept.len() as u64;
        self.inner.write_items(&kept)
    }

    fn finish(&mut self) -> io::Result<()> {
        self.inner.finish()
    }
}

/// How a scope is read.
pub struct ScopeRead<'a> {
    pub table: &'a TableDescription,
    pub scope: &'a ScopeArgs,
    pub decoder: &'a EntityDecoder,
    /// Strongly consistent where the target allows it (not on a global index): a write planned
    /// from what was read is then conditioned on the item as it was.
    pub consistent: bool,
}

/// The first request of `scope`'s read of `table` (a Query with `--pk`, else a Scan without its
/// segment number), checked against the description before anything is sent: the index exists,
/// the key values have the key's types, the filter parses.
pub fn plan_scope_read(
    table: &TableDescription,
    scope: &ItemScopeArgs,
    consistent: bool,
) -> Result<PlannedRead, CliError> {
    let options = ReadOptions {
        index: scope.index.clone(),
        filter: scope.filter.clone(),
        ..ReadOptions::default()
    };
    let global_index = scope
        .index
        .as_deref()
        .and_then(|name| table.index(name))
        .is_some_and(|index| index.kind == IndexKind::Global);
    let consistent = consistent && !global_index;
    if let Some(pk) = &scope.pk {
        let args = QueryArgs {
            pk: Some(pk.clone()),
            sort_key: scope.sort_key.clone(),
            expr: None,
            values: None,
            names: None,
            read: options,
            desc: false,
            consistent,
        };
        return Ok(PlannedRead::Query(plan_query(table, &args)?.request));
    }
    check_sort_key_has_partition(scope)?;
    let args = ScanArgs {
        read: options,
        segments: None,
    };
    let mut plan = plan_scan(table, &args)?;
    plan.request.consistent_read = consistent;
    Ok(PlannedRead::Scan(plan.request))
}

/// A sort-key condition only narrows a Query of one partition.
pub fn check_sort_key_has_partition(scope: &ItemScopeArgs) -> Result<(), CliError> {
    let sort = &scope.sort_key;
    let any = sort.sk_eq.is_some()
        || sort.sk_lt.is_some()
        || sort.sk_le.is_some()
        || sort.sk_gt.is_some()
        || sort.sk_ge.is_some()
        || sort.sk_begins_with.is_some()
        || sort.sk_between.is_some();
    if any && scope.pk.is_none() {
        return Err(CliError::usage(
            "a sort-key condition narrows one partition: give --pk too (or use --filter)",
        ));
    }
    Ok(())
}

/// Reads every page of the scope into `sink`; returns the read totals and the items kept.
pub async fn read_scope(
    backend: Arc<dyn Backend>,
    read: &ScopeRead<'_>,
    sink: &mut dyn ItemSink,
) -> Result<(ReadTotals, u64), CliError> {
    let scope = &read.scope.items;
    let planned = plan_scope_read(read.table, scope, read.consistent)?;
    let mut filtered = EntityFilter {
        inner: sink,
        entity: scope.entity.as_deref(),
        decoder: read.decoder,
        table: read.table,
        kept: 0,
        seen: std::collections::BTreeSet::new(),
    };
    let totals = match planned {
        PlannedRead::Query(request) => {
            run_query(backend.as_ref(), request, None, &mut filtered).await?
        }
        PlannedRead::Scan(request) => {
            let total = read.scope.segments.unwrap_or(1).max(1);
            let segments = SegmentChoice {
                total,
                read: read
                    .scope
                    .slice
                    .map_or_else(|| (0..total).collect(), |slice| slice.segments(total)),
            };
            run_scan(backend, request, segments, None, &mut filtered).await?
        }
    };
    if let Some(wanted) = &scope.entity
        && filtered.kept == 0
        && !filtered.seen.is_empty()
    {
        return Err(no_entity_matched(
            wanted,
            filtered.seen,
            "nothing was written",
        ));
    }
    Ok((totals, filtered.kept))
}

/// The refusal of an `--entity` that matched none of the items read, naming their entities
/// (`seen`) so a typo is easy to spot; `outcome` says what was therefore not done.
pub fn no_entity_matched(
    wanted: &str,
    seen: impl IntoIterator<Item = String>,
    outcome: &str,
) -> CliError {
    let seen: Vec<String> = seen.into_iter().collect();
    CliError::usage(format!(
        "--entity {wanted:?} matches none of the items read; their entities: {} (a nested \
         name matches by its last part, e.g. Ticket for Tenant›Ticket, or typed with > as \
         Tenant>Ticket); {outcome}",
        seen.join(", ")
    ))
}

/// Entities named when an `--entity` matched nothing: enough to spot a typo.
pub const MAX_ENTITIES_LISTED: usize = 20;

/// Collects the items read, for planning writes on them.
#[derive(Default)]
pub struct Collect {
    pub items: Vec<Item>,
}

impl ItemSink for Collect {
    fn write_items(&mut self, items: &[Item]) -> io::Result<()> {
        self.items.extend_from_slice(items);
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        Ok(())
    }
}
