//! Keys in the query builder form: typing into the focused field, moving between fields,
//! cycling choices, raw mode, filter rows, completion, submit and close.

use super::build::rebuild;
use super::results;
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::state::query::form::FormField;
use crate::app::state::text_field::TextEdit;
use crate::app::state::{Notice, Overlay, QueryForm, State};
use crate::domain::common_prefix::common_prefix;
use crate::domain::query_spec::template::{model_templates, template_of_key};
use crate::domain::query_spec::{FilterOperator, FilterRow, Join, SortChoice, consistent_refusal};
use crate::domain::schema::KeySchema;
use crate::domain::value::ValueType;
use crate::share::{SnippetKind, snippet};

/// Applies one key to the open form.
pub(in crate::app::update) fn key(
    state: &mut State,
    mut form: QueryForm,
    action: Action,
) -> Vec<Command> {
    let focus_before = form.focus;
    match action {
        Action::Back => {
            state.overlay = None;
            return Vec::new();
        }
        Action::Submit => return submit(state, form),
        // On a choice there is no text: Space and the arrows cycle it.
        Action::Input(' ') | Action::CursorRight if is_choice(&form) => {
            cycle(state, &mut form, true);
        }
        Action::CursorLeft if is_choice(&form) => cycle(state, &mut form, false),
        Action::NextField => move_focus(&mut form, 1, Ends::Stop),
        Action::PrevField => move_focus(&mut form, -1, Ends::Stop),
        Action::NextChoice => cycle(state, &mut form, true),
        Action::PrevChoice => cycle(state, &mut form, false),
        Action::Complete if !complete(state, &mut form) => {
            if let Some(why) = nothing_to_complete_on_an_index(state, &form) {
                state.notice = Some(Notice::Info(why));
            }
            move_focus(&mut form, 1, Ends::Wrap);
        }
        Action::ToggleRawMode => toggle_raw(&mut form),
        Action::AddFilterRow => {
            form.spec.filters.push(FilterRow::default());
            form.focus = FormField::FilterAttribute(form.spec.filters.len() - 1);
        }
        Action::RemoveFilterRow => remove_filter_row(&mut form),
        // The preview below the fields scrolls when it does not fit (the view clamps it).
        Action::PageDown => {
            form.preview_scroll =
                (form.preview_scroll + preview_page(state)).min(preview_rows(state, &form));
        }
        Action::PageUp => {
            form.preview_scroll = form.preview_scroll.saturating_sub(preview_page(state));
        }
        Action::CopyQueryAwsCli | Action::CopyQueryBoto3 | Action::CopyQueryJavascript => {
            let commands = copy_snippet(state, &form, &action);
            state.overlay = Some(Overlay::QueryForm(Box::new(form)));
            return commands;
        }
        other => {
            if let Some(edit) = TextEdit::of(&other) {
                form.edit_focused(&edit);
            }
        }
    }
    // Arriving in a field puts the cursor at the end of its text, ready to type on.
    if form.focus != focus_before {
        form.cursor_to_end();
    }
    rebuild(state, &mut form);
    state.overlay = Some(Overlay::QueryForm(Box::new(form)));
    Vec::new()
}

/// Rows a page key scrolls the preview by: the preview has the rows the fields leave, a few.
fn preview_page(state: &State) -> usize {
    usize::from(state.viewport.1 / 6).max(1)
}

/// At most how many rows the preview takes at the screen's width (its lines folded), so a
/// page key pressed past the end is not counted against the next one back.
fn preview_rows(state: &State, form: &QueryForm) -> usize {
    let width = usize::from(state.viewport.0.saturating_sub(2)).max(1);
    form.outcome.as_ref().map_or(1, |built| {
        crate::domain::query_spec::preview_text(built)
            .lines()
            .map(|line| line.chars().count().div_ceil(width).max(1))
            .sum::<usize>()
            + 1
    })
}

fn is_choice(form: &QueryForm) -> bool {
    form.text(form.focus).is_none()
}

/// Copies the form's request as a runnable snippet; an invalid form copies nothing.
fn copy_snippet(state: &mut State, form: &QueryForm, action: &Action) -> Vec<Command> {
    let kind = match action {
        Action::CopyQueryBoto3 => SnippetKind::Boto3,
        Action::CopyQueryJavascript => SnippetKind::JavaScript,
        _ => SnippetKind::AwsCli,
    };
    match &form.outcome {
        Ok(built) => vec![Command::CopyToClipboard {
            text: snippet(kind, &built.request, &state.session.connection),
            what: format!("the query as {}", kind.label()),
        }],
        Err(_) => {
            state.notice = Some(Notice::Error(
                "the form is not valid yet: nothing to copy".to_owned(),
            ));
            Vec::new()
        }
    }
}

