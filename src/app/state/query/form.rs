//! The query builder form: what the user typed ([`QuerySpec`], or the raw texts), which field
//! has the focus, and the outcome of building the request from it, recomputed on every keystroke.

use std::ops::Range;

use crate::app::state::text_field::{self, TextEdit};
use crate::domain::key_template::KeyTemplate;
use crate::domain::query_spec::{BuiltQuery, FilterRow, QuerySpec};

/// One focusable field of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormField {
    Target,
    Partition,
    /// A multi-attribute partition key's second (0), third or fourth attribute.
    MorePartition(usize),
    /// A multi-attribute sort key's first attributes, compared with `=`.
    SortPrefix(usize),
    Sort,
    SortValue,
    SortUpper,
    /// Which composite-key template builds the sort value.
    Template,
    /// One placeholder of the chosen template.
    TemplatePart(usize),
    Join,
    FilterAttribute(usize),
    FilterOperator(usize),
    FilterValue(usize),
    Filter,
    Projection,
    Order,
    PageSize,
    StopAfter,
    Consistent,
    RawKeyCondition,
    RawFilter,
    RawProjection,
    RawValues,
    RawNames,
}

/// The raw-mode texts, as in application code or in the inline-literal syntax.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawTexts {
    pub key_condition: String,
    pub filter: String,
    pub projection: String,
    /// ExpressionAttributeValues as DynamoDB JSON.
    pub values: String,
    /// ExpressionAttributeNames as JSON.
    pub names: String,
}

/// A mistake shown under a field; `span` is a byte range in the field's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormError {
    pub field: FormField,
    pub message: String,
    pub span: Option<Range<usize>>,
}

/// The form's state.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryForm {
    pub spec: QuerySpec,
    pub raw: RawTexts,
    pub raw_mode: bool,
    pub focus: FormField,
    /// Composite-key templates offered for the target's sort key.
    pub templates: Vec<KeyTemplate>,
    /// The chosen template (an index into `templates`), if any.
    pub template: Option<usize>,
    /// Values of the chosen template's placeholders, in order.
    pub template_parts: Vec<String>,
    /// The request built from the fields, or what is wrong with them.
    pub outcome: Result<BuiltQuery, Vec<FormError>>,
    /// Bare words of the filter text that no item read so far has as an attribute but some has
    /// as a value: DynamoDB reads them as attribute names, the user most likely meant values.
    pub bare_words: Vec<String>,
    /// What *To* was last prefilled with from the template; it follows *From* while it still
    /// holds this.
    pub upper_prefill: Option<String>,
    /// The partition value typed while the target was the table: on an index keyed by another
    /// attribute it cannot match, and the form says so until it is changed.
    pub partition_of_table: Option<String>,
    /// Rows of the preview scrolled past, when the form and its preview do not fit the screen.
    pub preview_scroll: usize,
    /// The text cursor and the field it was placed in; in any other field (the focus moved)
    /// the cursor is at the end of the text.
    caret: Option<(FormField, usize)>,
}

impl QueryForm {
    /// An empty form on the table, with one empty filter row (empty rows are ignored).
    #[must_use]
    pub fn new(spec: QuerySpec) -> Self {
        let mut spec = spec;
        if spec.filters.is_empty() {
            spec.filters.push(FilterRow::default());
        }
        Self {
            spec,
            raw: RawTexts::default(),
            raw_mode: false,
            focus: FormField::Partition,
            templates: Vec::new(),
            template: None,
            template_parts: Vec::new(),
            outcome: Err(Vec::new()),
            bare_words: Vec::new(),
            upper_prefill: None,
            partition_of_table: None,
            preview_scroll: 0,
            caret: None,
        }
    }

    /// The text cursor in the focused field (a byte offset; the end unless moved there).
    #[must_use]
    pub fn cursor(&self) -> usize {
        let len = self.text(self.focus).map_or(0, str::len);
        match self.caret {
            Some((field, at)) if field == self.focus => at.min(len),
            _ => len,
        }
    }

    /// Puts the cursor at the end of the focused field (after a completion replaced its text).
    pub const fn cursor_to_end(&mut self) {
        self.caret = None;
    }

    /// Applies a text edit to the focused field; false on a choice field or when only the
    /// cursor moved.
    pub fn edit_focused(&mut self, edit: &TextEdit) -> bool {
        let focus = self.focus;
        let mut cursor = self.cursor();
        let Some(text) = self.text_mut(focus) else {
            return false;
        };
        let changed = text_field::apply(text, &mut cursor, edit);
        self.caret = Some((focus, cursor));
        changed
    }

    /// The chosen template.
    #[must_use]
    pub fn chosen_template(&self) -> Option<&KeyTemplate> {
        self.template.and_then(|index| self.templates.get(index))
    }

