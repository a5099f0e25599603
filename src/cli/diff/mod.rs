//! `ddbx diff`: the items of two tables (on one connection or two) or of a table and an export,
//! matched by key and compared losslessly. Both sides are read in full by parallel scans, each
//! segment in step with the other side's, and the items of a key compared as soon as both are
//! read ([`pairing`]); what does not meet its other side soon is dealt into buckets by the hash of
//! its key (in the target's terms: renamed attributes, rewritten key prefixes) and compared bucket
//! by bucket, so memory holds one bucket of each side. What the scans will cost is printed before anything is read; both sides' scans may share
//! a cap on read units per second, report progress, or read only a sample of the keys (the same
//! keys on both sides). With `--follow` it checks the keys the source's stream says changed
//! instead ([`follow`]); with `--from-model` and `--to-model` the two sides are two designs,
//! matched by what their models decode the items to ([`redesign`]), read the same way ([`scan`]).
//! Either way each side may be narrowed to a scope ([`scope`]): a partition read by Query, an
//! index, a filter, an entity. A diff never writes.

mod buckets;
mod follow;
mod keying;
mod pairing;
mod plan;
mod print;
mod progress;
mod redesign;
mod scan;
mod scope;
mod side;
mod slice;
mod verify;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::backend::Backend;
use crate::cli::args::GlobalOptions;
use crate::cli::args::diff::DiffArgs;
use crate::cli::error::CliError;
use crate::cli::note::note;
use crate::cli::other_table::{other_backend, parse_rewrites};
use crate::domain::diff::{DiffReport, Matching};
use crate::domain::entity::EntityDecoder;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;
use pairing::Compare;
use plan::ReadPlan;
use print::conclude;
pub use redesign::load as load_models;
use scan::Scan;
use scope::plan_scopes;
pub use side::Side;
use side::Terms;
pub use verify::{Written, verify_written};

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
    let names = (
        Some(source.table.name.as_str()),
        Some(target.table.name.as_str()),
    );
    if let Some(models) = redesign::load(args, names)? {
        return redesign::diff(&models, (&source, &target), args, global).await;
    }
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
            scope: scope::ChangeScope::of(args, &source.table, decoder.clone())?,
        };
        return follow::follow(&run, &mut std::io::stdout().lock()).await;
    }
    let keys_alike = plan::keys_alike(&source.table, &renames, &rewrites);
    slice::check_sides(args, keys_alike, (&source, &target))?;
    let decoders = (decoder.clone(), decoder.clone());
    let scopes = plan_scopes(args, (&source.table, &target.table), &rewrites, decoders)?;
    let plan = ReadPlan::new(args, (&source, &target), keys_alike, scopes);
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
    let ignore: BTreeSet<String> = args.ignore.iter().cloned().collect();
    let mut report = DiffReport::keeping(args.max_differences);
    report.sample = plan.sample.clone();
    report.scopes = Some(plan.scope_words((&source.table, &target.table)));
    let sides = (&source.table, &target.table);
    let scan = Scan {
        sides: (&source, &target),
        plan: &plan,
        progress: args.progress,
    };
    let matching = Matching {
        ignore: &ignore,
        decoder,
        tables: sides,
    };
    let mut by_key = ByKey {
        matching: &matching,
        report: &mut report,
    };
    scan.compare((&source_terms, &target_terms), &mut by_key)
        .await?;
    conclude(&report, (&source.table.name, &target.table.name), global)
}

/// A plain diff's comparison: a key names one item of a side, so the items of a key are
/// compared as soon as both sides have read them.
struct ByKey<'a> {
    matching: &'a Matching<'a>,
    report: &'a mut DiffReport,
}

impl Compare for ByKey<'_> {
    fn bucket(&mut self, source: Vec<(String, Item)>, target: Vec<(String, Item)>) {
        self.matching.compare_bucket(source, target, self.report);
    }

    fn pairs(&self) -> bool {
        true
    }

    fn pair(&mut self, source: Item, target: Item) {
        self.matching.compare_pair(source, target, self.report);
    }
}

/// What can be refused before connecting: a sort-key condition without a partition, a slice
/// of a diff whose keys would not land in the same segments on both sides.
pub fn check_before_connecting(args: &DiffArgs) -> Result<(), CliError> {
    scope::check_before_connecting(args)?;
    slice::check_before_connecting(args)
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
            aws: global.aws_options(),
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
