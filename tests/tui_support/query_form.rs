//! Moving about the query builder as a user would.

use ddbx::app::action::Action;
use ddbx::app::state::Overlay;
use ddbx::app::state::query::form::FormField;

use super::Harness;

/// The focused field and the form's fields in order; panics when the form is not open.
fn focus_and_fields(harness: &Harness) -> (FormField, Vec<FormField>) {
    match &harness.state.overlay {
        Some(Overlay::QueryForm(form)) => (form.focus, form.fields()),
        other => panic!("the query form is open, not {other:?}"),
    }
}

/// Moves the focus to `field` with Down or Up (which stop at the ends, so the direction
/// matters), as a user would.
pub async fn focus(harness: &mut Harness, field: FormField) {
    for _ in 0..40 {
        let (now, fields) = focus_and_fields(harness);
        let at = |wanted: FormField| fields.iter().position(|f| *f == wanted);
        match (at(now), at(field)) {
            (Some(now), Some(target)) if now == target => return,
            (Some(now), Some(target)) if now > target => harness.act(Action::PrevField).await,
            _ => harness.act(Action::NextField).await,
        }
    }
    panic!(
        "{field:?} is not reachable: {:?}",
        focus_and_fields(harness).1
    );
}
