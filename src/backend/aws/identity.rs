//! The account id behind the credentials, from STS GetCallerIdentity. It is a courtesy for the
//! header, so every failure (no STS at a local endpoint, expired credentials, no network) is
//! simply "unknown" and never an error the user has to read.

use crate::backend::BackendError;

/// The caller's account id, or `None` when STS does not answer with one.
pub(super) async fn account_id(sts: &aws_sdk_sts::Client) -> Result<Option<String>, BackendError> {
    let account = match sts.get_caller_identity().send().await {
        Ok(output) => output.account().map(str::to_owned),
        Err(_) => None,
    };
    Ok(account.filter(|account| !account.is_empty()))
}
