//! The table overview: key schema, attribute types, indexes with their keys, projections and
//! server-reported counts, billing mode, TTL and stream.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::app::state::{Loadable, ScanStatus, State};
use crate::domain::collection::Collections;
use crate::domain::figures::{bytes, count};
use crate::domain::grammar_census::GrammarCensus;
use crate::domain::grammar_census::text::shares_text;
use crate::domain::model::Model;
use crate::domain::model_fit::model_misfits;
use crate::domain::overview_lines::{extras_lines, index_line, settings_lines};
use crate::domain::schema::{BillingMode, IndexKind, KeySchema, Projection, TableDescription};
use crate::domain::table_settings::TableExtras;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::text::safe;

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State) {
    let styles = theme::of(state);
    let block = Block::bordered().title(" Table overview ");
    let lines = match &state.table.description {
        Loadable::NotRequested | Loadable::Loading(_) => vec![Line::raw("Describing the table…")],
        Loadable::Failed(message) => vec![Line::styled(
            format!("DescribeTable failed: {}", safe(message)),
            styles.error,
        )],
        Loadable::Loaded(description) => lines(
            styles,
            description,
            &state.table.extras,
            state
                .explore
                .discovery
                .found
                .as_ref()
                .map(Collections::grammar_census),
            state.entities.model(),
            misfit_lines(state, description),
        ),
    };
    // Never past the last line: the key for "last" asks for more than there is.
    let inner_height = usize::from(area.height.saturating_sub(2));
    let scroll = state
        .table
        .overview_scroll
        .min(wrapped_rows(&lines, area.width.saturating_sub(2)).saturating_sub(inner_height));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0)),
        area,
    );
}

/// About how many rows `lines` take wrapped at `width`: a wrapped line is counted one row long
/// more than its characters need, since wrapping at words leaves rows short.
fn wrapped_rows(lines: &[Line<'_>], width: u16) -> usize {
    let width = usize::from(width.max(1));
    lines
        .iter()
        .map(|line| match line.width() {
            fits if fits <= width => 1,
            long => long.div_ceil(width) + 1,
        })
        .sum()
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

/// Where the model does not fit the table: keys and indexes it expects and the table lacks,
/// and, once the scan has read every item, its entities that matched none of them.
fn misfit_lines(state: &State, description: &TableDescription) -> Vec<Line<'static>> {
    let styles = theme::of(state);
    let Some(model) = state.entities.model() else {
        return Vec::new();
    };
    let census = state
        .explore
        .discovery
        .found
        .as_ref()
        .filter(|_| state.explore.discovery.status == ScanStatus::Complete)
        .map(Collections::grammar_census);
    model_misfits(model, description, census)
        .iter()
        .map(|misfit| Line::styled(format!("{:<12}{}", "", safe(misfit)), styles.warning))
        .collect()
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

/// The capacity, protection and replication lines, then the values read with a call each.
fn settings(
    styles: &Styles,
    description: &TableDescription,
    extras: &Loadable<Box<TableExtras>>,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = settings_lines(description)
        .into_iter()
        .map(|(label, value)| field(styles, &title(label), safe(&value).into_owned()))
        .collect();
    let extras = match extras {
        Loadable::Loaded(extras) => extras_lines(Some(extras)),
        Loadable::Failed(message) => vec![("recovery", format!("not readable ({message})"))],
        Loadable::NotRequested | Loadable::Loading(_) => extras_lines(None),
    };
    lines.extend(
        extras
            .into_iter()
            .filter(|(label, _)| *label != "ttl")
            .map(|(label, value)| field(styles, &title(label), safe(&value).into_owned())),
    );
    lines
}

/// DescribeTimeToLive's answer once the extra values are read (it also says when it could not
/// be read); until then the TTL that came with the description.
fn ttl_line(
    styles: &Styles,
    description: &TableDescription,
    extras: &Loadable<Box<TableExtras>>,
) -> Line<'static> {
    let from_extras = extras.loaded().and_then(|extras| {
        extras_lines(Some(extras))
            .into_iter()
            .find(|(label, _)| *label == "ttl")
    });
    let text = from_extras.map_or_else(
        || {
            description.ttl.as_ref().map_or_else(
                || "not configured".to_owned(),
                |ttl| format!("{} ({})", ttl.attribute, ttl.status),
            )
        },
        |(_, text)| text,
    );
    field(styles, "TTL", safe(&text).into_owned())
}

/// `pitr` → `PITR`, `warm` → `Warm`: the overview's labels are capitalised.
fn title(label: &str) -> String {
    match label {
        "pitr" => "PITR".to_owned(),
        _ => {
            let mut chars = label.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        }
    }
}

/// The table's name, status, key, key attributes, size and the grammars its keys follow.
fn table_lines(
    styles: &Styles,
    description: &TableDescription,
    census: Option<&GrammarCensus>,
) -> Vec<Line<'static>> {
    vec![
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
    ]
}

/// Two lines per secondary index (its key; its projection, size and state), then the indexes
/// whose key shape cannot be shown.
fn index_lines(styles: &Styles, description: &TableDescription) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
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
        // The index's own settings line begins with its status, so it takes the status's place.
        let state = match description.settings.index(&index.name) {
            Some(settings) => Some(index_line(
                settings,
                index.item_count,
                description.item_count,
            )),
            None => index.status.clone(),
        };
        lines.push(Line::raw(format!(
            "    projection {projection} · {} items · {}{}",
            optional_count(index.item_count),
            optional_size(index.size_bytes),
            state
                .map(|state| format!(" · {}", safe(&state)))
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

fn lines(
    styles: &Styles,
    description: &TableDescription,
    extras: &Loadable<Box<TableExtras>>,
    census: Option<&GrammarCensus>,
    model: Option<&Model>,
    misfits: Vec<Line<'static>>,
) -> Vec<Line<'static>> {
    let mut lines = table_lines(styles, description, census);
    lines.extend(model.map(|model| model_line(styles, model)));
    lines.extend(misfits);
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
        ttl_line(styles, description, extras),
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
    lines.extend(index_lines(styles, description));
    // Below the indexes, so the first screen still shows the keys and indexes; j and G reach it.
    lines.push(Line::raw(""));
    lines.push(Line::styled("Operations".to_owned(), styles.heading));
    lines.extend(settings(styles, description, extras));
    lines
}
