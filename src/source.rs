//! Opening the table the options name when it is not on DynamoDB (the demo, an offline file),
//! and the entity decoder of a model file: shared by the terminal UI and the headless commands.

use std::sync::Arc;

use crate::backend::Backend;
use crate::cli::source_options::TuiOptions;

/// The in-memory demo backend (`--demo`, `--demo-size`, `--seed`) and its table name.
pub fn demo_backend(options: &TuiOptions) -> Result<(Arc<dyn Backend>, String), String> {
    let (description, items) = crate::demo::generate(options.seed, options.demo_size);
    let backend = crate::backend::memory::MemoryBackend::new(description, items)
        .map_err(|error| format!("the demo table failed to load: {error}"))?
        .with_connection_kind("demo (in memory)", None);
    Ok((Arc::new(backend), crate::demo::TABLE_NAME.to_owned()))
}

/// An offline table opened for the UI.
pub struct OfflineTable {
    /// Read-only.
    pub backend: Arc<dyn Backend>,
    pub table: String,
    /// What the user should be told about loading it (inferred schema, skipped lines).
    pub notices: Vec<String>,
}

/// The `--file` table, when one was given.
pub fn file_backend(options: &TuiOptions) -> Result<Option<OfflineTable>, String> {
    let Some(path) = &options.file else {
        return Ok(None);
    };
    let (engine, opened) =
        crate::offline::open_backend(path, options.schema.as_deref(), options.bad_lines.into())
            .map_err(|error| error.to_string())?;
    let mut notices: Vec<String> = opened.inferred.into_iter().collect();
    if let Some(first) = opened.warnings.first() {
        notices.push(format!(
            "{} warnings while loading; first: {first}",
            opened.warnings.len()
        ));
    }
    let backend: Arc<dyn Backend> =
        Arc::new(crate::backend::read_only::ReadOnly::new(Arc::new(engine)));
    Ok(Some(OfflineTable {
        backend,
        table: opened.description.name,
        notices,
    }))
}

/// The entity decoder, with the `--model` file when given (a TOML model, or a NoSQL Workbench
/// model JSON, whose facets of every table are imported).
pub fn entity_decoder(
    options: &TuiOptions,
) -> Result<crate::domain::entity::EntityDecoder, String> {
    entity_decoder_for(options, None)
}

/// [`entity_decoder`] for one table: from a Workbench model, only that table's facets when the
/// model has the table.
pub fn entity_decoder_for(
    options: &TuiOptions,
    table: Option<&str>,
) -> Result<crate::domain::entity::EntityDecoder, String> {
    let Some(path) = &options.model else {
        return Ok(crate::domain::entity::EntityDecoder::new());
    };
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let file = path.display().to_string();
    // qextras: NoSQL Workbench models are told apart by extension or content.
    let model = if crate::domain::workbench::looks_like_workbench(path, &text) {
        crate::domain::workbench::import(&text, &file, table)?
    } else {
        crate::domain::model::Model::parse(&text, &file).map_err(|error| error.to_string())?
    };
    Ok(crate::domain::entity::EntityDecoder::with_model(model))
}
