//! A bulk run from its dry run to its summary: confirmation (on real AWS by typing the table
//! name, as for the first write), the writes sent a group at a time through the worker and the
//! write-ahead journal as one batch, pause, resume and cancel between groups, throttled writes
//! sent again after a growing pause, and the summary whose items open in the inspector. Undo
//! loads the batch from the journal and shows the dry run of its undo.

use std::collections::VecDeque;
use std::time::Duration;

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::read::{Read, ReadError, ReadFor};
use crate::app::request_id::RequestId;
use crate::app::state::bulk::flow::{DryRun, Ended, Ending, Purpose, Waiting};
use crate::app::state::bulk::{BulkFlow, BulkRun, BulkStage, BulkSummary, LastBatch};
use crate::app::state::text_field::{TextEdit, TextField};
use crate::app::state::{Notice, State};
use crate::domain::edit::EditContext;
use crate::domain::figures::counted;
use crate::journal::{JournalConnection, JournalEntry};
use crate::write::batch::ItemResult;
use crate::write::run_plan::{PlannedItem, undo_plan};

use crate::app::update::edit::plan::scrolled;
use crate::app::update::edit::write::is_real_aws;

/// Writes sent at once, and a group's size.
const PARALLEL: usize = 8;
const GROUP: usize = 32;
/// A write throttled this often is given up as failed.
const MAX_THROTTLED_ATTEMPTS: u32 = 8;
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(10);

/// The keys that scroll a long pane: a line, or a page.
fn scrolls(action: &Action) -> bool {
    matches!(
        action,
        Action::CursorDown | Action::CursorUp | Action::PageDown | Action::PageUp
    )
}

fn stage_mut(state: &mut State) -> Option<&mut BulkStage> {
    state.bulk.flow.as_deref_mut().map(|flow| &mut flow.stage)
}

/// A key on the dry run, the run or the summary.
pub(in crate::app::update) fn key(state: &mut State, action: &Action) -> Vec<Command> {
    let height = state.viewport.1;
    let Some(stage) = stage_mut(state) else {
        return Vec::new();
    };
    match (stage, action) {
        // The long panes scroll with the keys of the write preview and the help; the view
        // clamps the scroll to what there is.
        (BulkStage::DryRun(dry_run), _) if scrolls(action) => {
            dry_run.scroll = scrolled(dry_run.scroll, action, height);
        }
        (BulkStage::Running(run), _) if scrolls(action) => {
            run.scroll = scrolled(run.scroll, action, height)
        }
        (BulkStage::Summary(summary), _) if scrolls(action) => {
            let last = summary.ended.len().saturating_sub(1);
            summary.cursor = scrolled(summary.cursor, action, height).min(last);
        }
        (BulkStage::DryRun(_), Action::Confirm) => return confirm(state),
        // A resume's or an undo's read of the journal still awaited is cancelled with it.
        (BulkStage::DryRun(_) | BulkStage::Summary(_), Action::Back) => {
            return super::close::close(state);
        }
        (BulkStage::Running(run), Action::PauseBulk) => {
            run.paused = !run.paused;
            let paused = run.paused;
            state.notice = Some(Notice::Info(
                if paused {
                    "paused: the group in flight finishes, no more are sent (p resumes)"
                } else {
                    "resumed"
                }
                .to_owned(),
            ));
            if !paused {
                return next_group(state);
            }
        }
        (BulkStage::Running(run), Action::CancelBulk) => {
            run.cancelled = true;
            state.notice = Some(Notice::Info(
                "cancelled: the group in flight finishes, nothing more is sent".to_owned(),
            ));
            return next_group(state);
        }
        (BulkStage::Running(_), Action::Back) => {
            state.notice = Some(Notice::Info(
                "the run keeps going: p pauses it, x cancels it".to_owned(),
            ));
        }
        (BulkStage::Summary(summary), Action::Confirm) => {
            let item = summary
                .ended
                .get(summary.cursor)
                .map(|ended| ended.item.clone());
            if let Some(item) = item {
                state.bulk.flow = None;
                state.inspect(item);
                // The item as it is now, not as the run saw it.
                return crate::app::update::inspect::reread::start(state);
            }
        }
        (BulkStage::Summary(summary), Action::UndoBatch) => {
            let batch = summary.batch.clone();
            return load_batch(state, batch);
        }
        _ => {}
    }
    Vec::new()
}

