//! `ddbx diff`: the items of two tables (on one connection or two) or of a table and an export,
//! matched by key and compared losslessly. Both sides are read in full by parallel scans and
//! dealt into buckets by the hash of their key (in the target's terms: renamed attributes,
//! rewritten key prefixes), then compared bucket by bucket, so memory holds one bucket of each
//! side. What the scans will cost is printed before anything is read; both sides' scans may share
//! a cap on read units per second, report progress, or read only a sample of the keys (the same
//! keys on both sides). With `--follow` it checks the keys the source's stream says changed
//! instead ([`follow`]). A diff never writes.

mod follow;
mod plan;
mod print;
mod progress;
mod side;
mod verify;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Instant;

use crate::backend::Backend;
use crate::cli::args::diff::DiffArgs;
use crate::cli::args::{GlobalOptions, OutputFormat};
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::cli::other_table::{other_backend, parse_rewrites};
use crate::domain::diff::{DiffReport, Finding, compare_items};
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::TableDescription;
use crate::domain::scope::entity_name;
use crate::domain::value::Item;
use plan::ReadPlan;
use progress::{ReadProgress, Which};
pub use side::Side;
use side::{SideRead, Terms, read_side};
pub use verify::{Written, verify_written};

/// Items held in memory per bucket and side; a side larger than this is spilled to disk.
const BUCKET_ITEMS: u64 = 100_000;

/// Compares `source` with `target`; prints the report; `Ok` when they are equal.
pub async fn diff(
    source: Side,
    target: Side,
    args: &DiffArgs,
    global: &GlobalOptions,
    decoder: &EntityDecoder,
) -> Result<(), CliError> {
    let renames = parse_renames(&args.rename)?;
    let rewrites = parse_rewrites(&args.rewrite_prefix)?;
    check_keys(&source.table, &target.table, &renames)?;
    if args.follow {
        let terms = Terms {
            target: &target.table,
            renames: &renames,
            rewrites: &rewrites,
        };
        let run = follow::Follow {
            source: &source,
            target: &target,
            terms: &terms,
            args,
            global,
            decoder,
        };
        return follow::follow(&run, &mut std::io::stdout().lock()).await;
    }
    let plan = ReadPlan::new(args, (&source, &target), &renames, &rewrites);
    note(&print::estimate(
        &source.table,
        &target.table,
        plan.share_read(),
    ));
    let counts = [&source.table, &target.table].map(|table| table.item_count);
    let count = bucket_count(counts, plan.share_compared());
    let spill = (count > 1).then(spill_dir).transpose()?;
    let source_terms = Terms {
        target: &target.table,
        renames: &renames,
        rewrites: &rewrites,
    };
    let target_terms = Terms {
        target: &target.table,
        renames: &BTreeMap::new(),
        rewrites: &[],
    };
    let [source_spill, target_spill] = side_spills(spill.as_deref())?;
    let expected = counts[0]
        .zip(counts[1])
        .map(|(a, b)| ((a + b) as f64 * plan.share_read()).ceil() as u64);
    let progress = ReadProgress::new(args.progress, expected);
    let reads = Reads {
        plan: &plan,
        count,
        progress: &progress,
    };
    let started = Instant::now();
    let (sources, targets) = tokio::join!(
        read_side(reads.side(
            &source,
            &source_terms,
            source_spill.as_deref(),
            Which::Source
        )),
        read_side(reads.side(
            &target,
            &target_terms,
            target_spill.as_deref(),
            Which::Target
        )),
    );
    progress.done();
    let ((mut sources, source_read), (mut targets, target_read)) = (sources?, targets?);
    let elapsed = started.elapsed();
    let ignore: BTreeSet<String> = args.ignore.iter().cloned().collect();
    let mut report = DiffReport::keeping(args.max_differences);
    report.sample = plan.sample.clone();
    let sides = (&source.table, &target.table);
    for bucket in 0..count {
        let held = sources.take(bucket, &target.table)?;
        let other = targets.take(bucket, &target.table)?;
        compare_bucket(held, other, &ignore, decoder, sides, &mut report);
    }
    if let Some(dir) = &spill {
        let _ = std::fs::remove_dir_all(dir);
    }
    let cap = plan.pace.as_ref().map(|pace| pace.per_second());
    note(&print::read_line((source_read, target_read), elapsed, cap));
    conclude(&report, (&source.table.name, &target.table.name), global)
}

/// What both sides' reads share: the plan, the number of buckets, the progress line.
struct Reads<'a> {
    plan: &'a ReadPlan,
    count: usize,
    progress: &'a ReadProgress,
}

impl<'a> Reads<'a> {
    fn side(
        &self,
        side: &'a Side,
        terms: &'a Terms<'a>,
        spill: Option<&'a std::path::Path>,
        which: Which,
    ) -> SideRead<'a> {
        SideRead {
            backend: &side.backend,
            requests: self.plan.requests(&side.table.name),
            terms,
            count: self.count,
            spill,
            pace: self.plan.pace.clone(),
            progress: self.progress,
            which,
            sample: self.plan.sample.as_ref(),
        }
    }
}

/// Prints `report` (text, or JSON with `-o json`); `Ok` when the two sides are equal.
fn conclude(
    report: &DiffReport,
    (source, target): (&str, &str),
    global: &GlobalOptions,
) -> Result<(), CliError> {
    let text = match global.output {
        Some(OutputFormat::Json | OutputFormat::Ddb) => format!("{}\n", report.to_json()),
        _ => print::report_text(report, source, target),
    };
    crate::cli::print_escaped(&text);
    if report.is_equal() {
        return Ok(());
    }
    let totals = report.totals();
    Err(CliError::Failed(format!(
        "the two sides differ: {} only in the source, {} only in the target, {} different",
        totals.only_source, totals.only_target, totals.different
    )))
}

