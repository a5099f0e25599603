//! CLI errors and their exit codes: 2 when the input was refused before any read was sent, 1 for
//! everything else. Each message says what went wrong and what to do about it.

use std::fmt;

use crate::backend::BackendError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// Bad usage or invalid input, caught before the read was sent. Exit code 2.
    Usage(String),
    /// The server refused the request, could not be reached, or output failed. Exit code 1.
    Failed(String),
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> Self {
        Self::Usage(message.into())
    }

    #[must_use]
    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Usage(_) => 2,
            Self::Failed(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(message) | Self::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CliError {}

/// What to try next for each kind of backend failure. The service's own words come first.
fn hint(error: &BackendError) -> Option<&'static str> {
    Some(match error {
        BackendError::NotFound(_) => {
            "check --table and --region/--endpoint-url; `ddbx tables` lists the tables there"
        }
        BackendError::Network(_) => {
            "check that --endpoint-url (or the region's endpoint) is reachable from this machine"
        }
        BackendError::Auth { .. } => {
            "check the credentials: --profile, AWS_PROFILE, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or `aws sso login`"
        }
        BackendError::Throttled { .. } => {
            "the table is throttling reads; retry later or use a smaller --limit"
        }
        BackendError::Validation(_) => "the server rejected the request as invalid",
        _ => return None,
    })
}

impl From<BackendError> for CliError {
    fn from(error: BackendError) -> Self {
        let message = match hint(&error) {
            Some(hint) => format!("{error}\nhint: {hint}"),
            None => error.to_string(),
        };
        Self::Failed(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_table_keeps_the_service_wording_and_says_how_to_find_tables() {
        let error = CliError::from(BackendError::NotFound(
            "Requested resource not found".to_owned(),
        ));
        assert_eq!(error.exit_code(), 1);
        let text = error.to_string();
        assert!(text.starts_with("ResourceNotFoundException: Requested resource not found"));
        assert!(text.contains("--table"));
        assert!(text.contains("ddbx tables"));
    }

    #[test]
    fn unreachable_endpoint_points_at_the_endpoint() {
        let text =
            CliError::from(BackendError::Network("connection refused".to_owned())).to_string();
        assert!(text.contains("connection refused"), "{text}");
        assert!(text.contains("--endpoint-url"), "{text}");
    }

    #[test]
    fn missing_credentials_names_the_ways_to_provide_them() {
        let text = CliError::from(BackendError::Auth {
            code: "CredentialsNotLoaded".to_owned(),
            message: "no credentials in the chain".to_owned(),
        })
        .to_string();
        assert!(
            text.starts_with("CredentialsNotLoaded: no credentials"),
            "{text}"
        );
        assert!(text.contains("--profile"), "{text}");
    }

    #[test]
    fn usage_errors_exit_with_two_and_other_errors_with_one() {
        assert_eq!(CliError::usage("x").exit_code(), 2);
        assert_eq!(CliError::Failed("x".to_owned()).exit_code(), 1);
    }
}
