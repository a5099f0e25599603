//! ListTables, DescribeTable (+ DescribeTimeToLive), Query, Scan and GetItem.

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::operation::describe_table::DescribeTableOutput;
use aws_sdk_dynamodb::operation::query::QueryOutput;
use aws_sdk_dynamodb::types::{
    ConsumedCapacity as SdkConsumedCapacity, ReturnConsumedCapacity, Select as SdkSelect,
};

use super::errors::{Target, classify};
use super::page_body::page_capture;
use crate::backend::aws_convert::{
    SdkItem, capacity_from_sdk, item_to_sdk, items_from_sdk, names_to_sdk, optional_item_from_sdk,
    table_from_sdk, ttl_from_sdk, values_to_sdk,
};
use crate::backend::{
    BackendError, GetOutput, GetRequest, Page, QueryRequest, ScanRequest, Select,
};
use crate::domain::schema::{TableDescription, TtlDescription};

/// Every page of ListTables, in the service's (ascending) order.
pub(super) async fn list_tables(
    client: &Client,
    target: Target<'_>,
) -> Result<Vec<String>, BackendError> {
    let mut names = Vec::new();
    let mut start = None;
    loop {
        let output = client
            .list_tables()
            .set_exclusive_start_table_name(start)
            .send()
            .await
            .map_err(|error| classify(&error, target))?;
        names.extend(output.table_names.unwrap_or_default());
        start = output.last_evaluated_table_name;
        if start.is_none() {
            return Ok(names);
        }
    }
}

/// DescribeTable and DescribeTimeToLive, sent concurrently. A server that does not implement
/// DescribeTimeToLive (or a principal not allowed to call it) yields `ttl: None` rather than
/// hiding the whole table.
pub(super) async fn describe_table(
    client: &Client,
    target: Target<'_>,
    table: &str,
) -> Result<TableDescription, BackendError> {
    let describe = client.describe_table().table_name(table).send();
    let ttl = client.describe_time_to_live().table_name(table).send();
    let (described, ttl) = tokio::join!(describe, ttl);
    let described = described.map_err(|error| classify(&error, target))?;
    let ttl = ttl
        .ok()
        .and_then(|output| ttl_from_sdk(output.time_to_live_description.as_ref()));
    described_table(described, table, ttl)
}

/// DescribeTable alone: the description without its TTL.
pub(super) async fn describe_schema(
    client: &Client,
    target: Target<'_>,
    table: &str,
) -> Result<TableDescription, BackendError> {
    let described = client
        .describe_table()
        .table_name(table)
        .send()
        .await
        .map_err(|error| classify(&error, target))?;
    described_table(described, table, None)
}

/// DescribeTable's answer with the TTL DescribeTimeToLive answered (`None`: none or unknown).
pub(super) fn described_table(
    described: DescribeTableOutput,
    table: &str,
    ttl: Option<TtlDescription>,
) -> Result<TableDescription, BackendError> {
    let description = described.table.ok_or_else(|| BackendError::Service {
        code: "InvalidServerResponse".to_owned(),
        message: format!("DescribeTable for {table} returned no table"),
    })?;
    Ok(table_from_sdk(&description, ttl)?)
}

fn select(select: Select) -> Option<SdkSelect> {
    match select {
        Select::Default => None,
        Select::AllAttributes => Some(SdkSelect::AllAttributes),
        Select::AllProjectedAttributes => Some(SdkSelect::AllProjectedAttributes),
        Select::Count => Some(SdkSelect::Count),
    }
}

/// DynamoDB's `Limit` is an int of at least 1; larger values than i32 allows mean "no limit"
/// in practice (a page stops at 1 MB anyway).
fn limit(limit: Option<u32>) -> Option<i32> {
    limit.map(|limit| i32::try_from(limit).unwrap_or(i32::MAX))
}

fn count(value: i32) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

