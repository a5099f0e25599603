//! The recorded shapes of a table in an incident, as the API Reference documents them:
//! DescribeTable with on-demand maximums, warm throughput, deletion protection, a table class,
//! a stream, two replicas under eventual consistency, an active GSI and one backfilling; PITR,
//! TTL and contributor insights readable; the resource-based policy refused to the principal.

use serde_json::{Value, json};

use super::shaped_server::{Request, error_body};

pub const TABLE: &str = "Orders";
pub const TABLE_ARN: &str = "arn:aws:dynamodb:us-east-1:111122223333:table/Orders";

pub fn describe_table() -> Value {
    json!({"Table": {
        "TableName": TABLE,
        "TableStatus": "ACTIVE",
        "TableArn": TABLE_ARN,
        "ItemCount": 5000,
        "TableSizeBytes": 1_000_000,
        "AttributeDefinitions": [
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "GSI1PK", "AttributeType": "S"},
            {"AttributeName": "GSI2PK", "AttributeType": "S"}
        ],
        "KeySchema": [
            {"AttributeName": "PK", "KeyType": "HASH"},
            {"AttributeName": "SK", "KeyType": "RANGE"}
        ],
        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
        "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0, "NumberOfDecreasesToday": 0},
        "OnDemandThroughput": {"MaxReadRequestUnits": 4000, "MaxWriteRequestUnits": -1},
        "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000, "Status": "ACTIVE"},
        "DeletionProtectionEnabled": true,
        "TableClassSummary": {"TableClass": "STANDARD_INFREQUENT_ACCESS"},
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
        "LatestStreamArn": format!("{TABLE_ARN}/stream/2026-12-01T00:00:00.000"),
        "GlobalTableVersion": "2019.11.21",
        "Replicas": [
            {"RegionName": "us-east-1", "ReplicaStatus": "ACTIVE"},
            {"RegionName": "eu-west-1", "ReplicaStatus": "ACTIVE"}
        ],
        "MultiRegionConsistency": "EVENTUAL",
        "GlobalSecondaryIndexes": [
            {
                "IndexName": "GSI1",
                "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"},
                "IndexStatus": "ACTIVE",
                "ItemCount": 4800,
                "IndexSizeBytes": 900_000,
                "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0, "NumberOfDecreasesToday": 0},
                "OnDemandThroughput": {"MaxReadRequestUnits": 2000, "MaxWriteRequestUnits": 500},
                "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000, "Status": "ACTIVE"}
            },
            {
                "IndexName": "GSI2",
                "KeySchema": [{"AttributeName": "GSI2PK", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
                "IndexStatus": "CREATING",
                "Backfilling": true,
                "ItemCount": 1200,
                "IndexSizeBytes": 10_000
            }
        ]
    }})
}

fn continuous_backups() -> Value {
    json!({"ContinuousBackupsDescription": {
        "ContinuousBackupsStatus": "ENABLED",
        "PointInTimeRecoveryDescription": {
            "PointInTimeRecoveryStatus": "ENABLED",
            "RecoveryPeriodInDays": 35,
            "EarliestRestorableDateTime": 1_793_750_400.0,
            "LatestRestorableDateTime": 1_796_374_800.0
        }
    }})
}

/// Everything readable but the resource-based policy, which the principal may not read.
pub fn incident_answers(operation: &str, so_far: &[Request]) -> (u16, Value) {
    match operation {
        "DescribeTable" => (200, describe_table()),
        "DescribeContinuousBackups" => (200, continuous_backups()),
        "DescribeTimeToLive" => (
            200,
            json!({"TimeToLiveDescription": {"AttributeName": "expiresAt", "TimeToLiveStatus": "ENABLED"}}),
        ),
        "GetResourcePolicy" => (
            400,
            error_body(
                "AccessDeniedException",
                "User: arn:aws:sts::111122223333:assumed-role/oncall is not authorized to perform: dynamodb:GetResourcePolicy",
                json!({}),
            ),
        ),
        "DescribeContributorInsights" => (200, contributor_insights(so_far.last())),
        other => (
            400,
            error_body("UnknownOperationException", other, json!({})),
        ),
    }
}

/// The table's and GSI1's contributor insights are on, GSI2's off; an index asked of is named in
/// the answer, as the API Reference shows.
fn contributor_insights(request: Option<&Request>) -> Value {
    let index = request.and_then(|request| request.body["IndexName"].as_str());
    let status = if index == Some("GSI2") {
        "DISABLED"
    } else {
        "ENABLED"
    };
    let mut answer = json!({
        "TableName": TABLE,
        "ContributorInsightsStatus": status,
        "ContributorInsightsMode": "THROTTLED_KEYS",
    });
    if let Some(index) = index {
        answer["IndexName"] = json!(index);
    }
    answer
}
