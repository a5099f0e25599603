//! The rows of a SELECT that projects document paths: DynamoDB's PartiQL returns the value at
//! `a.b` as an attribute named `b`, where a ProjectionExpression would return `{a: {b: …}}`.

use crate::domain::expr::eval::lookup;
use crate::domain::expr::{ExpressionParams, PathElement, WireRequest};
use crate::domain::value::Item;

/// `item` as the SELECT whose projection (in placeholders, with `params`) read it returns it:
/// unchanged unless the projection holds a path, else each projected value under its last name.
#[must_use]
pub fn statement_row(projection: Option<&str>, params: &ExpressionParams, item: Item) -> Item {
    let Some(text) = projection else { return item };
    let mut request = WireRequest::new(params);
    let Ok(projection) = request.projection(text) else {
        return item;
    };
    if projection.paths.iter().all(|path| path.is_top_level()) {
        return item;
    }
    let mut row = Item::new();
    for path in &projection.paths {
        let name = path
            .elements
            .iter()
            .rev()
            .find_map(|element| match element {
                PathElement::Name(name) => Some(name.clone()),
                PathElement::Index(_) => None,
            });
        if let (Some(name), Some(value)) = (name, lookup(&item, path)) {
            row.insert(name, value.clone());
        }
    }
    row
}
