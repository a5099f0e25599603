//! Model files ddbx reads with `--model`, told apart by their content: its own TOML, a NoSQL
//! Workbench model, a OneTable schema, the AWS DynamoDB MCP server's `schema.json`, and
//! dynamodb-toolbox's table and entity DTOs.

pub mod mcp_schema;
pub mod onetable_file;
pub mod toolbox_dto;
mod toolbox_dto_patterns;

use super::model::Model;
use super::workbench;

/// The model in `text` (the file `file`), whatever its format; with `table`, a file describing
/// several tables gives that table's part when it has it.
pub fn parse_model(
    path: &std::path::Path,
    text: &str,
    file: &str,
    table: Option<&str>,
) -> Result<Model, String> {
    if !workbench::looks_like_workbench(path, text) {
        return Model::parse(text, file).map_err(|error| error.to_string());
    }
    // Text that is not JSON gets the Workbench reader's message, the format most files are.
    let Ok(json) = serde_json::from_str::<serde_json::Value>(text) else {
        return workbench::import(text, file, table);
    };
    if mcp_schema::looks_like(&json) {
        mcp_schema::import(text, file, table)
    } else if onetable_file::looks_like(&json) {
        onetable_file::import(&json, file)
    } else if toolbox_dto::looks_like(&json) {
        toolbox_dto::import(&json, file, table)
    } else {
        workbench::import(text, file, table)
    }
}
