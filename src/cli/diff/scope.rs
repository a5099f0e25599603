//! The part of each side a diff compares: the scope bulk commands take (a partition, read by
//! Query, optionally narrowed by the sort key; or a Scan of the table or an index; either
//! filtered by an expression and by entity). The target's scope is the source's, its key values
//! rewritten by `--rewrite-prefix` as the items' keys are, unless a `--to-…` option replaces
//! that part: what a user means by `diff --pk ORG#1` is that partition on both sides. Both
//! scopes are planned and checked against their tables before anything is read.

use crate::backend::ChangeRecord;
use crate::cli::args::bulk::ItemScopeArgs;
use crate::cli::args::diff::DiffArgs;
use crate::cli::error::CliError;
use crate::cli::other_table::{Rewrite, rewrite_text};
use crate::cli::scope::{check_sort_key_has_partition, describe_scope, plan_scope_read};
use crate::domain::diff::report::EVERY_ITEM;
use crate::domain::entity::EntityDecoder;
use crate::domain::expr::ast::Condition;
use crate::domain::expr::eval::evaluate_condition;
use crate::domain::expr::{ExprKind, WireRequest};
use crate::domain::schema::{Projection, TableDescription};
use crate::domain::scope::{Scope, ScopeRead, entity_name};
use crate::domain::value::Item;

/// What one side of a diff reads and keeps.
pub struct SideScope {
    pub scope: Scope,
    /// What decodes an item's entity for `--entity` (a redesign's side: its own model).
    pub decoder: EntityDecoder,
    /// The scope in words (`None`: every item of the table).
    pub words: Option<String>,
}

impl SideScope {
    /// Whether the side is read by Scan of its whole table (not a partition, not an index),
    /// so that its scan segments split its keys as the other side's do.
    #[must_use]
    pub fn scans_table(&self) -> bool {
        matches!(&self.scope.read, ScopeRead::Scan(request) if request.index.is_none())
    }

    /// Whether `item`, read by this side, belongs to its scope (its entity, when one is named).
    #[must_use]
    pub fn keeps(&self, table: &TableDescription, item: &Item) -> bool {
        self.scope.keeps(&self.decoder, table, item)
    }

    /// The entity `item` decodes as on this side.
    #[must_use]
    pub fn entity_of(&self, table: &TableDescription, item: &Item) -> String {
        entity_name(&self.decoder, table, item)
    }

    /// The scope in words with how it is read, for the estimate and the report.
    #[must_use]
    pub fn describe(&self, table: &TableDescription) -> String {
        let Some(words) = &self.words else {
            return EVERY_ITEM.to_owned();
        };
        let how = match &self.scope.read {
            ScopeRead::Query(_) => "by Query".to_owned(),
            ScopeRead::Scan(request) => match &request.index {
                Some(index) => format!("by Scan of index {index}{}", projected(table, index)),
                None => "by Scan".to_owned(),
            },
        };
        format!("{words} ({how})")
    }
}

/// An index that does not project every attribute gives only the ones it does to compare.
fn projected(table: &TableDescription, index: &str) -> String {
    match table.index(index).map(|index| &index.projection) {
        Some(Projection::KeysOnly) => ", which holds only the keys: only they are compared".into(),
        Some(Projection::Include(names)) => format!(
            ", which holds only the keys and {}: only they are compared",
            names.join(", ")
        ),
        _ => String::new(),
    }
}

/// What can be refused without a table's description: a sort-key condition without a partition,
/// on either side.
pub fn check_before_connecting(args: &DiffArgs) -> Result<(), CliError> {
    check_sort_key_has_partition(&args.scope)?;
    check_sort_key_has_partition(&target_scope(args, &[])).map_err(|_| {
        CliError::usage(
            "a --to-sk-… condition narrows the target's partition: give --pk or --to-pk too",
        )
    })
}

/// Both sides' scopes, planned against their tables; `decoders`: the source's and the target's.
pub fn plan_scopes(
    args: &DiffArgs,
    (source, target): (&TableDescription, &TableDescription),
    rewrites: &[Rewrite],
    decoders: (EntityDecoder, EntityDecoder),
) -> Result<(SideScope, SideScope), CliError> {
    let target_args = target_scope(args, rewrites);
    let source_scope = side_scope(&args.scope, source, decoders.0)
        .map_err(|error| on_side(error, "the source's scope", source))?;
    let target_scope = side_scope(&target_args, target, decoders.1).map_err(|error| {
        on_side(
            error,
            "the target's scope (the source's unless --to-pk, --to-sk-…, --to-index, \
             --to-filter or --to-entity gives its own)",
            target,
        )
    })?;
    Ok((source_scope, target_scope))
}

fn side_scope(
    args: &ItemScopeArgs,
    table: &TableDescription,
    decoder: EntityDecoder,
) -> Result<SideScope, CliError> {
    let read = plan_scope_read(table, args, false)?;
    // The bulk journal's words start with how the scope is read, which `describe` says here.
    let words = describe_scope(args);
    let words = match words.strip_prefix("scan") {
        Some(rest) => rest.trim_start().to_owned(),
        None => words,
    };
    Ok(SideScope {
        scope: Scope {
            read,
            entity: args.entity.clone(),
        },
        decoder,
        words: (!words.is_empty()).then_some(words),
    })
}

