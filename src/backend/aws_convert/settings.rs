//! DescribeTable's capacity, protection, replication and per-GSI fields as domain
//! [`TableSettings`], and the answers of the calls behind [`TableExtras`].

use aws_sdk_dynamodb::primitives::DateTime;
use aws_sdk_dynamodb::primitives::DateTimeFormat;
use aws_sdk_dynamodb::types::{
    ContinuousBackupsDescription, GlobalSecondaryIndexDescription, MultiRegionConsistency,
    OnDemandThroughput, ProvisionedThroughputDescription, TableDescription as SdkTableDescription,
    TimeToLiveDescription,
};

use crate::domain::table_settings::{
    Consistency, IndexSettings, Recovery, Replica, TableSettings, Throughput, Ttl, WarmThroughput,
};

fn provisioned(description: Option<&ProvisionedThroughputDescription>) -> Option<Throughput> {
    let description = description?;
    Some(Throughput {
        read: description.read_capacity_units(),
        write: description.write_capacity_units(),
    })
}

fn on_demand(throughput: Option<&OnDemandThroughput>) -> Option<Throughput> {
    let throughput = throughput?;
    Some(Throughput {
        read: throughput.max_read_request_units(),
        write: throughput.max_write_request_units(),
    })
}

fn index_settings(index: &GlobalSecondaryIndexDescription) -> IndexSettings {
    IndexSettings {
        name: index.index_name().unwrap_or_default().to_owned(),
        status: index
            .index_status()
            .map(|status| status.as_str().to_owned()),
        backfilling: index.backfilling().unwrap_or(false),
        provisioned: provisioned(index.provisioned_throughput()),
        on_demand_maximum: on_demand(index.on_demand_throughput()),
        warm: index.warm_throughput().map(|warm| WarmThroughput {
            read_per_second: warm.read_units_per_second(),
            write_per_second: warm.write_units_per_second(),
            status: warm.status().map(|status| status.as_str().to_owned()),
        }),
    }
}

/// The settings part of a DescribeTable answer.
pub(crate) fn settings_from_sdk(description: &SdkTableDescription) -> TableSettings {
    TableSettings {
        provisioned: provisioned(description.provisioned_throughput()),
        on_demand_maximum: on_demand(description.on_demand_throughput()),
        warm: description.warm_throughput().map(|warm| WarmThroughput {
            read_per_second: warm.read_units_per_second(),
            write_per_second: warm.write_units_per_second(),
            status: warm.status().map(|status| status.as_str().to_owned()),
        }),
        deletion_protection: description.deletion_protection_enabled(),
        table_class: description
            .table_class_summary()
            .and_then(|summary| summary.table_class())
            .map(|class| class.as_str().to_owned()),
        replicas: description
            .replicas()
            .iter()
            .map(|replica| Replica {
                region: replica.region_name().unwrap_or_default().to_owned(),
                status: replica
                    .replica_status()
                    .map(|status| status.as_str().to_owned()),
            })
            .collect(),
        consistency: match description.multi_region_consistency() {
            Some(MultiRegionConsistency::Strong) => Some(Consistency::Strong),
            Some(MultiRegionConsistency::Eventual) => Some(Consistency::Eventual),
            // A global table that does not say is an eventually consistent one: strong
            // consistency is chosen at creation and always reported.
            _ if !description.replicas().is_empty() => Some(Consistency::Eventual),
            _ => None,
        },
        indexes: description
            .global_secondary_indexes()
            .iter()
            .map(index_settings)
            .collect(),
    }
}

fn timestamp(value: Option<&DateTime>) -> Option<String> {
    value.and_then(|value| value.fmt(DateTimeFormat::DateTime).ok())
}

/// DescribeContinuousBackups' point-in-time recovery.
pub(crate) fn recovery_from_sdk(description: Option<&ContinuousBackupsDescription>) -> Recovery {
    let pitr =
        description.and_then(ContinuousBackupsDescription::point_in_time_recovery_description);
    Recovery {
        status: pitr
            .and_then(|pitr| pitr.point_in_time_recovery_status())
            .map_or("DISABLED", |status| status.as_str())
            .to_owned(),
        period_days: pitr.and_then(|pitr| pitr.recovery_period_in_days()),
        earliest: timestamp(pitr.and_then(|pitr| pitr.earliest_restorable_date_time())),
        latest: timestamp(pitr.and_then(|pitr| pitr.latest_restorable_date_time())),
    }
}

/// DescribeTimeToLive; no description at all means TTL was never configured.
pub(crate) fn ttl_settings_from_sdk(description: Option<&TimeToLiveDescription>) -> Ttl {
    Ttl {
        attribute: description
            .and_then(TimeToLiveDescription::attribute_name)
            .map(str::to_owned),
        status: description
            .and_then(TimeToLiveDescription::time_to_live_status)
            .map_or("DISABLED", |status| status.as_str())
            .to_owned(),
    }
}
