//! The journal side of writes: `undo` reads the last entry for this table and previews its undo
//! like any other write (each write is journaled by the executor that sends it).

use crate::app::command::Command;
use crate::app::read::{LastWrite, Read, ReadError, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::edit::{EditFlow, EditPurpose, EditStage};
use crate::app::state::screens::staged::{CommitPurpose, open_review};
use crate::app::state::{Notice, State};
use crate::domain::edit::ConditionMode;
use crate::domain::edit::transaction::{Staged, StagedPart};
use crate::journal::{JournalEntry, plan_undo};

use crate::app::update::edit::plan::{show_planned, with_context};

/// `undo`: reads the journal's last entry for this table.
pub(in crate::app::update) fn request_undo(state: &mut State) -> Vec<Command> {
    let Some(path) = state.session.journal_path.clone() else {
        state.notice = Some(Notice::Error(
            "undo needs the journal ($XDG_STATE_HOME/ddbx/journal.jsonl), and there is none here"
                .to_owned(),
        ));
        return Vec::new();
    };
    let id = state.ids.issue();
    state.edits.undo_read = Some(id);
    let read = Read::LastWrite {
        journal: path,
        table: state.table.name.clone(),
    };
    vec![Command::read(id, ReadFor::Undo, read)]
}

/// The journal answered: the undo of its last write on this table, or of the transaction that
/// write was part of.
pub(in crate::app::update) fn journal_read(
    state: &mut State,
    id: RequestId,
    result: Result<Box<LastWrite>, ReadError>,
) -> Vec<Command> {
    if state.edits.undo_read != Some(id) {
        return Vec::new();
    }
    state.edits.undo_read = None;
    match result.map(|last| *last) {
        // Each reason says itself what was read and that nothing was undone.
        Err(error) => {
            state.notice = Some(Notice::Error(error.to_string()));
            Vec::new()
        }
        Ok(LastWrite::Write(entry)) => last_write_read(state, entry),
        Ok(LastWrite::Transaction { batch, written }) => transaction_read(state, batch, written),
    }
}

/// The journal's last write on this table: preview its undo.
fn last_write_read(state: &mut State, entry: Option<Box<JournalEntry>>) -> Vec<Command> {
    if state.edits.flow.is_some() {
        // The user started another edit meanwhile; it is not replaced by the undo.
        return Vec::new();
    }
    let Some(entry) = entry else {
        state.notice = Some(Notice::Info(format!(
            "nothing to undo: the journal has no write to {}",
            state.table.name
        )));
        return Vec::new();
    };
    let Some(planned) = with_context(state, None, |context| plan_undo(context, &entry)) else {
        state.notice = Some(Notice::Error(
            "the table is not described yet; try again in a moment".to_owned(),
        ));
        return Vec::new();
    };
    let (restoring, restored) = match &planned {
        Ok(planned) => (planned.original.clone(), planned.expected.clone()),
        Err(_) => (None, None),
    };
    state.edits.flow = Some(Box::new(EditFlow {
        purpose: EditPurpose::Undo,
        // The item as that write left it, which the undo is conditioned on.
        original: restoring,
        editor: None,
        mode: ConditionMode::Auto,
        stage: EditStage::Editing,
        undoing: Some(entry),
        write_failed: false,
    }));
    if !show_planned(state, planned, restored) {
        state.edits.flow = None;
    }
    Vec::new()
}

/// The journal's last write was part of a run that was one transaction: its undo, one
/// transaction conditioned on every item being as the run left it, on the staged screen's
/// preview (the staged changes stay as they are).
fn transaction_read(state: &mut State, batch: String, written: Vec<JournalEntry>) -> Vec<Command> {
    if written.is_empty() {
        state.notice = Some(Notice::Info(format!(
            "run {batch} wrote nothing that is still recorded as written; nothing to undo"
        )));
        return Vec::new();
    }
    let planned = with_context(state, None, |context| {
        written
            .iter()
            .map(|entry| plan_undo(context, entry))
            .collect::<Result<Vec<_>, _>>()
    });
    let parts = match planned {
        None => {
            state.notice = Some(Notice::Error(
                "the table is not described yet; try again in a moment".to_owned(),
            ));
            return Vec::new();
        }
        Some(Err(error)) => {
            state.notice = Some(Notice::Error(format!(
                "the undo of run {batch} cannot be planned: {error}; nothing was sent"
            )));
            return Vec::new();
        }
        Some(Ok(planned)) => planned
            .into_iter()
            .enumerate()
            .map(|(index, planned)| Staged {
                line: index + 1,
                part: StagedPart::Write(planned),
            })
            .collect(),
    };
    if open_review(state, CommitPurpose::Undo { batch }, parts) {
        let commands = (staged_unit().open)(state);
        state.notice = Some(Notice::Info(
            "the last write was a transaction: its undo is one transaction too · y sends it"
                .to_owned(),
        ));
        return commands;
    }
    Vec::new()
}

fn staged_unit() -> &'static crate::app::state::screens::Unit {
    &crate::app::state::screens::staged::UNIT
}
