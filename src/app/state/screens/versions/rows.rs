//! The lines of the versions screen: what `v0` says against the highest version, then each
//! version, highest first, with what it changed.

use super::view::VersionsView;
use crate::app::state::{Loadable, State};
use crate::domain::value::Item;
use crate::domain::versions::{CopyCheck, Version, Versions};
use crate::domain::why::literal::value_text;

/// One line of the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum VersionRow {
    /// `v0` against the highest version.
    Copy(CopyCheck),
    /// `v0`'s attribute that names the latest version, its value, and the highest read.
    Pointer {
        name: String,
        value: String,
        highest: Option<u64>,
    },
    /// The `v0` item itself.
    LatestCopy(Item),
    Version(Version),
    /// The page limit was met with more to read.
    CutShort {
        pages: u32,
    },
}

impl VersionRow {
    /// The line as plain text, for `/` and for the drawing.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::Copy(CopyCheck::NothingToCheck) => {
                "no v0 copy of the latest version, or no numbered version".to_owned()
            }
            Self::Copy(CopyCheck::Same { highest }) => {
                format!("✓ v0 holds the same attributes as v{highest}, the highest version")
            }
            Self::Copy(CopyCheck::Differs { highest, names }) => format!(
                "✗ v0 differs from v{highest}, the highest version, in {}",
                names.join(", ")
            ),
            Self::Pointer {
                name,
                value,
                highest,
            } => match highest {
                Some(highest) if value == &highest.to_string() => {
                    format!("✓ v0's {name} = {value}, the highest version read")
                }
                Some(highest) => {
                    format!("✗ v0's {name} = {value}, but the highest version read is v{highest}")
                }
                None => format!("v0's {name} = {value}"),
            },
            Self::LatestCopy(_) => "v0  the copy of the latest version".to_owned(),
            Self::Version(version) => version_text(version),
            Self::CutShort { pages } => {
                format!("read {pages} pages and stopped: more versions may follow (R reads again)")
            }
        }
    }

    /// The item a line stands for, if it is one.
    #[must_use]
    pub fn into_item(self) -> Option<Item> {
        match self {
            Self::LatestCopy(item) => Some(item),
            Self::Version(version) => Some(version.item),
            _ => None,
        }
    }
}

/// `v3  status "PACKED" → "SHIPPED"`: a version and what it changed from the one before.
fn version_text(version: &Version) -> String {
    let Some(previous) = version.previous else {
        return format!("v{}  the first version read", version.number);
    };
    let against = if previous + 1 == version.number {
        String::new()
    } else {
        format!(" (against v{previous}: the versions between are missing)")
    };
    if version.changes.is_empty() {
        return format!("v{}  nothing changed{against}", version.number);
    }
    let shown = |value: &Option<_>| value.as_ref().map_or("(none)".to_owned(), value_text);
    let changes: Vec<String> = version
        .changes
        .iter()
        .map(|(name, old, new)| format!("{name} {} → {}", shown(old), shown(new)))
        .collect();
    format!("v{}  {}{against}", version.number, changes.join(", "))
}

/// The screen's lines (none until the versions are read).
#[must_use]
pub fn rows(_state: &State, view: &VersionsView) -> Vec<VersionRow> {
    let Loadable::Loaded(versions) = &view.versions else {
        return Vec::new();
    };
    let mut rows = vec![VersionRow::Copy(versions.copy_check(&view.sort_name))];
    rows.extend(pointer_row(versions));
    rows.extend(versions.latest_copy.clone().map(VersionRow::LatestCopy));
    rows.extend(versions.versions.iter().cloned().map(VersionRow::Version));
    if view.cut_short {
        rows.push(VersionRow::CutShort { pages: view.pages });
    }
    rows
}

fn pointer_row(versions: &Versions) -> Option<VersionRow> {
    let (name, value) = versions.pointer()?;
    Some(VersionRow::Pointer {
        name: name.to_owned(),
        value: value.as_n()?.to_string(),
        highest: versions.versions.first().map(|version| version.number),
    })
}
