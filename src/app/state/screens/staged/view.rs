//! What the staged screen keeps in the view history: only its cursor, as the staged changes
//! live in the app's state and outlive the view.

use crate::app::state::screen_view::ScreenState;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StagedView {
    /// The staged change under the cursor.
    pub cursor: usize,
}

impl ScreenState for StagedView {
    const SCREEN: &'static str = "staged";

    fn cursor(&self) -> usize {
        self.cursor
    }

    fn cursor_mut(&mut self) -> &mut usize {
        &mut self.cursor
    }
}
