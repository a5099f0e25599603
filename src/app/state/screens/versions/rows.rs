//! The lines of the versions screen: what `v0` says against the highest version, then each
//! version, highest first, with what it changed.

use super::view::VersionsView;
use crate::app::state::{Loadable, State};
use crate::domain::civil::UtcInstant;
use crate::domain::ttl::{TtlStatus, ttl_of};
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
    /// The `v0` item itself, and what its TTL attribute says.
    LatestCopy(Item, Option<TtlStatus>),
    /// A numbered version, and what its TTL attribute says (old versions often expire).
    Version(Version, Option<TtlStatus>),
    /// The page limit was met with more to read.
    CutShort { pages: u32 },
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
            Self::LatestCopy(_, ttl) => with_ttl(
                "v0  the copy of the latest version".to_owned(),
                ttl.as_ref(),
            ),
            Self::Version(version, ttl) => with_ttl(version_text(version), ttl.as_ref()),
            Self::CutShort { pages } => {
                format!("read {pages} pages and stopped: more versions may follow (R reads again)")
            }
        }
    }

    /// The item a line stands for, if it is one.
    #[must_use]
    pub fn into_item(self) -> Option<Item> {
        match self {
            Self::LatestCopy(item, _) => Some(item),
            Self::Version(version, _) => Some(version.item),
            _ => None,
        }
    }
}

/// A line with the TTL attribute's reading after it, when the item has one.
fn with_ttl(line: String, ttl: Option<&TtlStatus>) -> String {
    match ttl {
        Some(ttl) => format!("{line}  · TTL: {ttl}"),
        None => line,
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
pub fn rows(state: &State, view: &VersionsView) -> Vec<VersionRow> {
    let Loadable::Loaded(versions) = &view.versions else {
        return Vec::new();
    };
    let ttl_attribute = state
        .described()
        .and_then(|table| table.ttl.as_ref())
        .map(|ttl| ttl.attribute.as_str());
    let now = UtcInstant::from_seconds(state.clock.unix_seconds);
    let ttl = |item: &Item| ttl_attribute.and_then(|name| ttl_of(item, name, now));
    let mut rows = vec![VersionRow::Copy(versions.copy_check(&view.sort_name))];
    rows.extend(pointer_row(versions));
    if let Some(copy) = &versions.latest_copy {
        rows.push(VersionRow::LatestCopy(copy.clone(), ttl(copy)));
    }
    rows.extend(
        versions
            .versions
            .iter()
            .map(|version| VersionRow::Version(version.clone(), ttl(&version.item))),
    );
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
