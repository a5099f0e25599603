//! The query builder form: one line per field (choices shown as `◂ value ▸`), each error under
//! its field with a caret at the position, then the live preview of the exact request.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::app::action::Action;
use crate::app::state::query::form::{FormError, FormField};
use crate::app::state::{QueryForm, State};
use crate::domain::expr::bare_names::quoted;
use crate::domain::query_spec::{SortChoice, consistent_refusal, preview_text};
use crate::domain::schema::{KeySchema, Projection, TableDescription};
use crate::domain::value::AttrValue;
use crate::keymap::Section;
use crate::ui::theme::{self, Styles};
use crate::ui::widgets::overflow::{Window, window};
use crate::ui::widgets::text::{fitted_title, safe};
use crate::ui::widgets::text_field;
use crate::ui::widgets::wrap::wrap_lines;

/// Width of the label column.
const LABEL: usize = 13;

/// One piece of a form line: a field's text (focusable) or plain text.
struct Piece {
    field: Option<FormField>,
    text: String,
    choice: bool,
}

fn field(field: FormField, text: impl Into<String>) -> Piece {
    Piece {
        field: Some(field),
        text: text.into(),
        choice: false,
    }
}

fn choice(field: FormField, text: impl Into<String>) -> Piece {
    Piece {
        field: Some(field),
        text: text.into(),
        choice: true,
    }
}

fn note(text: impl Into<String>) -> Piece {
    Piece {
        field: None,
        text: text.into(),
        choice: false,
    }
}

