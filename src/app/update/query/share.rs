//! Sharing the query of the results view: the snippet goes to the clipboard.

use crate::app::command::Command;
use crate::app::state::{Notice, State, View};
use crate::share::{SnippetKind, snippet};

pub(in crate::app::update) fn copy(state: &mut State, kind: SnippetKind) -> Vec<Command> {
    let View::QueryResults { run, .. } = state.views.current() else {
        state.notice = Some(Notice::Info(
            "run a query first: its results can be copied as a snippet".to_owned(),
        ));
        return Vec::new();
    };
    let Some(run) = state.queries.runs.get(*run) else {
        return Vec::new();
    };
    vec![Command::CopyToClipboard {
        text: snippet(kind, &run.request, &state.session.connection),
        what: format!("the query as {}", kind.label()),
    }]
}
