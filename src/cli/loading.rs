//! The demo and `--file` tables for the terminal UI, loaded on a thread of their own behind a
//! [`LoadingBackend`] so the first frame is drawn at once; the headless commands open the same
//! tables synchronously ([`super::source`]) because they need the whole table before answering.

use std::sync::Arc;

use crate::backend::memory::MemoryBackend;
use crate::backend::read_only::ReadOnly;
use crate::backend::{Backend, LoadingBackend};
use crate::domain::load_progress::LoadProgress;

use super::source::TuiOptions;

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
    engine.with_connection_kind("demo (in memory)", None)
}

/// The `--file` table, read while the UI opens; `None` without `--file`. What can be checked
/// at once (the path exists, the schema file reads) fails here, on the normal terminal.
pub fn file(options: &TuiOptions) -> Result<Option<Loading>, String> {
    let Some(path) = options.file.clone() else {
        return Ok(None);
    };
    std::fs::metadata(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    let table = crate::offline::table_name(&path, options.schema.as_deref())
        .map_err(|error| error.to_string())?;
    let progress = Arc::new(LoadProgress::new(None));
    let empty =
        MemoryBackend::empty().with_connection_kind("file", Some(path.display().to_string()));
    let connection = ReadOnly::new(Arc::new(empty)).connection();
    let options = options.clone();
    let backend = LoadingBackend::spawn(
        connection,
        progress.clone(),
        Box::new(move |progress| {
            let (engine, opened) = crate::offline::open_backend_counting(
                &path,
                options.schema.as_deref(),
                options.bad_lines.into(),
                progress,
            )
            .map_err(|error| error.to_string())?;
            let opened = super::source::OfflineTable {
                backend: Arc::new(ReadOnly::new(Arc::new(engine))),
                table: opened.description.name,
                inferred: opened.inferred,
                warnings: opened.warnings,
            };
            progress.leave_notices(opened.tui_notices());
            Ok(opened.backend)
        }),
    );
    Ok(Some(Loading {
        backend: Arc::new(backend),
        table,
        progress,
    }))
}
