//! The demo and `--file` tables for the terminal UI, loaded on a thread of their own behind a
//! [`LoadingBackend`] so the first frame is drawn at once; the headless commands open the same
//! tables whole ([`super::embedded`]) because they need the whole table before answering.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::embedded::{DEMO_CONNECTION, OfflineFile};
use super::options::TuiOptions;
use crate::backend::aws::AwsOptions;
use crate::backend::memory::MemoryBackend;
use crate::backend::{Backend, LoadingBackend};
use crate::domain::load_progress::LoadProgress;

/// A table that is loading: the backend to open the UI on, the table's name and the progress.
pub struct Loading {
    pub backend: Arc<dyn Backend>,
    pub table: String,
    pub progress: Arc<LoadProgress>,
}

/// Items between two progress updates: often enough for a smooth line, rarely enough to cost
/// nothing.
const PROGRESS_EVERY: usize = 4096;

/// The demo (`--demo`, `--demo-size`, `--seed`), generated and loaded while the UI opens.
#[must_use]
pub fn demo(options: &TuiOptions) -> Loading {
    let (seed, size) = (options.seed, options.demo_size);
    let progress = Arc::new(LoadProgress::new(Some(size as u64)));
    let connection = demo_connection(MemoryBackend::empty()).connection();
    let backend = LoadingBackend::spawn(
        connection,
        progress.clone(),
        Box::new(move |progress| {
            let items = crate::demo::items(seed, size)
                .enumerate()
                .map(|(position, item)| {
                    if position.is_multiple_of(PROGRESS_EVERY) {
                        progress.set_loaded(position as u64);
                    }
                    item
                });
            let engine = MemoryBackend::new(crate::demo::description(), items)
                .map_err(|error| format!("the demo table failed to load: {error}"))?;
            progress.set_loaded(size as u64);
            Ok(Arc::new(demo_connection(engine)) as Arc<dyn Backend>)
        }),
    );
    Loading {
        backend: Arc::new(backend),
        table: crate::demo::TABLE_NAME.to_owned(),
        progress,
    }
}

fn demo_connection(engine: MemoryBackend) -> MemoryBackend {
    engine.with_connection_kind(DEMO_CONNECTION, None)
}

/// The `--file` table at `path`, read while the UI opens. What can be checked at once (the path
/// exists, the schema file reads) fails here, on the normal terminal. Writable as loaded: the
/// caller makes it read-only.
pub fn file(path: &Path, options: &TuiOptions, aws: &AwsOptions) -> Result<Loading, String> {
    let path: PathBuf = path.to_owned();
    if crate::offline::s3_url(&path).is_none() {
        std::fs::metadata(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    }
    let reading = options.reading(aws);
    let table = crate::offline::table_name(&path, options.schema.as_deref(), &reading)
        .map_err(|error| error.to_string())?;
    let progress = Arc::new(LoadProgress::new(None));
    let connection = MemoryBackend::empty()
        .with_connection_kind("file", Some(path.display().to_string()))
        .connection();
    let options = options.clone();
    let backend = LoadingBackend::spawn(
        connection,
        progress.clone(),
        Box::new(move |progress| {
            let (engine, opened) = crate::offline::open_backend_counting(
                &path,
                options.schema.as_deref(),
                &reading,
                progress,
            )
            .map_err(|error| error.to_string())?;
            let file = OfflineFile {
                table: opened.description.name,
                inferred: opened.inferred,
                warnings: opened.warnings,
            };
            progress.leave_notices(file.tui_notices());
            Ok(Arc::new(engine) as Arc<dyn Backend>)
        }),
    );
    Ok(Loading {
        backend: Arc::new(backend),
        table,
        progress,
    })
}
