//! What the bulk tests ask of the flow and of the table around it: the stage on screen, an
//! item as stored (read strongly consistently), and another writer's change between the
//! scope's read and the run.

use ddbx::app::state::bulk::BulkStage;
use ddbx::backend::{Backend, Condition, ExpressionParams, GetRequest, PutRequest, ReturnValues};
use ddbx::domain::value::Item;

use super::Harness;

/// The bulk flow's stage; the flow must be open.
pub fn stage(harness: &Harness) -> &BulkStage {
    &harness
        .state
        .bulk
        .flow
        .as_ref()
        .expect("the bulk flow is open")
        .stage
}

/// The item at `key` in `table` as stored now.
pub async fn stored(backend: &dyn Backend, table: &str, key: &Item) -> Option<Item> {
    backend
        .get_item(GetRequest {
            table: table.to_owned(),
            key: key.clone(),
            projection: None,
            params: ExpressionParams::default(),
            consistent_read: true,
        })
        .await
        .expect("get item")
        .item
}

/// Someone else replaces an existing item with `item`, as a concurrent writer would.
pub async fn put_by_another_writer(backend: &dyn Backend, table: &str, item: Item) {
    backend
        .put_item(PutRequest {
            table: table.to_owned(),
            item,
            condition: Condition::new("attribute_exists(PK)"),
            params: ExpressionParams::default(),
            return_values: ReturnValues::None,
        })
        .await
        .expect("concurrent put");
}
