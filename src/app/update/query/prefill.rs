//! Prefilling the form: from a preset (other screens), or from what is under the cursor —
//! a partition in the list, an item of a partition, or the item in the inspector.

use crate::app::state::query::form::FormField;
use crate::app::state::query::preset::QueryPreset;
use crate::app::state::screens::current;
use crate::app::state::{QueryForm, State};
use crate::domain::access_pattern::SortOperator;
use crate::domain::query_spec::template::template_of_key;
use crate::domain::query_spec::{QuerySpec, SortChoice};

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
    let (view, screen) = current(state);
    screen.query_preset(state, view)
}