/// The source's scope in the target's terms, with the target's own parts in place of its.
fn target_scope(args: &DiffArgs, rewrites: &[Rewrite]) -> ItemScopeArgs {
    let mut scope = args.scope.clone();
    let rewrite = |value: &mut Option<String>| {
        if let Some(text) = value {
            *text = rewrite_text(text, rewrites);
        }
    };
    rewrite(&mut scope.pk);
    let sort = &mut scope.sort_key;
    for value in [
        &mut sort.sk_eq,
        &mut sort.sk_lt,
        &mut sort.sk_le,
        &mut sort.sk_gt,
        &mut sort.sk_ge,
        &mut sort.sk_begins_with,
    ] {
        rewrite(value);
    }
    if let Some(between) = &mut sort.sk_between {
        for text in between {
            *text = rewrite_text(text, rewrites);
        }
    }
    let own = &args.to_scope;
    let replace = |own: &Option<String>, part: &mut Option<String>| {
        if own.is_some() {
            part.clone_from(own);
        }
    };
    replace(&own.to_pk, &mut scope.pk);
    replace(&own.to_index, &mut scope.index);
    replace(&own.to_filter, &mut scope.filter);
    replace(&own.to_entity, &mut scope.entity);
    if let Some(condition) = own.to_sort_key.condition() {
        scope.sort_key = condition;
    }
    scope
}

/// The source's scope as `--follow` applies it to the keys its stream says changed: the
/// partition and its sort-key condition checked on the record's keys, the entity on the image
/// the record carries (its keys when it carries none).
pub struct ChangeScope {
    key_condition: Option<Condition>,
    side: SideScope,
}

impl ChangeScope {
    /// The source's scope for `--follow` (`None`: every changed key is checked).
    pub fn of(
        args: &DiffArgs,
        table: &TableDescription,
        decoder: EntityDecoder,
    ) -> Result<Option<Self>, CliError> {
        let side = side_scope(&args.scope, table, decoder)
            .map_err(|error| on_side(error, "the source's scope", table))?;
        if side.words.is_none() {
            return Ok(None);
        }
        let key_condition = match &side.scope.read {
            ScopeRead::Query(request) => Some(
                WireRequest::new(&request.params)
                    .condition(ExprKind::KeyCondition, &request.key_condition)
                    .map_err(|error| CliError::usage(format!("the source's scope: {error}")))?,
            ),
            ScopeRead::Scan(_) => None,
        };
        Ok(Some(Self {
            key_condition,
            side,
        }))
    }

    /// Whether the changed key of `record` is in the scope.
    #[must_use]
    pub fn keeps(&self, table: &TableDescription, record: &ChangeRecord) -> bool {
        let in_partition = self
            .key_condition
            .as_ref()
            .is_none_or(|condition| evaluate_condition(condition, &record.keys));
        let image = record.new_image.as_ref().or(record.old_image.as_ref());
        in_partition && self.side.keeps(table, image.unwrap_or(&record.keys))
    }

    /// The scope in words, for the note that starts the follow.
    #[must_use]
    pub fn describe(&self, table: &TableDescription) -> String {
        self.side.describe(table)
    }
}

/// A scope's refusal, saying which side's scope it is and which table it was checked against.
fn on_side(error: CliError, side: &str, table: &TableDescription) -> CliError {
    match error {
        CliError::Usage(message) => CliError::usage(format!(
            "{side}, on {}: {message}; nothing was read",
            table.name
        )),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::target_scope;
    use crate::cli::args::diff::DiffArgs;
    use crate::cli::args::{Cli, Command};
    use crate::cli::other_table::parse_rewrites;

    fn args(extra: &[&str]) -> DiffArgs {
        let argv = ["ddbx", "diff", "--to-table", "B"].iter().chain(extra);
        match Cli::try_parse_from(argv).expect("valid").command {
            Some(Command::Diff(args)) => *args,
            other => panic!("expected diff, got {other:?}"),
        }
    }

    #[test]
    fn the_target_scope_is_the_sources_rewritten_with_its_own_parts_in_place() {
        let rewrites = parse_rewrites(&["ORG#=TENANT#".to_owned()]).expect("valid");
        let cases: [(&[&str], [Option<&str>; 4]); 4] = [
            (
                &[
                    "--pk",
                    "ORG#1",
                    "--sk-begins-with",
                    "ORG#1#ORDER",
                    "--entity",
                    "Order",
                ],
                [
                    Some("TENANT#1"),
                    Some("TENANT#1#ORDER"),
                    None,
                    Some("Order"),
                ],
            ),
            (
                &["--pk", "USER#1", "--to-pk", "CUSTOMER#1"],
                [Some("CUSTOMER#1"), None, None, None],
            ),
            (
                &[
                    "--index",
                    "GSI1",
                    "--to-index",
                    "ByStatus",
                    "--entity",
                    "order",
                ],
                [None, None, Some("ByStatus"), Some("order")],
            ),
            (
                &["--entity", "Order", "--to-entity", "Purchase"],
                [None, None, None, Some("Purchase")],
            ),
        ];
        for (extra, [pk, begins, index, entity]) in cases {
            let target = target_scope(&args(extra), &rewrites);
            assert_eq!(target.pk.as_deref(), pk, "{extra:?}");
            assert_eq!(
                target.sort_key.sk_begins_with.as_deref(),
                begins,
                "{extra:?}"
            );
            assert_eq!(target.index.as_deref(), index, "{extra:?}");
            assert_eq!(target.entity.as_deref(), entity, "{extra:?}");
        }
    }
}
