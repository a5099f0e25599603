//! From the staged changes to one sent `TransactWriteItems`: the planner assembles them (each
//! with its own condition) and checks DynamoDB's limits, the exact request is shown, and only a
//! confirmation on that preview sends it, through the worker, journaled as one run.

use super::set::{CommitPurpose, CommitReview};
use crate::app::command::Command;
use crate::app::state::text_field::TextField;
use crate::app::state::{Notice, Overlay, State};
use crate::domain::edit::transaction::{Staged, StagedPart, assemble, check_limits};
use crate::domain::edit::transaction_preview;

/// The label of each action on the preview: the staged change it comes from.
fn labels(review: &CommitReview) -> Vec<String> {
    review
        .assembled
        .part_of_action
        .iter()
        .map(|&part| {
            let staged = &review.parts[part];
            let summary = match &staged.part {
                StagedPart::Write(planned) => &planned.summary,
                StagedPart::Check(check) => &check.summary,
            };
            format!("staged {}: {summary}", staged.line)
        })
        .collect()
}

/// The transaction of `parts` on the preview, or the reason it cannot be sent (a notice).
pub fn open_review(state: &mut State, purpose: CommitPurpose, parts: Vec<Staged>) -> bool {
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(
            "read-only connection: committing is refused, nothing was sent (reopen without --read-only or --file to write)"
                .to_owned(),
        ));
        return false;
    }
    let Some(description) = state.described() else {
        state.notice = Some(Notice::Error(
            "the table is not described yet; try again in a moment (nothing was sent)".to_owned(),
        ));
        return false;
    };
    // The run's id, which is also the request's idempotency token, is named by the worker as
    // it journals the run: the app reads no clock.
    let assembled = assemble(&state.table.name, &parts, None);
    if let Err(error) = check_limits(&assembled, &parts, description) {
        state.notice = Some(Notice::Error(error.to_string()));
        return false;
    }
    let mut review = CommitReview {
        purpose,
        parts,
        assembled,
        request_text: String::new(),
        scroll: 0,
    };
    review.request_text = transaction_preview(&review.assembled.request, &labels(&review));
    state.edits.staged.review = Some(review);
    state.notice = None;
    true
}

/// `confirm` on the preview: sends it (after the table name, the first time on real AWS).
pub fn confirm(state: &mut State) -> Vec<Command> {
    if state.edits.staged.sending.is_some() {
        return Vec::new();
    }
    let real_aws =
        state.session.connection.kind == "aws" && state.session.connection.endpoint.is_none();
    if real_aws && !state.edits.aws_writes_confirmed {
        state.overlay = Some(Overlay::TypeTableName(TextField::default()));
        return Vec::new();
    }
    send(state)
}

/// Sends the transaction on the preview: the only place a transaction command is made.
pub fn send(state: &mut State) -> Vec<Command> {
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(
            "read-only connection: committing is refused, nothing was sent".to_owned(),
        ));
        return Vec::new();
    }
    let Some(review) = state.edits.staged.review.clone() else {
        return Vec::new();
    };
    let Some(description) = state.described().cloned() else {
        return Vec::new();
    };
    let id = state.ids.issue();
    state.edits.staged.sending = Some(id);
    state.notice = Some(Notice::Info(format!(
        "sending {} action(s) as one transaction…",
        review.assembled.request.actions.len()
    )));
    let plan = match &review.purpose {
        CommitPurpose::Commit => format!("of {} staged change(s)", review.parts.len()),
        CommitPurpose::Undo { batch } => format!("undo of run {batch}"),
    };
    vec![Command::ExecuteTransaction {
        id,
        description: Box::new(description),
        staged: review.parts,
        assembled: Box::new(review.assembled),
        journal: state.session.journal_path.clone(),
        plan,
    }]
}
