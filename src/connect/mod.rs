//! Where the table comes from and opening it: the options naming it (the demo, an offline file,
//! DynamoDB), the embedded engine holding the demo and file tables, and `--read-only`. The
//! headless commands (a bulk copy's target too) and the terminal UI open their table with
//! [`open`], the one place a session is made read-only; the server serves the same embedded
//! tables ([`demo_engine`], [`file_engine`]) and refuses writes per request itself. It serves
//! them all, so it imports none of them. [`Place`] names another place to read a table from (an
//! export, another connection), opened read-only for the diff screen's other side.

mod embedded;
mod entities;
mod loading;
mod options;
mod place;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::backend::aws::{AwsBackend, AwsOptions};
use crate::backend::read_only::ReadOnly;
use crate::backend::{Backend, BackendError};
use crate::domain::load_progress::LoadProgress;

pub use embedded::{OfflineFile, demo_engine, file_engine};
pub use entities::{entity_decoder, entity_decoder_for, model_file};
pub use options::{BadLinesChoice, ImageChoice, ThemeChoice, TuiOptions};
pub use place::{Place, has_scheme, open_place};

/// Where a table comes from.
pub enum Source<'a> {
    /// The generated demo table, in the embedded engine.
    Demo(&'a TuiOptions),
    /// An offline table (`--file`), in the embedded engine; always read-only. `aws` names the
    /// profile and region S3 is read with, for an `s3://` export.
    File {
        path: &'a Path,
        options: &'a TuiOptions,
        aws: AwsOptions,
    },
    /// DynamoDB (or an endpoint speaking its API).
    Aws {
        options: AwsOptions,
        timeout: Duration,
    },
}

impl<'a> Source<'a> {
    /// The source the options name: the demo, else the `--file` table, else DynamoDB.
    #[must_use]
    pub fn named_by(tui: &'a TuiOptions, aws: AwsOptions, timeout: Duration) -> Self {
        if tui.demo {
            Self::Demo(tui)
        } else if let Some(path) = &tui.file {
            Self::File {
                path,
                options: tui,
                aws,
            }
        } else {
            Self::Aws {
                options: aws,
                timeout,
            }
        }
    }
}

/// How an embedded table is loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Load {
    /// Whole before opening returns: a headless command needs the whole table to answer.
    Whole,
    /// On a thread of its own, so the terminal UI draws its first frame at once.
    InBackground,
}

/// An opened table.
pub struct Opened {
    pub backend: Arc<dyn Backend>,
    /// The table the source holds (the demo's, the file's); `None` on DynamoDB.
    pub table: Option<String>,
    /// The loading's progress, for a table loaded in the background.
    pub progress: Option<Arc<LoadProgress>>,
    /// What loading found that must not pass silently (an inferred schema, skipped lines), for
    /// stderr; a table loaded in the background shows its own on the UI's notice line.
    pub notices: Vec<String>,
    /// The table lives in this process's embedded engine.
    pub embedded: bool,
}

/// Why a table could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// The demo table failed to build.
    Demo(String),
    /// The `--file` table (or its schema file) could not be read: refused input, nothing was
    /// read from any table.
    File(String),
    /// DynamoDB could not be reached.
    Connect(BackendError),
}

/// Opens `source`, read-only when `read_only` (and always for `--file`): the one place a
/// session's writes are refused before any leaves the process.
pub async fn open(source: Source<'_>, load: Load, read_only: bool) -> Result<Opened, OpenError> {
    let always_read_only = matches!(source, Source::File { .. });
    let opened = match (source, load) {
        (Source::Demo(options), Load::Whole) => {
            let engine = demo_engine(options)
                .map_err(OpenError::Demo)?
                .with_connection_kind(embedded::DEMO_CONNECTION, None);
            embedded_table(Arc::new(engine), crate::demo::TABLE_NAME.to_owned())
        }
        (Source::Demo(options), Load::InBackground) => loading_table(loading::demo(options)),
        (Source::File { path, options, aws }, Load::Whole) => {
            let (engine, file) = file_engine(path, options, &aws).map_err(OpenError::File)?;
            Opened {
                notices: file.headless_notices(),
                ..embedded_table(engine, file.table)
            }
        }
        (Source::File { path, options, aws }, Load::InBackground) => {
            loading_table(loading::file(path, options, &aws).map_err(OpenError::File)?)
        }
        (Source::Aws { options, timeout }, _) => {
            let backend = AwsBackend::connect_with_timeout(options, timeout)
                .await
                .map_err(OpenError::Connect)?;
            Opened {
                backend: Arc::new(backend),
                table: None,
                progress: None,
                notices: Vec::new(),
                embedded: false,
            }
        }
    };
    let backend = if read_only || always_read_only {
        Arc::new(ReadOnly::new(opened.backend))
    } else {
        opened.backend
    };
    Ok(Opened { backend, ..opened })
}

fn embedded_table(backend: Arc<dyn Backend>, table: String) -> Opened {
    Opened {
        backend,
        table: Some(table),
        progress: None,
        notices: Vec::new(),
        embedded: true,
    }
}

fn loading_table(loading: loading::Loading) -> Opened {
    Opened {
        progress: Some(loading.progress),
        ..embedded_table(loading.backend, loading.table)
    }
}
