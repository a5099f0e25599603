//! What a query of a secondary index returns of each item when the index does not hold all of
//! it. A filter naming an attribute the index lacks, or a projection naming one on a global
//! index, is refused by DynamoDB (see `check_index_projection`); what remains is told here: a
//! local index reads the attributes a projection asks for from the table, and a query without
//! a projection returns only what the index projects.

use crate::domain::expr::{ProjectionExpr, WireRequest};
use crate::domain::index_projection::holds;
use crate::domain::request::QueryRequest;
use crate::domain::schema::{IndexKind, Projection, TableDescription};

/// Top-level attributes `projection` names that the local `index` does not project, in
/// first-use order without repeats: DynamoDB reads each result's item from the table for them.
/// Empty for the table, global indexes and ALL indexes.
#[must_use]
pub fn read_from_table(
    description: &TableDescription,
    index: Option<&str>,
    projection: &Option<ProjectionExpr>,
) -> Vec<String> {
    let (Some(schema), Some(projection)) =
        (index.and_then(|name| description.index(name)), projection)
    else {
        return Vec::new();
    };
    if schema.kind != IndexKind::Local || schema.projection == Projection::All {
        return Vec::new();
    }
    let mut read: Vec<String> = Vec::new();
    for path in &projection.paths {
        let name = path.root();
        if !holds(schema, description, name) && !read.iter().any(|seen| seen == name) {
            read.push(name.to_owned());
        }
    }
    read
}

/// [`read_from_table`] of a request as sent, its projection read back from the wire text (an
/// unreadable one names nothing).
#[must_use]
pub fn read_from_table_of(description: &TableDescription, request: &QueryRequest) -> Vec<String> {
    let projection = request
        .projection
        .as_deref()
        .and_then(|text| WireRequest::new(&request.params).projection(text).ok());
    read_from_table(description, request.index.as_deref(), &projection)
}

/// What each result holds when a query of `index` names no projection and the index does not
/// project every attribute: `its keys only (KEYS_ONLY)` or `its keys and a, b (INCLUDE)`.
#[must_use]
pub fn partial_items(description: &TableDescription, index: Option<&str>) -> Option<String> {
    let schema = index.and_then(|name| description.index(name))?;
    match &schema.projection {
        Projection::All => None,
        Projection::KeysOnly => Some("its keys only (KEYS_ONLY)".to_owned()),
        Projection::Include(names) => Some(format!("its keys and {} (INCLUDE)", names.join(", "))),
    }
}
