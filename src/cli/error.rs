//! CLI errors and their exit codes (the table in docs/headless.md): 2 when nothing was sent (bad
//! input, a local refusal, read-only), 3 when a write's condition failed (nothing written), 1 when
//! a request was sent and failed. Each message says what went wrong and what to do about it.

use std::fmt;

use crate::backend::BackendError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// Bad usage or invalid input, caught before the read was sent. Exit code 2.
    Usage(String),
    /// The server refused the request, could not be reached, or output failed. Exit code 1.
    Failed(String),
    /// A write's condition failed: the item changed since it was read, the expected version did
    /// not match, or the target key exists. Nothing was written. Exit code 3.
    ConditionFailed(String),
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
            Self::ConditionFailed(_) => 3,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(message) | Self::Failed(message) | Self::ConditionFailed(message) => {
                f.write_str(message)
            }
        }
    }
}

impl std::error::Error for CliError {}

/// The outcome of writing a command's output: a reader that closed the pipe (`| head`) is no
/// failure; any other write error is.
pub fn ignore_closed_pipe(result: std::io::Result<()>) -> Result<(), CliError> {
    match result {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Failed(
            format!("could not write the output: {error}"),
        )),
        _ => Ok(()),
    }
}

/// What to try next, where the backend's message does not already say it (network and
/// credential errors carry their own advice from the backend).
fn hint(error: &BackendError) -> Option<&'static str> {
    Some(match error {
        BackendError::NotFound(_) => {
            "check --table and --region/--endpoint-url; `ddbx tables` lists the tables there"
        }
        // With reasons the message already says which limit and what to do.
        BackendError::Throttled { reasons, .. } if reasons.is_empty() => {
            "the table is throttling reads; retry later or use a smaller --limit"
        }
        _ => return None,
    })
}

/// How a headless command reports a table it could not open: a `--file` that cannot be loaded
/// is refused input (exit 2); the demo failing to build and DynamoDB out of reach are failures.
impl From<crate::connect::OpenError> for CliError {
    fn from(error: crate::connect::OpenError) -> Self {
        use crate::connect::OpenError;
        match error {
            OpenError::Demo(message) => Self::from(BackendError::Service {
                code: "DemoNotLoaded".to_owned(),
                message,
            }),
            OpenError::File(message) => Self::Usage(message),
            OpenError::Connect(error) => Self::from(error),
        }
    }
}

impl From<BackendError> for CliError {
    fn from(error: BackendError) -> Self {
        // The read-only wrapper refuses before any request leaves the process: nothing was sent.
        if matches!(error, BackendError::ReadOnly) {
            return Self::Usage(error.to_string());
        }
        let message = match hint(&error) {
            Some(hint) => format!("{error}\nhint: {hint}"),
            None => error.to_string(),
        };
        Self::Failed(message)
    }
}

impl From<crate::write::WriteError> for CliError {
    fn from(error: crate::write::WriteError) -> Self {
        match error {
            // Nothing was sent, and the user has something to fix.
            crate::write::WriteError::JournalUnwritable { .. } => Self::Usage(error.to_string()),
            crate::write::WriteError::Backend(error) => Self::from(error),
        }
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
    fn network_and_credential_errors_pass_the_backend_advice_through_unchanged() {
        let network = BackendError::Network(
            "could not reach http://127.0.0.1:9; check --endpoint-url".to_owned(),
        );
        assert_eq!(
            CliError::from(network.clone()).to_string(),
            network.to_string()
        );
        let auth = BackendError::Auth {
            code: "CredentialsNotLoaded".to_owned(),
            message: "no usable AWS credentials; check --profile".to_owned(),
        };
        assert_eq!(
            CliError::from(auth).to_string(),
            "CredentialsNotLoaded: no usable AWS credentials; check --profile"
        );
    }

    #[test]
    fn a_read_only_refusal_from_the_backend_exits_two_as_nothing_was_sent() {
        let error = CliError::from(BackendError::ReadOnly);
        assert_eq!(error.exit_code(), 2);
        assert!(error.to_string().contains("nothing was sent"), "{error}");
    }

    #[test]
    fn usage_errors_exit_with_two_and_other_errors_with_one() {
        assert_eq!(CliError::usage("x").exit_code(), 2);
        assert_eq!(CliError::Failed("x".to_owned()).exit_code(), 1);
    }
}