    /// The focusable fields in order, as the form currently shows them.
    #[must_use]
    pub fn fields(&self) -> Vec<FormField> {
        use crate::domain::query_spec::SortChoice;
        let mut fields = vec![FormField::Target];
        if self.raw_mode {
            fields.extend([
                FormField::RawKeyCondition,
                FormField::RawFilter,
                FormField::RawProjection,
                FormField::RawValues,
                FormField::RawNames,
            ]);
        } else {
            fields.push(FormField::Partition);
            fields.extend((0..self.spec.more_partition.len()).map(FormField::MorePartition));
            fields.extend((0..self.spec.sort_prefix.len()).map(FormField::SortPrefix));
            fields.push(FormField::Sort);
            if self.spec.sort != SortChoice::None {
                if !self.templates.is_empty() {
                    fields.push(FormField::Template);
                }
                if let Some(template) = self.chosen_template() {
                    let parts = template.placeholders().count();
                    fields.extend((0..parts).map(FormField::TemplatePart));
                } else {
                    fields.push(FormField::SortValue);
                }
                if self.spec.sort == SortChoice::Between {
                    fields.push(FormField::SortUpper);
                }
            }
            if self.spec.filters.len() > 1 {
                fields.push(FormField::Join);
            }
            for row in 0..self.spec.filters.len() {
                fields.extend([
                    FormField::FilterAttribute(row),
                    FormField::FilterOperator(row),
                    FormField::FilterValue(row),
                ]);
            }
            fields.extend([FormField::Filter, FormField::Projection]);
        }
        fields.extend([
            FormField::Order,
            FormField::PageSize,
            FormField::StopAfter,
            FormField::Consistent,
        ]);
        fields
    }

    /// The text of a text field (`None` for choice fields).
    #[must_use]
    pub fn text(&self, field: FormField) -> Option<&str> {
        let spec = &self.spec;
        Some(match field {
            FormField::Partition => &spec.partition,
            FormField::MorePartition(n) => spec.more_partition.get(n)?,
            FormField::SortPrefix(n) => spec.sort_prefix.get(n)?,
            FormField::SortValue => &spec.sort_value,
            FormField::SortUpper => &spec.sort_upper,
            FormField::TemplatePart(part) => self.template_parts.get(part)?,
            FormField::FilterAttribute(row) => &spec.filters.get(row)?.attribute,
            FormField::FilterValue(row) => &spec.filters.get(row)?.value,
            FormField::Filter => &spec.raw_filter,
            FormField::Projection => &spec.projection,
            FormField::PageSize => &spec.page_size,
            FormField::StopAfter => &spec.stop_after,
            FormField::RawKeyCondition => &self.raw.key_condition,
            FormField::RawFilter => &self.raw.filter,
            FormField::RawProjection => &self.raw.projection,
            FormField::RawValues => &self.raw.values,
            FormField::RawNames => &self.raw.names,
            FormField::Target
            | FormField::Sort
            | FormField::Template
            | FormField::Join
            | FormField::FilterOperator(_)
            | FormField::Order
            | FormField::Consistent => return None,
        })
    }

    /// The text of a text field, to edit it.
    pub fn text_mut(&mut self, field: FormField) -> Option<&mut String> {
        let spec = &mut self.spec;
        Some(match field {
            FormField::Partition => &mut spec.partition,
            FormField::MorePartition(n) => spec.more_partition.get_mut(n)?,
            FormField::SortPrefix(n) => spec.sort_prefix.get_mut(n)?,
            FormField::SortValue => &mut spec.sort_value,
            FormField::SortUpper => &mut spec.sort_upper,
            FormField::TemplatePart(part) => self.template_parts.get_mut(part)?,
            FormField::FilterAttribute(row) => &mut spec.filters.get_mut(row)?.attribute,
            FormField::FilterValue(row) => &mut spec.filters.get_mut(row)?.value,
            FormField::Filter => &mut spec.raw_filter,
            FormField::Projection => &mut spec.projection,
            FormField::PageSize => &mut spec.page_size,
            FormField::StopAfter => &mut spec.stop_after,
            FormField::RawKeyCondition => &mut self.raw.key_condition,
            FormField::RawFilter => &mut self.raw.filter,
            FormField::RawProjection => &mut self.raw.projection,
            FormField::RawValues => &mut self.raw.values,
            FormField::RawNames => &mut self.raw.names,
            FormField::Target
            | FormField::Sort
            | FormField::Template
            | FormField::Join
            | FormField::FilterOperator(_)
            | FormField::Order
            | FormField::Consistent => return None,
        })
    }

    /// The errors attached to `field`.
    pub fn errors_of(&self, field: FormField) -> impl Iterator<Item = &FormError> {
        self.outcome
            .as_ref()
            .err()
            .into_iter()
            .flatten()
            .filter(move |error| error.field == field)
    }
}