pub(in crate::ui) fn render(frame: &mut Frame<'_>, area: Rect, state: &State, form: &QueryForm) {
    let styles = theme::of(state);
    let mut fields: Vec<Line<'static>> = Vec::new();
    let mut focus_line = 0;
    for (label, pieces) in form_lines(form, state.described()) {
        if pieces.iter().any(|piece| piece.field == Some(form.focus)) {
            focus_line = fields.len();
        }
        push_line(
            (styles, state.described()),
            &mut fields,
            form,
            label,
            pieces,
        );
    }
    let key = |action: &Action| {
        state
            .keymap
            .key_for(Section::QueryForm, action)
            .unwrap_or_else(|| "(unbound)".to_owned())
    };
    let mode = if form.raw_mode { "raw" } else { "fields" };
    // Most useful first: the hints that do not fit the border are left to the help.
    let title = fitted_title(
        &[
            format!("Query builder · {mode}"),
            format!("{} runs", key(&Action::Submit)),
            format!("{} closes", key(&Action::Back)),
            format!("{} help", key(&Action::ToggleHelp)),
            format!("{} next", key(&Action::NextField)),
            // The arrows that move the text cursor cycle a choice.
            format!("{} choose", key(&Action::CursorRight)),
            format!("{} raw", key(&Action::ToggleRawMode)),
            format!("{} adds a filter", key(&Action::AddFilterRow)),
        ],
        usize::from(area.width.saturating_sub(2)),
    );
    let mut block = Block::bordered().title(title);
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    let focus_row = wrap_lines(fields[..focus_line].to_vec(), width).len();
    let fields = wrap_lines(fields, width);
    let preview = wrap_lines(preview_lines(styles, form), width);
    let fields = fitted(fields, focus_row, usize::from(inner.height));
    let shown = window(
        preview,
        form.preview_scroll,
        preview_room(&fields.shown, inner),
    );
    let scroll_keys = format!(
        "{}/{} scroll the preview",
        key(&Action::PageDown),
        key(&Action::PageUp)
    );
    if let Some(note) = border_note(&fields, &shown, &scroll_keys) {
        block = block.title_bottom(note);
    }
    let mut lines = fields.shown;
    lines.push(Line::raw(""));
    lines.extend(shown.shown);
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Rows under the field lines (and the blank line after them) left for the preview.
fn preview_room(fields: &[Line<'static>], inner: Rect) -> usize {
    usize::from(inner.height).saturating_sub(fields.len() + 1)
}

/// The preview keeps at least its heading and a line in sight under the fields.
const PREVIEW_ROWS: usize = 2;

/// The field rows that fit `height` with the focused one (`focus_row`) in sight and room for
/// the preview under them (the caller scrolls the preview in its rows).
fn fitted(fields: Vec<Line<'static>>, focus_row: usize, height: usize) -> Window<Line<'static>> {
    let room = height.saturating_sub(PREVIEW_ROWS + 1).max(1);
    let skip = (focus_row + 1).saturating_sub(room);
    window(fields, skip, room)
}

/// The bottom border: the field lines out of sight (the focus keys reach them), then the
/// preview's lines out of sight and the keys that scroll it. Both count, or a form with many
/// filters would hide its last fields without a word.
fn border_note(
    fields: &Window<Line<'static>>,
    preview: &Window<Line<'static>>,
    scroll_keys: &str,
) -> Option<Line<'static>> {
    let hidden_fields = match (fields.above, fields.below) {
        (0, 0) => None,
        (above, 0) => Some(format!("↑ {above} field lines above")),
        (0, below) => Some(format!("↓ {below} field lines below")),
        (above, below) => Some(format!("field lines ↑ {above} ↓ {below}")),
    };
    let preview = preview.note(scroll_keys).map(|line| line.to_string());
    let parts: Vec<String> = hidden_fields
        .into_iter()
        .chain(preview.map(|note| note.trim().to_owned()))
        .collect();
    (!parts.is_empty()).then(|| Line::from(format!(" {} ", parts.join(" · "))).right_aligned())
}

/// The preview of the exact request, or why there is none yet. Its warnings are drawn under
/// the fields they concern instead, where they are always in sight.
fn preview_lines(styles: &Styles, form: &QueryForm) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    match &form.outcome {
        Ok(built) => {
            lines.push(Line::styled(
                "Preview (nothing is sent before Enter)",
                styles.heading,
            ));
            for line in preview_text(built).lines() {
                if !line.starts_with("warning:") {
                    lines.push(Line::styled(safe(line).into_owned(), styles.added));
                }
            }
        }
        Err(errors) => {
            let count = errors.len();
            lines.push(Line::styled(
                format!(
                    "Not valid yet ({count} problem{})",
                    if count == 1 { "" } else { "s" }
                ),
                styles.error_strong,
            ));
        }
    }
    lines
}

/// Under *Partition*: a value typed for the table, kept when the target became an index keyed
/// by another attribute, cannot match there.
fn partition_warning(form: &QueryForm, description: Option<&TableDescription>) -> Option<String> {
    let description = description?;
    let index = description.index(form.spec.index.as_deref()?)?;
    let table_partition = &description.key.partition.name;
    let index_partition = &index.key.partition.name;
    (form.partition_of_table.as_deref() == Some(form.spec.partition.as_str())
        && index_partition != table_partition)
        .then(|| {
            format!(
                "warning: this is the table's {table_partition} value; {} is keyed by \
                 {index_partition}, so it cannot match there: type a {index_partition} value",
                index.name
            )
        })
}

/// Under *To*: a BETWEEN that ends at a bare date leaves that day's longer keys out.
fn between_warning(form: &QueryForm) -> Option<String> {
    let built = form.outcome.as_ref().ok()?;
    built.inclusive_upper.as_ref()?;
    let Some(AttrValue::S(upper)) = built.request.params.values.get(":sk_high") else {
        return None;
    };
    let day = upper.get(upper.len().saturating_sub(10)..).unwrap_or(upper);
    Some(format!(
        "warning: leaves out that day's longer keys (…{day}#…); Tab here ends To in ~ to \
         include them"
    ))
}

/// A bare word in the filter keeps DynamoDB's meaning, an attribute name; the hint says so.
fn bare_word_warning(word: &str) -> String {
    format!(
        "warning: the filter reads {word} as an attribute name (DynamoDB's meaning), and no item \
         read has one: did you mean {}?",
        quoted(word)
    )
}

fn key_text(key: &KeySchema) -> String {
    let (partition, sort) =
        key.parts_text(|attribute| format!("{} ({})", attribute.name, attribute.value_type));
    match sort {
        Some(sort) => format!("{partition} / {sort}"),
        None => partition,
    }
}

/// The key schema of the form's target, when it is known.
fn target_key<'a>(
    form: &QueryForm,
    description: Option<&'a TableDescription>,
) -> Option<&'a KeySchema> {
    description?.key_schema_of(form.spec.index.as_deref())
}