/// A Query answer as the SDK read it, as a [`Page`].
pub(super) fn query_page(output: QueryOutput) -> Result<Page, BackendError> {
    page(
        output.items,
        output.last_evaluated_key,
        output.count,
        output.scanned_count,
        output.consumed_capacity,
    )
}

/// A Query or Scan response as a [`Page`].
fn page(
    items: Option<Vec<SdkItem>>,
    last_evaluated_key: Option<SdkItem>,
    count_value: i32,
    scanned_count: i32,
    consumed: Option<SdkConsumedCapacity>,
) -> Result<Page, BackendError> {
    Ok(Page {
        items: items_from_sdk(items.unwrap_or_default())?,
        last_evaluated_key: optional_item_from_sdk(last_evaluated_key, "LastEvaluatedKey")?,
        count: count(count_value),
        scanned_count: count(scanned_count),
        consumed: consumed.map(capacity_from_sdk),
    })
}

/// One Query page; asks for capacity per index.
pub(super) async fn query(
    client: &Client,
    target: Target<'_>,
    request: QueryRequest,
) -> Result<Page, BackendError> {
    let (capture, decoded) = page_capture();
    let output = client
        .query()
        .table_name(request.table)
        .set_index_name(request.index)
        .key_condition_expression(request.key_condition)
        .set_filter_expression(request.filter)
        .set_projection_expression(request.projection)
        .set_expression_attribute_names(names_to_sdk(request.params.names))
        .set_expression_attribute_values(values_to_sdk(request.params.values))
        .set_limit(limit(request.limit))
        .set_exclusive_start_key(request.start_key.map(item_to_sdk))
        .scan_index_forward(request.forward)
        .consistent_read(request.consistent_read)
        .set_select(select(request.select))
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .customize()
        .interceptor(capture)
        .send()
        .await
        .map_err(|error| classify(&error, target))?;
    match decoded.take() {
        Some(read) => Ok(read.page),
        None => query_page(output),
    }
}

/// One Scan page (or one segment's page); asks for capacity per index.
pub(super) async fn scan(
    client: &Client,
    target: Target<'_>,
    request: ScanRequest,
) -> Result<Page, BackendError> {
    let (segment, total_segments) = request.segment.map_or((None, None), |(segment, total)| {
        (
            Some(i32::try_from(segment).unwrap_or(i32::MAX)),
            Some(i32::try_from(total).unwrap_or(i32::MAX)),
        )
    });
    let (capture, decoded) = page_capture();
    let output = client
        .scan()
        .table_name(request.table)
        .set_index_name(request.index)
        .set_filter_expression(request.filter)
        .set_projection_expression(request.projection)
        .set_expression_attribute_names(names_to_sdk(request.params.names))
        .set_expression_attribute_values(values_to_sdk(request.params.values))
        .set_limit(limit(request.limit))
        .set_exclusive_start_key(request.start_key.map(item_to_sdk))
        .set_segment(segment)
        .set_total_segments(total_segments)
        .consistent_read(request.consistent_read)
        .set_select(select(request.select))
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .customize()
        .interceptor(capture)
        .send()
        .await
        .map_err(|error| classify(&error, target))?;
    if let Some(read) = decoded.take() {
        return Ok(read.page);
    }
    page(
        output.items,
        output.last_evaluated_key,
        output.count,
        output.scanned_count,
        output.consumed_capacity,
    )
}

/// GetItem reports only the table's capacity, so TOTAL is asked for.
pub(super) async fn get_item(
    client: &Client,
    target: Target<'_>,
    request: GetRequest,
) -> Result<GetOutput, BackendError> {
    let output = client
        .get_item()
        .table_name(request.table)
        .set_key(Some(item_to_sdk(request.key)))
        .set_projection_expression(request.projection)
        .set_expression_attribute_names(names_to_sdk(request.params.names))
        .consistent_read(request.consistent_read)
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .send()
        .await
        .map_err(|error| classify(&error, target))?;
    Ok(GetOutput {
        item: optional_item_from_sdk(output.item, "Item")?,
        consumed: output.consumed_capacity.map(capacity_from_sdk),
    })
}
