//! Resuming a run cut off mid-way (the process was killed, the connection dropped): from the
//! dry run of the same plan on the same items, `resume_batch` finds the latest journaled run of
//! that plan on this table and connection, settles what it did (through the same code as a
//! headless `--resume`), and sends only the writes it has not made, as more of that run — so
//! nothing is written twice and one undo covers all of it.

use crate::app::command::Command;
use crate::app::read::{Read, ReadError, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::bulk::BulkStage;
use crate::app::state::bulk::flow::{Purpose, Waiting};
use crate::app::state::{Notice, State};
use crate::journal::{BatchHeader, JournalConnection};
use crate::write::resume::ResumePoint;
use crate::write::run_plan::key_text;

/// `resume_batch` on a dry run: look the run up in the journal.
pub(in crate::app::update) fn ask(state: &mut State) -> Vec<Command> {
    let Some(flow) = state.bulk.flow.as_deref() else {
        return Vec::new();
    };
    let BulkStage::DryRun(dry_run) = &flow.stage else {
        return Vec::new();
    };
    if dry_run.purpose != Purpose::Action {
        state.notice = Some(Notice::Error(
            "an undo is not resumed: undo the run again".to_owned(),
        ));
        return Vec::new();
    }
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(
            "read-only connection: the run was refused, nothing was sent".to_owned(),
        ));
        return Vec::new();
    }
    let Some(path) = state.session.journal_path.clone() else {
        state.notice = Some(Notice::Error(
            "resuming a run needs the journal, and there is none here".to_owned(),
        ));
        return Vec::new();
    };
    let header = BatchHeader {
        batch: String::new(),
        table: dry_run.table.clone(),
        connection: JournalConnection::from(&state.session.connection),
        plan: dry_run.plan_text.clone(),
    };
    let id = state.ids.issue();
    if let Some(flow) = state.bulk.flow.as_deref_mut() {
        flow.waiting = Some((id, Waiting::CutOffRun));
    }
    state.notice = Some(Notice::Info(
        "looking for a cut-off run of this plan in the journal…".to_owned(),
    ));
    let read = Read::CutOffRun {
        journal: path,
        header: Box::new(header),
    };
    vec![Command::read(id, ReadFor::BulkResume, read)]
}

/// The run to resume (or none): start sending what it has not written.
pub(in crate::app::update) fn found(
    state: &mut State,
    id: RequestId,
    result: Result<Option<ResumePoint>, ReadError>,
) -> Vec<Command> {
    let Some(flow) = state.bulk.flow.as_deref_mut() else {
        return Vec::new();
    };
    if !flow.answered(id) {
        return Vec::new();
    }
    let BulkStage::DryRun(mut dry_run) = flow.stage.clone() else {
        return Vec::new();
    };
    let point = match result {
        Ok(Some(point)) => point,
        Ok(None) => {
            state.notice = Some(Notice::Error(format!(
                "the journal has no run of `{}` on {}; y sends it as a new run",
                dry_run.plan_text, dry_run.table
            )));
            return Vec::new();
        }
        Err(error) => {
            state.notice = Some(Notice::Error(format!(
                "cannot read the journal: {error}; nothing was sent"
            )));
            return Vec::new();
        }
    };
    let before = dry_run.plan.writes.len();
    dry_run.plan.writes.retain(|write| {
        let key = key_text(&write.write.key);
        !point.written.contains(&key) && !point.conflicted.contains(&key)
    });
    let left = dry_run.plan.writes.len();
    state.notice = Some(Notice::Info(format!(
        "resuming run {}: {} already written, {} skipped as conflicts earlier, {left} of {before} to send",
        point.batch,
        point.written.len(),
        point.conflicted.len(),
    )));
    super::run::start_resumed(state, dry_run, point.batch)
}