/// `  region (S)`: the label of a multi-attribute key's further field.
fn attribute_label(key: Option<&KeySchema>, partition: bool, position: usize) -> String {
    let attribute = key.and_then(|key| {
        if partition {
            key.partition_attributes().nth(position)
        } else {
            key.sort_attributes().nth(position)
        }
    });
    attribute.map_or_else(
        || "  …".to_owned(),
        |attribute| format!("  {} =", attribute.name),
    )
}

fn projection_text(projection: &Projection) -> String {
    match projection {
        Projection::All => "projects ALL".to_owned(),
        Projection::KeysOnly => "projects KEYS_ONLY".to_owned(),
        Projection::Include(names) => format!("projects INCLUDE {}", names.join(", ")),
    }
}

/// The target line: table or index, its key attributes with types and its projection.
fn target_pieces(form: &QueryForm, description: Option<&TableDescription>) -> Vec<Piece> {
    let Some(description) = description else {
        return vec![choice(FormField::Target, "table")];
    };
    match form
        .spec
        .index
        .as_deref()
        .and_then(|name| description.index(name))
    {
        Some(index) => {
            let kind = match index.kind {
                crate::domain::schema::IndexKind::Global => "GSI",
                crate::domain::schema::IndexKind::Local => "LSI",
            };
            vec![
                choice(FormField::Target, format!("{kind} {}", index.name)),
                note(format!(
                    "  {} · {}",
                    key_text(&index.key),
                    projection_text(&index.projection)
                )),
            ]
        }
        None => vec![
            choice(FormField::Target, format!("table {}", description.name)),
            note(format!("  {}", key_text(&description.key))),
        ],
    }
}

/// One labelled line of the form: its label and its pieces.
type FormLine = (String, Vec<Piece>);

fn form_lines(form: &QueryForm, description: Option<&TableDescription>) -> Vec<FormLine> {
    let mut lines = vec![("Target".to_owned(), target_pieces(form, description))];
    if form.raw_mode {
        lines.extend(raw_lines(form));
    } else {
        lines.extend(key_lines(form, description));
        lines.extend(sort_value_lines(form));
        lines.extend(filter_lines(form));
    }
    lines.extend(reading_lines(form, description));
    lines
}

/// Raw mode: the request's expressions and their maps, as typed.
fn raw_lines(form: &QueryForm) -> Vec<FormLine> {
    [
        ("Key cond.", FormField::RawKeyCondition),
        ("Filter", FormField::RawFilter),
        ("Projection", FormField::RawProjection),
        (":values", FormField::RawValues),
        ("#names", FormField::RawNames),
    ]
    .into_iter()
    .map(|(label, wanted)| {
        (
            label.to_owned(),
            vec![field(wanted, form.text(wanted).unwrap_or_default())],
        )
    })
    .collect()
}

/// The key condition: each partition attribute's value, the sort attributes fixed with `=`,
/// and the condition on the next one.
fn key_lines(form: &QueryForm, description: Option<&TableDescription>) -> Vec<FormLine> {
    let spec = &form.spec;
    let key = target_key(form, description);
    let multi = key.is_some_and(KeySchema::is_multi_attribute);
    let mut lines = vec![(
        if multi {
            attribute_label(key, true, 0).trim_start().to_owned()
        } else {
            "Partition".to_owned()
        },
        vec![field(FormField::Partition, &spec.partition)],
    )];
    for (n, value) in spec.more_partition.iter().enumerate() {
        lines.push((
            attribute_label(key, true, n + 1).trim_start().to_owned(),
            vec![field(FormField::MorePartition(n), value)],
        ));
    }
    for (n, value) in spec.sort_prefix.iter().enumerate() {
        lines.push((
            attribute_label(key, false, n),
            vec![field(FormField::SortPrefix(n), value)],
        ));
    }
    // The condition applies to the first sort attribute the `=` lines above leave over.
    let mut sort_line = vec![choice(FormField::Sort, spec.sort.label())];
    if let Some(attribute) = key.and_then(|key| key.sort_attributes().nth(spec.sort_prefix.len())) {
        sort_line.push(note(format!("  on {}", attribute.name)));
    }
    lines.push(("Sort key".to_owned(), sort_line));
    lines
}

