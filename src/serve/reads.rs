//! Query and Scan: one page each, as the service pages them.

use serde_json::{Map, Value};

use super::error::WireError;
use super::items::add_capacity;
use super::wire::{Body, CapacityDetail};
use crate::backend::memory::MemoryBackend;
use crate::backend::{Backend, Page, QueryRequest, ScanRequest, Select};
use crate::domain::ddb_json::item_to_json;

fn page_answer(table: &str, page: &Page, select: Select, detail: Option<CapacityDetail>) -> Value {
    let mut out = Map::new();
    if select != Select::Count {
        let items: Vec<Value> = page.items.iter().map(item_to_json).collect();
        out.insert("Items".into(), Value::Array(items));
    }
    out.insert("Count".into(), Value::from(page.count));
    out.insert("ScannedCount".into(), Value::from(page.scanned_count));
    if let Some(key) = &page.last_evaluated_key {
        out.insert("LastEvaluatedKey".into(), item_to_json(key));
    }
    add_capacity(&mut out, table, page.consumed.as_ref(), detail);
    Value::Object(out)
}

fn index_name(body: &Body<'_>) -> Result<Option<String>, WireError> {
    let index = body.opt_str("IndexName")?;
    if let Some(name) = index {
        super::wire::check_table_name(name, "indexName")?;
    }
    Ok(index.map(str::to_owned))
}

pub async fn query(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    let Some(key_condition) = body.expression("KeyConditionExpression")? else {
        return Err(WireError::validation(
            "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        ));
    };
    let select = body.select()?;
    let request = QueryRequest {
        table: table.clone(),
        index: index_name(body)?,
        key_condition: key_condition.to_owned(),
        filter: body.expression("FilterExpression")?.map(str::to_owned),
        projection: body.expression("ProjectionExpression")?.map(str::to_owned),
        params: body.params()?,
        limit: body.limit()?,
        start_key: body.opt_item("ExclusiveStartKey")?,
        forward: body.opt_bool("ScanIndexForward")?.unwrap_or(true),
        consistent_read: body.opt_bool("ConsistentRead")?.unwrap_or(false),
        select,
    };
    let detail = body.capacity()?;
    let page = engine.query(request).await?;
    Ok(page_answer(&table, &page, select, detail))
}

fn segment(body: &Body<'_>) -> Result<Option<(u32, u32)>, WireError> {
    let segment = body.opt_u64("Segment")?;
    let total = body.opt_u64("TotalSegments")?;
    match (segment, total) {
        (None, None) => Ok(None),
        (Some(segment), Some(total)) => {
            if !(1..=1_000_000).contains(&total) {
                return Err(WireError::validation(format!(
                    "1 validation error detected: Value '{total}' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000 and greater than or equal to 1"
                )));
            }
            if segment >= total {
                return Err(WireError::validation(format!(
                    "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: {segment} is not less than TotalSegments: {total}"
                )));
            }
            let narrow = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
            Ok(Some((narrow(segment), narrow(total))))
        }
        (Some(_), None) => Err(WireError::validation(
            "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
        )),
        (None, Some(_)) => Err(WireError::validation(
            "The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
        )),
    }
}

pub async fn scan(engine: &MemoryBackend, body: &Body<'_>) -> Result<Value, WireError> {
    let table = body.table_name()?;
    let select = body.select()?;
    let request = ScanRequest {
        table: table.clone(),
        index: index_name(body)?,
        filter: body.expression("FilterExpression")?.map(str::to_owned),
        projection: body.expression("ProjectionExpression")?.map(str::to_owned),
        params: body.params()?,
        limit: body.limit()?,
        start_key: body.opt_item("ExclusiveStartKey")?,
        segment: segment(body)?,
        consistent_read: body.opt_bool("ConsistentRead")?.unwrap_or(false),
        select,
    };
    let detail = body.capacity()?;
    let page = engine.scan(request).await?;
    Ok(page_answer(&table, &page, select, detail))
}
