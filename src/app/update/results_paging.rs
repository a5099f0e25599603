//! `cancel` on a results list read page by page (a query's, a PartiQL statement's): the same
//! steps whatever the list reads, so both say and do the same.

use crate::app::command::Command;
use crate::app::state::{Notice, Paging};

/// What `cancel` did to a list's paging.
pub(in crate::app::update) enum CancelStep<C> {
    /// Done: the commands to send (the cancel of the page in flight, or none).
    Done(Vec<Command>),
    /// The list had been cancelled: reading resumes at this cursor, which the caller asks for.
    Resume(Option<C>),
}

/// Cancels the page in flight (its late answer is dropped by id) or stops a list with more to
/// read, saying so of `what` ("query", "statement"); on a cancelled list, resumes from the page
/// that was cancelled.
pub(in crate::app::update) fn cancel_or_resume<C: Clone>(
    paging: &mut Paging<C>,
    what: &str,
    notice: &mut Option<Notice>,
) -> CancelStep<C> {
    match paging {
        Paging::Fetching { id, .. } => {
            let id = *id;
            // The page in flight is read again from its start when the user resumes.
            paging.cancel();
            *notice = Some(Notice::Info(format!(
                "{what} cancelled; cancel again to resume"
            )));
            CancelStep::Done(vec![Command::Cancel(vec![id])])
        }
        Paging::Ready(Some(_)) => {
            paging.cancel();
            *notice = Some(Notice::Info(format!(
                "{what} stopped; cancel again to resume"
            )));
            CancelStep::Done(Vec::new())
        }
        Paging::Cancelled { resume } => {
            let resume = resume.clone();
            *notice = None;
            CancelStep::Resume(resume)
        }
        Paging::Ready(None) | Paging::Complete | Paging::Failed(_) => CancelStep::Done(Vec::new()),
    }
}
