//! ExecuteStatement: one page of a PartiQL statement, with capacity per index.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::ReturnConsumedCapacity;

use super::errors::{Target, classify};
use super::page_body::page_capture;
use crate::backend::aws_convert::{capacity_from_sdk, items_from_sdk, value_to_sdk};
use crate::backend::{BackendError, StatementPage, StatementRequest};

pub(super) async fn execute_statement(
    client: &Client,
    target: Target<'_>,
    request: StatementRequest,
) -> Result<StatementPage, BackendError> {
    let parameters = (!request.parameters.is_empty())
        .then(|| request.parameters.into_iter().map(value_to_sdk).collect());
    let (capture, decoded) = page_capture();
    let output = client
        .execute_statement()
        .statement(request.statement)
        .set_parameters(parameters)
        .set_next_token(request.next_token)
        .set_limit(
            request
                .limit
                .map(|limit| i32::try_from(limit).unwrap_or(i32::MAX)),
        )
        .consistent_read(request.consistent_read)
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .customize()
        .interceptor(capture)
        .send()
        .await
        .map_err(|error| classify(&error, target))?;
    if let Some(read) = decoded.take() {
        return Ok(StatementPage {
            items: read.page.items,
            next_token: read.next_token,
            consumed: read.page.consumed,
        });
    }
    Ok(StatementPage {
        items: items_from_sdk(output.items.unwrap_or_default())?,
        next_token: output.next_token,
        consumed: output.consumed_capacity.map(capacity_from_sdk),
    })
}