/// Runs the built request; an invalid form stays open and says where the problem is.
fn submit(state: &mut State, mut form: QueryForm) -> Vec<Command> {
    rebuild(state, &mut form);
    match form.outcome.clone() {
        Ok(built) => {
            state.overlay = None;
            let commands = results::start(state, built.request, built.stop_after);
            if let Some(run) = state.queries.runs.last_mut() {
                run.form = Some(Box::new(form));
            }
            commands
        }
        Err(errors) => {
            if let Some(first) = errors.first() {
                form.focus = first.field;
                state.notice = Some(Notice::Error(format!(
                    "not sent: {} problem(s); first: {}",
                    errors.len(),
                    first.message
                )));
            }
            state.overlay = Some(Overlay::QueryForm(Box::new(form)));
            Vec::new()
        }
    }
}

/// What moving past the first or last field does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ends {
    /// Up and Down stop there, so counting key presses never lands on the field at the other end.
    Stop,
    /// Tab goes round, as it does in every form.
    Wrap,
}

fn move_focus(form: &mut QueryForm, step: isize, ends: Ends) {
    let fields = form.fields();
    let position = fields
        .iter()
        .position(|field| *field == form.focus)
        .unwrap_or(0);
    let count = isize::try_from(fields.len()).unwrap_or(1).max(1);
    let moved = isize::try_from(position).unwrap_or(0) + step;
    let next = match ends {
        Ends::Stop => moved.clamp(0, count - 1),
        Ends::Wrap => moved.rem_euclid(count),
    };
    if let Some(field) = usize::try_from(next).ok().and_then(|next| fields.get(next)) {
        form.focus = *field;
    }
}

/// The key schema of the form's target.
fn target_key(state: &State, form: &QueryForm) -> Option<KeySchema> {
    state
        .described()?
        .key_schema_of(form.spec.index.as_deref())
        .cloned()
}

/// The sort operators offered for the target: none without a sort key, no begins_with on N.
fn sort_choices(key: Option<&KeySchema>) -> Vec<SortChoice> {
    let sort_type = key
        .and_then(|key| key.sort.as_ref())
        .map(|sort| sort.value_type);
    match sort_type {
        None if key.is_some() => vec![SortChoice::None],
        Some(ValueType::N) => SortChoice::ALL
            .into_iter()
            .filter(|choice| *choice != SortChoice::BeginsWith)
            .collect(),
        _ => SortChoice::ALL.to_vec(),
    }
}

fn step<T: Copy + PartialEq>(choices: &[T], current: T, forward: bool) -> T {
    let Some(position) = choices.iter().position(|choice| *choice == current) else {
        return choices.first().copied().unwrap_or(current);
    };
    let next = if forward {
        (position + 1) % choices.len()
    } else {
        (position + choices.len() - 1) % choices.len()
    };
    choices[next]
}

/// Cycles the focused choice field.
fn cycle(state: &mut State, form: &mut QueryForm, forward: bool) {
    match form.focus {
        FormField::Target => {
            if form.spec.index.is_none() && !form.spec.partition.is_empty() {
                form.partition_of_table = Some(form.spec.partition.clone());
            }
            let mut targets: Vec<Option<String>> = vec![None];
            if let Some(description) = state.described() {
                targets.extend(
                    description
                        .indexes
                        .iter()
                        .map(|index| Some(index.name.clone())),
                );
            }
            let position = targets
                .iter()
                .position(|target| *target == form.spec.index)
                .unwrap_or(0);
            let next = if forward {
                (position + 1) % targets.len()
            } else {
                (position + targets.len() - 1) % targets.len()
            };
            form.spec.index = targets[next].clone();
            form.spec.consistent &= consistent_refusal_of(state, form).is_none();
            let key = target_key(state, form);
            if !sort_choices(key.as_ref()).contains(&form.spec.sort) {
                form.spec.sort = SortChoice::None;
            }
            form.template = None;
            refresh_templates(state, form);
        }
        FormField::Sort => {
            let key = target_key(state, form);
            form.spec.sort = step(&sort_choices(key.as_ref()), form.spec.sort, forward);
        }
        FormField::Template => {
            let choices: Vec<Option<usize>> = std::iter::once(None)
                .chain((0..form.templates.len()).map(Some))
                .collect();
            form.template = step(&choices, form.template, forward);
            form.template_parts = starting_parts(form);
            if form.template.is_some() && form.spec.sort == SortChoice::None {
                form.spec.sort = SortChoice::BeginsWith;
            }
        }
        FormField::Join => {
            form.spec.join = step(&[Join::And, Join::Or], form.spec.join, forward);
        }
        FormField::FilterOperator(row) => {
            if let Some(filter) = form.spec.filters.get_mut(row) {
                filter.operator = step(&FilterOperator::ALL, filter.operator, forward);
            }
        }
        FormField::Order => form.spec.descending = !form.spec.descending,
        FormField::Consistent => match consistent_refusal_of(state, form) {
            Some(reason) => {
                form.spec.consistent = false;
                state.notice = Some(Notice::Info(format!(
                    "consistent read unavailable: {reason}"
                )));
            }
            None => form.spec.consistent = !form.spec.consistent,
        },
        _ => {}
    }
}

