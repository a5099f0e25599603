//! Keymap sections: one per screen or mode, plus `global` as every screen's fallback. A section is
//! declared once, in the table below; the enum, [`Section::ALL`], the names and whether global
//! bindings apply are made from it.

use std::fmt;

/// How a section takes text: the keys no binding claims, and pasted text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEntry {
    /// Unbound keys do nothing; a paste is ignored rather than read as keys.
    None,
    /// An unbound printable key is typed; a paste is ignored.
    Typed,
    /// An unbound printable key is typed, and pasted text goes to the focused field.
    TypedAndPasted,
    /// Every unbound key is text editing (the item editor), and pasted text is inserted.
    Editor,
}

/// Declares [`Section`]: each `Variant => "name", with_global | own_keys, TextEntry`.
/// `own_keys` sections (prompts, questions, forms, help) own the keyboard, so typing `q` into a
/// prompt types a `q`.
macro_rules! sections {
    ( $( $(#[doc = $doc:literal])* $name:ident => $text:literal, $fallback:ident, $entry:ident, )* ) => {
        /// Where a binding applies.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Section {
            $( $(#[doc = $doc])* $name, )*
            /// A screen the app declares with its own keys ([`ScreenSection`]), by its name: a
            /// view like any other, so `global` bindings apply and unbound keys do nothing.
            Screen(&'static str),
        }

        impl Section {
            /// The sections every keymap has; the app's screens add theirs
            /// ([`Bindable::screen_sections`](super::Bindable::screen_sections)).
            pub const ALL: &'static [Self] = &[$(Self::$name),*];

            /// The section's name in keymap files.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$name => $text,)*
                    Self::Screen(name) => name,
                }
            }

            /// Whether `global` bindings also apply here.
            #[must_use]
            pub const fn falls_back_to_global(self) -> bool {
                match self {
                    $(Self::$name => sections!(@fallback $fallback),)*
                    Self::Screen(_) => true,
                }
            }

            /// What the section does with unbound keys and pasted text.
            #[must_use]
            pub const fn text_entry(self) -> TextEntry {
                match self {
                    $(Self::$name => TextEntry::$entry,)*
                    Self::Screen(_) => TextEntry::None,
                }
            }
        }
    };
    (@fallback with_global) => { true };
    (@fallback own_keys) => { false };
}

sections! {
    /// Fallback for every screen (not for text entry).
    Global => "global", own_keys, None,
    Overview => "overview", with_global, None,
    Collections => "collections", with_global, None,
    Inspector => "inspector", with_global, None,
    Help => "help", own_keys, None,
    /// Text entry (jump to partition, search): unbound printable keys are typed.
    Prompt => "prompt", own_keys, TypedAndPasted,
    /// A yes/no question (scanning a large table).
    Confirm => "confirm", own_keys, None,
    // Editing an item: the text, the write it makes, a conflict with someone else's write.
    /// The item editor: unbound keys are typed into the text.
    Editor => "editor", own_keys, Editor,
    /// The write preview, waiting for confirmation.
    Preview => "preview", own_keys, None,
    /// The 3-way view after a conflict.
    Conflict => "conflict", own_keys, None,
    // Queries: the builder and its results.
    /// The query builder form: unbound printable keys are typed into the focused field.
    QueryForm => "query_form", own_keys, TypedAndPasted,
    /// The results of a query.
    QueryResults => "query_results", with_global, None,
    /// The palette (access patterns, query history): unbound printable keys are typed.
    Palette => "palette", own_keys, TypedAndPasted,
    /// The PartiQL statement screen: unbound printable keys are typed into the focused field.
    Partiql => "partiql", own_keys, TypedAndPasted,
    /// The GSI browser and the sparse-index inspector.
    Indexes => "indexes", with_global, None,
    /// The single-table pitfalls measured on the table.
    Insights => "insights", with_global, None,
    /// The live stream view and one record's diff.
    Stream => "stream", with_global, None,
    /// One item's changes, from the stream and ddbx's journal.
    ItemHistory => "item_history", with_global, None,
    /// Why an item is or is not in a query's results.
    Why => "why", with_global, None,
    /// The table picker: unbound printable keys are typed into its filter.
    Tables => "tables", own_keys, Typed,
    /// The bulk form (what to do with the marked items): unbound printable keys are typed.
    BulkForm => "bulk_form", own_keys, TypedAndPasted,
    /// A bulk dry run, run in progress or summary.
    Bulk => "bulk", own_keys, None,
}

/// A screen's own keymap section: its name, and its default keys as a keymap file's text. The
/// text may also bind keys in other sections (the key that opens the screen, say), so a new
/// screen brings its keys with it instead of editing the shipped keymap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenSection {
    pub name: &'static str,
    pub default_keys: &'static str,
}

impl Section {
    /// The section called `name`: one every keymap has, or one of `screens`.
    #[must_use]
    pub fn from_name(name: &str, screens: &[ScreenSection]) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|section| section.name() == name)
            .or_else(|| {
                screens
                    .iter()
                    .find(|screen| screen.name == name)
                    .map(|screen| Self::Screen(screen.name))
            })
    }

    /// Every section: those every keymap has, then each of `screens`.
    #[must_use]
    pub fn all(screens: &[ScreenSection]) -> Vec<Self> {
        let mut all = Self::ALL.to_vec();
        all.extend(screens.iter().map(|screen| Self::Screen(screen.name)));
        all
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
