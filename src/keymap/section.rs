//! Keymap sections: one per screen or mode, plus `global` as every screen's fallback.

use std::fmt;

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    /// Fallback for every screen (not for text entry).
    Global,
    Overview,
    Collections,
    Inspector,
    Help,
    /// Text entry (jump to partition, search): unbound printable keys are typed.
    Prompt,
    /// A yes/no question (scanning a large table).
    Confirm,
    // Editing an item: the text, the write it makes, a conflict with someone else's write.
    /// The item editor: unbound keys are typed into the text.
    Editor,
    /// The write preview, waiting for confirmation.
    Preview,
    /// The 3-way view after a conflict.
    Conflict,
    // Queries: the builder and its results.
    /// The query builder form: unbound printable keys are typed into the focused field.
    QueryForm,
    /// The results of a query.
    QueryResults,
    /// The palette (access patterns, query history): unbound printable keys are typed.
    Palette,
    /// The PartiQL statement screen: unbound printable keys are typed into the focused field.
    Partiql,
    /// The GSI browser and the sparse-index inspector.
    Indexes,
    /// The single-table pitfalls measured on the table.
    Insights,
    /// The live stream view and one record's diff.
    Stream,
    /// One item's changes, from the stream and ddbx's journal.
    ItemHistory,
    /// The table picker: unbound printable keys are typed into its filter.
    Tables,
    /// The bulk form (what to do with the marked items): unbound printable keys are typed.
    BulkForm,
    /// A bulk dry run, run in progress or summary.
    Bulk,
}

impl Section {
    pub const ALL: [Self; 21] = [
        Self::Global,
        Self::Overview,
        Self::Collections,
        Self::Inspector,
        Self::Help,
        Self::Prompt,
        Self::Confirm,
        Self::Editor,
        Self::Preview,
        Self::Conflict,
        Self::QueryForm,
        Self::QueryResults,
        Self::Palette,
        Self::Partiql,
        Self::Indexes,
        Self::Insights,
        Self::Stream,
        Self::ItemHistory,
        Self::Tables,
        Self::BulkForm,
        Self::Bulk,
    ];

    /// The section's name in keymap files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Global => "global",
            Self::Overview => "overview",
            Self::Collections => "collections",
            Self::Inspector => "inspector",
            Self::Help => "help",
            Self::Prompt => "prompt",
            Self::Confirm => "confirm",
            Self::Editor => "editor",
            Self::Preview => "preview",
            Self::Conflict => "conflict",
            Self::QueryForm => "query_form",
            Self::QueryResults => "query_results",
            Self::Palette => "palette",
            Self::Partiql => "partiql",
            Self::Indexes => "indexes",
            Self::Insights => "insights",
            Self::Stream => "stream",
            Self::ItemHistory => "item_history",
            Self::Tables => "tables",
            Self::BulkForm => "bulk_form",
            Self::Bulk => "bulk",
        }
    }

    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|section| section.name() == name)
    }

    /// Whether `global` bindings also apply here. Modal sections (prompt, confirm, help) own the
    /// keyboard so typing `q` into a prompt types a `q`.
    #[must_use]
    pub const fn falls_back_to_global(self) -> bool {
        matches!(
            self,
            Self::Overview
                | Self::Collections
                | Self::Inspector
                | Self::QueryResults
                | Self::Indexes
                | Self::Insights
                | Self::Stream
                | Self::ItemHistory
        )
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
