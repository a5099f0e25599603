//! A Query of a secondary index that projects less than the whole item may not name the
//! attributes it leaves out: DynamoDB refuses the request rather than fetching them. A filter
//! naming one is refused for global and local indexes alike; a projection naming one only for
//! a global index (a local index fetches the rest from the table). A Scan is not checked.

use std::collections::BTreeSet;

use crate::domain::expr::ast::{Condition, ProjectionExpr};
use crate::domain::expr::error::{ExprError, ExprKind};
use crate::domain::expr::validate::visit_paths;
use crate::domain::index_projection::holds;
use crate::domain::schema::{IndexKind, TableDescription};

/// Refuses a filter or projection naming attributes `index` does not project, in the service's
/// words (`… does not project one or more filter attributes: [a, b]`, names sorted).
pub fn check_index_projection(
    table: &TableDescription,
    index: Option<&str>,
    filter: Option<&Condition>,
    projection: Option<&ProjectionExpr>,
) -> Result<(), ExprError> {
    let Some(schema) = index.and_then(|name| table.index(name)) else {
        return Ok(());
    };
    if let Some(filter) = filter {
        let mut missing = BTreeSet::new();
        visit_paths(filter, &mut |path| {
            if !holds(schema, table, path.root()) {
                missing.insert(path.root().to_owned());
            }
        });
        if !missing.is_empty() {
            return Err(refusal(
                ExprKind::Filter,
                format!(
                    "Secondary index {} does not project one or more filter attributes: {}",
                    schema.name,
                    listed(&missing)
                ),
            ));
        }
    }
    let Some(projection) = projection.filter(|_| schema.kind == IndexKind::Global) else {
        return Ok(());
    };
    let missing: BTreeSet<String> = projection
        .paths
        .iter()
        .map(|path| path.root())
        .filter(|root| !holds(schema, table, root))
        .map(str::to_owned)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(refusal(
        ExprKind::Projection,
        format!(
            "Global secondary index {} does not project {}",
            schema.name,
            listed(&missing)
        ),
    ))
}

/// `[a, b]`.
fn listed(names: &BTreeSet<String>) -> String {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    format!("[{}]", names.join(", "))
}

fn refusal(kind: ExprKind, detail: String) -> ExprError {
    ExprError::plain(
        kind,
        format!("One or more parameter values were invalid: {detail}"),
        0..0,
    )
}
