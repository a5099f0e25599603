//! The table overview: key schema, attribute types, indexes with their keys, projections and
//! server-reported counts, billing mode, TTL and stream.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::state::{Loadable, ScanStatus, State};
use crate::domain::collection::Collections;
use crate::domain::grammar::census::{GrammarCensus, unmatched_entities};
use crate::domain::grammar::census_text::shares_text;
use crate::domain::model::Model;
use crate::domain::schema::{BillingMode, IndexKind, KeySchema, Projection, TableDescription};
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::{bytes, count, safe};

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    let block = Block::bordered().title(" Table overview ");
    let lines = match &state.description {
        Loadable::NotRequested | Loadable::Loading(_) => vec![Line::raw("Describing the table…")],
        Loadable::Failed(message) => vec![Line::styled(
            format!("DescribeTable failed: {}", safe(message)),
            styles.error,
        )],
        Loadable::Loaded(description) => lines(
            styles,
            description,
            state
                .discovery
                .found
                .as_ref()
                .map(Collections::grammar_census),
            state.entities.model(),
            unmatched_line(state),
        ),
    };
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// `Grammars    ElectroDB 97% · separators 3% (of 364 items scanned)`.
fn grammars_line(styles: &Styles, census: &GrammarCensus) -> Line<'static> {
    field(styles, "Grammars", shares_text(census))
}

/// `Model       OneTable's schema saved in the table: 3 entities, 1 access pattern`.
fn model_line(styles: &Styles, model: &Model) -> Line<'static> {
    let origin = model.origin.as_deref().unwrap_or("loaded");
    field(
        styles,
        "Model",
        format!(
            "{}: {}, {}",
            safe(origin),
            crate::domain::figures::counted(model.entities.len() as u64, "entity", "entities"),
            crate::domain::figures::counted(
                model.access_patterns.len() as u64,
                "access pattern",
                "access patterns"
            )
        ),
    )
}

/// Once the scan has read every item, the model's entities that matched none of them.
fn unmatched_line(state: &State) -> Option<Line<'static>> {
    let styles = theme::of(state);
    let found = state.discovery.found.as_ref()?;
    if state.discovery.status != ScanStatus::Complete {
        return None;
    }
    let unmatched = unmatched_entities(found.model()?, found.grammar_census());
    (!unmatched.is_empty()).then(|| {
        let names: Vec<String> = unmatched
            .iter()
            .map(|name| safe(name).into_owned())
            .collect();
        Line::styled(
            format!(
                "{:<12}no item of the table matches the templates of {}",
                "",
                names.join(", ")
            ),
            styles.warning,
        )
    })
}

fn key_text(key: &KeySchema) -> String {
    let (partition, sort) =
        key.parts_text(|attribute| format!("{} ({})", safe(&attribute.name), attribute.value_type));
    match sort {
        Some(sort) => format!("{partition} partition, {sort} sort"),
        None => format!("{partition} partition"),
    }
}

fn field(styles: &Styles, label: &str, value: String) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<12}"), styles.heading),
        Span::raw(value),
    ])
}

fn optional_count(value: Option<u64>) -> String {
    value.map_or_else(|| "?".to_owned(), count)
}

fn optional_size(value: Option<u64>) -> String {
    value.map_or_else(|| "?".to_owned(), bytes)
}

fn lines(
    styles: &Styles,
    description: &TableDescription,
    census: Option<&GrammarCensus>,
    model: Option<&Model>,
    unmatched: Option<Line<'static>>,
) -> Vec<Line<'static>> {
    let mut lines = vec![
        field(styles, "Table", safe(&description.name).into_owned()),
        field(
            styles,
            "Status",
            description.status.clone().unwrap_or_else(|| "?".to_owned()),
        ),
        field(styles, "Key", key_text(&description.key)),
        field(
            styles,
            "Attributes",
            description
                .attribute_types
                .iter()
                .map(|(name, value_type)| format!("{} {value_type}", safe(name)))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        field(
            styles,
            "Items",
            format!(
                "{} ({}, reported by the server, refreshed about every 6 h)",
                optional_count(description.item_count),
                optional_size(description.size_bytes)
            ),
        ),
        census.map_or_else(
            || {
                field(
                    styles,
                    "Grammars",
                    "known once the collections scan has read items".to_owned(),
                )
            },
            |census| grammars_line(styles, census),
        ),
    ];
    lines.extend(model.map(|model| model_line(styles, model)));
    lines.extend(unmatched);
    lines.extend([
        field(
            styles,
            "Billing",
            match description.billing_mode {
                Some(BillingMode::PayPerRequest) => "on demand (PAY_PER_REQUEST)".to_owned(),
                Some(BillingMode::Provisioned) => "provisioned".to_owned(),
                None => "?".to_owned(),
            },
        ),
        field(
            styles,
            "TTL",
            description.ttl.as_ref().map_or_else(
                || "not configured".to_owned(),
                |ttl| format!("{} ({})", safe(&ttl.attribute), ttl.status),
            ),
        ),
        field(
            styles,
            "Stream",
            match &description.stream {
                Some(stream) if stream.enabled => {
                    format!("enabled, {}", stream.view_type.clone().unwrap_or_default())
                }
                _ => "disabled".to_owned(),
            },
        ),
        Line::raw(""),
    ]);
    if description.indexes.is_empty() {
        lines.push(Line::raw("No secondary indexes."));
    }
    for index in &description.indexes {
        let kind = match index.kind {
            IndexKind::Global => "GSI",
            IndexKind::Local => "LSI",
        };
        let projection = match &index.projection {
            Projection::All => "ALL".to_owned(),
            Projection::KeysOnly => "KEYS_ONLY".to_owned(),
            Projection::Include(names) => format!(
                "INCLUDE {}",
                names
                    .iter()
                    .map(|name| safe(name).into_owned())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{kind} {}", safe(&index.name)), styles.heading),
            Span::raw(format!("  {}", key_text(&index.key))),
        ]));
        lines.push(Line::raw(format!(
            "    projection {projection} · {} items · {}{}",
            optional_count(index.item_count),
            optional_size(index.size_bytes),
            index
                .status
                .as_ref()
                .map(|status| format!(" · {status}"))
                .unwrap_or_default()
        )));
    }
    for name in &description.unsupported_indexes {
        lines.push(Line::styled(
            format!("index {} has a key shape ddbx cannot show yet", safe(name)),
            styles.warning,
        ));
    }
    lines
}
