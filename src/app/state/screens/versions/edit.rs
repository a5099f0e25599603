//! `e` on the versions screen: the latest version (`v0`, else the highest) in the editor, to
//! be saved as the next version together with `v0`, as one transaction.

use super::view::VersionsView;
use crate::app::command::Command;
use crate::app::state::edit::{DEFAULT_EDIT_FORMAT, EditFlow, EditPurpose, Editor};
use crate::app::state::screens::unit::view_of;
use crate::app::state::{Loadable, Notice, State};

pub(super) fn edit_latest(state: &mut State) -> Vec<Command> {
    if state.session.connection.read_only {
        state.notice = Some(Notice::Error(
            "read-only connection: a new version is refused, nothing was sent (reopen without --read-only or --file to write)"
                .to_owned(),
        ));
        return Vec::new();
    }
    let Some(view) = view_of::<VersionsView>(state.views.current()) else {
        return Vec::new();
    };
    let Loadable::Loaded(versions) = &view.versions else {
        state.notice = Some(Notice::Info(
            "the versions are still being read; e edits the latest once they are".to_owned(),
        ));
        return Vec::new();
    };
    let latest = versions.latest_copy.clone().or_else(|| {
        versions
            .versions
            .first()
            .map(|version| version.item.clone())
    });
    let Some(latest) = latest else {
        state.notice = Some(Notice::Error(
            "no version was read to edit; R reads them again".to_owned(),
        ));
        return Vec::new();
    };
    let next = versions
        .versions
        .first()
        .map_or(1, |version| version.number + 1);
    let copy = if versions.latest_copy.is_some() {
        " and v0"
    } else {
        ""
    };
    let editor = Editor::new(&latest, DEFAULT_EDIT_FORMAT);
    state.edits.flow = Some(Box::new(EditFlow::editing(
        EditPurpose::NewVersion,
        Some(latest),
        editor,
    )));
    state.notice = Some(Notice::Info(format!(
        "a new version: saving stages v{next}{copy} as one transaction, sent only once confirmed"
    )));
    Vec::new()
}
