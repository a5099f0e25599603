//! What came back from a sent transaction: committed (the staged changes leave the set, and the
//! run can be undone whole), cancelled (each reason is given to the change it concerns, with the
//! item as stored now, and every change stays staged) or failed before an answer.

use super::set::{CommitPurpose, CommitReview, Failure, StagedSet};
use crate::app::request_id::RequestId;
use crate::app::state::{Notice, State};
use crate::domain::edit::transaction::StagedPart;
use crate::domain::value::Item;
use crate::write::transaction::{Cancelled, TransactionAnswer};

/// An item a committed transaction wrote: its key as read and what it holds now (`None`:
/// deleted), so the views showing it can show the new value.
pub type Written = (Item, Option<Item>);

/// The transaction `id` answered; the items it wrote.
pub fn transaction_done(
    state: &mut State,
    id: RequestId,
    result: Result<TransactionAnswer, String>,
) -> Vec<Written> {
    if state.edits.staged.sending != Some(id) {
        return Vec::new();
    }
    state.edits.staged.sending = None;
    let Some(review) = state.edits.staged.review.take() else {
        return Vec::new();
    };
    match result {
        Ok(answer) => match answer.cancelled.clone() {
            None => committed(state, &review, &answer),
            Some(cancelled) => {
                self::cancelled(state, &review, &cancelled);
                Vec::new()
            }
        },
        Err(error) => {
            state.notice = Some(Notice::Error(format!(
                "the transaction failed: {error} (the changes stay staged; a transaction is all or nothing, so none of it was applied unless the connection broke after sending)"
            )));
            Vec::new()
        }
    }
}

fn committed(state: &mut State, review: &CommitReview, answer: &TransactionAnswer) -> Vec<Written> {
    let written = written_items(state, review);
    let count = review.assembled.request.actions.len();
    let what = match &review.purpose {
        CommitPurpose::Commit => {
            let sent: Vec<&StagedPart> = review.parts.iter().map(|part| &part.part).collect();
            state
                .edits
                .staged
                .items
                .retain(|item| !sent.contains(&&item.part));
            state.edits.staged.last_commit = Some(answer.batch.clone());
            format!(
                "committed: {count} action(s) as one transaction (run {}); u undoes it whole",
                answer.batch
            )
        }
        CommitPurpose::Undo { batch } => {
            state.edits.staged.last_commit = None;
            format!(
                "undone: run {batch} restored as one transaction of {count} action(s) (run {})",
                answer.batch
            )
        }
    };
    state.notice = Some(match &answer.journal_error {
        None => Notice::Info(what),
        Some(error) => Notice::Error(format!(
            "{what}; but its outcome could not be journaled: {error} (undo reads the items to tell whether it landed)"
        )),
    });
    written
}

/// Every item the parts wrote, under its key as read and, for a key change or a create, its
/// new key too.
fn written_items(state: &State, review: &CommitReview) -> Vec<Written> {
    let Some(description) = state.described() else {
        return Vec::new();
    };
    let mut written = Vec::new();
    for part in &review.parts {
        let StagedPart::Write(planned) = &part.part else {
            continue;
        };
        let old = planned
            .original
            .as_ref()
            .and_then(|item| description.primary_key_of(item));
        let new = planned
            .expected
            .as_ref()
            .and_then(|item| description.primary_key_of(item));
        if let Some(old) = &old {
            let after = planned
                .expected
                .clone()
                .filter(|_| new.as_ref() == Some(old));
            written.push((old.clone(), after));
        }
        if let Some(new) = new.filter(|new| old.as_ref() != Some(new)) {
            written.push((new, planned.expected.clone()));
        }
    }
    written
}

/// Gives each reason that is not `None` to the staged change its action came from.
fn cancelled(state: &mut State, review: &CommitReview, cancelled: &Cancelled) {
    let failures = failures_by_part(review, cancelled);
    let named = match &review.purpose {
        CommitPurpose::Commit => mark_failed(&mut state.edits.staged, review, &failures),
        CommitPurpose::Undo { .. } => failures
            .iter()
            .map(|(part, failure)| format!("write {} ({})", part + 1, failure.code))
            .collect(),
    };
    let which = if named.is_empty() {
        String::new()
    } else {
        format!(": {}", named.join(", "))
    };
    let rest = match review.purpose {
        CommitPurpose::Commit => {
            "; everything stays staged · Enter on a failed change shows it against the item now"
        }
        CommitPurpose::Undo { .. } => "; an item changed since the transaction wrote it",
    };
    state.notice = Some(Notice::Error(format!(
        "the transaction was cancelled and nothing was written{which}{rest} ({})",
        cancelled.message
    )));
}

/// The failed reasons, each with the index of the part its action belongs to.
fn failures_by_part(review: &CommitReview, cancelled: &Cancelled) -> Vec<(usize, Failure)> {
    cancelled
        .reasons
        .iter()
        .zip(&review.assembled.part_of_action)
        .filter(|(reason, _)| reason.code != "None")
        .map(|(reason, &part)| {
            let failure = Failure {
                code: reason.code.clone(),
                message: reason.message.clone(),
                current: reason.item.clone(),
            };
            (part, failure)
        })
        .collect()
}

/// Marks the staged changes that failed (clearing earlier marks); their names.
fn mark_failed(
    set: &mut StagedSet,
    review: &CommitReview,
    failures: &[(usize, Failure)],
) -> Vec<String> {
    for item in &mut set.items {
        item.failed = None;
    }
    let mut named = Vec::new();
    for (part, failure) in failures {
        let Some(sent) = review.parts.get(*part) else {
            continue;
        };
        if let Some((index, item)) = set
            .items
            .iter_mut()
            .enumerate()
            .find(|(_, item)| item.part == sent.part)
        {
            named.push(format!("staged {} ({})", index + 1, failure.code));
            item.failed = Some(failure.clone());
        }
    }
    named
}
