//! The lines of the capacity screen: a heading, then one line per pattern with its month at the
//! read rate, then one per entity with its month at the write rate, then where it all came from.

use super::view::CapacityView;
use crate::app::state::Loadable;
use crate::domain::capacity::lines::{
    PATTERN_COLUMNS, WRITES_COLUMNS, month_line, pattern_columns, writes_columns,
};
use crate::domain::capacity::plan::Direction;
use crate::domain::capacity::prices::Prices;
use crate::domain::capacity::report::PatternSource;

/// One line of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CapacityRow {
    Heading(String),
    /// A pattern's or an entity's figures, and its month at the rate.
    Figures {
        line: String,
        month: Option<String>,
    },
    Note(String),
}

impl CapacityRow {
    /// The line as plain text, for `/` and for the drawing.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::Heading(text) | Self::Note(text) => text.clone(),
            Self::Figures { line, month } => match month {
                Some(month) => format!("{line} · {month}"),
                None => line.clone(),
            },
        }
    }
}

/// The screen's lines (none until the report is read). Prices are the defaults (us-east-1).
#[must_use]
pub fn rows(view: &CapacityView) -> Vec<CapacityRow> {
    let Loadable::Loaded(report) = &view.report else {
        return Vec::new();
    };
    let prices = Prices::default();
    let source = match report.source {
        PatternSource::Model => "access patterns of the model",
        PatternSource::History => "query shapes of the history",
    };
    let mut rows = vec![
        CapacityRow::Note(format!(
            "Reads per call, the costliest sampled, of the {source}"
        )),
        CapacityRow::Heading(PATTERN_COLUMNS.to_owned()),
    ];
    if report.patterns.is_empty() {
        rows.push(CapacityRow::Note(
            "no access pattern to measure: open the table with a model (--model FILE) that has \
             [[access_pattern]], or run queries first (their shapes are measured)"
                .to_owned(),
        ));
    }
    for pattern in &report.patterns {
        rows.push(CapacityRow::Figures {
            line: pattern_columns(pattern),
            month: pattern
                .monthly(view.reads_per_second, &prices)
                .map(|plan| month_line(view.reads_per_second, &plan, Direction::Read)),
        });
    }
    rows.push(CapacityRow::Note(
        "Writes of the median item read of each entity, index writes included".to_owned(),
    ));
    rows.push(CapacityRow::Heading(WRITES_COLUMNS.to_owned()));
    for writes in &report.writes {
        rows.push(CapacityRow::Figures {
            line: writes_columns(writes),
            month: writes
                .monthly(view.writes_per_second, &prices)
                .map(|plan| month_line(view.writes_per_second, &plan, Direction::Write)),
        });
    }
    rows.push(CapacityRow::Note(format!(
        "a sample of {} items{}: other partitions may read more or less. Prices: {} \
         (`ddbx capacity --price-…` takes yours)",
        report.sampled_items,
        if report.sample_complete {
            " (the whole table)"
        } else {
            ""
        },
        prices.source(),
    )));
    rows
}
