//! The overview an incident needs, at the SDK boundary: a server of the test's own answers
//! DescribeTable, DescribeContinuousBackups, DescribeTimeToLive, GetResourcePolicy and
//! DescribeContributorInsights with the shapes of the API Reference, and `ddbx describe` (the
//! real binary over the real AWS backend) reports each value; one the principal may not read
//! shows as not readable while the rest still show.

mod support;

use serde_json::{Value, json};
use support::cli::ddbx;
use support::shaped_server::{Request, ShapedServer, error_body};

use support::incident_shapes::{TABLE, TABLE_ARN, incident_answers};

#[test]
fn describe_reports_every_setting_an_incident_needs_and_an_unreadable_one_as_not_readable() {
    let server = ShapedServer::start(incident_answers);
    let run = ddbx(&server.endpoint, Some(TABLE), &["describe"]).success();
    let doc: Value = serde_json::from_str(&run.stdout).expect("JSON on stdout");
    assert_eq!(
        doc["OnDemandThroughput"],
        json!({"MaxReadRequestUnits": 4000, "MaxWriteRequestUnits": -1})
    );
    assert_eq!(doc["WarmThroughput"]["ReadUnitsPerSecond"], 12000);
    assert_eq!(doc["DeletionProtectionEnabled"], true);
    assert_eq!(
        doc["TableClassSummary"]["TableClass"],
        "STANDARD_INFREQUENT_ACCESS"
    );
    assert_eq!(
        doc["StreamSpecification"]["StreamViewType"],
        "NEW_AND_OLD_IMAGES"
    );
    assert_eq!(doc["Replicas"][1]["RegionName"], "eu-west-1");
    assert_eq!(doc["MultiRegionConsistency"], "EVENTUAL");
    let pitr = &doc["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
    assert_eq!(pitr["PointInTimeRecoveryStatus"], "ENABLED");
    assert_eq!(pitr["RecoveryPeriodInDays"], 35);
    assert_eq!(pitr["EarliestRestorableDateTime"], "2026-11-04T00:00:00Z");
    assert_eq!(
        doc["TimeToLive"],
        json!({"AttributeName": "expiresAt", "TimeToLiveStatus": "ENABLED"})
    );
    assert_eq!(
        doc["ResourcePolicy"],
        json!({"NotReadable": "AccessDeniedException"})
    );
    assert_eq!(
        doc["ContributorInsights"]["ContributorInsightsStatus"],
        "ENABLED"
    );
    assert_eq!(
        doc["IndexContributorInsights"],
        json!([
            {"IndexName": "GSI1", "ContributorInsightsStatus": "ENABLED"},
            {"IndexName": "GSI2", "ContributorInsightsStatus": "DISABLED"},
        ]),
        "each global index's contributor insights, apart from the table's"
    );
    let mut asked: Vec<Value> = server
        .requests("DescribeContributorInsights")
        .into_iter()
        .map(|request| request.body)
        .collect();
    asked.sort_by_key(Value::to_string);
    assert_eq!(
        asked,
        [
            json!({"TableName": TABLE, "IndexName": "GSI1"}),
            json!({"TableName": TABLE, "IndexName": "GSI2"}),
            json!({"TableName": TABLE}),
        ]
    );
    let gsi1 = &doc["GlobalSecondaryIndexes"][0];
    assert_eq!(gsi1["OnDemandThroughput"]["MaxReadRequestUnits"], 2000);
    let gsi2 = &doc["GlobalSecondaryIndexes"][1];
    assert_eq!(gsi2["IndexStatus"], "CREATING");
    assert_eq!(gsi2["Backfilling"], true);
    assert_eq!(
        server.requests("GetResourcePolicy")[0].body,
        json!({"ResourceArn": TABLE_ARN}),
        "the policy is asked of the table's ARN"
    );
    assert_eq!(
        server.requests("DescribeContinuousBackups")[0].body,
        json!({"TableName": TABLE})
    );
}

#[test]
fn describe_for_people_says_each_setting_in_a_line() {
    let server = ShapedServer::start(incident_answers);
    let text = ddbx(&server.endpoint, Some(TABLE), &["describe", "-o", "table"])
        .success()
        .stdout;
    for expected in [
        "billing    PAY_PER_REQUEST\n",
        "capacity   on-demand maximum reads 4,000 · writes none\n",
        "warm       12,000 reads/s · 4,000 writes/s (ACTIVE)\n",
        "deletion   protected (deletion protection on)\n",
        "class      STANDARD_INFREQUENT_ACCESS\n",
        "stream     enabled (NEW_AND_OLD_IMAGES)\n",
        "replicas   us-east-1 (ACTIVE), eu-west-1 (ACTIVE)\n",
        "consistency multi-Region eventual consistency: a version condition is checked in this Region only, so a concurrent write in another Region can still win\n",
        "pitr       enabled, 35-day recovery window (2026-11-04T00:00:00Z … 2026-12-04T09:00:00Z)\n",
        "ttl        expiresAt (ENABLED)\n",
        "policy     not readable (AccessDeniedException)\n",
        "insights   contributor insights ENABLED; GSI1 ENABLED, GSI2 DISABLED\n",
        "           ACTIVE · on-demand maximum reads 2,000 · writes 500 · warm 12,000 reads/s · 4,000 writes/s (ACTIVE)\n",
        "           CREATING · backfilling: 1,200 of the table's 5,000 items so far",
    ] {
        assert!(text.contains(expected), "{expected:?} in:\n{text}");
    }
}

/// Every extra call refused: the description still prints, each extra value not readable.
#[test]
fn describe_without_permission_for_any_extra_call_still_describes_the_table() {
    let server = ShapedServer::start(|operation, so_far: &[Request]| match operation {
        "DescribeTable" => incident_answers(operation, so_far),
        other => (
            400,
            error_body(
                "AccessDeniedException",
                &format!("not authorized to perform: dynamodb:{other}"),
                json!({}),
            ),
        ),
    });
    let run = ddbx(&server.endpoint, Some(TABLE), &["describe"]).success();
    let doc: Value = serde_json::from_str(&run.stdout).expect("JSON on stdout");
    for field in [
        "ContinuousBackupsDescription",
        "TimeToLive",
        "ResourcePolicy",
        "ContributorInsights",
    ] {
        assert_eq!(
            doc[field],
            json!({"NotReadable": "AccessDeniedException"}),
            "{field}"
        );
    }
    assert_eq!(doc["TableName"], TABLE);
}
