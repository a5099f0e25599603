//! The incident part of the report's document: DescribeTable's capacity, protection and
//! replication fields under their DescribeTable names, and the values of the calls behind them
//! under the names of those calls' answers. A value that could not be read is
//! `{"NotReadable": code}`.

use serde_json::{Map, Value, json};

use crate::domain::table_settings::{
    Consistency, IndexSettings, Readable, TableExtras, TableSettings, Throughput, WarmThroughput,
};

fn readable<T>(value: &Readable<T>, show: impl FnOnce(&T) -> Value) -> Value {
    match value {
        Readable::Read(value) => show(value),
        Readable::NotReadable(reason) => json!({ "NotReadable": reason }),
    }
}

fn provisioned_json(throughput: &Throughput) -> Value {
    json!({"ReadCapacityUnits": throughput.read, "WriteCapacityUnits": throughput.write})
}

fn on_demand_json(throughput: &Throughput) -> Value {
    json!({"MaxReadRequestUnits": throughput.read, "MaxWriteRequestUnits": throughput.write})
}

fn warm_json(warm: &WarmThroughput) -> Value {
    json!({
        "ReadUnitsPerSecond": warm.read_per_second,
        "WriteUnitsPerSecond": warm.write_per_second,
        "Status": warm.status,
    })
}

/// A GSI's `Backfilling` and throughput fields, added to its entry.
pub(super) fn add_index_settings(object: &mut Map<String, Value>, index: &IndexSettings) {
    if index.backfilling {
        object.insert("Backfilling".into(), json!(true));
    }
    if let Some(provisioned) = &index.provisioned {
        object.insert(
            "ProvisionedThroughput".into(),
            provisioned_json(provisioned),
        );
    }
    if let Some(maximum) = &index.on_demand_maximum {
        object.insert("OnDemandThroughput".into(), on_demand_json(maximum));
    }
    if let Some(warm) = &index.warm {
        object.insert("WarmThroughput".into(), warm_json(warm));
    }
}

/// The table's settings fields.
pub(super) fn add_table_settings(object: &mut Map<String, Value>, settings: &TableSettings) {
    let fields = [
        (
            "ProvisionedThroughput",
            settings.provisioned.as_ref().map(provisioned_json),
        ),
        (
            "OnDemandThroughput",
            settings.on_demand_maximum.as_ref().map(on_demand_json),
        ),
        ("WarmThroughput", settings.warm.as_ref().map(warm_json)),
        (
            "DeletionProtectionEnabled",
            settings.deletion_protection.map(|on| json!(on)),
        ),
        (
            "TableClassSummary",
            settings
                .table_class
                .as_ref()
                .map(|class| json!({"TableClass": class})),
        ),
        (
            "Replicas",
            (!settings.replicas.is_empty()).then(|| {
                settings
                    .replicas
                    .iter()
                    .map(|replica| json!({"RegionName": replica.region, "ReplicaStatus": replica.status}))
                    .collect()
            }),
        ),
        (
            "MultiRegionConsistency",
            settings.consistency.map(|consistency| match consistency {
                Consistency::Eventual => json!("EVENTUAL"),
                Consistency::Strong => json!("STRONG"),
            }),
        ),
    ];
    for (field, value) in fields {
        if let Some(value) = value {
            object.insert(field.into(), value);
        }
    }
}

/// The values of the extra calls. The TTL of DescribeTimeToLive replaces the one DescribeTable's
/// companion call gave, since this one also says when it could not be read.
pub(super) fn add_extras(object: &mut Map<String, Value>, extras: &TableExtras) {
    object.insert(
        "ContinuousBackupsDescription".into(),
        readable(&extras.recovery, |recovery| {
            json!({"PointInTimeRecoveryDescription": {
                "PointInTimeRecoveryStatus": recovery.status,
                "RecoveryPeriodInDays": recovery.period_days,
                "EarliestRestorableDateTime": recovery.earliest,
                "LatestRestorableDateTime": recovery.latest,
            }})
        }),
    );
    object.insert(
        "TimeToLive".into(),
        readable(
            &extras.ttl,
            |ttl| json!({"AttributeName": ttl.attribute, "TimeToLiveStatus": ttl.status}),
        ),
    );
    object.insert(
        "ResourcePolicy".into(),
        readable(
            &extras.resource_policy,
            |attached| json!({"Attached": attached}),
        ),
    );
    object.insert(
        "ContributorInsights".into(),
        readable(
            &extras.contributor_insights,
            |status| json!({"ContributorInsightsStatus": status}),
        ),
    );
    let indexes: Vec<Value> = extras
        .index_contributor_insights
        .iter()
        .map(|(index, status)| {
            let mut entry = readable(
                status,
                |status| json!({"ContributorInsightsStatus": status}),
            );
            if let Some(entry) = entry.as_object_mut() {
                entry.insert("IndexName".into(), json!(index));
            }
            entry
        })
        .collect();
    object.insert("IndexContributorInsights".into(), Value::Array(indexes));
}
