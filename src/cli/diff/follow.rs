//! `ddbx diff --follow`, the dual-write check: follows the source's stream and, once a changed
//! key's lag budget has passed, reads it on both sides (strongly consistent GetItems) and
//! compares them in the target's terms. A key still different is printed as it is found, with
//! both items; at the end (Ctrl-C, `--max-records`, or a stream that ended) the counts per
//! entity, of checks: a key changed again after its check is checked again, and no set of every
//! key seen is kept, so weeks of following hold only the keys waiting for their check. When the stream carries new images and the source no longer holds the last one read,
//! a newer change is on its way and the key waits for it instead of being reported.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::time::Instant;

use super::keying::Keying as _;
use super::print;
use super::scope::ChangeScope;
use super::side::{Side, Terms};
use crate::backend::{ChangeKind, ChangeRecord, GetRequest};
use crate::cli::args::diff::DiffArgs;
use crate::cli::args::{GlobalOptions, OutputFormat};
use crate::cli::error::{CliError, ignore_closed_pipe};
use crate::cli::note::{escape_lines, note};
use crate::cli::output::escape::escape_json_for_terminal;
use crate::cli::tail::follow::{StreamFollower, patiently};
use crate::domain::backoff::{STREAM_IDLE, STREAM_ROUND};
use crate::domain::diff::lag::wait_before_check;
use crate::domain::diff::{DiffReport, Finding, compare_items};
use crate::domain::entity::EntityDecoder;
use crate::domain::scope::entity_name;
use crate::domain::value::Item;

/// How many times a key waits for a newer change before it is compared as it stands.
const MAX_WAITS: u32 = 3;

/// A changed key waiting for its check.
struct Pending {
    source_key: Item,
    target_key: Item,
    due: Instant,
    /// The item as the last change left it (`Some(None)`: removed), when the stream says.
    expected: Option<Option<Item>>,
    waits: u32,
}

/// Everything a check needs besides the key.
pub struct Follow<'a> {
    pub source: &'a Side,
    pub target: &'a Side,
    pub terms: &'a Terms<'a>,
    pub args: &'a DiffArgs,
    pub global: &'a GlobalOptions,
    pub decoder: &'a EntityDecoder,
    /// Only the changed keys in the source's scope are checked (`None`: every one).
    pub scope: Option<ChangeScope>,
}

/// Follows until the end; `Ok` when every key checked was equal on both sides.
pub async fn follow(run: &Follow<'_>, out: &mut dyn Write) -> Result<(), CliError> {
    let mut follower = StreamFollower::new(
        run.source.backend.as_ref(),
        &run.source.table,
        run.args.since,
    )?;
    let shards = follower.open().await?;
    note(&format!(
        "ddbx: following {shards} shard(s) of the stream of {}; each changed key is read on {} \
         {} after its change",
        run.source.table.name,
        run.target.table.name,
        humantime::format_duration(run.args.lag)
    ));
    if let Some(scope) = &run.scope {
        note(&format!(
            "ddbx: only the changed keys of {} {} are checked",
            run.source.table.name,
            scope.describe(&run.source.table)
        ));
    }
    let ignore: BTreeSet<String> = run.args.ignore.iter().cloned().collect();
    let mut report = DiffReport::keeping(0);
    let mut pending: BTreeMap<String, Pending> = BTreeMap::new();
    let mut read = 0_u64;
    let mut ended = false;
    let interrupted = tokio::signal::ctrl_c();
    tokio::pin!(interrupted);
    loop {
        let started = Instant::now();
        let enough = run.args.max_records.is_some_and(|max| read >= max);
        let mut read_any = false;
        if !enough && !ended {
            let round = follower.round().await?;
            ended = round.ended;
            read_any = !round.records.is_empty();
            for record in take_records(round.records, &mut read, run.args.max_records) {
                track(run, &record, &mut pending);
            }
        }
        check_due(run, &ignore, &mut pending, &mut report, out).await?;
        if (enough || ended) && pending.is_empty() {
            break;
        }
        let pause = if read_any { STREAM_ROUND } else { STREAM_IDLE };
        let next_due = pending.values().map(|key| key.due).min();
        let wake = next_due.map_or(started + pause, |due| due.min(started + pause));
        tokio::select! {
            () = tokio::time::sleep_until(wake.into()) => {}
            _ = &mut interrupted => {
                note(&format!(
                    "ddbx: interrupted; {} changed key(s) were not checked yet",
                    pending.len()
                ));
                break;
            }
        }
    }
    conclude(run, &report, read, out)
}

/// The round's records up to `--max-records`, counted in `read`.
fn take_records(records: Vec<ChangeRecord>, read: &mut u64, max: Option<u64>) -> Vec<ChangeRecord> {
    let room = max.map_or(usize::MAX, |max| {
        usize::try_from(max.saturating_sub(*read)).unwrap_or(usize::MAX)
    });
    let taken: Vec<ChangeRecord> = records.into_iter().take(room).collect();
    *read += taken.len() as u64;
    taken
}

