//! `ddbx diff`'s options: the other side (a table on this or another connection, or an export),
//! the part of each side compared (the scope bulk commands take, the target's defaulting to the
//! source's), and how items are matched (renames, key rewrites, or two designs' models) and
//! compared (ignored attributes).

use std::path::PathBuf;

use clap::Args;

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The table to compare with (default: the same name, on the --to-* connection).
    #[arg(long, value_name = "T")]
    pub to_table: Option<String>,

    /// An export to compare with instead of a table (any file --file reads).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["to_table", "to_endpoint_url", "to_region", "to_profile"])]
    pub to_file: Option<PathBuf>,

    #[command(flatten)]
    pub to: super::OtherConnectionArgs,

    /// Compare only these items of the source; the target's scope is the same (its key values
    /// rewritten by --rewrite-prefix) unless a --to-pk, --to-sk-…, --to-index, --to-filter or
    /// --to-entity replaces that part of it.
    #[command(flatten)]
    pub scope: super::bulk::ItemScopeArgs,

    #[command(flatten)]
    pub to_scope: TargetScopeArgs,

    /// Attributes left out of the comparison, e.g. updatedAt,version (repeatable).
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub ignore: Vec<String>,

    /// The source's attribute OLD is the target's NEW (repeatable).
    #[arg(long, value_name = "OLD=NEW")]
    pub rename: Vec<String>,

    /// Source key values starting with OLD match target keys starting with NEW, as
    /// `copy --rewrite-prefix` wrote them (repeatable; the first matching prefix applies).
    #[arg(long, value_name = "OLD=NEW")]
    pub rewrite_prefix: Vec<String>,

    /// The source's design: a model file (any format --model reads) whose key templates decode
    /// each source item into its entity and fields. With --to-model, items are matched by
    /// entity and the key fields both models share instead of by raw key: a redesign check.
    #[arg(long, value_name = "OLD", requires = "to_model", conflicts_with_all = ["follow", "rename", "rewrite_prefix"])]
    pub from_model: Option<PathBuf>,

    /// The target's design, the model the source's items were rewritten into (with --from-model).
    #[arg(long, value_name = "NEW", requires = "from_model")]
    pub to_model: Option<PathBuf>,

    /// How many differences to print (the counts cover every item).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub max_differences: usize,

    /// Parallel scan segments on each side.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub segments: u32,

    /// Compare worker i's share of a diff split across k workers: the segments j of
    /// --segments N with j mod k = i-1, on both sides (the same keys, as long as keys are
    /// compared as they are and both sides are hashed by the same service).
    #[arg(long, value_name = "i/k", requires = "segments", value_parser = super::bulk::parse_slice)]
    pub slice: Option<crate::domain::slice::Slice>,

    /// Compare about P% of the keys, the same keys on both sides (e.g. 1%): differences found
    /// are real, their absence elsewhere is not shown.
    #[arg(long, value_name = "P%", value_parser = crate::domain::diff::sample::parse_percent)]
    pub sample: Option<f64>,

    /// At most N read units a second, both sides' scans together.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_read_units_per_second: Option<u32>,

    /// Show the reads' progress on stderr even when it is not a terminal (a line a second).
    #[arg(long)]
    pub progress: bool,

    /// Instead of scanning, follow the source's stream and check each changed key on the
    /// target once --lag has passed: the dual-write check (until Ctrl-C or --max-records). With
    /// --pk (and a sort-key condition) or --entity, only the changed keys in that scope.
    #[arg(long, conflicts_with_all = [
        "to_file", "sample", "max_read_units_per_second", "segments", "index", "filter", "to_pk",
        "to_sort_key_condition", "to_index", "to_filter", "to_entity",
    ])]
    pub follow: bool,

    /// How long after a change the target may still differ (e.g. 5s, 500ms, 2m).
    #[arg(long, value_name = "DURATION", default_value = "5s", value_parser = humantime::parse_duration, requires = "follow")]
    pub lag: std::time::Duration,

    /// Where --follow starts in the stream: LATEST, TRIM_HORIZON, a time
    /// (2026-12-04T10:00:00Z) or a duration back from now (90s, 15m, 2h, 1d).
    #[arg(long, value_name = "START", default_value = "LATEST", value_parser = crate::domain::stream_start::parse, requires = "follow")]
    pub since: super::shared::Since,

    /// With --follow: stop once N change records are read and their keys checked.
    #[arg(long, value_name = "N", requires = "follow")]
    pub max_records: Option<u64>,
}

/// The target's scope where it is not the source's, part by part: each option replaces that part
/// of the source's scope (`--pk`, the sort-key condition, `--index`, `--filter`, `--entity`) for
/// the target alone.
#[derive(Clone, Debug, Default, Args)]
pub struct TargetScopeArgs {
    /// The target's partition key value (default: --pk, rewritten by --rewrite-prefix).
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub to_pk: Option<String>,

    #[command(flatten)]
    pub to_sort_key: TargetSortKeyArgs,

    /// The target's index to read (default: --index).
    #[arg(long, value_name = "NAME")]
    pub to_index: Option<String>,

    /// The target's filter expression (default: --filter).
    #[arg(long, value_name = "EXPR")]
    pub to_filter: Option<String>,

    /// The target's entity (default: --entity; with --to-model, as that model names it).
    #[arg(long, value_name = "E")]
    pub to_entity: Option<String>,
}

/// The target's own sort-key condition, in place of the source's (at most one; the target's
/// partition is --to-pk, else --pk). Its values are the target's, never rewritten.
#[derive(Clone, Debug, Default, Args)]
#[group(id = "to_sort_key_condition", multiple = false)]
pub struct TargetSortKeyArgs {
    /// The target's sort key equals V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub to_sk_eq: Option<String>,
    /// The target's sort key is less than V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub to_sk_lt: Option<String>,
    /// The target's sort key is less than or equal to V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub to_sk_le: Option<String>,
    /// The target's sort key is greater than V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub to_sk_gt: Option<String>,
    /// The target's sort key is greater than or equal to V.
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub to_sk_ge: Option<String>,
    /// The target's sort key starts with P (S and B sort keys only).
    #[arg(long, value_name = "P", allow_hyphen_values = true)]
    pub to_sk_begins_with: Option<String>,
    /// The target's sort key is between A and B, both inclusive.
    #[arg(long, num_args = 2, value_names = ["A", "B"], allow_hyphen_values = true)]
    pub to_sk_between: Option<Vec<String>>,
}

impl TargetSortKeyArgs {
    /// The condition as the source's options would give it, when one is given.
    #[must_use]
    pub fn condition(&self) -> Option<super::SortKeyArgs> {
        let condition = super::SortKeyArgs {
            sk_eq: self.to_sk_eq.clone(),
            sk_lt: self.to_sk_lt.clone(),
            sk_le: self.to_sk_le.clone(),
            sk_gt: self.to_sk_gt.clone(),
            sk_ge: self.to_sk_ge.clone(),
            sk_begins_with: self.to_sk_begins_with.clone(),
            sk_between: self.to_sk_between.clone(),
        };
        let given = [
            &condition.sk_eq,
            &condition.sk_lt,
            &condition.sk_le,
            &condition.sk_gt,
            &condition.sk_ge,
            &condition.sk_begins_with,
        ]
        .iter()
        .any(|value| value.is_some())
            || condition.sk_between.is_some();
        given.then_some(condition)
    }
}
