//! `ddbx diff --from-model OLD --to-model NEW`: the two sides written in two designs. Each
//! side's items are named by what its model's key templates decode them to (entity and fields),
//! dealt into buckets by the hash of that identity — the same bucket on both sides whatever
//! their keys — and compared bucket by bucket as a plain diff is, so memory still holds one
//! bucket of each side. The models are checked before anything is sent.

use std::collections::BTreeSet;
use std::path::Path;

use super::keying::Keying;
use super::pairing::ByBucket;
use super::plan::ReadPlan;
use super::print::conclude;
use super::scan::Scan;
use super::scope::plan_scopes;
use super::side::{Side, key_text};
use crate::cli::args::GlobalOptions;
use crate::cli::args::diff::DiffArgs;
use crate::cli::error::CliError;
use crate::domain::diff::DiffReport;
use crate::domain::diff::redesign::{Design, Redesign, RedesignPlan};
use crate::domain::entity::EntityDecoder;
use crate::domain::model::Model;
use crate::domain::schema::TableDescription;
use crate::domain::value::Item;

/// The two models and how their entities match.
pub struct Models {
    old: Model,
    new: Model,
    plan: RedesignPlan,
}

/// The models `--from-model` and `--to-model` name, checked (`None`: neither is given).
/// `tables`: the source's and target's table names, for a file that describes several tables.
pub fn load(
    args: &DiffArgs,
    (source, target): (Option<&str>, Option<&str>),
) -> Result<Option<Models>, CliError> {
    let (Some(old_path), Some(new_path)) = (&args.from_model, &args.to_model) else {
        return Ok(None);
    };
    let old = read("--from-model", old_path, source)?;
    let new = read("--to-model", new_path, target.or(source))?;
    let names = [old_path, new_path].map(|path| path.display().to_string());
    let plan = RedesignPlan::new((&old, &names[0]), (&new, &names[1])).map_err(|problems| {
        CliError::usage(format!(
            "the two models cannot match items:\n{problems}\nnothing was read"
        ))
    })?;
    Ok(Some(Models { old, new, plan }))
}

fn read(option: &str, path: &Path, table: Option<&str>) -> Result<Model, CliError> {
    crate::connect::model_file(path, table)
        .map_err(|error| CliError::usage(format!("{option}: {error}; nothing was read")))
}

/// Compares `source` (in the old design) with `target` (in the new); prints the report.
pub async fn diff(
    models: &Models,
    (source, target): (&Side, &Side),
    args: &DiffArgs,
    global: &GlobalOptions,
) -> Result<(), CliError> {
    check_tables(&models.old, &source.table, "--from-model")?;
    check_tables(&models.new, &target.table, "--to-model")?;
    let redesign = Redesign {
        plan: &models.plan,
        old: Design::new(&models.old, &source.table.key),
        new: Design::new(&models.new, &target.table.key),
    };
    // Each side's entity is the one its own design names.
    let decoders = [&models.old, &models.new].map(|model| EntityDecoder::with_model(model.clone()));
    let [old_decoder, new_decoder] = decoders;
    let tables = (&source.table, &target.table);
    let scopes = plan_scopes(args, tables, &[], (old_decoder, new_decoder))?;
    // Identities are not keys: the same item hashes to unrelated segments on the two sides.
    let plan = ReadPlan::new(args, (source, target), false, scopes);
    let ignore: BTreeSet<String> = args.ignore.iter().cloned().collect();
    let mut report = DiffReport::keeping(args.max_differences);
    report.sample = plan.sample.clone();
    report.scopes = Some(plan.scope_words(tables));
    report.notes = models
        .plan
        .entities
        .iter()
        .map(|entity| entity.note())
        .collect();
    let by_identity = |design, table| ByIdentity {
        design,
        plan: &models.plan,
        table,
    };
    let keyings = [
        by_identity(&redesign.old, &source.table),
        by_identity(&redesign.new, &target.table),
    ];
    let mut shared = 0;
    let scan = Scan {
        sides: (source, target),
        plan: &plan,
        progress: args.progress,
    };
    let mut by_bucket = ByBucket(|held, other| {
        shared += redesign.compare_bucket(held, other, &ignore, &mut report);
    });
    scan.compare((&keyings[0], &keyings[1]), &mut by_bucket)
        .await?;
    if shared > 0 {
        report.notes.push(format!(
            "{shared} identities are shared by more than one item of a side: the match fields \
             do not tell those items apart, so they were paired in the order of their keys"
        ));
    }
    conclude(&report, (&source.table.name, &target.table.name), global)
}

/// A model written for another table (its key or indexes) would decode nothing right.
fn check_tables(model: &Model, table: &TableDescription, option: &str) -> Result<(), CliError> {
    let Some(expected) = &model.table else {
        return Ok(());
    };
    let mismatches = expected.mismatches(table);
    if mismatches.is_empty() {
        return Ok(());
    }
    Err(CliError::usage(format!(
        "{option} describes another table than {}: {}; nothing was read",
        table.name,
        mismatches.join("; ")
    )))
}

/// Items named by their identity under one design; an item whose identity cannot be read (no
/// key attribute at all) is left out, as no stored item is.
struct ByIdentity<'a> {
    design: &'a Design<'a>,
    plan: &'a RedesignPlan,
    table: &'a TableDescription,
}

impl Keying for ByIdentity<'_> {
    fn keyed(&self, item: Item) -> Option<(String, Item)> {
        Some((self.key_of(&item)?, item))
    }

    fn key_of(&self, held: &Item) -> Option<String> {
        self.design.identity(self.plan, held).or_else(|| {
            // Not expected: every stored item has its key; keep it matchable by that.
            key_text(held, self.table)
        })
    }
}