/// Schedules the record's key for a check once its lag has passed (a later change of the same
/// key moves the check to that change's budget).
fn track(run: &Follow<'_>, record: &ChangeRecord, pending: &mut BTreeMap<String, Pending>) {
    let table = &run.source.table;
    if run
        .scope
        .as_ref()
        .is_some_and(|scope| !scope.keeps(table, record))
    {
        return;
    }
    let Some((key_text, renamed)) = run.terms.keyed(record.keys.clone()) else {
        return;
    };
    let Some(target_key) = run.target.table.primary_key_of(&renamed) else {
        return;
    };
    let now_millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| {
            i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
        });
    let due = Instant::now() + wait_before_check(run.args.lag, record.created_at, now_millis);
    let expected = match record.kind {
        ChangeKind::Remove => Some(None),
        ChangeKind::Insert | ChangeKind::Modify => record.new_image.clone().map(Some),
    };
    let entry = pending.entry(key_text).or_insert_with(|| Pending {
        source_key: record.keys.clone(),
        target_key,
        due,
        expected: None,
        waits: 0,
    });
    entry.due = entry.due.max(due);
    entry.expected = expected;
}

/// Checks every key whose budget has passed, printing each that still differs.
async fn check_due(
    run: &Follow<'_>,
    ignore: &BTreeSet<String>,
    pending: &mut BTreeMap<String, Pending>,
    report: &mut DiffReport,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let now = Instant::now();
    let due: Vec<String> = pending
        .iter()
        .filter(|(_, key)| key.due <= now)
        .map(|(text, _)| text.clone())
        .collect();
    for text in due {
        let Some(mut key) = pending.remove(&text) else {
            continue;
        };
        match check(run, ignore, &key).await? {
            Checked::NewerChange if key.waits < MAX_WAITS => {
                key.waits += 1;
                key.due = Instant::now() + run.args.lag;
                pending.insert(text, key);
            }
            Checked::NewerChange => {}
            Checked::Equal(entity) => report.equal(&entity),
            Checked::Differs(entity, finding) => {
                print_finding(run.global, &entity, &finding, out)?;
                report.found(&entity, finding);
            }
        }
    }
    Ok(())
}

enum Checked {
    Equal(String),
    Differs(String, Finding),
    /// The source no longer holds what the last change read left: a newer one is coming.
    NewerChange,
}

/// Reads the key on both sides and compares them in the target's terms.
async fn check(
    run: &Follow<'_>,
    ignore: &BTreeSet<String>,
    key: &Pending,
) -> Result<Checked, CliError> {
    let source = read(run.source, &key.source_key).await?;
    if let Some(expected) = &key.expected {
        let same = match (expected, &source) {
            (None, None) => true,
            (Some(expected), Some(now)) => compare_items(expected, now, ignore).is_empty(),
            _ => false,
        };
        if !same && key.waits < MAX_WAITS {
            return Ok(Checked::NewerChange);
        }
    }
    let target = read(run.target, &key.target_key).await?;
    let source = source.and_then(|item| run.terms.keyed(item).map(|(_, item)| item));
    let table = &run.target.table;
    let entity = |item: &Item| entity_name(run.decoder, table, item);
    let finding_key = key.target_key.clone();
    Ok(match (source, target) {
        (None, None) => Checked::Equal(entity(&key.target_key)),
        (Some(source), Some(target)) => {
            let attributes = compare_items(&source, &target, ignore);
            let name = entity(&target);
            if attributes.is_empty() {
                Checked::Equal(name)
            } else {
                let finding = Finding::Different {
                    key: finding_key,
                    source,
                    target,
                    attributes,
                };
                Checked::Differs(name, finding)
            }
        }
        (Some(item), None) => {
            let name = entity(&item);
            let finding = Finding::OnlySource {
                key: finding_key,
                item,
            };
            Checked::Differs(name, finding)
        }
        (None, Some(item)) => {
            let name = entity(&item);
            let finding = Finding::OnlyTarget {
                key: finding_key,
                item,
            };
            Checked::Differs(name, finding)
        }
    })
}

/// A strongly consistent GetItem of `key` on `side`, retried through failures that may pass.
async fn read(side: &Side, key: &Item) -> Result<Option<Item>, CliError> {
    let request = GetRequest {
        table: side.table.name.clone(),
        key: key.clone(),
        projection: None,
        params: Default::default(),
        consistent_read: true,
    };
    let answer = patiently(|| side.backend.get_item(request.clone())).await?;
    Ok(answer.item)
}

fn print_finding(
    global: &GlobalOptions,
    entity: &str,
    finding: &Finding,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let text = match global.output {
        Some(OutputFormat::Json | OutputFormat::Ddb) => {
            escape_json_for_terminal(format!("{}\n", finding.to_json(entity)))
        }
        _ => escape_lines(&print::finding_text(entity, finding, true)),
    };
    ignore_closed_pipe(out.write_all(text.as_bytes()))?;
    ignore_closed_pipe(out.flush())
}

/// The counts per entity of every key checked; `Ok` when none differed.
fn conclude(
    run: &Follow<'_>,
    report: &DiffReport,
    read: u64,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let text = match run.global.output {
        Some(OutputFormat::Json | OutputFormat::Ddb) => {
            let summary = serde_json::json!({ "summary": report.to_json(), "records_read": read });
            escape_json_for_terminal(format!("{summary}\n"))
        }
        _ => escape_lines(&print::counts_text(
            report,
            &run.source.table.name,
            &run.target.table.name,
        )),
    };
    ignore_closed_pipe(out.write_all(text.as_bytes()))?;
    let totals = report.totals();
    note(&format!(
        "ddbx: read {read} change record(s); {} check(s) of the keys they changed, each {} \
         after its change",
        totals.equal + totals.differences(),
        humantime::format_duration(run.args.lag)
    ));
    if report.is_equal() {
        return Ok(());
    }
    Err(CliError::Failed(format!(
        "{} changed key(s) still differ after {}",
        totals.differences(),
        humantime::format_duration(run.args.lag)
    )))
}