fn confirm(state: &mut State) -> Vec<Command> {
    let Some(BulkStage::DryRun(dry_run)) = stage_mut(state).cloned() else {
        return Vec::new();
    };
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(
            "read-only connection: the run was refused, nothing was sent".to_owned(),
        ));
        return Vec::new();
    }
    if dry_run.plan.writes.is_empty() {
        state.notice = Some(Notice::Info("nothing to send".to_owned()));
        return Vec::new();
    }
    if state.session.journal_path.is_none() {
        state.notice = Some(Notice::Error(
            "a bulk run needs the journal (to undo and resume it), and there is none here; nothing was sent".to_owned(),
        ));
        return Vec::new();
    }
    if is_real_aws(state) && !state.edits.aws_writes_confirmed {
        if let Some(stage) = stage_mut(state) {
            *stage = BulkStage::TypeTableName(TextField::default(), dry_run);
        }
        return Vec::new();
    }
    start(state, dry_run)
}

/// Keys while typing the table name before a run on real AWS.
pub(in crate::app::update) fn table_name_key(
    state: &mut State,
    mut typed: TextField,
    dry_run: DryRun,
    action: Action,
) -> Vec<Command> {
    match action {
        Action::Back => {
            if let Some(stage) = stage_mut(state) {
                *stage = BulkStage::DryRun(dry_run);
            }
            state.notice = Some(Notice::Info("nothing was sent".to_owned()));
            return Vec::new();
        }
        Action::Submit if typed.text() == dry_run.table => {
            state.edits.aws_writes_confirmed = true;
            return start(state, dry_run);
        }
        Action::Submit => {
            state.notice = Some(Notice::Error(format!(
                "that is not the table name ({}); nothing was sent",
                dry_run.table
            )));
        }
        other => {
            if let Some(edit) = TextEdit::of(&other) {
                typed.apply(&edit);
            }
        }
    }
    if let Some(stage) = stage_mut(state) {
        *stage = BulkStage::TypeTableName(typed, dry_run);
    }
    Vec::new()
}

fn start(state: &mut State, dry_run: DryRun) -> Vec<Command> {
    start_as(state, dry_run, None)
}

/// Starts `dry_run` as more of the cut-off run `batch` (its header is in the journal already).
pub(in crate::app::update) fn start_resumed(
    state: &mut State,
    dry_run: DryRun,
    batch: String,
) -> Vec<Command> {
    if is_real_aws(state) && !state.edits.aws_writes_confirmed {
        state.notice = Some(Notice::Error(
            "on real AWS send the first run of the session with y (typing the table name) before resuming one".to_owned(),
        ));
        return Vec::new();
    }
    start_as(state, dry_run, Some(batch))
}

/// Starts `dry_run` as a new run (`batch` is `None`), or as more of the cut-off run `batch`.
fn start_as(state: &mut State, dry_run: DryRun, batch: Option<String>) -> Vec<Command> {
    let queue: VecDeque<_> = dry_run
        .plan
        .writes
        .iter()
        .cloned()
        .map(|write| (write, 0))
        .collect();
    let run = BulkRun {
        batch,
        total: queue.len(),
        queue,
        dry_run,
        in_flight: None,
        paused: false,
        cancelled: false,
        started: state.clock.uptime,
        units: 0,
        ended: Vec::new(),
        unknown: 0,
        throttled_retries: 0,
        backoff: Duration::ZERO,
        journal_warnings: Vec::new(),
        scroll: 0,
    };
    if let Some(stage) = stage_mut(state) {
        *stage = BulkStage::Running(run);
    }
    next_group(state)
}

/// Sends the next group unless one is in flight, the run is paused, or nothing is left (then
/// the summary).
fn next_group(state: &mut State) -> Vec<Command> {
    let Some(path) = state.session.journal_path.clone() else {
        return Vec::new();
    };
    let connection = JournalConnection::from(&state.session.connection);
    let id = state.ids.issue();
    let Some(BulkStage::Running(run)) = stage_mut(state) else {
        return Vec::new();
    };
    if run.in_flight.is_some() || (run.paused && !run.cancelled) {
        return Vec::new();
    }
    if run.cancelled || run.queue.is_empty() {
        return finish(state);
    }
    let take = GROUP.min(run.queue.len());
    let group: Vec<_> = run.queue.drain(..take).collect();
    let items = group.iter().map(|(write, _)| write.write.clone()).collect();
    run.in_flight = Some((id, group));
    vec![Command::ExecuteBatchGroup {
        id,
        table: run.dry_run.table.clone(),
        journal: path,
        batch: run.batch.clone(),
        connection,
        plan: run.dry_run.plan_text.clone(),
        items,
        parallel: PARALLEL,
        delay: run.backoff,
    }]
}

