//! The on-disk shape of keymap files (ARCHITECTURE.md §5) and its strict validation: every key
//! parses, every `run` names a bindable action, every section exists; errors carry positions.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::bindable::Bindable;
use super::binding::Binding;
use super::error::KeymapError;
use super::key::Key;
use super::section::Section;
use super::suggest::nearest;

/// A whole keymap file: section name → rows.
type FileShape = BTreeMap<Spanned<String>, SectionShape>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SectionShape {
    /// Replaces the section's defaults.
    keymap: Option<Vec<RowShape>>,
    /// Checked before the defaults (wins).
    prepend_keymap: Option<Vec<RowShape>>,
    /// Checked after the defaults (fallback).
    append_keymap: Option<Vec<RowShape>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RowShape {
    on: Spanned<OnShape>,
    run: Spanned<String>,
    desc: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OnShape {
    One(String),
    Chord(Vec<String>),
}

/// One section of a parsed file, rows already validated.
pub(super) struct SectionRows<A> {
    pub replace: Option<Vec<Binding<A>>>,
    pub prepend: Vec<Binding<A>>,
    pub append: Vec<Binding<A>>,
}

/// Parses and validates a keymap file. `file` names it in error messages.
pub(super) fn parse<A: Bindable>(
    file: &str,
    text: &str,
) -> Result<BTreeMap<Section, SectionRows<A>>, KeymapError> {
    let shape: FileShape = toml::from_str(text).map_err(|error| {
        let offset = error.span().map_or(0, |span| span.start);
        KeymapError::at(file, text, offset, error.message().trim_end().to_owned())
    })?;
    let mut sections = BTreeMap::new();
    for (name, rows) in shape {
        let Some(section) = Section::from_name(name.get_ref(), A::screen_sections()) else {
            let names: Vec<&str> = Section::all(A::screen_sections())
                .into_iter()
                .map(Section::name)
                .collect();
            let hint = nearest(name.get_ref(), names.iter().copied())
                .map(|near| format!("; did you mean `{near}`?"))
                .unwrap_or_default();
            return Err(KeymapError::at(
                file,
                text,
                name.span().start,
                format!(
                    "unknown section `{}`{hint} (sections: {})",
                    name.get_ref(),
                    names.join(", ")
                ),
            ));
        };
        let convert =
            |rows: Option<Vec<RowShape>>| -> Result<Option<Vec<Binding<A>>>, KeymapError> {
                rows.map(|rows| {
                    rows.into_iter()
                        .map(|row| binding(file, text, row))
                        .collect()
                })
                .transpose()
            };
        sections.insert(
            section,
            SectionRows {
                replace: convert(rows.keymap)?,
                prepend: convert(rows.prepend_keymap)?.unwrap_or_default(),
                append: convert(rows.append_keymap)?.unwrap_or_default(),
            },
        );
    }
    Ok(sections)
}

fn binding<A: Bindable>(file: &str, text: &str, row: RowShape) -> Result<Binding<A>, KeymapError> {
    let on_offset = row.on.span().start;
    let key_texts = match row.on.into_inner() {
        OnShape::One(key) => vec![key],
        OnShape::Chord(keys) => keys,
    };
    if key_texts.is_empty() {
        return Err(KeymapError::at(
            file,
            text,
            on_offset,
            "`on` is an empty chord; give at least one key",
        ));
    }
    let keys = key_texts
        .iter()
        .map(|key| Key::parse(key))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|message| KeymapError::at(file, text, on_offset, message))?;
    let name = row.run.get_ref();
    let action = A::from_name(name).ok_or_else(|| {
        let names = A::bindable().iter().filter_map(A::name);
        let hint = nearest(name, names)
            .map(|near| format!("; did you mean `{near}`?"))
            .unwrap_or_default();
        KeymapError::at(
            file,
            text,
            row.run.span().start,
            format!("unknown action `{name}`{hint}"),
        )
    })?;
    Ok(Binding {
        keys,
        action,
        desc: row.desc.unwrap_or_default(),
    })
}
