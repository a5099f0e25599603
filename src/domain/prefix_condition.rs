//! The key condition of one partition's items whose sort key begins with a prefix — the read a
//! screen makes for the items kept beside an item (its versions, its audit trail).

use super::expr::ExpressionParams;
use super::value::AttrValue;

/// `#pk = :pk AND begins_with(#sk, :prefix)`, with its names and values.
#[must_use]
pub fn partition_prefix_condition(
    partition_name: &str,
    partition: &AttrValue,
    sort_name: &str,
    prefix: &str,
) -> (String, ExpressionParams) {
    let mut params = ExpressionParams::default();
    params
        .names
        .insert("#pk".to_owned(), partition_name.to_owned());
    params.names.insert("#sk".to_owned(), sort_name.to_owned());
    params.values.insert(":pk".to_owned(), partition.clone());
    params
        .values
        .insert(":prefix".to_owned(), AttrValue::s(prefix));
    ("#pk = :pk AND begins_with(#sk, :prefix)".to_owned(), params)
}
