//! The entity decoder the options ask for: the `--model` file's, the demo's own model, or the
//! heuristics alone.

use super::options::TuiOptions;
use crate::domain::entity::EntityDecoder;
use crate::domain::model::Model;

/// A model file is hand-written or exported from NoSQL Workbench: kilobytes, not megabytes.
const MAX_MODEL_FILE: u64 = 16 * 1024 * 1024;

/// The entity decoder, with the `--model` file when given (any format of
/// [`crate::domain::model_formats`]; of a file describing several tables, every table's part).
pub fn entity_decoder(options: &TuiOptions) -> Result<EntityDecoder, String> {
    entity_decoder_for(options, None)
}

/// [`entity_decoder`] for one table: from a file describing several tables, only that table's
/// part when the file has it.
pub fn entity_decoder_for(
    options: &TuiOptions,
    table: Option<&str>,
) -> Result<EntityDecoder, String> {
    let Some(path) = &options.model else {
        // The demo comes with its model, so its palette has the access patterns to try.
        return Ok(if options.demo {
            EntityDecoder::with_model(crate::demo::model())
        } else {
            EntityDecoder::new()
        });
    };
    model_file(path, table).map(EntityDecoder::with_model)
}

/// The model in the file at `path` (any format of [`crate::domain::model_formats`]); of a file
/// describing several tables, `table`'s part when it has it.
pub fn model_file(path: &std::path::Path, table: Option<&str>) -> Result<Model, String> {
    let text = crate::storage::input::read_regular_text(path, MAX_MODEL_FILE)
        .map_err(|error| format!("{} {error}", path.display()))?;
    let file = path.display().to_string();
    crate::domain::model_formats::parse_model(path, &text, &file, table)
}
