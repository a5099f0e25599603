//! Another place to read a table from than the session's own connection: an export (a file, a
//! folder or an `s3://` prefix) or DynamoDB through other options (another endpoint, profile or
//! region). The diff screen compares the open table with a table there; what is opened there is
//! always read-only, since a diff never writes.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::{Load, OpenError, Source, TuiOptions, file_engine};
use crate::backend::aws::AwsOptions;
use crate::backend::read_only::ReadOnly;
use crate::backend::{Backend, BackendError};

/// A request to another place fails after this long, as a headless command's default
/// `--timeout` does.
const TIMEOUT: Duration = Duration::from_secs(30);

/// Where the other table is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// An export, loaded whole into an embedded engine of its own.
    File(PathBuf),
    /// DynamoDB (or an endpoint speaking its API) through these options.
    Connection(AwsOptions),
}

impl fmt::Display for Place {
    /// The place in the words of `ddbx diff`'s options (`--to-file PATH`, `--to-endpoint-url
    /// URL --to-profile P --to-region R`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::File(path) => write!(f, "--to-file {}", path.display()),
            Self::Connection(options) => {
                let words = [
                    ("--to-endpoint-url", &options.endpoint_url),
                    ("--to-profile", &options.profile),
                    ("--to-region", &options.region),
                ];
                let words: Vec<String> = words
                    .iter()
                    .filter_map(|(flag, value)| {
                        value.as_ref().map(|value| format!("{flag} {value}"))
                    })
                    .collect();
                f.write_str(&words.join(" "))
            }
        }
    }
}

/// Opens `place`, read-only. An export is read whole on a blocking thread (the runtime carries
/// the UI's loop); what refuses it is said as the service's error would be.
///
/// # Errors
/// The export cannot be read, or DynamoDB cannot be reached.
pub async fn open_place(place: &Place) -> Result<Arc<dyn Backend>, BackendError> {
    match place {
        Place::File(path) => {
            let path = path.clone();
            let (engine, _) = tokio::task::spawn_blocking(move || {
                file_engine(&path, &TuiOptions::default(), &AwsOptions::default())
            })
            .await
            .map_err(|error| unreadable(error.to_string()))?
            .map_err(unreadable)?;
            Ok(Arc::new(ReadOnly::new(engine)))
        }
        Place::Connection(options) => {
            let source = Source::Aws {
                options: options.clone(),
                timeout: TIMEOUT,
            };
            match super::open(source, Load::Whole, true).await {
                Ok(opened) => Ok(opened.backend),
                Err(OpenError::Connect(error)) => Err(error),
                Err(OpenError::File(message) | OpenError::Demo(message)) => {
                    Err(unreadable(message))
                }
            }
        }
    }
}

/// Whether `endpoint` starts with `http://` or `https://` and names something after it: an
/// endpoint without a scheme is refused before anything is sent.
#[must_use]
pub fn has_scheme(endpoint: &str) -> bool {
    let lower = endpoint.to_ascii_lowercase();
    ["http://", "https://"]
        .iter()
        .any(|scheme| lower.starts_with(scheme) && lower.len() > scheme.len())
}

fn unreadable(message: String) -> BackendError {
    BackendError::Service {
        code: "ExportUnreadable".to_owned(),
        message,
    }
}
