//! The `ThrottlingReasons` of a throttling error. The SDK decodes them on the three throttling
//! exceptions of the operations that declare them (Query, PutItem, …); an operation that does not
//! (DescribeTable, for one) hands the error over undecoded, so its raw JSON body is read instead.

use std::error::Error;

use aws_sdk_dynamodb::types::ThrottlingReason as SdkReason;
use aws_sdk_dynamodb::types::error::{
    ProvisionedThroughputExceededException, RequestLimitExceeded, ThrottlingException,
};
use serde_json::Value;

use crate::domain::throttling::ThrottlingReason;

/// The reasons the service sent with `error`, from the SDK's decoding when it did one, else from
/// `body`. Empty when there are none (older services, local servers).
pub(super) fn reasons_of(
    error: &(dyn Error + 'static),
    body: Option<&[u8]>,
) -> Vec<ThrottlingReason> {
    let decoded = [Some(error), error.source()]
        .into_iter()
        .flatten()
        .find_map(decoded_reasons);
    match decoded {
        Some(reasons) if !reasons.is_empty() => reasons,
        _ => body.map(reasons_in_body).unwrap_or_default(),
    }
}

fn decoded_reasons(error: &(dyn Error + 'static)) -> Option<Vec<ThrottlingReason>> {
    let sdk = if let Some(error) = error.downcast_ref::<ProvisionedThroughputExceededException>() {
        error.throttling_reasons()
    } else if let Some(error) = error.downcast_ref::<ThrottlingException>() {
        error.throttling_reasons()
    } else {
        error
            .downcast_ref::<RequestLimitExceeded>()?
            .throttling_reasons()
    };
    Some(sdk.iter().filter_map(from_sdk).collect())
}

fn from_sdk(reason: &SdkReason) -> Option<ThrottlingReason> {
    Some(ThrottlingReason {
        reason: reason.reason()?.to_owned(),
        resource: reason.resource().map(str::to_owned),
    })
}

/// `{"__type": "…", "message": "…", "ThrottlingReasons": [{"reason": …, "resource": …}]}`.
fn reasons_in_body(body: &[u8]) -> Vec<ThrottlingReason> {
    let Ok(json) = serde_json::from_slice::<Value>(body) else {
        return Vec::new();
    };
    json.get("ThrottlingReasons")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            Some(ThrottlingReason {
                reason: entry.get("reason")?.as_str()?.to_owned(),
                resource: entry
                    .get("resource")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_the_sdk_left_undecoded_gives_its_reasons_in_order() {
        let body = br#"{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"slow","ThrottlingReasons":[{"reason":"TableReadKeyRangeThroughputExceeded","resource":"arn:aws:dynamodb:us-east-1:1:table/T"},{"reason":"IndexReadAccountLimitExceeded"}]}"#;
        let error = std::io::Error::other("unhandled");
        let reasons = reasons_of(&error, Some(body));
        assert_eq!(
            reasons,
            [
                ThrottlingReason {
                    reason: "TableReadKeyRangeThroughputExceeded".into(),
                    resource: Some("arn:aws:dynamodb:us-east-1:1:table/T".into()),
                },
                ThrottlingReason {
                    reason: "IndexReadAccountLimitExceeded".into(),
                    resource: None,
                },
            ]
        );
        assert!(reasons_of(&error, Some(b"not json")).is_empty());
        assert!(reasons_of(&error, None).is_empty());
    }

    #[test]
    fn the_sdk_decoding_is_used_when_there_is_one() {
        let error = ThrottlingException::builder()
            .message("slow")
            .throttling_reasons(
                SdkReason::builder()
                    .reason("TableWriteMaxOnDemandThroughputExceeded")
                    .build(),
            )
            .build();
        assert_eq!(
            reasons_of(&error, Some(b"{}")),
            [ThrottlingReason {
                reason: "TableWriteMaxOnDemandThroughputExceeded".into(),
                resource: None,
            }]
        );
    }
}
