//! Prefilling the form: from a preset (other screens), or from what is under the cursor —
//! a partition in the list, an item of a partition, or the item in the inspector.

use crate::app::state::explore::partition::{PartitionRow, partition_text};
use crate::app::state::inspect::inspector::key_text;
use crate::app::state::query::form::FormField;
use crate::app::state::rows::group_of;
use crate::app::state::{QueryForm, State, View};
use crate::domain::access_pattern::SortOperator;
use crate::domain::query_spec::template::template_of_key;
use crate::domain::query_spec::{QuerySpec, SortChoice};
use crate::domain::value::Item;

/// What to prefill the form with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryPreset {
    /// `None` = the table.
    pub index: Option<String>,
    /// Partition key value as text.
    pub partition: Option<String>,
    /// Sort operator, value and, for BETWEEN, the upper bound.
    pub sort: Option<(SortOperator, String, Option<String>)>,
}

/// The form a preset describes.
pub(in crate::app::update::query) fn form_from_preset(preset: &QueryPreset) -> QueryForm {
    let mut spec = QuerySpec {
        index: preset.index.clone(),
        partition: preset.partition.clone().unwrap_or_default(),
        ..QuerySpec::default()
    };
    if let Some((operator, value, upper)) = &preset.sort {
        spec.sort = sort_choice(*operator);
        spec.sort_value.clone_from(value);
        spec.sort_upper = upper.clone().unwrap_or_default();
    }
    let mut form = QueryForm::new(spec);
    form.focus = if preset.partition.is_some() {
        FormField::Sort
    } else {
        FormField::Partition
    };
    // A labelled sort key (`STATUS#PENDING#DATE#…`) offers its own shape as a template.
    if let Some((_, value, _)) = &preset.sort
        && let Some(template) = template_of_key(value)
    {
        form.templates.push(template);
    }
    form
}

fn sort_choice(operator: SortOperator) -> SortChoice {
    match operator {
        SortOperator::Eq => SortChoice::Eq,
        SortOperator::Lt => SortChoice::Lt,
        SortOperator::Le => SortChoice::Le,
        SortOperator::Gt => SortChoice::Gt,
        SortOperator::Ge => SortChoice::Ge,
        SortOperator::Between => SortChoice::Between,
        SortOperator::BeginsWith => SortChoice::BeginsWith,
    }
}

/// The preset for the view under the form: the partition, or the item's partition and sort key.
pub(in crate::app::update::query) fn preset_from_view(state: &State) -> QueryPreset {
    let item = match state.history.current() {
        View::Partitions { prefix, cursor } => {
            let partition = group_of(state, prefix.as_deref())
                .and_then(|(found, id)| found.partitions(id).nth(*cursor))
                .map(|(key, _)| key_text(&key.to_attr_value()));
            return QueryPreset {
                partition,
                ..QueryPreset::default()
            };
        }
        View::Partition { pk, cursor } => {
            let item = state
                .partitions
                .get(&partition_text(pk))
                .and_then(|partition| match partition.rows().get(*cursor) {
                    Some(PartitionRow::Item(index)) => partition.items.item(*index),
                    _ => None,
                });
            match item {
                Some(item) => item,
                None => {
                    return QueryPreset {
                        partition: Some(key_text(pk)),
                        ..QueryPreset::default()
                    };
                }
            }
        }
        View::Inspector(inspector) => inspector.item.clone(),
        View::QueryResults { run, cursor } => {
            match state
                .query_runs
                .get(*run)
                .and_then(|run| run.item_at(*cursor))
            {
                Some(item) => item,
                None => return QueryPreset::default(),
            }
        }
        View::StatementResults { run, cursor } => {
            match state
                .partiql
                .runs
                .get(*run)
                .and_then(|run| run.item_at(*cursor))
            {
                Some(item) => item.clone(),
                None => return QueryPreset::default(),
            }
        }
        // The item under the cursor of the insights (a finding's first item).
        View::Insights { cursor } => {
            let item = state.insights.as_ref().and_then(|run| {
                let row = *run.rows().get(*cursor)?;
                run.item_of(row)
            });
            match item {
                Some(item) => item,
                None => return QueryPreset::default(),
            }
        }
        // A stream record presets the keys of the item it changed.
        View::StreamRecord { entry, .. } => entry.record.keys.clone(),
        View::ItemHistory(view) => view.key.clone(),
        View::Stream { cursor } => {
            match crate::app::state::stream::rows::visible(state).get(*cursor) {
                Some(entry) => entry.record.keys.clone(),
                None => return QueryPreset::default(),
            }
        }
        View::Overview | View::Prefixes { .. } | View::Indexes { .. } => {
            return QueryPreset::default();
        }
        // An index view queries that index (and the partition shown).
        View::IndexGroups { index, .. } | View::IndexCoverage { index, .. } => {
            return QueryPreset {
                index: Some(index.clone()),
                ..QueryPreset::default()
            };
        }
        View::IndexItems { index, pk, .. } => {
            return QueryPreset {
                index: Some(index.clone()),
                partition: Some(key_text(pk)),
                sort: None,
            };
        }
    };
    preset_from_item(state, &item)
}

/// The table partition of `item` and `= its sort key`.
fn preset_from_item(state: &State, item: &Item) -> QueryPreset {
    let Some(key) = state.described().map(|description| &description.key) else {
        return QueryPreset::default();
    };
    QueryPreset {
        index: None,
        partition: item.get(&key.partition.name).map(key_text),
        sort: key
            .sort
            .as_ref()
            .and_then(|sort| item.get(&sort.name))
            .map(|value| (SortOperator::Eq, key_text(value), None)),
    }
}
