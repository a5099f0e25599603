//! What the diff screen keeps in the view history: the other side chosen, both sides' items as
//! they are read, and the report once the worker has compared them.

use crate::app::request_id::RequestId;
use crate::app::state::Loadable;
use crate::app::state::screen_view::ScreenState;
use crate::connect::Place;
use std::collections::BTreeSet;

use crate::domain::diff::report::EVERY_ITEM;
use crate::domain::diff::{DiffReport, TwoSides};
use crate::domain::key_value::key_text;
use crate::domain::request::QueryRequest;
use crate::domain::schema::TableDescription;
use crate::domain::value::AttrValue;
use crate::domain::value::Item;
use crate::domain::why::report::query_expressions;

/// The open table compared with another, from the choice of the other to the report.
#[derive(Clone, Debug, PartialEq)]
pub struct DiffView {
    /// The open table, the source.
    pub source: String,
    /// Where the other side is read: another connection or an export (`t` types it); `None`,
    /// the session's own connection.
    pub place: Option<Place>,
    /// What both sides read: the whole tables, or one partition.
    pub scope: DiffScope,
    /// Top-level attributes left out of the comparison (`i` on a difference adds its own).
    pub ignore: BTreeSet<String>,
    pub stage: Stage,
    pub cursor: usize,
}

/// What both sides read.
#[derive(Clone, Debug, PartialEq)]
pub enum DiffScope {
    /// Every item, by parallel Scan segments.
    Table,
    /// The items of one partition, by Query: the partition key's name and value.
    Partition { name: String, value: AttrValue },
    /// The items of a query of the results (`D` there): the same request sent to both tables,
    /// its index and filter included.
    Query(Box<QueryRequest>),
}

impl DiffScope {
    /// The scope in words as `ddbx diff` reports it (`pk="USER#u1" (by Query)`).
    #[must_use]
    pub fn words(&self) -> String {
        match self {
            Self::Table => EVERY_ITEM.to_owned(),
            Self::Partition { value, .. } => format!("pk={:?} (by Query)", key_text(value)),
            Self::Query(request) => {
                let (key, filter) = query_expressions(request);
                let index = request
                    .index
                    .as_ref()
                    .map_or_else(String::new, |index| format!(" of index {index}"));
                let filter = filter.map_or_else(String::new, |filter| format!(" filter {filter}"));
                format!("where {key}{filter} (by Query{index})")
            }
        }
    }
}

/// Where the comparison stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// The connection's other tables, one to be chosen as the target.
    Choosing(Loadable<Vec<String>>),
    /// Both sides being read, page after page.
    Reading(Box<Reading>),
    /// Both sides read; the worker matches and compares them.
    Comparing {
        id: RequestId,
        target: String,
        items: [usize; 2],
        /// What is compared, kept for the report (to compare again without reading).
        sides: Box<TwoSides>,
    },
    Report(Box<Shown>),
    /// Cancelled, or refused or failed before a report: why, in words.
    Stopped {
        target: String,
        why: String,
    },
}

/// Both sides' reads.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub target: String,
    /// The target's description, read first: its key must be the source's.
    pub target_table: Loadable<Box<TableDescription>>,
    /// The source's read and the target's.
    pub sides: [SideRead; 2],
}

/// One side's items so far, and the page of each scan segment it waits for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideRead {
    pub items: Vec<Item>,
    /// The items its table's description counts (DynamoDB updates it about every six hours).
    pub expected: Option<u64>,
    /// The page read in flight of each segment not read to its end: its id and segment.
    pub waiting: Vec<(RequestId, u32)>,
    pub done: bool,
}

/// The report, and the difference shown side by side, if one is.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub target: String,
    pub report: DiffReport,
    /// The items compared, shared with the comparison that made the report.
    pub sides: Box<TwoSides>,
    /// The finding whose two items are shown side by side.
    pub open: Option<usize>,
}

impl SideRead {
    /// The segment whose page `id` is, when this side waits for it.
    #[must_use]
    pub fn waits(&self, id: RequestId) -> Option<u32> {
        self.waiting
            .iter()
            .find(|(waiting, _)| *waiting == id)
            .map(|(_, segment)| *segment)
    }
}

impl DiffView {
    /// Whether a read of this view waits for `id`.
    #[must_use]
    pub fn awaits(&self, id: RequestId) -> bool {
        match &self.stage {
            Stage::Choosing(names) => names.awaits(id),
            Stage::Reading(reading) => {
                reading.target_table.awaits(id)
                    || reading.sides.iter().any(|side| side.waits(id).is_some())
            }
            Stage::Comparing { id: waiting, .. } => *waiting == id,
            Stage::Report(_) | Stage::Stopped { .. } => false,
        }
    }

    /// The reads in flight, to cancel.
    #[must_use]
    pub fn in_flight(&self) -> Vec<RequestId> {
        match &self.stage {
            Stage::Choosing(Loadable::Loading(id)) | Stage::Comparing { id, .. } => vec![*id],
            Stage::Reading(reading) => {
                let described = match reading.target_table {
                    Loadable::Loading(id) => Some(id),
                    _ => None,
                };
                let pages = reading
                    .sides
                    .iter()
                    .flat_map(|side| side.waiting.iter().map(|(id, _)| *id));
                described.into_iter().chain(pages).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The other side in words: its table, and its place when it is not the session's
    /// connection (`Orders --to-endpoint-url http://127.0.0.1:8001`).
    #[must_use]
    pub fn target_words(&self, target: &str) -> String {
        match &self.place {
            Some(place) => format!("{target} {place}"),
            None => target.to_owned(),
        }
    }

    /// The other side, once one is chosen.
    #[must_use]
    pub fn target(&self) -> Option<&str> {
        match &self.stage {
            Stage::Choosing(_) => None,
            Stage::Reading(reading) => Some(&reading.target),
            Stage::Comparing { target, .. } | Stage::Stopped { target, .. } => Some(target),
            Stage::Report(shown) => Some(&shown.target),
        }
    }
}

impl ScreenState for DiffView {
    const SCREEN: &'static str = "diff";

    fn cursor(&self) -> usize {
        self.cursor
    }

    fn cursor_mut(&mut self) -> &mut usize {
        &mut self.cursor
    }
}