/// The chosen template's parts taken from the sort value shown (the key the form was opened
/// on, or what the previous template built); empty parts when it does not fit that value.
fn starting_parts(form: &QueryForm) -> Vec<String> {
    let Some(template) = form.chosen_template() else {
        return Vec::new();
    };
    template.captures(&form.spec.sort_value).map_or_else(
        || vec![String::new(); template.placeholders().count()],
        |parts| parts.into_iter().map(str::to_owned).collect(),
    )
}

fn consistent_refusal_of(state: &State, form: &QueryForm) -> Option<String> {
    consistent_refusal(state.described()?, form.spec.index.as_deref())
}

/// The templates offered for the target: the model's, and the shape of a labelled sort key
/// the form was opened with.
pub(super) fn refresh_templates(state: &State, form: &mut QueryForm) {
    fit_key_fields(state, form);
    let mut templates = model_templates(&state.entities, form.spec.index.as_deref());
    if form.spec.index.is_none()
        && let Some(derived) = template_of_key(&form.spec.sort_value)
        && !templates.contains(&derived)
    {
        templates.push(derived);
    }
    form.templates = templates;
    if form
        .template
        .is_some_and(|index| index >= form.templates.len())
    {
        form.template = None;
    }
}

/// One field per key attribute of the target: a multi-attribute partition key gets a field for
/// each further attribute, a multi-attribute sort key one `=` field for each attribute but the
/// last (the sort condition applies to the attribute after the last one filled).
fn fit_key_fields(state: &State, form: &mut QueryForm) {
    let key = target_key(state, form);
    let (partition, sort) = key.as_ref().map_or((1, 0), |key| {
        (
            key.partition_attributes().count(),
            key.sort_attributes().count(),
        )
    });
    form.spec
        .more_partition
        .resize(partition.saturating_sub(1), String::new());
    form.spec
        .sort_prefix
        .resize(sort.saturating_sub(1), String::new());
}

/// Completes the partition value from discovered partitions (discovery groups the table's
/// partition keys), or for an index from its known partition values. False when nothing was
/// completed.
fn complete(state: &State, form: &mut QueryForm) -> bool {
    if form.focus == FormField::SortUpper {
        return make_upper_inclusive(form) || complete_upper(state, form);
    }
    if let FormField::TemplatePart(part) = form.focus {
        return complete_part(state, form, part);
    }
    if form.focus != FormField::Partition {
        return false;
    }
    if let Some(index) = form.spec.index.clone() {
        return complete_index_partition(state, form, &index);
    }
    let Some(found) = &state.explore.discovery.found else {
        return false;
    };
    let Some(completed) = found.complete_partition_prefix(&form.spec.partition) else {
        return false;
    };
    form.spec.partition = completed;
    form.cursor_to_end();
    true
}

/// The index's partition key values known so far: its browser's partitions and the items read.
/// Discovery scans the table, so an index has no other source.
fn known_index_partitions(
    state: &State,
    form: &QueryForm,
    index: &str,
) -> std::collections::BTreeSet<String> {
    let Some(partition) = target_key(state, form).map(|key| key.partition.name) else {
        return std::collections::BTreeSet::new();
    };
    let browsed = state
        .indexes
        .browses
        .get(index)
        .into_iter()
        .flat_map(|browse| browse.groups.iter())
        .filter_map(|group| group.pk.as_s().map(str::to_owned));
    let read = state
        .items_read()
        .filter_map(|item| item.get(&partition)?.as_s().map(str::to_owned));
    browsed.chain(read).collect()
}

/// Completes an index's partition value to the longest prefix the known values starting with
/// what is typed share. False when nothing longer is known.
fn complete_index_partition(state: &State, form: &mut QueryForm, index: &str) -> bool {
    let typed = form.spec.partition.clone();
    let known = known_index_partitions(state, form, index);
    let matching = known
        .iter()
        .filter(|value| value.starts_with(typed.as_str()));
    let Some(completed) = common_prefix(matching.map(String::as_str)) else {
        return false;
    };
    if completed.len() <= typed.len() {
        return false;
    }
    form.spec.partition = completed;
    form.cursor_to_end();
    true
}