/// The sort condition's value: typed, or made from a key template's parts; and its upper
/// bound for `between`.
fn sort_value_lines(form: &QueryForm) -> Vec<FormLine> {
    let spec = &form.spec;
    let fields = form.fields();
    let shows = |wanted: FormField| fields.contains(&wanted);
    let mut lines = Vec::new();
    if shows(FormField::Template) {
        let name = form
            .chosen_template()
            .map_or_else(|| "(type the value)".to_owned(), |t| t.as_str().to_owned());
        lines.push((
            "Template".to_owned(),
            vec![choice(FormField::Template, name)],
        ));
    }
    if let Some(template) = form.chosen_template() {
        for (part, name) in template.placeholders().enumerate() {
            let value = form.template_parts.get(part).cloned().unwrap_or_default();
            lines.push((
                format!("  {name}"),
                vec![field(FormField::TemplatePart(part), value)],
            ));
        }
        lines.push(("  → value".to_owned(), vec![note(spec.sort_value.clone())]));
    }
    if shows(FormField::SortValue) {
        let label = if spec.sort == SortChoice::Between {
            "From"
        } else {
            "Value"
        };
        lines.push((
            label.to_owned(),
            vec![field(FormField::SortValue, &spec.sort_value)],
        ));
    }
    if shows(FormField::SortUpper) {
        lines.push((
            "To".to_owned(),
            vec![field(FormField::SortUpper, &spec.sort_upper)],
        ));
    }
    if shows(FormField::Join) {
        lines.push((
            "Rows join".to_owned(),
            vec![choice(FormField::Join, spec.join.keyword())],
        ));
    }
    lines
}

/// The filter rows, the raw filter and the projection.
fn filter_lines(form: &QueryForm) -> Vec<FormLine> {
    let spec = &form.spec;
    let mut lines = Vec::new();
    for (row, filter) in spec.filters.iter().enumerate() {
        let mut pieces = vec![
            field(FormField::FilterAttribute(row), &filter.attribute),
            note(" "),
            choice(FormField::FilterOperator(row), filter.operator.label()),
        ];
        if filter.operator.takes_value() {
            pieces.push(note(" "));
            pieces.push(field(FormField::FilterValue(row), &filter.value));
        }
        lines.push((format!("Filter {}", row + 1), pieces));
    }
    lines.push((
        "Raw filter".to_owned(),
        vec![field(FormField::Filter, &spec.raw_filter)],
    ));
    lines.push((
        "Projection".to_owned(),
        vec![field(FormField::Projection, &spec.projection)],
    ));
    lines
}

/// How the query is read: order, page size, where to stop, consistency.
fn reading_lines(form: &QueryForm, description: Option<&TableDescription>) -> Vec<FormLine> {
    let spec = &form.spec;
    let order = if spec.descending {
        "descending"
    } else {
        "ascending"
    };
    let refusal = description.and_then(|d| consistent_refusal(d, spec.index.as_deref()));
    let consistent = match &refusal {
        Some(reason) => vec![
            note("disabled: "),
            choice(FormField::Consistent, "off"),
            note(format!("  ({reason})")),
        ],
        None => vec![choice(
            FormField::Consistent,
            if spec.consistent { "on" } else { "off" },
        )],
    };
    vec![
        ("Order".to_owned(), vec![choice(FormField::Order, order)]),
        (
            "Page size".to_owned(),
            vec![
                field(FormField::PageSize, &spec.page_size),
                note(placeholder(
                    &spec.page_size,
                    "  (service default: up to 1 MB)",
                )),
            ],
        ),
        (
            "Stop after".to_owned(),
            vec![
                field(FormField::StopAfter, &spec.stop_after),
                note(placeholder(&spec.stop_after, "  (read as you scroll)")),
            ],
        ),
        ("Consistent".to_owned(), consistent),
    ]
}

fn placeholder(text: &str, hint: &str) -> String {
    if text.is_empty() {
        hint.to_owned()
    } else {
        String::new()
    }
}

