//! The overview's values that need a call each: DescribeContinuousBackups, DescribeTimeToLive,
//! GetResourcePolicy and DescribeContributorInsights, sent together. Each failure (most often a
//! principal without the permission) makes only its own value "not readable".

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::describe_time_to_live::{
    DescribeTimeToLiveError, DescribeTimeToLiveOutput,
};
use aws_smithy_runtime_api::client::orchestrator::HttpResponse;

use super::errors::{Target, classify};
use super::reads::described_table;
use crate::backend::BackendError;
use crate::backend::aws_convert::{recovery_from_sdk, ttl_from_sdk, ttl_settings_from_sdk};
use crate::domain::schema::{IndexKind, TableDescription};
use crate::domain::table_settings::{Readable, Recovery, TableExtras};

type TtlAnswer = Result<DescribeTimeToLiveOutput, SdkError<DescribeTimeToLiveError, HttpResponse>>;

/// Why a value could not be read: the service's error code, or the classified error's kind.
fn not_readable<E, R>(error: &SdkError<E, R>, target: Target<'_>) -> String
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: super::errors::HttpStatus + std::fmt::Debug,
{
    match classify(error, target) {
        BackendError::Auth { code, .. }
        | BackendError::Service { code, .. }
        | BackendError::Throttled { code, .. } => code,
        BackendError::NotFound(_) => "ResourceNotFoundException".to_owned(),
        BackendError::Validation(_) => "ValidationException".to_owned(),
        other => other.to_string(),
    }
}

pub(super) async fn table_extras(
    client: &Client,
    target: Target<'_>,
    table: &TableDescription,
) -> TableExtras {
    let ttl = client
        .describe_time_to_live()
        .table_name(&table.name)
        .send();
    let (others, ttl, indexes) = tokio::join!(
        others(client, target, &table.name, table.arn.as_deref()),
        ttl,
        index_insights(client, target, table)
    );
    others.with_ttl(&ttl, target, indexes)
}

/// DescribeTable and every extra in one round trip, but GetResourcePolicy and each global
/// index's contributor insights, which need what DescribeTable answers (the ARN, the index
/// names) and are sent as soon as it does. One DescribeTimeToLive answer serves both the
/// description's TTL and the extras'.
pub(super) async fn described_with_extras(
    client: &Client,
    target: Target<'_>,
    table: &str,
) -> Result<(TableDescription, TableExtras), BackendError> {
    let describe = client.describe_table().table_name(table).send();
    let ttl = client.describe_time_to_live().table_name(table).send();
    let backups = backups(client, target, table);
    let insights = insights(client, target, table, None);
    let described_then_more = async {
        let described = describe.await;
        let table_of = described.as_ref().ok().and_then(|output| output.table());
        let arn = table_of.and_then(|table| table.table_arn());
        let index_names: Vec<&str> = table_of
            .map(|table| table.global_secondary_indexes())
            .unwrap_or_default()
            .iter()
            .filter_map(|index| index.index_name())
            .collect();
        let (policy, indexes) = tokio::join!(
            policy(client, target, arn),
            insights_of(client, target, table, &index_names)
        );
        (described, policy, indexes)
    };
    let ((described, resource_policy, indexes), ttl, recovery, contributor_insights) =
        tokio::join!(described_then_more, ttl, backups, insights);
    let described = described.map_err(|error| classify(&error, target))?;
    let ttl_description = ttl
        .as_ref()
        .ok()
        .and_then(|output| ttl_from_sdk(output.time_to_live_description()));
    let description = described_table(described, table, ttl_description)?;
    let others = Others {
        recovery,
        resource_policy,
        contributor_insights,
    };
    Ok((description, others.with_ttl(&ttl, target, indexes)))
}

/// The extras but TTL, whose answer may also serve the table's description.
struct Others {
    recovery: Readable<Recovery>,
    resource_policy: Readable<bool>,
    contributor_insights: Readable<String>,
}

impl Others {
    fn with_ttl(
        self,
        ttl: &TtlAnswer,
        target: Target<'_>,
        index_contributor_insights: Vec<(String, Readable<String>)>,
    ) -> TableExtras {
        TableExtras {
            recovery: self.recovery,
            ttl: match ttl {
                Ok(output) => {
                    Readable::Read(ttl_settings_from_sdk(output.time_to_live_description()))
                }
                Err(error) => Readable::NotReadable(not_readable(error, target)),
            },
            resource_policy: self.resource_policy,
            contributor_insights: self.contributor_insights,
            index_contributor_insights,
        }
    }
}

async fn others(client: &Client, target: Target<'_>, table: &str, arn: Option<&str>) -> Others {
    let (recovery, contributor_insights, resource_policy) = tokio::join!(
        backups(client, target, table),
        insights(client, target, table, None),
        policy(client, target, arn)
    );
    Others {
        recovery,
        resource_policy,
        contributor_insights,
    }
}

async fn backups(client: &Client, target: Target<'_>, table: &str) -> Readable<Recovery> {
    match client
        .describe_continuous_backups()
        .table_name(table)
        .send()
        .await
    {
        Ok(output) => Readable::Read(recovery_from_sdk(output.continuous_backups_description())),
        Err(error) => Readable::NotReadable(not_readable(&error, target)),
    }
}

/// Each global index's contributor insights, asked side by side.
async fn index_insights(
    client: &Client,
    target: Target<'_>,
    table: &TableDescription,
) -> Vec<(String, Readable<String>)> {
    let names: Vec<&str> = table
        .indexes
        .iter()
        .filter(|index| index.kind == IndexKind::Global)
        .map(|index| index.name.as_str())
        .collect();
    insights_of(client, target, &table.name, &names).await
}

async fn insights_of(
    client: &Client,
    target: Target<'_>,
    table: &str,
    indexes: &[&str],
) -> Vec<(String, Readable<String>)> {
    let asked = indexes
        .iter()
        .map(|index| insights(client, target, table, Some(index)));
    let answers = futures_util::future::join_all(asked).await;
    indexes
        .iter()
        .map(|index| (*index).to_owned())
        .zip(answers)
        .collect()
}

/// The status of the table's contributor insights, or of one of its global indexes'.
async fn insights(
    client: &Client,
    target: Target<'_>,
    table: &str,
    index: Option<&str>,
) -> Readable<String> {
    match client
        .describe_contributor_insights()
        .table_name(table)
        .set_index_name(index.map(str::to_owned))
        .send()
        .await
    {
        Ok(output) => Readable::Read(
            output
                .contributor_insights_status()
                .map_or("DISABLED", |status| status.as_str())
                .to_owned(),
        ),
        Err(error) => Readable::NotReadable(not_readable(&error, target)),
    }
}

async fn policy(client: &Client, target: Target<'_>, arn: Option<&str>) -> Readable<bool> {
    let Some(arn) = arn else {
        return Readable::NotReadable("the table's ARN is not known".to_owned());
    };
    match client.get_resource_policy().resource_arn(arn).send().await {
        Ok(output) => Readable::Read(output.policy().is_some()),
        // The documented answer for a table without a policy.
        Err(error)
            if error
                .as_service_error()
                .is_some_and(|error| error.is_policy_not_found_exception()) =>
        {
            Readable::Read(false)
        }
        Err(error) => Readable::NotReadable(not_readable(&error, target)),
    }
}
