//! `diff --slice i/k`: worker i of k compares the keys in its share of the scan segments, read
//! by the same segment numbers on both sides. That finds every difference exactly once across
//! the k workers only when a key lands in the same segment on both sides: its key is compared
//! as it is (no prefix rewritten, no partition key renamed, no models matching items), both
//! sides scan their tables (not a partition, not an index), and one service hashes both. Any
//! other diff is refused before anything is read, with the reason.

use super::side::Side;
use crate::cli::args::diff::DiffArgs;
use crate::cli::error::CliError;

/// What can be refused from the command line alone.
pub fn check_before_connecting(args: &DiffArgs) -> Result<(), CliError> {
    let Some(slice) = args.slice else {
        return Ok(());
    };
    slice.check(args.segments).map_err(CliError::usage)?;
    let why = if args.sample.is_some() {
        Some(
            "--sample chooses its own segments; sample the whole diff, or compare each slice in full",
        )
    } else if !args.rewrite_prefix.is_empty() {
        Some(
            "--rewrite-prefix changes the keys, and a rewritten key lands in another segment \
             than the source's, so a slice would report it missing on one side and extra on \
             the other; run the diff whole",
        )
    } else if args.from_model.is_some() {
        Some(
            "--from-model/--to-model match items by what the models decode, and an item and \
             its redesigned copy have different keys, in different segments; run the diff whole",
        )
    } else if args.to_file.is_some() {
        Some(
            "an export is read by the embedded engine, which does not split keys into segments \
             as the table's server does; compare with a table, or run the diff whole",
        )
    } else {
        reads_by_scan(args)
    };
    match why {
        Some(why) => Err(refused(why)),
        None => Ok(()),
    }
}

/// A slice splits a scan of each whole table: a partition is read by Query (no segments), and
/// an index's segments split its own keys.
fn reads_by_scan(args: &DiffArgs) -> Option<&'static str> {
    let own = &args.to_scope;
    let partition = args.scope.pk.is_some() || own.to_pk.is_some();
    let index = args.scope.index.is_some() || own.to_index.is_some();
    if partition {
        Some("a partition (--pk, --to-pk) is read by Query, which has no segments to share out")
    } else if index {
        Some(
            "an index's segments split the index's keys, not the table's, so the two sides' \
             segments would hold different items; slice a diff of the tables",
        )
    } else {
        None
    }
}

/// What needs both sides: the keys compared as they are, and one service hashing both.
pub fn check_sides(
    args: &DiffArgs,
    keys_alike: bool,
    (source, target): (&Side, &Side),
) -> Result<(), CliError> {
    if args.slice.is_none() {
        return Ok(());
    }
    if !keys_alike {
        return Err(refused(
            "--rename renames the partition key, and keys are split into segments by it; run \
             the diff whole",
        ));
    }
    if !super::plan::same_hashing(source, target) {
        return Err(refused(
            "the two sides are on different servers, which may put a key in different \
             segments; slice a diff of two tables on one connection (or both on AWS)",
        ));
    }
    Ok(())
}

fn refused(why: &str) -> CliError {
    CliError::usage(format!("--slice: {why}; nothing was read"))
}
