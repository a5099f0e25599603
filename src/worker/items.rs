//! Items read whole by their keys, for the bulk flow: the index copies and stream keys it
//! marked are planned on as the table holds them now.

use crate::backend::{Backend, BackendError, ExpressionParams, GetRequest};
use crate::domain::value::Item;

/// How many GetItems are in flight at once: enough to hide the latency, few enough to stay
/// clear of throttling on a small table.
const IN_FLIGHT: usize = 8;

/// Reads each key's item, a few at a time, strongly consistent: writes are planned on them.
pub(super) async fn read_whole(
    backend: &dyn Backend,
    table: &str,
    keys: Vec<Item>,
) -> Result<Vec<(Item, Option<Item>)>, BackendError> {
    use futures_util::{StreamExt as _, TryStreamExt as _};
    futures_util::stream::iter(keys.into_iter().map(|key| async move {
        let request = GetRequest {
            table: table.to_owned(),
            key: key.clone(),
            projection: None,
            params: ExpressionParams::default(),
            consistent_read: true,
        };
        let output = backend.get_item(request).await?;
        Ok((key, output.item))
    }))
    .buffered(IN_FLIGHT)
    .try_collect()
    .await
}
