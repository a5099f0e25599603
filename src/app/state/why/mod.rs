//! The explanation view: why one item is or is not in the results it was asked from, as
//! [`crate::why`] read it. The view keeps its own request, so `R` reads it again and going
//! back to an older explanation shows that one.

use crate::app::request_id::RequestId;
use crate::app::state::loadable::Loadable;
use crate::domain::why::Step;
use crate::domain::why::report::report_lines;
use crate::why::WhyRequest;

#[derive(Clone, Debug, PartialEq)]
pub struct WhyView {
    pub request: Box<WhyRequest>,
    pub steps: Loadable<Vec<Step>>,
    /// The line under the cursor.
    pub cursor: usize,
}

impl WhyView {
    #[must_use]
    pub fn new(request: WhyRequest, id: RequestId) -> Self {
        Self {
            request: Box::new(request),
            steps: Loadable::Loading(id),
            cursor: 0,
        }
    }

    /// The explanation's lines (none until it is read).
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let request = &self.request;
        self.steps.loaded().map_or_else(Vec::new, |steps| {
            report_lines(&request.table, &request.key, &request.query, steps)
        })
    }
}
