//! What the bulk tests ask of the flow and of the table around it: the stage on screen, an
//! item as stored (read strongly consistently), and another writer's change between the
//! scope's read and the run.

use ddbx::app::action::Action;
use ddbx::app::state::View;
use ddbx::app::state::bulk::BulkStage;
use ddbx::backend::{Backend, Condition, ExpressionParams, GetRequest, PutRequest, ReturnValues};
use ddbx::domain::value::Item;

use super::{Harness, item, shop_items};

/// Opens the demo's GSI2 partition (an index projecting only some attributes) and marks every
/// item in it with Space; returns how many.
pub async fn mark_a_partial_index_partition(harness: &mut Harness) -> usize {
    harness.act(Action::ShowIndexes).await;
    let row = 1 + harness
        .state
        .described()
        .expect("described")
        .indexes
        .iter()
        .position(|index| index.name == "GSI2")
        .expect("GSI2");
    for _ in 0..row {
        harness.act(Action::CursorDown).await;
    }
    harness.act_all([Action::Open, Action::Open]).await;
    let View::IndexItems { index, pk, .. } = harness.state.views.current().clone() else {
        panic!("an index partition: {:?}", harness.state.views.current());
    };
    let rows = harness.state.indexes.browses[&index]
        .group(&pk)
        .expect("group")
        .items
        .len();
    for _ in 0..rows {
        harness
            .act_all([Action::ToggleMark, Action::CursorDown])
            .await;
    }
    rows
}

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

/// The Shop items and `count` more `PENDING` orders of `USER#u1`, for results longer than a
/// page or a screen.
pub fn with_extra_orders(count: usize) -> Vec<Item> {
    let mut items = shop_items();
    for n in 0..count {
        let sk = format!("ORDER#2027-{n:04}");
        items.push(item(&[
            ("PK", "USER#u1"),
            ("SK", &sk),
            ("status", "PENDING"),
        ]));
    }
    items
}
