//! An incremental export's change records: `{"Metadata": {...}, "Keys": {...}, "NewImage": {...},
//! "OldImage": {...}}`, one per item changed in the export's period. An insertion has no old
//! image, a deletion no new one, and an export of new images only has no old images at all. The
//! table opens on one image of each ([`Image`]); a change without it is no item, and is counted.

use std::path::Path;

use serde_json::{Map, Value};

use super::source::{Counts, Image};
use super::warning::Warning;
use crate::domain::ddb_json::item_from_json;
use crate::domain::value::Item;

const FIELDS: [&str; 4] = ["Metadata", "Keys", "NewImage", "OldImage"];

/// Whether `object` is a change record rather than an item: it has `Keys` and nothing but the
/// change record's fields.
pub fn is_change(object: &Map<String, Value>) -> bool {
    object.get("Keys").is_some_and(Value::is_object)
        && object.keys().all(|field| FIELDS.contains(&field.as_str()))
}

/// The chosen image of a change record, `None` when the change has none.
pub fn image(object: &Map<String, Value>, image: Image) -> Result<Option<Item>, String> {
    let field = match image {
        Image::New => "NewImage",
        Image::Old => "OldImage",
    };
    let keys = item_from_json(&object["Keys"]).map_err(|e| format!("invalid Keys {e}"))?;
    let Some(found) = object.get(field) else {
        return Ok(None);
    };
    let item = item_from_json(found).map_err(|e| format!("invalid {field} {e}"))?;
    match keys
        .iter()
        .find(|(name, value)| item.get(*name) != Some(value))
    {
        Some((name, _)) => Err(format!(
            "the {field}'s {name} differs from the change record's Keys"
        )),
        None => Ok(Some(item)),
    }
}

/// Says how many change records had no image of the chosen kind, which the table leaves out.
pub fn note_left_out(warnings: &mut Vec<Warning>, path: &Path, counts: Counts, image: Image) {
    let left_out = counts.without_image;
    if left_out == 0 {
        return;
    }
    let records = if left_out == 1 {
        "1 change record has".to_owned()
    } else {
        format!("{left_out} change records have")
    };
    let message = match image {
        Image::New => format!(
            "{records} no new image (deleted items) and {} not in the table; --export-image old opens the images from before the changes",
            if left_out == 1 { "is" } else { "are" }
        ),
        Image::Old => format!(
            "{records} no old image (items inserted in the period, or an export of new images only) and {} not in the table",
            if left_out == 1 { "is" } else { "are" }
        ),
    };
    warnings.push(Warning {
        file: Some(path.to_path_buf()),
        line: None,
        message,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> Map<String, Value> {
        match serde_json::from_str(text) {
            Ok(Value::Object(object)) => object,
            other => panic!("not an object: {other:?}"),
        }
    }

    #[test]
    fn a_change_record_gives_the_chosen_image_or_none() {
        let update = record(
            r#"{"Metadata":{"WriteTime":{"N":"1"}},"Keys":{"PK":{"S":"A"}},"OldImage":{"PK":{"S":"A"},"n":{"N":"1"}},"NewImage":{"PK":{"S":"A"},"n":{"N":"2"}}}"#,
        );
        assert!(is_change(&update));
        let n = |item: Option<Item>| format!("{:?}", item.expect("an image")["n"]);
        assert_eq!(n(image(&update, Image::New).expect("parses")), "N(2)");
        assert_eq!(n(image(&update, Image::Old).expect("parses")), "N(1)");
        let deletion = record(r#"{"Keys":{"PK":{"S":"A"}},"OldImage":{"PK":{"S":"A"}}}"#);
        assert_eq!(image(&deletion, Image::New), Ok(None));
    }

    #[test]
    fn an_item_is_no_change_record_and_an_image_must_hold_the_keys() {
        assert!(!is_change(&record(r#"{"Keys":{"S":"x"},"PK":{"S":"A"}}"#)));
        let wrong = record(r#"{"Keys":{"PK":{"S":"A"}},"NewImage":{"PK":{"S":"B"}}}"#);
        let error = image(&wrong, Image::New).expect_err("keys differ");
        assert!(error.contains("NewImage's PK differs"), "{error}");
    }
}
