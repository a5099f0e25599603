//! Schemas a library keeps in the table itself: OneTable's `saveSchema` writes its models and
//! saved queries into the `_schema` / `_schema:Current` item. When no model was given and the
//! discovery scan meets that key, the whole item is read (the scan projects only keys and type
//! attributes) and becomes the model, so its templates name key parts and its queries appear in
//! the palette with no configuration.

use crate::app::command::Command;
use crate::app::read::{Read, ReadFor};
use crate::app::state::{Notice, State};
use crate::backend::BackendError;
use crate::domain::entity::EntityDecoder;
use crate::domain::grammar::onetable::{is_schema_item, model_from_schema_item};
use crate::domain::request::{ExpressionParams, GetOutput, GetRequest};
use crate::domain::value::Item;

/// Reads the saved schema whose key is among `items`, unless a model is loaded already.
pub(in crate::app::update) fn request(state: &mut State, items: &[Item]) -> Vec<Command> {
    if state.entities.model().is_some() {
        return Vec::new();
    }
    let Some(description) = state.described() else {
        return Vec::new();
    };
    let Some(key) = items
        .iter()
        .find(|item| is_schema_item(item, &description.key))
        .and_then(|item| description.key.key_of(item))
    else {
        return Vec::new();
    };
    let request = GetRequest {
        table: state.table.name.clone(),
        key,
        projection: None,
        params: ExpressionParams::default(),
        consistent_read: false,
    };
    let id = state.ids.issue();
    vec![Command::read(id, ReadFor::SavedSchema, Read::Get(request))]
}

/// The saved schema as read: adopted as the model, or the reason it was not.
pub(in crate::app::update) fn answered(state: &mut State, result: Result<GetOutput, BackendError>) {
    if state.entities.model().is_some() {
        return;
    }
    let saved = match result {
        Ok(GetOutput {
            item: Some(item), ..
        }) => item,
        Ok(_) => return,
        Err(error) => {
            state.notice = Some(Notice::Error(format!(
                "OneTable's saved schema could not be read: {error}"
            )));
            return;
        }
    };
    match model_from_schema_item(&saved) {
        Ok(model) => {
            state.notice = Some(Notice::Info(format!(
                "read OneTable's saved schema as the model: {}, {}",
                crate::domain::figures::counted(model.entities.len() as u64, "entity", "entities"),
                crate::domain::figures::counted(
                    model.access_patterns.len() as u64,
                    "access pattern",
                    "access patterns"
                )
            )));
            state.entities = EntityDecoder::with_model(model);
        }
        Err(error) => {
            state.notice = Some(Notice::Error(format!(
                "OneTable's saved schema was not read as a model: {error}"
            )));
        }
    }
}