/// A group's outcomes.
pub(in crate::app::update) fn group_done(
    state: &mut State,
    id: RequestId,
    batch: Option<String>,
    results: Result<Vec<ItemResult>, String>,
    journal_error: Option<String>,
) -> Vec<Command> {
    let Some(BulkStage::Running(run)) = stage_mut(state) else {
        return Vec::new();
    };
    let Some((in_flight, group)) = run.in_flight.take() else {
        return Vec::new();
    };
    if in_flight != id {
        run.in_flight = Some((in_flight, group));
        return Vec::new();
    }
    if run.batch.is_none() {
        run.batch = batch;
    }
    let results = match results {
        Ok(results) => results,
        Err(error) => {
            // The journal refused the intents: nothing of the group was sent.
            run.cancelled = true;
            run.queue.extend(group);
            state.notice = Some(Notice::Error(format!(
                "{error}; the run stopped, nothing more was sent"
            )));
            return finish(state);
        }
    };
    if let Some(error) = journal_error {
        run.journal_warnings.push(format!(
            "the outcomes of {} writes could not be journaled ({error}); an undo settles them by reading the items",
            group.len()
        ));
    }
    let throttled = record_outcomes(run, group, results);
    run.backoff = if throttled {
        (run.backoff * 2).clamp(FIRST_BACKOFF, MAX_BACKOFF)
    } else {
        Duration::ZERO
    };
    next_group(state)
}

/// Records what became of each write of a group: written, a conflict, failed, unknown, or
/// throttled (queued again, until it was throttled too often). True when any was throttled.
fn record_outcomes(
    run: &mut BulkRun,
    group: Vec<(PlannedItem, u32)>,
    results: Vec<ItemResult>,
) -> bool {
    let mut throttled = false;
    for ((write, attempts), result) in group.into_iter().zip(results) {
        let planned = &write.write.planned;
        let item = planned
            .expected
            .clone()
            .or_else(|| planned.original.clone())
            .unwrap_or_else(|| write.write.key.clone());
        let mut end = |ending, reason| {
            run.ended.push(Ended {
                ending,
                key: write.write.key.clone(),
                item: item.clone(),
                reason,
            });
        };
        match result {
            ItemResult::Written => {
                run.units += write.write_units();
                end(Ending::Written, None);
            }
            ItemResult::Conflict => end(
                Ending::Conflicted,
                Some("changed since it was read".to_owned()),
            ),
            ItemResult::Throttled if attempts + 1 < MAX_THROTTLED_ATTEMPTS => {
                throttled = true;
                run.throttled_retries += 1;
                run.queue.push_back((write, attempts + 1));
            }
            ItemResult::Throttled => end(Ending::Failed, Some("throttled too often".to_owned())),
            ItemResult::Failed(error) => end(Ending::Failed, Some(error)),
            ItemResult::Unknown(error) => {
                run.unknown += 1;
                end(
                    Ending::Failed,
                    Some(format!("no answer, pending in the journal: {error}")),
                );
            }
        }
    }
    throttled
}

fn finish(state: &mut State) -> Vec<Command> {
    let now = state.clock.uptime;
    let Some(BulkStage::Running(run)) = stage_mut(state).cloned() else {
        return Vec::new();
    };
    let Some(batch) = run.batch.clone() else {
        // The journal refused the run's header: nothing was sent, there is nothing to undo.
        state.bulk.flow = None;
        return Vec::new();
    };
    let summary = BulkSummary {
        batch,
        purpose: run.dry_run.purpose.clone(),
        table: run.dry_run.table.clone(),
        description: run.dry_run.description.clone(),
        not_sent: run.queue.len(),
        unknown: run.unknown,
        seconds: now.saturating_sub(run.started).as_secs_f64(),
        journal_warnings: run.journal_warnings.clone(),
        cursor: 0,
        ended: sorted(run.ended),
    };
    state.notice = Some(Notice::Info(format!(
        "run {}: {} written, {} conflicted, {} failed{}",
        summary.batch,
        summary.count(Ending::Written),
        summary.count(Ending::Conflicted),
        summary.count(Ending::Failed),
        if summary.not_sent > 0 {
            format!(", {} not sent", summary.not_sent)
        } else {
            String::new()
        }
    )));
    state.bulk.last_batch = Some(LastBatch {
        batch: summary.batch.clone(),
        description: summary.description.clone(),
    });
    if let Some(stage) = stage_mut(state) {
        *stage = BulkStage::Summary(summary);
    }
    Vec::new()
}

