//! The capacity report as one JSON document. Every figure is a string holding an exact decimal
//! (units and dollars), except counts and byte sizes, which are integers.

use serde_json::{Value, json};

use super::super::args::capacity::CapacityArgs;
use crate::domain::capacity::decimal::Exact;
use crate::domain::capacity::plan::MonthlyPlan;
use crate::domain::capacity::prices::{DEFAULT_PRICES_REGION, Prices};
use crate::domain::capacity::report::{CallFigures, CapacityReport, PatternFigures, PatternSource};
use crate::domain::capacity::writes::{EntityWrites, WriteCost};

pub fn report_json(report: &CapacityReport, args: &CapacityArgs, prices: &Prices) -> Value {
    json!({
        "table": report.table,
        "source": match report.source {
            PatternSource::Model => "model",
            PatternSource::History => "query history",
        },
        "sample": {
            "items": report.sampled_items,
            "whole_table": report.sample_complete,
            "scan_consumed_rcu": report.sample_consumed.to_string(),
            "note": super::text::SAMPLE_NOTE,
        },
        "requests": super::text::requests_relied_on(report, args),
        "prices": {
            "on_demand_read_per_million": prices.read_per_million.to_string(),
            "on_demand_write_per_million": prices.write_per_million.to_string(),
            "provisioned_rcu_hour": prices.rcu_hour.to_string(),
            "provisioned_wcu_hour": prices.wcu_hour.to_string(),
            "region": prices.defaults.then_some(DEFAULT_PRICES_REGION),
            "source": prices.source(),
        },
        "rates": {
            "reads_per_second": args.reads_per_second.map(|rate| rate.to_string()),
            "writes_per_second": args.writes_per_second.map(|rate| rate.to_string()),
        },
        "patterns": report.patterns.iter().map(|pattern| pattern_json(pattern, args.reads_per_second, prices)).collect::<Vec<_>>(),
        "writes": report.writes.iter().map(|writes| writes_json(writes, args.writes_per_second, prices)).collect::<Vec<_>>(),
    })
}

fn pattern_json(pattern: &PatternFigures, rate: Option<Exact>, prices: &Prices) -> Value {
    let costliest = pattern.costliest();
    json!({
        "name": pattern.name,
        "index": pattern.index,
        "key_condition": pattern.key_condition,
        "skipped": pattern.skipped,
        "per_call": costliest.map(|call| json!({
            "items": call.items(),
            "bytes": call.bytes(),
            "rcu_eventual": call.computed().eventual.to_string(),
            "rcu_strong": pattern.strong_allowed.then(|| call.computed().strong.to_string()),
            "rcu_measured": call.measured().map(|units| units.to_string()),
            "measured_consistent": call.consistent,
        })),
        "filter_read_more": pattern.filtered(),
        "sized_without_filter_or_projection": pattern.sized_again(),
        "month": rate.and_then(|rate| pattern.monthly(rate, prices)).map(|plan| month_json(&plan, "rcu")),
        "calls": pattern.calls.iter().map(call_json).collect::<Vec<_>>(),
    })
}

fn call_json(call: &CallFigures) -> Value {
    json!({
        "parameters": call.label,
        "pages": call.pages.len(),
        "items": call.items(),
        "scanned": call.scanned(),
        "bytes": call.bytes(),
        "complete": call.complete,
        "consistent": call.consistent,
        "rcu_eventual": call.computed().eventual.to_string(),
        "rcu_strong": call.computed().strong.to_string(),
        "rcu_measured": call.measured().map(|units| units.to_string()),
    })
}

fn writes_json(writes: &EntityWrites, rate: Option<Exact>, prices: &Prices) -> Value {
    json!({
        "entity": writes.entity,
        "items": writes.items,
        "median": cost_json(&writes.median),
        "costliest": cost_json(&writes.costliest),
        "month": rate.and_then(|rate| writes.monthly(rate, prices)).map(|plan| month_json(&plan, "wcu")),
    })
}

fn cost_json(cost: &WriteCost) -> Value {
    json!({
        "bytes": cost.bytes,
        "table_wcu": cost.table,
        "indexes": cost.indexes.iter().map(|index| json!({
            "index": index.index,
            "global": index.global,
            "bytes": index.bytes,
            "wcu": index.units,
        })).collect::<Vec<_>>(),
        "wcu": cost.total(),
        "transactional_wcu": cost.transactional(),
    })
}

fn month_json(plan: &MonthlyPlan, units: &str) -> Value {
    json!({
        "units_per_second": plan.units_per_second.to_string(),
        "on_demand_usd": plan.on_demand.to_string(),
        format!("provisioned_{units}"): plan.provisioned_units.to_string(),
        "provisioned_usd": plan.provisioned.to_string(),
    })
}