/// Why Tab on an index's partition field had nothing to offer, when no value is known at all.
fn nothing_to_complete_on_an_index(state: &State, form: &QueryForm) -> Option<String> {
    let index = form.spec.index.as_deref()?;
    (form.focus == FormField::Partition && known_index_partitions(state, form, index).is_empty())
        .then(|| {
            format!(
                "no {index} partition values known to complete from: browse the index first \
                 (its partitions are then offered), or type the value"
            )
        })
}

/// Completes template part `part` from the values that part takes in the sort keys of the items
/// read so far (opened partitions, query results): the longest prefix they share. False when
/// nothing longer than what is typed is known.
fn complete_part(state: &State, form: &mut QueryForm, part: usize) -> bool {
    let (Some(template), Some(key)) = (form.chosen_template(), target_key(state, form)) else {
        return false;
    };
    let Some(sort) = key.sort else {
        return false;
    };
    let typed = form.template_parts.get(part).cloned().unwrap_or_default();
    let sort_keys: Vec<String> = state
        .items_read()
        .filter_map(|item| item.get(&sort.name)?.as_s().map(str::to_owned))
        .collect();
    let values: std::collections::BTreeSet<&str> = sort_keys
        .iter()
        .filter_map(|sort_key| template.captures(sort_key)?.get(part).copied())
        .filter(|value| value.starts_with(typed.as_str()))
        .collect();
    let Some(completed) = common_prefix(values.iter().copied()) else {
        return false;
    };
    if completed.len() <= typed.len() {
        return false;
    }
    if let Some(value) = form.template_parts.get_mut(part) {
        *value = completed;
    }
    form.cursor_to_end();
    true
}

/// Completes BETWEEN's upper bound from the sort keys of the items read so far that start with
/// what is typed: the longest prefix they share. False when nothing longer is known.
fn complete_upper(state: &State, form: &mut QueryForm) -> bool {
    let Some(sort) = target_key(state, form).and_then(|key| key.sort) else {
        return false;
    };
    let typed = form.spec.sort_upper.clone();
    let keys: std::collections::BTreeSet<String> = state
        .items_read()
        .filter_map(|item| item.get(&sort.name)?.as_s().map(str::to_owned))
        .filter(|key| key.starts_with(typed.as_str()))
        .collect();
    let Some(completed) = common_prefix(keys.iter().map(String::as_str)) else {
        return false;
    };
    if completed.len() <= typed.len() {
        return false;
    }
    form.spec.sort_upper = completed;
    form.cursor_to_end();
    true
}

/// On BETWEEN's upper bound: takes the inclusive bound the preview offers. False when there
/// is none to take.
fn make_upper_inclusive(form: &mut QueryForm) -> bool {
    let Some(inclusive) = form
        .outcome
        .as_ref()
        .ok()
        .and_then(|built| built.inclusive_upper.clone())
    else {
        return false;
    };
    form.spec.sort_upper = inclusive;
    form.cursor_to_end();
    true
}

/// Switching to raw mode starts from the fields' request, so nothing typed is lost.
fn toggle_raw(form: &mut QueryForm) {
    form.raw_mode = !form.raw_mode;
    if form.raw_mode {
        if form.raw.key_condition.is_empty()
            && let Ok(built) = &form.outcome
        {
            let request = &built.request;
            form.raw.key_condition.clone_from(&request.key_condition);
            form.raw.filter = request.filter.clone().unwrap_or_default();
            form.raw.projection = request.projection.clone().unwrap_or_default();
            form.raw.values = values_json(request);
            form.raw.names = names_json(request);
        }
        form.focus = FormField::RawKeyCondition;
    } else {
        form.focus = FormField::Partition;
    }
}

fn values_json(request: &crate::backend::QueryRequest) -> String {
    let values: serde_json::Map<String, serde_json::Value> = request
        .params
        .values
        .iter()
        .map(|(key, value)| (key.clone(), crate::domain::ddb_json::to_json(value)))
        .collect();
    serde_json::Value::Object(values).to_string()
}

fn names_json(request: &crate::backend::QueryRequest) -> String {
    let names: serde_json::Map<String, serde_json::Value> = request
        .params
        .names
        .iter()
        .map(|(key, name)| (key.clone(), serde_json::Value::String(name.clone())))
        .collect();
    serde_json::Value::Object(names).to_string()
}

fn remove_filter_row(form: &mut QueryForm) {
    let row = match form.focus {
        FormField::FilterAttribute(row)
        | FormField::FilterOperator(row)
        | FormField::FilterValue(row) => row,
        _ => return,
    };
    if row < form.spec.filters.len() {
        form.spec.filters.remove(row);
    }
    if form.spec.filters.is_empty() {
        form.spec.filters.push(FilterRow::default());
    }
    form.focus = FormField::FilterAttribute(row.min(form.spec.filters.len() - 1));
}
