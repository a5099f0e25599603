//! What the capacity screen keeps in the view history: the report read, and the rates typed.

use crate::app::state::Loadable;
use crate::app::state::screen_view::ScreenState;
use crate::domain::capacity::decimal::Exact;
use crate::domain::capacity::report::CapacityReport;

#[derive(Clone, Debug, PartialEq)]
pub struct CapacityView {
    pub report: Loadable<Box<CapacityReport>>,
    /// Calls a second of each pattern, and writes a second of each entity, to price a month at.
    pub reads_per_second: Exact,
    pub writes_per_second: Exact,
    pub cursor: usize,
}

impl ScreenState for CapacityView {
    const SCREEN: &'static str = "capacity";

    fn cursor(&self) -> usize {
        self.cursor
    }

    fn cursor_mut(&mut self) -> &mut usize {
        &mut self.cursor
    }
}
