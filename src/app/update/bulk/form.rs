//! The bulk form: choosing the action and typing what it needs, then the export (written at
//! once: it sends nothing) or the dry run of the writes, planned item by item by the editor's
//! planners.

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::bulk::flow::{DryRun, FormField, Purpose, Waiting};
use crate::app::state::bulk::scope::ScopeChoice;
use crate::app::state::bulk::{BulkForm, BulkKind, BulkStage, Selected};
use crate::app::state::text_field::TextEdit;
use crate::app::state::{Notice, State};
use crate::backend::BackendError;
use crate::domain::edit::EditContext;
use crate::domain::edit::path_edit::{PathEdit, parse_path, parse_typed_value};
use crate::domain::edit::typed_json;
use crate::domain::export::ExportFormat;
use crate::domain::schema::TableDescription;
use crate::write::run_plan::{BulkAction, Refusal, RunPlan, plan_item};

use crate::app::update::edit::plan::configured_version;

/// A key while the form is shown.
pub(in crate::app::update) fn key(
    state: &mut State,
    mut form: BulkForm,
    action: Action,
) -> Vec<Command> {
    match action {
        Action::Back => {
            let commands = super::close::close(state);
            state.notice = Some(Notice::Info("nothing was sent".to_owned()));
            return commands;
        }
        Action::Submit
            if state
                .bulk
                .flow
                .as_ref()
                .is_some_and(|flow| flow.waiting.is_some()) =>
        {
            state.notice = Some(Notice::Info(
                "still reading the marked items; a moment".to_owned(),
            ));
        }
        Action::Submit => return submit(state, form),
        Action::NextField => form.focus = (form.focus + 1) % form.fields().len(),
        Action::PrevField => {
            let count = form.fields().len();
            form.focus = (form.focus + count - 1) % count;
        }
        Action::CursorLeft | Action::CursorRight | Action::Input(' ')
            if matches!(
                form.focused(),
                FormField::Kind | FormField::Format | FormField::Scope
            ) =>
        {
            cycle(&mut form, action != Action::CursorLeft);
        }
        other => {
            if let (Some(edit), Some(field)) = (TextEdit::of(&other), form.focused_text()) {
                field.apply(&edit);
            }
        }
    }
    form.error = None;
    put_form(state, form);
    Vec::new()
}

fn cycle(form: &mut BulkForm, forward: bool) {
    let step = |index: usize, count: usize| {
        if forward {
            (index + 1) % count
        } else {
            (index + count - 1) % count
        }
    };
    match form.focused() {
        FormField::Kind => {
            let at = BulkKind::ALL
                .iter()
                .position(|kind| *kind == form.kind)
                .unwrap_or(0);
            form.kind = BulkKind::ALL[step(at, BulkKind::ALL.len())];
        }
        FormField::Format => {
            let at = ExportFormat::ALL
                .iter()
                .position(|format| *format == form.format)
                .unwrap_or(0);
            form.format = ExportFormat::ALL[step(at, ExportFormat::ALL.len())];
        }
        FormField::Scope if !form.scopes.is_empty() => {
            form.scope = step(form.scope.min(form.scopes.len() - 1), form.scopes.len());
        }
        _ => {}
    }
}

pub(in crate::app::update) fn put_form(state: &mut State, form: BulkForm) {
    if let Some(flow) = state.bulk.flow.as_deref_mut() {
        flow.stage = BulkStage::Form(form);
    }
}

fn refuse(state: &mut State, mut form: BulkForm, error: String) -> Vec<Command> {
    form.error = Some(error);
    put_form(state, form);
    Vec::new()
}

pub(in crate::app::update) fn submit(state: &mut State, form: BulkForm) -> Vec<Command> {
    if let ScopeChoice::Read { label, scope, .. } = form.chosen() {
        let read = state
            .bulk
            .flow
            .as_ref()
            .and_then(|flow| flow.scope_items.as_ref())
            .is_some_and(|items| items.label == *label);
        if !read {
            let scope = (**scope).clone();
            return super::scope::start(state, form, scope);
        }
    }
    match form.kind {
        BulkKind::Export => export(state, form),
        BulkKind::Copy => {
            let target = form.target.text().trim().to_owned();
            if target.is_empty() || target == state.table.name {
                return refuse(
                    state,
                    form,
                    "name another table on this connection to copy to".to_owned(),
                );
            }
            let id = state.ids.issue();
            put_form(state, form);
            if let Some(flow) = state.bulk.flow.as_deref_mut() {
                flow.waiting = Some((id, Waiting::Target));
            }
            vec![Command::read(
                id,
                ReadFor::BulkTarget,
                Read::Describe { table: target },
            )]
        }
        BulkKind::Delete => dry_run(state, form, BulkAction::Delete),
        BulkKind::SetAttribute | BulkKind::RemoveAttribute => match edits(&form) {
            Ok(edits) => dry_run(
                state,
                form,
                BulkAction::Edit {
                    edits,
                    mode: crate::domain::edit::ConditionMode::Auto,
                    derived_keys: false,
                },
            ),
            Err(error) => refuse(state, form, error),
        },
    }
}

/// The form's path and value as one edit.
fn edits(form: &BulkForm) -> Result<Vec<PathEdit>, String> {
    let path = parse_path(form.path.text().trim()).map_err(|problem| format!("path: {problem}"))?;
    let value = if form.kind == BulkKind::SetAttribute {
        Some(
            parse_typed_value(form.value.text().trim())
                .map_err(|problem| format!("value: {problem}"))?,
        )
    } else {
        None
    };
    Ok(vec![PathEdit { path, value }])
}

