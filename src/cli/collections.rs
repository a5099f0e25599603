//! `ddbx collections`: the explorer's home screen, headless. The same discovery the TUI runs (a
//! paginated, optionally parallel Scan fed into `domain::collection::Collections`) prints the PK
//! prefix groups with partition and item counts, their entity mix, and the first partitions of
//! each group, as JSON lines or a table.

use std::io::{self, Write};
use std::sync::Arc;

use serde_json::json;

use super::args::{CollectionsArgs, OutputFormat};
use super::error::CliError;
use super::output::escape::escape_json_for_terminal;
use crate::backend::{Backend, BackendError, Page, ScanRequest};
use crate::domain::collection::{Collections, GroupSummary};
use crate::domain::discovery_scan::discovery_scan;
use crate::domain::entity::EntityDecoder;
use crate::domain::escape::escape_for_terminal;
use crate::domain::partition_key::PartitionKey;

/// Scans `table_name` and prints its item collections.
pub async fn collections(
    backend: Arc<dyn Backend>,
    table_name: &str,
    args: &CollectionsArgs,
    format: OutputFormat,
    entities: EntityDecoder,
) -> Result<(), CliError> {
    let table = backend.describe_table(table_name).await?;
    let segments = args.segments.unwrap_or(1).max(1);
    let mut found = Collections::new(table.key.clone(), entities);
    let (sender, mut pages) = tokio::sync::mpsc::unbounded_channel();
    for segment in 0..segments {
        let backend = Arc::clone(&backend);
        let sender = sender.clone();
        let request = discovery_scan(&table, segment, segments, None);
        tokio::spawn(async move {
            let result = scan_segment(backend.as_ref(), request, &sender).await;
            if let Err(error) = result {
                let _ = sender.send(Err(error));
            }
        });
    }
    drop(sender);
    let (mut pages_read, mut capacity) = (0_u64, 0.0_f64);
    while let Some(page) = pages.recv().await {
        let page = page?;
        pages_read += 1;
        capacity += page
            .consumed
            .as_ref()
            .map_or(0.0, |consumed| consumed.total);
        found.add_page(&page.items);
    }
    let mut out = io::stdout().lock();
    let written = print(&mut out, &found, args.partitions, format).and_then(|()| out.flush());
    match written {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            return Err(CliError::Failed(format!(
                "could not write the output: {error}"
            )));
        }
        _ => {}
    }
    eprintln!(
        "collections: {} items in {} partitions under {} prefixes; {pages_read} pages, {capacity:.1} RCU",
        found.item_count(),
        found.partition_count(),
        found.group_count()
    );
    Ok(())
}

async fn scan_segment(
    backend: &dyn Backend,
    mut request: ScanRequest,
    pages: &tokio::sync::mpsc::UnboundedSender<Result<Page, BackendError>>,
) -> Result<(), BackendError> {
    loop {
        let page = backend.scan(request.clone()).await?;
        let next = page.last_evaluated_key.clone();
        if pages.send(Ok(page)).is_err() {
            return Ok(());
        }
        match next {
            Some(key) => request.start_key = Some(key),
            None => return Ok(()),
        }
    }
}

fn key_text(key: PartitionKey<'_>) -> String {
    crate::domain::key_value::key_text(&key.to_attr_value())
}

fn print(
    out: &mut impl Write,
    found: &Collections,
    partitions: usize,
    format: OutputFormat,
) -> io::Result<()> {
    for group in found.groups() {
        let listed: Vec<(String, u64)> = found
            .partitions(group.id)
            .take(partitions)
            .map(|(key, items)| (key_text(key), items))
            .collect();
        match format {
            OutputFormat::Table => print_table_group(out, &group, &listed)?,
            OutputFormat::Json | OutputFormat::Ddb => {
                let entities: Vec<_> = group
                    .entities
                    .iter()
                    .map(|(name, items)| json!({ "entity": name, "items": items }))
                    .collect();
                let listed: Vec<_> = listed
                    .iter()
                    .map(|(pk, items)| json!({ "pk": pk, "items": items }))
                    .collect();
                let line = json!({
                    "prefix": group.prefix,
                    "partitions": group.partition_count,
                    "items": group.item_count,
                    "entities": entities,
                    "first_partitions": listed,
                });
                writeln!(out, "{}", escape_json_for_terminal(line.to_string()))?;
            }
        }
    }
    Ok(())
}

fn print_table_group(
    out: &mut impl Write,
    group: &GroupSummary<'_>,
    listed: &[(String, u64)],
) -> io::Result<()> {
    let entities: Vec<String> = group
        .entities
        .iter()
        .map(|(name, items)| {
            format!(
                "{} {items}",
                escape_for_terminal(name.unwrap_or("(unknown)"))
            )
        })
        .collect();
    writeln!(
        out,
        "{:<20} {:>10} partitions {:>10} items  {}",
        escape_for_terminal(group.prefix.unwrap_or("(no prefix)")),
        group.partition_count,
        group.item_count,
        entities.join(", ")
    )?;
    for (pk, items) in listed {
        writeln!(out, "  {:<40} {items:>8}", escape_for_terminal(pk))?;
    }
    Ok(())
}