/// Draws one field line, then a caret and message under each error of its fields.
fn push_line(
    (styles, description): (&Styles, Option<&TableDescription>),
    lines: &mut Vec<Line<'static>>,
    form: &QueryForm,
    label: String,
    pieces: Vec<Piece>,
) {
    // The focused line's label stands out too, so the eye finds the field before the cursor.
    let focused = pieces.iter().any(|piece| piece.field == Some(form.focus));
    let label_style = if focused {
        styles.key.patch(styles.selected)
    } else {
        styles.key
    };
    let mut drawn = DrawnLine {
        spans: vec![Span::styled(format!("{label:<LABEL$}"), label_style)],
        column: LABEL,
        errors: Vec::new(),
    };
    let filter_line = pieces
        .iter()
        .any(|piece| matches!(piece.field, Some(FormField::Filter | FormField::RawFilter)));
    let pieces_upper = pieces
        .iter()
        .any(|piece| piece.field == Some(FormField::SortUpper));
    let pieces_partition = pieces
        .iter()
        .any(|piece| piece.field == Some(FormField::Partition));
    for piece in pieces {
        drawn.push_piece(styles, form, &piece);
    }
    lines.push(Line::from(drawn.spans));
    for (at, error, text) in drawn.errors {
        let width = error
            .span
            .as_ref()
            .and_then(|span| text.get(span.clone()))
            .map_or(1, |marked| safe(marked).chars().count().max(1));
        lines.push(Line::styled(
            format!("{}{}", " ".repeat(at), "^".repeat(width)),
            styles.error,
        ));
        lines.push(Line::styled(
            format!("{}{}", " ".repeat(LABEL), safe(&error.message)),
            styles.error,
        ));
    }
    if pieces_partition && let Some(warning) = partition_warning(form, description) {
        lines.push(Line::styled(
            format!("{}{}", " ".repeat(LABEL), safe(&warning)),
            styles.warning,
        ));
    }
    if pieces_upper && let Some(warning) = between_warning(form) {
        lines.push(Line::styled(
            format!("{}{}", " ".repeat(LABEL), safe(&warning)),
            styles.warning,
        ));
    }
    if filter_line {
        for word in &form.bare_words {
            lines.push(Line::styled(
                format!("{}{}", " ".repeat(LABEL), safe(&bare_word_warning(word))),
                styles.warning,
            ));
        }
    }
}

/// A field line as it is drawn: its spans, the column the next piece starts at, and each
/// error of its fields with the column it points at and the text it is about.
struct DrawnLine<'a> {
    spans: Vec<Span<'static>>,
    column: usize,
    errors: Vec<(usize, &'a FormError, String)>,
}

impl<'a> DrawnLine<'a> {
    /// Draws `piece` (a focused text field with its cursor) and notes its fields' errors.
    fn push_piece(&mut self, styles: &Styles, form: &'a QueryForm, piece: &Piece) {
        let focused = piece.field == Some(form.focus);
        let shown = safe(&piece.text).into_owned();
        let text = if piece.choice {
            format!("◂ {shown} ▸")
        } else {
            shown
        };
        let start = self.column + usize::from(piece.choice) * 2;
        if let Some(field) = piece.field {
            for error in form.errors_of(field) {
                let offset = error
                    .span
                    .as_ref()
                    .and_then(|span| piece.text.get(..span.start))
                    .map_or(0, |before| safe(before).chars().count());
                self.errors
                    .push((start + offset, error, piece.text.clone()));
            }
        }
        self.column += text.chars().count();
        let style = match (focused, piece.field.is_some()) {
            (true, _) => styles.selected,
            (false, true) => styles.focused,
            (false, false) => styles.muted,
        };
        if text.is_empty() && piece.field.is_some() {
            self.spans.push(Span::styled(" ", style));
            self.column += 1;
            if focused && !piece.choice {
                self.spans.push(Span::styled("█", styles.key));
                self.column += 1;
            }
        } else if focused && !piece.choice {
            let cursor = form.cursor();
            if cursor >= piece.text.len() {
                self.column += 1;
            }
            self.spans.extend(text_field::spans_of(
                styles,
                &piece.text,
                cursor,
                None,
                style,
            ));
        } else {
            self.spans.push(Span::styled(text, style));
        }
    }
}
