//! What the bulk flow acts on: the marked items, or a scope read whole before the dry run —
//! every item the list's query matched (all pages, not only those loaded), or every item of one
//! entity among them. The scope is the one headless `ddbx bulk --scope` reads, page by page.

use crate::app::state::explore::partition::partition_text;
use crate::app::state::{Paging, State, View};
use crate::domain::expr::ExpressionParams;
use crate::domain::figures::counted;
use crate::domain::request::QueryRequest;
use crate::domain::schema::IndexKind;
use crate::domain::scope::{Scope, ScopeRead, entity_name};
use crate::domain::value::{AttrValue, Item};

use super::lists::{MarkableList, holds_whole_items};

/// One of the things the form offers to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScopeChoice {
    /// The marked items, as read when they were marked.
    Marked,
    /// Every item a read returns (of one entity, when the scope names one).
    Read {
        /// In words, for the form, the dry run and the journal.
        label: String,
        scope: Box<Scope>,
        /// Whether the read returns whole items (not an index's partial copies).
        whole: bool,
    },
}

impl ScopeChoice {
    /// The choice in words, with the marked items' count.
    #[must_use]
    pub fn label(&self, marked: usize) -> String {
        match self {
            Self::Marked => counted(marked as u64, "marked item", "marked items"),
            Self::Read { label, .. } => label.clone(),
        }
    }
}

/// A scope being read, page by page, before anything is planned on it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScopeProgress {
    /// Where the read stands: the page in flight, or where the next one starts.
    pub paging: Paging,
    pub pages: u64,
    /// Items the reads returned.
    pub returned: u64,
    /// Items of the scope (the entity's, when it names one).
    pub items: Vec<Item>,
}

impl Default for ScopeProgress {
    /// Nothing read yet: the first page is next.
    fn default() -> Self {
        Self {
            paging: Paging::Ready(None),
            pages: 0,
            returned: 0,
            items: Vec::new(),
        }
    }
}

/// The items a scope read found, acted on instead of the marks.
#[derive(Clone, Debug, PartialEq)]
pub struct ScopeItems {
    pub label: String,
    pub items: Vec<Item>,
    pub whole: bool,
}

/// The choices the form offers from the current view: the marked items (when any), every
/// match of the list's read, and every match of the entity under the cursor of `list` (the
/// view's markable list, which its screen knows).
#[must_use]
pub fn offered(state: &State, list: Option<&MarkableList>) -> Vec<ScopeChoice> {
    let mut choices = Vec::new();
    if !state.bulk.selection.is_empty() {
        choices.push(ScopeChoice::Marked);
    }
    let Some((what, read, index)) = list_read(state) else {
        return choices;
    };
    let whole = holds_whole_items(state, index.as_deref());
    choices.push(ScopeChoice::Read {
        label: format!("everything {what} (all pages)"),
        scope: Box::new(Scope {
            read: read.clone(),
            entity: None,
        }),
        whole,
    });
    if let Some(entity) = list.and_then(|list| entity_under_cursor(state, list)) {
        choices.push(ScopeChoice::Read {
            label: format!("every {entity} item {what} (all pages)"),
            scope: Box::new(Scope {
                read,
                entity: Some(entity),
            }),
            whole,
        });
    }
    choices
}

fn entity_under_cursor(state: &State, list: &MarkableList) -> Option<String> {
    let item = list.under_cursor()?;
    Some(entity_name(&state.entities, state.described()?, item))
}

/// The list's read in words (what follows "everything"), its first page's request, and the
/// index it reads.
fn list_read(state: &State) -> Option<(String, ScopeRead, Option<String>)> {
    let description = state.described()?;
    let page_size = Some(state.settings.page_size);
    match state.views.current() {
        View::QueryResults { run, .. } => {
            let request = &state.queries.runs.get(*run)?.request;
            let index = request.index.clone();
            let mut request = QueryRequest {
                // Whole items, every page from the first.
                projection: None,
                select: crate::domain::request::Select::Default,
                start_key: None,
                limit: page_size,
                ..request.clone()
            };
            // The names only the dropped projection used would be refused as unused.
            let used = |name: &str| {
                mentions(&request.key_condition, name)
                    || request
                        .filter
                        .as_deref()
                        .is_some_and(|filter| mentions(filter, name))
            };
            let names = std::mem::take(&mut request.params.names);
            request.params.names = names.into_iter().filter(|(name, _)| used(name)).collect();
            request.consistent_read = consistent_unless_global(state, index.as_deref());
            Some((
                "the query matches".to_owned(),
                ScopeRead::Query(request),
                index,
            ))
        }
        View::Partition { pk, .. } => {
            let name = description.key.partition.name.clone();
            let mut request = partition_query(&state.table.name, None, &name, pk, page_size);
            request.consistent_read = true;
            Some((
                format!("in partition {}", partition_text(pk)),
                ScopeRead::Query(request),
                None,
            ))
        }
        View::IndexItems { index, pk, .. } => {
            let name = description.index(index)?.key.partition.name.clone();
            let mut request =
                partition_query(&state.table.name, Some(index.clone()), &name, pk, page_size);
            request.consistent_read = consistent_unless_global(state, Some(index));
            Some((
                format!("in {index} partition {}", partition_text(pk)),
                ScopeRead::Query(request),
                Some(index.clone()),
            ))
        }
        _ => None,
    }
}

/// A write is conditioned on what was read: read strongly consistent wherever DynamoDB allows
/// it (a global index does not).
fn consistent_unless_global(state: &State, index: Option<&str>) -> bool {
    match (index, state.described()) {
        (None, _) => true,
        (Some(name), Some(description)) => description
            .index(name)
            .is_some_and(|index| index.kind != IndexKind::Global),
        (Some(_), None) => false,
    }
}

/// A Query of one partition of the table or of an index: `#pk = :pk`.
pub fn partition_query(
    table: &str,
    index: Option<String>,
    partition_key: &str,
    pk: &AttrValue,
    limit: Option<u32>,
) -> QueryRequest {
    let mut params = ExpressionParams::default();
    params
        .names
        .insert("#pk".to_owned(), partition_key.to_owned());
    params.values.insert(":pk".to_owned(), pk.clone());
    let mut request = QueryRequest::new(table, "#pk = :pk", params);
    request.index = index;
    request.limit = limit;
    request
}

/// Whether `expression` names the placeholder `name` (`#s` is not in `#status`).
fn mentions(expression: &str, name: &str) -> bool {
    expression.match_indices(name).any(|(at, _)| {
        !expression[at + name.len()..]
            .chars()
            .next()
            .is_some_and(|next| next.is_alphanumeric() || next == '_')
    })
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn a_placeholder_is_mentioned_only_as_a_whole_name() {
        assert!(mentions("#pk = :pk AND #s > :v", "#s"));
        assert!(mentions("begins_with(#sk, :p)", "#sk"));
        assert!(!mentions("#status = :v", "#s"));
        assert!(!mentions("#pk = :pk", "#sk"));
        assert!(!mentions("#a_b = :v", "#a"));
    }
}
