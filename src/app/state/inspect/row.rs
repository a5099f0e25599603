//! One line of the inspector and what building the lines needs besides the item.

use crate::domain::entity::EntityDecoder;
use crate::domain::schema::TableDescription;
use crate::domain::value::AttrValue;

/// What a row is, for styling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    Attribute,
    Json,
    Heading,
    Info,
    Warning,
    Link,
}

/// One line of the inspector. Text fields hold raw table data; the renderer escapes them.
#[derive(Clone, Debug, PartialEq)]
pub struct InspectorRow {
    pub kind: RowKind,
    pub depth: usize,
    pub label: String,
    /// Type descriptor (`S`, `N`, `M`, …) for attribute rows.
    pub type_tag: &'static str,
    pub value: String,
    /// Readable timestamp, TTL, or other annotation shown after the value.
    pub note: Option<String>,
    /// What `copy_value` copies on this row.
    pub copy: Option<String>,
    /// A partition this row links to (`open` follows it).
    pub link: Option<AttrValue>,
}

impl InspectorRow {
    pub(in crate::app::state::inspect) fn text(
        kind: RowKind,
        label: impl Into<String>,
        value: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            depth: 0,
            label: label.into(),
            type_tag: "",
            value: value.into(),
            note: None,
            copy: None,
            link: None,
        }
    }
}

/// Context the rows need besides the item.
pub struct RowContext<'a> {
    pub description: Option<&'a TableDescription>,
    pub unix_seconds: i64,
    pub entities: &'a EntityDecoder,
    /// What discovery found, for related-collection links to known partitions.
    pub discovered: Option<&'a crate::domain::collection::Collections>,
}
