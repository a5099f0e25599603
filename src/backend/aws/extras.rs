//! The overview's values that need a call each: DescribeContinuousBackups, DescribeTimeToLive,
//! GetResourcePolicy and DescribeContributorInsights, sent together. Each failure (most often a
//! principal without the permission) makes only its own value "not readable".

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::{ProvideErrorMetadata, SdkError};

use super::errors::{Target, classify};
use crate::backend::BackendError;
use crate::backend::aws_convert::{recovery_from_sdk, ttl_settings_from_sdk};
use crate::domain::table_settings::{Readable, TableExtras};

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
    table: &str,
    arn: Option<&str>,
) -> TableExtras {
    let backups = client
        .describe_continuous_backups()
        .table_name(table)
        .send();
    let ttl = client.describe_time_to_live().table_name(table).send();
    let insights = client
        .describe_contributor_insights()
        .table_name(table)
        .send();
    let policy = async {
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
    };
    let (backups, ttl, insights, resource_policy) = tokio::join!(backups, ttl, insights, policy);
    TableExtras {
        recovery: match backups {
            Ok(output) => {
                Readable::Read(recovery_from_sdk(output.continuous_backups_description()))
            }
            Err(error) => Readable::NotReadable(not_readable(&error, target)),
        },
        ttl: match ttl {
            Ok(output) => Readable::Read(ttl_settings_from_sdk(output.time_to_live_description())),
            Err(error) => Readable::NotReadable(not_readable(&error, target)),
        },
        resource_policy,
        contributor_insights: match insights {
            Ok(output) => Readable::Read(
                output
                    .contributor_insights_status()
                    .map_or("DISABLED", |status| status.as_str())
                    .to_owned(),
            ),
            Err(error) => Readable::NotReadable(not_readable(&error, target)),
        },
    }
}