/// The other side: an export (`--to-file`), or a table on this or another connection.
pub async fn open_target(
    source: &Arc<dyn Backend>,
    source_table: &TableDescription,
    args: &DiffArgs,
    global: &GlobalOptions,
) -> Result<Side, CliError> {
    if let Some(path) = &args.to_file {
        let file = crate::connect::Source::File {
            path,
            options: &global.tui,
        };
        let opened = crate::connect::open(file, crate::connect::Load::Whole, true).await?;
        for notice in &opened.notices {
            note(&format!("ddbx: --to-file: {notice}"));
        }
        let name = opened.table.unwrap_or_default();
        let table = opened.backend.describe_table(&name).await?;
        return Ok(Side {
            backend: opened.backend,
            table,
        });
    }
    let name = args
        .to_table
        .clone()
        .unwrap_or_else(|| source_table.name.clone());
    if args.to.is_source() && name == source_table.name {
        return Err(CliError::usage(format!(
            "diff compares {name} with itself: name the other side with --to-table, \
             --to-endpoint-url/--to-region/--to-profile or --to-file; nothing was read"
        )));
    }
    let backend = other_backend(source, global, &args.to).await?;
    let table = backend.describe_table(&name).await?;
    Ok(Side { backend, table })
}

/// Matches one bucket's items by key and records each outcome.
fn compare_bucket(
    source: Vec<(String, Item)>,
    target: Vec<(String, Item)>,
    ignore: &BTreeSet<String>,
    decoder: &EntityDecoder,
    (source_table, target_table): (&TableDescription, &TableDescription),
    report: &mut DiffReport,
) {
    let mut unmatched: BTreeMap<String, Item> = source.into_iter().collect();
    // The key is copied out only for a finding: most items compare equal.
    let key_of = |item: &Item| target_table.primary_key_of(item).unwrap_or_default();
    for (key, item) in target {
        match unmatched.remove(&key) {
            Some(held) => {
                let entity = entity_name(decoder, target_table, &held);
                let attributes = compare_items(&held, &item, ignore);
                if attributes.is_empty() {
                    report.equal(&entity);
                } else {
                    report.found(
                        &entity,
                        Finding::Different {
                            key: key_of(&item),
                            source: held,
                            target: item,
                            attributes,
                        },
                    );
                }
            }
            None => {
                let entity = entity_name(decoder, target_table, &item);
                report.found(
                    &entity,
                    Finding::OnlyTarget {
                        key: key_of(&item),
                        item,
                    },
                );
            }
        }
    }
    for (_, item) in unmatched {
        let entity = entity_name(decoder, source_table, &item);
        let key = key_of(&item);
        report.found(&entity, Finding::OnlySource { key, item });
    }
}

fn parse_renames(texts: &[String]) -> Result<BTreeMap<String, String>, CliError> {
    texts
        .iter()
        .map(|text| match text.split_once('=') {
            Some((old, new)) if !old.is_empty() && !new.is_empty() => {
                Ok((old.to_owned(), new.to_owned()))
            }
            _ => Err(CliError::usage(format!(
                "--rename {text:?}: expected OLD=NEW, the source's attribute name and the \
                 target's, e.g. --rename userId=user_id"
            ))),
        })
        .collect()
}

/// Items can only be matched when the source's key attributes, renamed, are the target's.
fn check_keys(
    source: &TableDescription,
    target: &TableDescription,
    renames: &BTreeMap<String, String>,
) -> Result<(), CliError> {
    let renamed: Vec<String> = source
        .key
        .names()
        .map(|name| {
            renames
                .get(name)
                .cloned()
                .unwrap_or_else(|| name.to_owned())
        })
        .collect();
    let wanted: Vec<String> = target.key.names().map(str::to_owned).collect();
    if renamed == wanted {
        return Ok(());
    }
    Err(CliError::usage(format!(
        "the keys differ: {} has {}, {} has {}; items are matched by key, so name the source's \
         key attributes in the target's terms with --rename OLD=NEW; nothing was read",
        source.name,
        source.key.names().collect::<Vec<_>>().join(", "),
        target.name,
        wanted.join(", ")
    )))
}

/// Buckets enough for the larger side's compared items to hold at most [`BUCKET_ITEMS`] each.
fn bucket_count(counts: [Option<u64>; 2], share_compared: f64) -> usize {
    let most = counts.iter().flatten().max().copied().unwrap_or(0);
    let held = (most as f64 * share_compared).ceil() as u64;
    usize::try_from(held.div_ceil(BUCKET_ITEMS).max(1)).unwrap_or(1)
}

/// Each side's own folder of bucket files under the spill folder, when there is one.
fn side_spills(
    spill: Option<&std::path::Path>,
) -> Result<[Option<std::path::PathBuf>; 2], CliError> {
    let sides = ["source", "target"].map(|side| spill.map(|dir| dir.join(side)));
    for dir in sides.iter().flatten() {
        std::fs::create_dir_all(dir).map_err(|error| CliError::Failed(error.to_string()))?;
    }
    Ok(sides)
}

fn spill_dir() -> Result<std::path::PathBuf, CliError> {
    let dir = std::env::temp_dir().join(format!("ddbx-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|error| {
        CliError::Failed(format!("could not create {}: {error}", dir.display()))
    })?;
    Ok(dir)
}
