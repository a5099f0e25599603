//! Attributes a query names that its index does not hold: a KEYS_ONLY or INCLUDE index returns
//! only projected attributes, and a filter on an attribute it lacks silently matches nothing.

use crate::domain::expr::validate::visit_paths;
use crate::domain::expr::{Condition, ProjectionExpr};
use crate::domain::index_projection::holds;
use crate::domain::schema::{Projection, TableDescription};

/// Top-level attributes named by `filter` or `projection` that `index` does not project, in
/// first-use order without repeats. Empty for the table and for ALL indexes.
#[must_use]
pub fn missing_from_index(
    description: &TableDescription,
    index: Option<&str>,
    filter: &Option<Condition>,
    projection: &Option<ProjectionExpr>,
) -> Vec<String> {
    let Some(schema) = index.and_then(|name| description.index(name)) else {
        return Vec::new();
    };
    if schema.projection == Projection::All {
        return Vec::new();
    }
    let held = |name: &str| holds(schema, description, name);
    let mut missing: Vec<String> = Vec::new();
    let mut note = |name: &str| {
        if !held(name) && !missing.iter().any(|m| m == name) {
            missing.push(name.to_owned());
        }
    };
    if let Some(filter) = filter {
        visit_paths(filter, &mut |path| note(path.root()));
    }
    if let Some(projection) = projection {
        for path in &projection.paths {
            note(path.root());
        }
    }
    missing
}
