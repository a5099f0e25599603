//! Recomputes the form's outcome (request + preview, or errors per field) after every change.
//! This is the per-keystroke path: it only parses and checks, and sends nothing.

use crate::app::state::query::form::{FormError, FormField};
use crate::app::state::{QueryForm, State};
use crate::domain::expr::bare_names::suspect_bare_words;
use crate::domain::key_value::key_text;
use crate::domain::query_spec::template::fill_prefix;
use crate::domain::query_spec::{
    BuiltQuery, Field, FieldError, KeyExamples, SortChoice, build_query_with, consistent_refusal,
    read_from_table_of, reading_options,
};
use crate::domain::raw_query::{RawField, RawQueryInput, build_raw_query};
use crate::domain::schema::TableDescription;

/// Brings `form.outcome` (and a template-built sort value) up to date.
pub(super) fn rebuild(state: &State, form: &mut QueryForm) {
    if let Some(template) = form.chosen_template() {
        form.spec.sort_value = fill_prefix(template, &form.template_parts);
        prefill_upper(form);
    }
    let Some(description) = state.described() else {
        form.outcome = Err(vec![FormError {
            field: FormField::Target,
            message: "waiting for the table description (DescribeTable)".to_owned(),
            span: None,
        }]);
        return;
    };
    form.outcome = if form.raw_mode {
        build_raw(description, form)
    } else {
        build_query_with(
            description,
            &form.spec,
            &key_examples(state, description, form),
        )
        .map_err(|errors| errors.into_iter().map(form_error).collect())
    };
    let filter = if form.raw_mode {
        &form.raw.filter
    } else {
        &form.spec.raw_filter
    };
    form.bare_words = suspect_bare_words(filter, state.items_read());
}

/// Items looked at for the hints' example keys: the first few read hold the table's keys.
const EXAMPLE_ITEMS: usize = 2_000;

/// Values of the target's key attributes read from the table (the items read so far, then the
/// partitions discovered), so a hint's example is a key of the user's own table.
fn key_examples(state: &State, description: &TableDescription, form: &QueryForm) -> KeyExamples {
    let mut examples = KeyExamples::new();
    let Some(key) = description.key_schema_of(form.spec.index.as_deref()) else {
        return examples;
    };
    let wanted: Vec<_> = key.attributes().collect();
    for item in state.items_read().take(EXAMPLE_ITEMS) {
        for attribute in &wanted {
            if let Some(value) = item
                .get(&attribute.name)
                .filter(|value| value.value_type() == attribute.value_type)
            {
                examples
                    .entry(attribute.name.clone())
                    .or_insert_with(|| key_text(value));
            }
        }
        if examples.len() == wanted.len() {
            return examples;
        }
    }
    if form.spec.index.is_none()
        && let Some((partition, _)) = state
            .explore
            .discovery
            .found
            .as_ref()
            .and_then(|found| found.complete_partition("").next())
    {
        examples
            .entry(key.partition.name.clone())
            .or_insert_with(|| partition.to_owned());
    }
    examples
}

/// BETWEEN with a template: *To* starts as the key *From* builds (a valid one-key range to edit
/// the end of) and follows *From* until it is edited by hand.
fn prefill_upper(form: &mut QueryForm) {
    if form.spec.sort != SortChoice::Between {
        return;
    }
    let prefill = form.spec.sort_value.clone();
    let untouched = form.spec.sort_upper.is_empty()
        || form.upper_prefill.as_deref() == Some(form.spec.sort_upper.as_str());
    if untouched {
        form.spec.sort_upper.clone_from(&prefill);
        form.upper_prefill = Some(prefill);
    }
}

fn form_error(error: FieldError) -> FormError {
    let field = match error.field {
        Field::Target => FormField::Target,
        Field::Partition => FormField::Partition,
        Field::MorePartition(n) => FormField::MorePartition(n),
        Field::SortPrefix(n) => FormField::SortPrefix(n),
        Field::Sort => FormField::Sort,
        Field::SortValue => FormField::SortValue,
        Field::SortUpper => FormField::SortUpper,
        Field::FilterAttribute(row) => FormField::FilterAttribute(row),
        Field::FilterValue(row) => FormField::FilterValue(row),
        Field::RawFilter => FormField::Filter,
        Field::Projection => FormField::Projection,
        Field::PageSize => FormField::PageSize,
        Field::StopAfter => FormField::StopAfter,
        Field::Consistent => FormField::Consistent,
    };
    FormError {
        field,
        message: error.message,
        span: error.span,
    }
}

/// Raw mode: the texts through `build_raw_query`, then the form's reading options.
fn build_raw(
    description: &TableDescription,
    form: &QueryForm,
) -> Result<BuiltQuery, Vec<FormError>> {
    let present = |text: &str| Some(text.to_owned()).filter(|text| !text.trim().is_empty());
    let (filter, projection, values, names) = (
        present(&form.raw.filter),
        present(&form.raw.projection),
        present(&form.raw.values),
        present(&form.raw.names),
    );
    let input = RawQueryInput {
        table: &description.name,
        index: form.spec.index.as_deref(),
        key_condition: &form.raw.key_condition,
        filter: filter.as_deref(),
        projection: projection.as_deref(),
        values_json: values.as_deref(),
        names_json: names.as_deref(),
    };
    let mut errors = Vec::new();
    let request = build_raw_query(description, &input).map_err(|error| {
        errors.push(FormError {
            field: match error.field {
                RawField::Index => FormField::Target,
                RawField::KeyCondition => FormField::RawKeyCondition,
                RawField::Filter => FormField::RawFilter,
                RawField::Projection => FormField::RawProjection,
                RawField::Values => FormField::RawValues,
                RawField::Names => FormField::RawNames,
            },
            message: error.message,
            span: error.span,
        });
    });
    if form.spec.consistent
        && let Some(reason) = consistent_refusal(description, form.spec.index.as_deref())
    {
        errors.push(form_error(FieldError {
            field: Field::Consistent,
            message: reason,
            span: None,
        }));
    }
    let options = reading_options(&form.spec)
        .map_err(|problems| errors.extend(problems.into_iter().map(form_error)));
    match (request, options) {
        (Ok(mut request), Ok((limit, stop_after))) if errors.is_empty() => {
            request.limit = limit;
            request.forward = !form.spec.descending;
            request.consistent_read = form.spec.consistent;
            let read_from_table = read_from_table_of(description, &request);
            Ok(BuiltQuery {
                request,
                stop_after,
                read_from_table,
                // Raw expressions are sent as written.
                inclusive_upper: None,
            })
        }
        _ => Err(errors),
    }
}
