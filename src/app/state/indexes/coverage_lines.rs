//! The sparse-index inspector's lines for one index, computed from the state on demand so
//! `update` (open an example item) and `ui` (draw) agree on what line N is.

use crate::app::state::State;
use crate::app::state::indexes::coverage::IndexCoverage;
use crate::app::state::indexes::streamed_scan::SAMPLE_PAGES;
use crate::domain::escape::escape_for_terminal;
use crate::domain::index_projection::projection_text;
use crate::domain::schema::{IndexKind, KeySchema, Projection};
use crate::domain::value::Item;

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Heading,
    Info,
    Warning,
    /// An entity type or an exclusion reason with its count.
    Figure,
}

/// One line; text is already escaped.
#[derive(Clone, Debug, PartialEq)]
pub struct CoverageLine {
    pub kind: LineKind,
    pub text: String,
    /// The primary key of an example item (`open` fetches and inspects it).
    pub example: Option<Item>,
}

impl CoverageLine {
    fn new(kind: LineKind, text: impl Into<String>) -> Self {
        Self {
            kind,
            text: text.into(),
            example: None,
        }
    }
}

/// `GSI2PK (S) / GSI2SK (S)`.
#[must_use]
pub fn key_schema_text(key: &KeySchema) -> String {
    let (partition, sort) = key.parts_text(|attribute| {
        format!(
            "{} ({})",
            escape_for_terminal(&attribute.name),
            attribute.value_type
        )
    });
    match sort {
        Some(sort) => format!("{partition} / {sort}"),
        None => partition,
    }
}

/// The partial-projection note for an index, or `None` for ALL.
#[must_use]
pub fn partial_projection_note(projection: &Projection) -> Option<String> {
    match projection {
        Projection::All => None,
        other => Some(format!(
            "partial projection ({}): F fetches the whole base item",
            projection_text(other)
        )),
    }
}

/// The lines of the sparse-index inspector for `index`.
#[must_use]
pub fn coverage_lines(state: &State, index: &str) -> Vec<CoverageLine> {
    let mut lines = Vec::new();
    let Some(schema) = state.described().and_then(|d| d.index(index)) else {
        lines.push(CoverageLine::new(LineKind::Warning, "No such index."));
        return lines;
    };
    let kind = match schema.kind {
        IndexKind::Global => "GSI",
        IndexKind::Local => "LSI",
    };
    let name = escape_for_terminal(&schema.name);
    lines.push(CoverageLine::new(
        LineKind::Heading,
        format!(
            "{kind} {name} · {} · {}",
            key_schema_text(&schema.key),
            projection_text(&schema.projection)
        ),
    ));
    if let Some(note) = partial_projection_note(&schema.projection) {
        lines.push(CoverageLine::new(LineKind::Warning, note));
    }
    let Some(coverage) = &state.indexes.coverage else {
        lines.push(CoverageLine::new(
            LineKind::Info,
            format!(
                "No figures yet: s samples {SAMPLE_PAGES} pages of the table, S counts it all."
            ),
        ));
        return lines;
    };
    if let Some(summary) = coverage.summary(index) {
        lines.push(CoverageLine::new(
            LineKind::Info,
            format!("coverage  {summary}"),
        ));
    }
    lines.push(CoverageLine::new(
        LineKind::Info,
        format!("table scan  {}", coverage.table.progress_text()),
    ));
    let Some(figures) = coverage.index(index) else {
        return lines;
    };
    if let Some(counted) = &figures.counted {
        lines.push(CoverageLine::new(
            LineKind::Info,
            format!(
                "index count  {} · {}",
                crate::domain::figures::counted(counted.count, "item", "items"),
                counted.progress_text()
            ),
        ));
    }
    lines.extend(entity_lines(&name, figures));
    lines.extend(exclusion_lines(&name, figures));
    lines
}

/// How many items of each entity type the index holds, most first.
fn entity_lines(name: &str, figures: &IndexCoverage) -> Vec<CoverageLine> {
    let mut lines = vec![
        CoverageLine::new(LineKind::Heading, ""),
        CoverageLine::new(
            LineKind::Heading,
            format!(
                "Entity types in {name} ({} read)",
                crate::domain::figures::counted(figures.in_index, "item", "items")
            ),
        ),
    ];
    let mut entities: Vec<(&String, &u64)> = figures.entities.iter().collect();
    entities.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
    if entities.is_empty() {
        lines.push(CoverageLine::new(LineKind::Info, "  none read yet"));
    }
    for (entity, count) in entities {
        lines.push(CoverageLine::new(
            LineKind::Figure,
            format!(
                "  {:<24} {}",
                escape_for_terminal(entity),
                crate::domain::figures::count(*count)
            ),
        ));
    }
    lines
}

/// The entity types the index leaves out, each with why and an example item to open.
fn exclusion_lines(name: &str, figures: &IndexCoverage) -> Vec<CoverageLine> {
    let mut lines = vec![
        CoverageLine::new(LineKind::Heading, ""),
        CoverageLine::new(
            LineKind::Heading,
            format!("Not in {name}, and why (Enter opens an example item)"),
        ),
    ];
    if figures.exclusions.is_empty() {
        lines.push(CoverageLine::new(
            LineKind::Info,
            "  every item read is in the index",
        ));
    }
    for exclusion in &figures.exclusions {
        lines.push(CoverageLine {
            kind: LineKind::Figure,
            text: format!(
                "  {:<24} {:>8}  {}",
                escape_for_terminal(&exclusion.entity),
                crate::domain::figures::count(exclusion.count),
                exclusion.reason
            ),
            example: Some(exclusion.example.clone()),
        });
    }
    lines
}
