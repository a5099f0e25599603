//! Without a model, the query history stands in for the access patterns: its queries grouped
//! by shape (the index and the key condition with its values abstracted), each shape's calls
//! being the distinct queries of that shape, newest first.

use crate::domain::request::QueryRequest;

/// One shape of the history and the queries of it to run again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryShape {
    /// `GSI1: GSI1PK = :pk AND begins_with(GSI1SK, :sk)`, or `table: …`.
    pub name: String,
    pub index: Option<String>,
    /// The queries to run, each reading to its end from the first item.
    pub calls: Vec<QueryRequest>,
}

/// The history's shapes in the order each was first seen, newest first, with at most `most`
/// distinct calls each. `history` is oldest first, as the history file keeps it.
#[must_use]
pub fn history_shapes(history: &[QueryRequest], most: usize) -> Vec<QueryShape> {
    let mut shapes: Vec<QueryShape> = Vec::new();
    for request in history.iter().rev() {
        let name = shape_name(request);
        let mut call = request.clone();
        // A call is the whole read: the UI's page size and position are not part of it.
        call.start_key = None;
        call.limit = None;
        match shapes.iter_mut().find(|shape| shape.name == name) {
            Some(shape) => {
                if shape.calls.len() < most && !shape.calls.contains(&call) {
                    shape.calls.push(call);
                }
            }
            None => shapes.push(QueryShape {
                name,
                index: request.index.clone(),
                calls: vec![call],
            }),
        }
    }
    shapes
}

/// The index and the key condition with its `#names` written out and its `:values` left as
/// placeholders; a filter is part of the shape, as it changes what is read for what returns.
fn shape_name(request: &QueryRequest) -> String {
    let mut names: Vec<(&String, &String)> = request.params.names.iter().collect();
    // Longest first, so `#pk2` is replaced before `#pk`.
    names.sort_by_key(|(placeholder, _)| std::cmp::Reverse(placeholder.len()));
    let spelled = |text: &str| {
        names
            .iter()
            .fold(text.to_owned(), |text, (placeholder, name)| {
                text.replace(placeholder.as_str(), name)
            })
    };
    let target = request.index.as_deref().unwrap_or("table");
    let mut name = format!("{target}: {}", spelled(&request.key_condition));
    if let Some(filter) = &request.filter {
        name.push_str(&format!(" (filter {})", spelled(filter)));
    }
    name
}
