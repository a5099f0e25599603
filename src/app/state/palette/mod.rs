//! The palette overlay: saved access patterns and the table's query history in one list,
//! filtered fuzzily as the user types; a chosen pattern then asks for each of its parameters.

use std::collections::BTreeMap;

use crate::app::state::query::history::QueryHistory;
use crate::app::state::text_field::TextField;
use crate::backend::QueryRequest;
use crate::domain::access_pattern::AccessPattern;
use crate::domain::fuzzy;
use crate::domain::key_template::KeyTemplate;
use crate::domain::value::AttrValue;

/// What the palette is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaletteStage {
    /// Typing a filter and choosing an entry.
    Choose,
    /// Asking for the parameters of access pattern `pattern` (index into the model's list),
    /// one at a time: `values[current]` is being typed.
    Parameters {
        pattern: usize,
        names: Vec<String>,
        values: Vec<TextField>,
        current: usize,
    },
}

/// The palette's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    pub filter: TextField,
    /// Row of the filtered list under the cursor.
    pub cursor: usize,
    pub stage: PaletteStage,
    /// Why the last choice could not run (shown in the palette, which stays open).
    pub error: Option<String>,
}

impl Palette {
    #[must_use]
    pub fn new() -> Self {
        Self {
            filter: TextField::default(),
            cursor: 0,
            stage: PaletteStage::Choose,
            error: None,
        }
    }
}

impl Default for Palette {
    fn default() -> Self {
        Self::new()
    }
}

/// What a palette row stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceTarget {
    /// Index into the model's access patterns.
    Pattern(usize),
    /// Index into the history's entries (oldest first, as stored).
    History(usize),
}

/// One row of the palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub target: ChoiceTarget,
    /// The text the filter matches and the first column shows.
    pub label: String,
    /// A second, dimmer column: the key condition the entry runs.
    pub detail: String,
}

/// The palette's rows for `filter`: best fuzzy matches first; on equal scores, access patterns
/// (in file order) before history (newest first).
#[must_use]
pub fn choices(patterns: &[AccessPattern], history: &QueryHistory, filter: &str) -> Vec<Choice> {
    let pattern_rows = patterns
        .iter()
        .enumerate()
        .map(|(position, pattern)| Choice {
            target: ChoiceTarget::Pattern(position),
            label: pattern.name.clone(),
            detail: pattern_detail(pattern),
        });
    let history_rows = history
        .entries
        .iter()
        .enumerate()
        .rev()
        .map(|(position, entry)| Choice {
            target: ChoiceTarget::History(position),
            label: request_summary(&entry.request),
            detail: history_detail(&entry.request),
        });
    let mut scored: Vec<(u32, usize, Choice)> = pattern_rows
        .chain(history_rows)
        .enumerate()
        .filter_map(|(order, choice)| {
            let text = format!("{} {}", choice.label, choice.detail);
            fuzzy::score(filter, &text).map(|score| (score, order, choice))
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, _, choice)| choice).collect()
}

/// A multi-attribute key part's templates, `{status} + {region}`.
fn joined<'a>(templates: impl Iterator<Item = &'a KeyTemplate>) -> String {
    let texts: Vec<&str> = templates.map(KeyTemplate::as_str).collect();
    texts.join(" + ")
}

fn pattern_detail(pattern: &AccessPattern) -> String {
    use crate::domain::access_pattern::SortOperator;
    let mut text = format!(
        "pattern{}: pk {}",
        pattern
            .index
            .as_ref()
            .map_or_else(String::new, |index| format!(" on {index}")),
        joined(std::iter::once(&pattern.pk).chain(&pattern.more_pk))
    );
    if let Some(sk) = &pattern.sk {
        let operator = match sk.operator {
            SortOperator::Eq => "=",
            SortOperator::Lt => "<",
            SortOperator::Le => "<=",
            SortOperator::Gt => ">",
            SortOperator::Ge => ">=",
            SortOperator::Between => "between",
            SortOperator::BeginsWith => "begins_with",
        };
        if sk.leading.is_empty() {
            text.push_str(&format!(", sk {operator} {}", sk.template.as_str()));
        } else {
            let all = sk.leading.iter().chain(std::iter::once(&sk.template));
            text.push_str(&format!(", sk {} ({operator} on the last)", joined(all)));
        }
        if let Some(upper) = &sk.upper {
            text.push_str(&format!(" and {}", upper.as_str()));
        }
    }
    text
}

fn history_detail(request: &QueryRequest) -> String {
    let mut parts = vec!["history".to_owned()];
    if let Some(index) = &request.index {
        parts.push(format!("on {index}"));
    }
    if let Some(filter) = &request.filter {
        parts.push(format!("filter {}", substitute(filter, request)));
    }
    if !request.forward {
        parts.push("descending".to_owned());
    }
    parts.join(", ")
}

/// The key condition with its placeholders replaced by names and values, for reading:
/// `#pk = :pk` with `{#pk: PK, :pk: "USER#1"}` reads `PK = "USER#1"`.
#[must_use]
pub fn request_summary(request: &QueryRequest) -> String {
    substitute(&request.key_condition, request)
}

fn substitute(text: &str, request: &QueryRequest) -> String {
    let names: &BTreeMap<String, String> = &request.params.names;
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(['#', ':']) {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        let end = tail[1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(tail.len(), |offset| offset + 1);
        let token = &tail[..end];
        match (names.get(token), request.params.values.get(token)) {
            (Some(name), _) => out.push_str(name),
            (None, Some(value)) => out.push_str(&value_text(value)),
            (None, None) => out.push_str(token),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn value_text(value: &AttrValue) -> String {
    match value {
        AttrValue::S(text) => format!("{text:?}"),
        AttrValue::N(number) => number.to_string(),
        other => crate::domain::ddb_json::to_json(other).to_string(),
    }
}

#[cfg(test)]
mod tests;
