//! Reading both sides of a diff in full (or a sample's segments), pairing the items of one key
//! as they are read, and dealing the rest into buckets by the key their keying gives, up to
//! [`BUCKET_ITEMS`] items a bucket and side, spilled to files beyond one bucket, then handing
//! each bucket of both sides to the comparison: what every scanning diff reads, however it
//! matches items.

use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::keying::Keying;
use super::pairing::{Compare, Pairing};
use super::plan::ReadPlan;
use super::print;
use super::progress::{ReadProgress, Which};
use super::side::{Side, SideRead, SideTotals, read_side};
use crate::cli::error::CliError;
use crate::cli::lockstep::Lockstep;
use crate::cli::note::note;
use crate::cli::scope::no_entity_matched;

/// Items held in memory per bucket and side; a side larger than this is spilled to disk.
const BUCKET_ITEMS: u64 = 100_000;

/// Both sides read in full (or a sample's segments) into buckets by key, then compared bucket
/// by bucket: what a diff reads, whichever way its items are matched.
pub struct Scan<'a> {
    pub sides: (&'a Side, &'a Side),
    pub plan: &'a ReadPlan,
    pub progress: bool,
}

impl Scan<'_> {
    /// Prints the cost, reads both sides keyed by `keyings` and hands `compare` the items of
    /// one key as both are read, and each bucket's items of the source and of the target that
    /// were not; then prints what was read.
    pub async fn compare(
        &self,
        (source_keying, target_keying): (&dyn Keying, &dyn Keying),
        compare: &mut dyn Compare,
    ) -> Result<(), CliError> {
        let (source, target) = self.sides;
        let plan = self.plan;
        note(&print::estimate(
            (&source.table, plan.scope(Which::Source)),
            (&target.table, plan.scope(Which::Target)),
            plan.share_read(),
        ));
        // A scope reads at most its table's items: enough buckets for the whole table bound
        // the memory, though a partition needs fewer.
        let counts = [&source.table, &target.table].map(|table| table.item_count);
        let count = bucket_count(counts, plan.share_compared());
        let spill = (count > 1).then(spill_dir).transpose()?;
        let [source_spill, target_spill] = side_spills(spill.as_deref())?;
        let scans_tables = [Which::Source, Which::Target]
            .iter()
            .all(|which| plan.scope(*which).scans_table());
        let expected = counts[0]
            .zip(counts[1])
            .filter(|_| scans_tables)
            .map(|(a, b)| ((a + b) as f64 * plan.share_read()).ceil() as u64);
        let progress = ReadProgress::new(self.progress, expected);
        let pairing = Pairing::new(compare);
        let lockstep = plan
            .reads_pair_up()
            .then(|| Lockstep::new(plan.requests(Which::Source).len()));
        let reads = Reads {
            plan,
            count,
            progress: &progress,
            pairing: &pairing,
            lockstep: lockstep.as_ref(),
        };
        let started = Instant::now();
        let (sources, targets) = tokio::join!(
            read_side(reads.side(
                source,
                source_keying,
                source_spill.as_deref(),
                Which::Source
            )),
            read_side(reads.side(
                target,
                target_keying,
                target_spill.as_deref(),
                Which::Target
            )),
        );
        progress.done();
        let ((mut sources, source_read), (mut targets, target_read)) = (sources?, targets?);
        let elapsed = started.elapsed();
        let checked = check_entities(plan, [&source_read, &target_read]);
        if let (Err(_), Some(dir)) = (&checked, &spill) {
            let _ = std::fs::remove_dir_all(dir);
        }
        checked?;
        let mut pairing = pairing.lock().unwrap_or_else(PoisonError::into_inner);
        pairing.unmatched(Which::Source, &mut sources)?;
        pairing.unmatched(Which::Target, &mut targets)?;
        let (mut sources, mut targets) = (sources.finish()?, targets.finish()?);
        for bucket in 0..count {
            let held = sources.take(bucket, source_keying)?;
            let other = targets.take(bucket, target_keying)?;
            pairing.compare_bucket(held, other);
        }
        if let Some(dir) = &spill {
            let _ = std::fs::remove_dir_all(dir);
        }
        let cap = plan.pace.as_ref().map(|pace| pace.per_second());
        note(&print::read_line(
            (&source_read, &target_read),
            elapsed,
            cap,
        ));
        Ok(())
    }
}

/// What both sides' reads share: the plan, the number of buckets, the progress line.
struct Reads<'a> {
    plan: &'a ReadPlan,
    count: usize,
    progress: &'a ReadProgress,
    pairing: &'a Mutex<Pairing<'a>>,
    lockstep: Option<&'a Lockstep>,
}

impl<'a> Reads<'a> {
    fn side(
        &self,
        side: &'a Side,
        terms: &'a dyn Keying,
        spill: Option<&'a std::path::Path>,
        which: Which,
    ) -> SideRead<'a> {
        SideRead {
            backend: &side.backend,
            requests: self.plan.requests(which),
            scope: self.plan.scope(which),
            table: &side.table,
            terms,
            count: self.count,
            spill,
            pace: self.plan.pace.clone(),
            progress: self.progress,
            pairing: self.pairing,
            lockstep: self.lockstep,
            which,
            sample: self.plan.sample.as_ref(),
        }
    }
}

/// An `--entity` that kept no item of either side while items were read is a typo more often
/// than a finding: nothing is compared, and the entities read are named.
fn check_entities(plan: &ReadPlan, totals: [&SideTotals; 2]) -> Result<(), CliError> {
    let scopes = [Which::Source, Which::Target].map(|which| plan.scope(which));
    let Some(wanted) = scopes.iter().find_map(|side| side.scope.entity.as_deref()) else {
        return Ok(());
    };
    let none_kept = totals.iter().all(|side| side.in_scope == 0);
    let read = totals.iter().any(|side| side.read > 0);
    if !(none_kept && read) {
        return Ok(());
    }
    let seen = totals.iter().flat_map(|side| side.others.iter().cloned());
    Err(no_entity_matched(
        wanted,
        seen.collect::<std::collections::BTreeSet<_>>(),
        "nothing was compared",
    ))
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