fn export(state: &mut State, form: BulkForm) -> Vec<Command> {
    let path = form.file.text().trim().to_owned();
    if path.is_empty() {
        return refuse(state, form, "name a new file to export to".to_owned());
    }
    let Some(description) = state.described().cloned() else {
        return refuse(state, form, "the table is not described yet".to_owned());
    };
    let items = acting_on(state, &form)
        .into_iter()
        .map(|selected| selected.item)
        .collect();
    let id = state.ids.issue();
    let format = form.format;
    put_form(state, form);
    if let Some(flow) = state.bulk.flow.as_deref_mut() {
        flow.waiting = Some((id, Waiting::Export));
    }
    vec![Command::ExportItems {
        id,
        path: path.into(),
        format,
        description: Box::new(description),
        items,
    }]
}

/// The export's file was written, or not.
pub(in crate::app::update) fn exported(
    state: &mut State,
    id: RequestId,
    result: Result<String, String>,
) -> Vec<Command> {
    let Some(flow) = state.bulk.flow.as_deref_mut() else {
        return Vec::new();
    };
    if !flow.answered(id) {
        return Vec::new();
    }
    match result {
        Ok(message) => {
            state.bulk.flow = None;
            state.notice = Some(Notice::Info(message));
        }
        Err(error) => {
            if let BulkStage::Form(form) = &mut flow.stage {
                form.error = Some(error);
            }
        }
    }
    Vec::new()
}

/// The copy's target table was described: plan the creates.
pub(in crate::app::update) fn target_described(
    state: &mut State,
    id: RequestId,
    result: Result<Box<TableDescription>, BackendError>,
) -> Vec<Command> {
    let Some(flow) = state.bulk.flow.as_deref_mut() else {
        return Vec::new();
    };
    if !flow.answered(id) {
        return Vec::new();
    }
    let BulkStage::Form(form) = flow.stage.clone() else {
        return Vec::new();
    };
    match result {
        Ok(target) => {
            let ctx_table = target.name.clone();
            let plan = plan_selection(
                state,
                &form,
                &target,
                &ctx_table,
                &BulkAction::Create,
                false,
            );
            show_dry_run(state, &form, *target, plan)
        }
        Err(error) => refuse(
            state,
            form,
            format!("cannot describe the target table: {error}"),
        ),
    }
}

fn dry_run(state: &mut State, form: BulkForm, action: BulkAction) -> Vec<Command> {
    let Some(description) = state.described().cloned() else {
        return refuse(state, form, "the table is not described yet".to_owned());
    };
    let table = state.table.name.clone();
    let plan = plan_selection(state, &form, &description, &table, &action, true);
    show_dry_run(state, &form, description, plan)
}

fn show_dry_run(
    state: &mut State,
    form: &BulkForm,
    description: TableDescription,
    plan: RunPlan,
) -> Vec<Command> {
    let dry_run = DryRun {
        purpose: Purpose::Action,
        table: description.name.clone(),
        description: Box::new(description),
        plan_text: plan_text(state, form),
        read: acting_on(state, form).len() as u64,
        plan,
        scroll: 0,
    };
    if let Some(flow) = state.bulk.flow.as_deref_mut() {
        flow.stage = BulkStage::DryRun(dry_run);
    }
    state.notice = Some(Notice::Info("dry run: nothing was sent".to_owned()));
    Vec::new()
}

fn plan_text(state: &State, form: &BulkForm) -> String {
    let what = match form.kind {
        BulkKind::SetAttribute => format!(
            "set {}={}",
            form.path.text().trim(),
            form.value.text().trim()
        ),
        BulkKind::RemoveAttribute => format!("remove {}", form.path.text().trim()),
        BulkKind::Copy => format!(
            "copy of {} to {}",
            state.table.name,
            form.target.text().trim()
        ),
        other => other.label().to_owned(),
    };
    match form.chosen() {
        ScopeChoice::Marked => format!("{what} on {} marked items", state.bulk.selection.len()),
        ScopeChoice::Read { label, .. } => {
            format!("{what} on {label}: {}", acting_on(state, form).len())
        }
    }
}

/// The items the form's action acts on: the marked ones, or the scope's as read.
fn acting_on(state: &State, form: &BulkForm) -> Vec<Selected> {
    let read = state
        .bulk
        .flow
        .as_ref()
        .and_then(|flow| flow.scope_items.as_ref());
    match (form.chosen(), read) {
        (ScopeChoice::Read { label, .. }, Some(read)) if read.label == *label => read
            .items
            .iter()
            .map(|item| Selected {
                item: item.clone(),
                whole: read.whole,
            })
            .collect(),
        _ => state.bulk.selection.items().cloned().collect(),
    }
}

/// Plans `action` on every marked item against `description` (the open table, or a copy's
/// target), each conditioned as the editor conditions it; `versioned` applies the configured
/// version attribute (a copy creates, so it has none).
fn plan_selection(
    state: &State,
    form: &BulkForm,
    description: &TableDescription,
    table: &str,
    action: &BulkAction,
    versioned: bool,
) -> RunPlan {
    let mut plan = RunPlan::default();
    let source = state.described();
    for Selected { item, whole } in &acting_on(state, form) {
        let key = description
            .primary_key_of(item)
            .unwrap_or_else(|| item.clone());
        if !whole {
            plan.refused.push(Refusal {
                at: typed_json(&key),
                reason: "read from an index that does not project every attribute; a write must be conditioned on the whole item (act on it from the table's lists)".to_owned(),
            });
            continue;
        }
        let version = if versioned {
            configured_version(state, Some(item))
        } else {
            None
        };
        let ctx = EditContext {
            table,
            description,
            version_attribute: version.as_deref(),
        };
        plan.push_item(key, plan_item(&ctx, item, action), || {
            source.map_or_else(
                || "(unknown)".to_owned(),
                |source| super::entity_of(state, source, item),
            )
        });
    }
    plan
}
