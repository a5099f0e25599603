//! `copy --verify` and `import --verify`: after the writes, the items the run meant to write
//! compared with what the target holds now, by the matching and comparison of `ddbx diff`. The
//! run's planned items are already in the target's terms (the copy rewrote their keys when it
//! planned them), so they match as they are. Only the keys the run wrote are read back — one
//! strongly consistent GetItem each — since the target's other items are not the run's doing.

use std::collections::BTreeSet;

use futures_util::stream::{self, StreamExt as _};

use super::print::conclude;
use crate::backend::{Backend, GetRequest};
use crate::cli::args::GlobalOptions;
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::domain::diff::{DiffReport, Matching};
use crate::domain::entity::EntityDecoder;
use crate::domain::figures::counted;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// What a run wrote, and where.
pub struct Written<'a> {
    pub backend: &'a dyn Backend,
    pub table: &'a TableDescription,
    /// The items as the run meant them to be after its writes, in the target's terms.
    pub items: Vec<Item>,
    /// Reads in flight at once.
    pub parallel: usize,
    /// What the items came from, for the report's heading (`Orders`, `items.jsonl`).
    pub source_name: &'a str,
}

/// Reads back every written key and prints the diff of the run's items against the target's;
/// `Ok` when every one is there as written.
pub async fn verify_written(
    written: Written<'_>,
    global: &GlobalOptions,
    decoder: &EntityDecoder,
) -> Result<(), CliError> {
    let table = written.table;
    let keyed = |item: Item| table.primary_key_of(&item).map(|key| (key, item));
    let source: Vec<(Item, Item)> = written.items.into_iter().filter_map(keyed).collect();
    let target = read_back(written.backend, table, &source, written.parallel).await?;
    note(&format!(
        "ddbx: verify read back {} of {} by key",
        counted(source.len() as u64, "item", "items"),
        table.name
    ));
    let text_of = |key: &Item| crate::domain::ddb_json::item_to_json(key).to_string();
    let source = source
        .into_iter()
        .map(|(key, item)| (text_of(&key), item))
        .collect();
    let target = target
        .into_iter()
        .map(|(key, item)| (text_of(&key), item))
        .collect();
    let mut report = DiffReport::keeping(MAX_DIFFERENCES);
    let no_ignore = BTreeSet::new();
    let matching = Matching {
        ignore: &no_ignore,
        decoder,
        tables: (table, table),
    };
    matching.compare_bucket(source, target, &mut report);
    conclude(&report, (written.source_name, &table.name), global)
        .map_err(|error| CliError::Failed(format!("verify: {error}")))
}

/// The differences a verify lists (the counts cover every item).
const MAX_DIFFERENCES: usize = 20;

/// The target's item under each key of `source` that has one, read strongly consistently so a
/// write the run just made is seen.
async fn read_back(
    backend: &dyn Backend,
    table: &TableDescription,
    source: &[(Item, Item)],
    parallel: usize,
) -> Result<Vec<(Item, Item)>, CliError> {
    let reads = source.iter().map(|(key, _)| {
        let request = GetRequest {
            table: table.name.clone(),
            key: key.clone(),
            projection: None,
            params: Default::default(),
            consistent_read: true,
        };
        async move { (key, backend.get_item(request).await) }
    });
    let mut answers = stream::iter(reads).buffered(parallel.max(1));
    let mut found = Vec::new();
    while let Some((key, answer)) = answers.next().await {
        if let Some(item) = answer?.item {
            found.push((key.clone(), item));
        }
    }
    Ok(found)
}
