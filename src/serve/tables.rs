//! CreateTable, DeleteTable, DescribeTable, ListTables and the TTL operations.

use serde_json::{Value, json};

use super::error::WireError;
use super::served::Served;
use super::wire::Body;
use crate::backend::BackendError;
use crate::domain::describe_table::{ServedExtras, Shape, table_json};
use crate::domain::schema::BillingMode;

fn throughput_of(body: &Body<'_>) -> Result<Option<(u64, u64)>, WireError> {
    let Some(throughput) = body.object("ProvisionedThroughput")? else {
        return Ok(None);
    };
    let read = throughput.opt_u64("ReadCapacityUnits")?;
    let write = throughput.opt_u64("WriteCapacityUnits")?;
    match (read, write) {
        (Some(read), Some(write)) => Ok(Some((read, write))),
        _ => Err(WireError::validation(
            "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
        )),
    }
}

fn billing(body: &Body<'_>) -> Result<(BillingMode, ServedExtras), WireError> {
    let throughput = throughput_of(body)?;
    let mode = match body.opt_str("BillingMode")? {
        None | Some("PROVISIONED") => BillingMode::Provisioned,
        Some("PAY_PER_REQUEST") => BillingMode::PayPerRequest,
        Some(other) => {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{other}' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"
            )));
        }
    };
    let (read_units, write_units) = match (mode, throughput) {
        (BillingMode::Provisioned, Some(units)) => units,
        (BillingMode::Provisioned, None) => {
            return Err(WireError::validation(
                "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
            ));
        }
        (BillingMode::PayPerRequest, Some(_)) => {
            return Err(WireError::validation(
                "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
            ));
        }
        (BillingMode::PayPerRequest, None) => (0, 0),
    };
    Ok((
        mode,
        ServedExtras {
            created: 0.0,
            read_units,
            write_units,
        },
    ))
}

pub fn create_table(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    super::create_checks::check_create(body)?;
    let name = body.table_name()?;
    for field in ["AttributeDefinitions", "KeySchema"] {
        if !body.has(field) {
            body.str(field)?;
        }
    }
    let (mode, mut extras) = billing(body)?;
    let mut description = crate::offline::parse_describe_table(&Value::Object(body.0.clone()))
        .map_err(|message| {
            WireError::validation(format!(
                "One or more parameter values were invalid: {message}"
            ))
        })?;
    if !description.unsupported_indexes.is_empty() {
        return Err(WireError::validation(
            "One or more parameter values were invalid: an index key has one HASH and at most one RANGE attribute, or, for a global index, up to four HASH attributes followed by up to four RANGE attributes",
        ));
    }
    description.billing_mode = Some(mode);
    description.status = None;
    description.item_count = None;
    description.size_bytes = None;
    description.arn = None;
    extras.created = super::served::now_seconds();
    super::durable::create_table(served, description, &extras)?;
    served.set_extras(&name, extras);
    let description = served.engine.describe(&name)?;
    Ok(
        json!({"TableDescription": table_json(&description, Shape::Served { status: "ACTIVE", extras: &extras })}),
    )
}

pub fn delete_table(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let name = body.table_name()?;
    let description = served.engine.describe(&name)?;
    let extras = served.extras(&name);
    if !served.engine.drop_table(&name) {
        return Err(not_found(&name));
    }
    served.forget(&name);
    Ok(
        json!({"TableDescription": table_json(&description, Shape::Served { status: "DELETING", extras: &extras })}),
    )
}

fn not_found(name: &str) -> WireError {
    BackendError::NotFound(format!(
        "Requested resource not found: Table: {name} not found"
    ))
    .into()
}

pub fn describe_table(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let name = body.table_name()?;
    let description = served.engine.describe(&name)?;
    let extras = served.extras(&name);
    Ok(
        json!({"Table": table_json(&description, Shape::Served { status: "ACTIVE", extras: &extras })}),
    )
}

pub fn list_tables(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let limit = match body.opt_u64("Limit")? {
        None => 100,
        Some(limit @ 1..=100) => usize::try_from(limit).unwrap_or(100),
        Some(other) => {
            return Err(WireError::validation(format!(
                "1 validation error detected: Value '{other}' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100 and greater than or equal to 1"
            )));
        }
    };
    let start = body.opt_str("ExclusiveStartTableName")?;
    let names: Vec<String> = served
        .engine
        .table_names()
        .into_iter()
        .filter(|name| start.is_none_or(|start| name.as_str() > start))
        .collect();
    let more = names.len() > limit;
    let page: Vec<String> = names.into_iter().take(limit).collect();
    let mut out = json!({"TableNames": page});
    if more && let Some(last) = page.last() {
        out["LastEvaluatedTableName"] = json!(last);
    }
    Ok(out)
}

pub fn describe_ttl(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let name = body.table_name()?;
    let description = served.engine.describe(&name)?;
    let ttl = match &description.ttl {
        Some(ttl) => json!({"TimeToLiveStatus": ttl.status, "AttributeName": ttl.attribute}),
        None => json!({"TimeToLiveStatus": "DISABLED"}),
    };
    Ok(json!({"TimeToLiveDescription": ttl}))
}

pub fn update_ttl(served: &Served, body: &Body<'_>) -> Result<Value, WireError> {
    let name = body.table_name()?;
    let Some(spec) = body.object("TimeToLiveSpecification")? else {
        return Err(WireError::validation(
            "1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy constraint: Member must not be null",
        ));
    };
    let attribute = spec.str("AttributeName")?;
    if attribute.is_empty() {
        return Err(WireError::validation(
            "1 validation error detected: Value '' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1",
        ));
    }
    let enabled = spec.opt_bool("Enabled")?.unwrap_or(false);
    let current = served.engine.describe(&name)?.ttl;
    match (enabled, current) {
        (true, Some(_)) => {
            return Err(WireError::validation("TimeToLive is already enabled"));
        }
        (false, None) => {
            return Err(WireError::validation("TimeToLive is already disabled"));
        }
        (true, None) => served.engine.set_ttl(&name, attribute)?,
        (false, Some(_)) => served.engine.clear_ttl(&name)?,
    }
    Ok(json!({"TimeToLiveSpecification": {"AttributeName": attribute, "Enabled": enabled}}))
}