/// Conflicts and failures first: they are what the user looks at.
fn sorted(mut ended: Vec<Ended>) -> Vec<Ended> {
    ended.sort_by_key(|ended| match ended.ending {
        Ending::Conflicted => 0,
        Ending::Failed => 1,
        Ending::Written => 2,
    });
    ended
}

/// `undo_batch` on a list: the undo of the last run of this session.
pub(in crate::app::update) fn undo_last(state: &mut State) -> Vec<Command> {
    let Some(last) = state.bulk.last_batch.clone() else {
        state.notice = Some(Notice::Error(
            "no bulk run in this session to undo".to_owned(),
        ));
        return Vec::new();
    };
    state.bulk.flow = Some(Box::new(BulkFlow {
        stage: BulkStage::Summary(BulkSummary {
            batch: last.batch.clone(),
            purpose: Purpose::Action,
            table: last.description.name.clone(),
            description: last.description,
            ended: Vec::new(),
            not_sent: 0,
            unknown: 0,
            seconds: 0.0,
            journal_warnings: Vec::new(),
            cursor: 0,
        }),
        waiting: None,
        scope_items: None,
    }));
    load_batch(state, last.batch)
}

fn load_batch(state: &mut State, batch: String) -> Vec<Command> {
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(
            "read-only connection: undo refused, nothing was sent".to_owned(),
        ));
        return Vec::new();
    }
    let Some(path) = state.session.journal_path.clone() else {
        state.notice = Some(Notice::Error(
            "undo needs the journal, and there is none here".to_owned(),
        ));
        return Vec::new();
    };
    let id = state.ids.issue();
    if let Some(flow) = state.bulk.flow.as_deref_mut() {
        flow.waiting = Some((id, Waiting::Batch));
    }
    state.notice = Some(Notice::Info(format!(
        "reading run {batch} from the journal…"
    )));
    let read = Read::JournaledRun {
        journal: path,
        batch,
    };
    vec![Command::read(id, ReadFor::BulkUndo, read)]
}

/// The journal's writes of the run to undo: the dry run of their undo.
pub(in crate::app::update) fn batch_loaded(
    state: &mut State,
    id: RequestId,
    result: Result<Vec<JournalEntry>, ReadError>,
) -> Vec<Command> {
    let Some(flow) = state.bulk.flow.as_deref_mut() else {
        return Vec::new();
    };
    if !flow.answered(id) {
        return Vec::new();
    }
    let BulkStage::Summary(summary) = flow.stage.clone() else {
        return Vec::new();
    };
    let written = match result {
        Ok(written) => written,
        Err(error) => {
            state.notice = Some(Notice::Error(format!(
                "cannot read the run from the journal: {error}"
            )));
            return Vec::new();
        }
    };
    // A copy's run wrote to its target: its undo is planned with that table's keys.
    let description = *summary.description.clone();
    let ctx = EditContext {
        table: &description.name,
        description: &description,
        version_attribute: state.session.version_attribute.as_deref(),
    };
    let plan = undo_plan(&ctx, &written);
    state.notice = Some(Notice::Info(format!(
        "dry run of the undo of run {}: {} to restore; nothing was sent",
        summary.batch,
        counted(plan.writes.len() as u64, "item", "items")
    )));
    let dry_run = DryRun {
        purpose: Purpose::Undo {
            batch: summary.batch.clone(),
        },
        table: description.name.clone(),
        plan_text: format!("undo of run {}", summary.batch),
        read: written.len() as u64,
        description: Box::new(description),
        plan,
        scroll: 0,
    };
    if let Some(flow) = state.bulk.flow.as_deref_mut() {
        flow.stage = BulkStage::DryRun(dry_run);
    }
    Vec::new()
}
