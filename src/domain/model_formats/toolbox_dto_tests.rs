//! Read against the DTOs dynamodb-toolbox 2.10.6 wrote of the shop of
//! tests/libraries/toolbox-shop.cjs (tests/libraries/toolbox-shop-dto.cjs made the fixture).

use super::*;
use crate::domain::model_formats::parse_model;
use crate::domain::value::{AttrValue, Item};

const SHOP: &str = include_str!("../../../tests/fixtures/models/toolbox_shop_dto.json");

fn shop() -> Model {
    let path = std::path::Path::new("shop-dto.json");
    parse_model(path, SHOP, "shop-dto.json", Some("shop")).unwrap_or_else(|e| panic!("{e}"))
}

fn item(pairs: &[(&str, &str)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
        .collect()
}

#[test]
fn entities_are_recognised_by_the_saved_entity_attribute() {
    let model = shop();
    assert_eq!(
        model.origin.as_deref(),
        Some("dynamodb-toolbox DTO shop-dto.json")
    );
    let names: Vec<(&str, Option<&str>)> = model
        .entities
        .iter()
        .map(|e| {
            (
                e.name.as_str(),
                e.marker.as_ref().map(|m| m.attribute.as_str()),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Customer", Some("_et")),
            ("Order", Some("_et")),
            ("Product", Some("_et"))
        ]
    );
    let table = model.table.as_ref().expect("the DTO's table");
    let key = &table.key;
    let order = item(&[("PK", "CUSTOMER#c1"), ("SK", "ORDER#o1"), ("_et", "Order")]);
    let named = model.match_item(&order, key).map(|e| e.name.as_str());
    assert_eq!(named, Some("Order"));
    let unmarked = item(&[("PK", "CUSTOMER#c1"), ("SK", "ORDER#o1")]);
    assert_eq!(model.match_item(&unmarked, key), None);
    // No templates: keys alone name nothing.
    assert_eq!(model.match_entity("CUSTOMER#c1", Some("ORDER#o1")), None);
}

#[test]
fn the_table_key_and_indexes_are_kept_to_check_the_table() {
    let model = shop();
    let table = model.table.expect("the DTO's table");
    assert_eq!(
        (
            table.key.partition.name.as_str(),
            table.key.sort.map(|s| s.name)
        ),
        ("PK", Some("SK".to_owned()))
    );
    let [(name, by_type)] = table.indexes.as_slice() else {
        panic!("{:?}", table.indexes)
    };
    assert_eq!(
        (name.as_str(), by_type.partition.name.as_str()),
        ("byType", "_et")
    );
}

#[test]
fn each_entity_is_read_by_the_table_key_and_by_each_index() {
    let model = shop();
    let names: Vec<&str> = model
        .access_patterns
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "Customer by PK",
            "Customer by _et on byType",
            "Order by PK",
            "Order by _et on byType",
            "Product by PK",
            "Product by _et on byType",
        ]
    );
}

#[test]
fn other_shapes_of_the_same_dtos_are_read_too() {
    let json: Value = serde_json::from_str(SHOP).expect("json");
    let entities = json["entities"].clone();
    let from_list = import(&entities, "list.json", None).expect("a list of entity DTOs");
    assert_eq!(from_list.entities.len(), 3);
    assert!(from_list.table.is_some());
    let one = import(&entities[1], "one.json", None).expect("one entity DTO");
    assert_eq!(one.entities[0].name, "Order");
    let table_only = import(&json["table"], "table.json", None).expect("a table DTO");
    assert!(table_only.entities.is_empty() && table_only.table.is_some());
    for shape in [&json, &entities, &entities[0], &json["table"]] {
        assert!(looks_like(shape));
    }
    assert!(!looks_like(
        &serde_json::json!({ "indexes": {}, "models": {} })
    ));
}

#[test]
fn an_entity_that_saves_no_name_has_no_marker_and_unknown_key_types_are_errors() {
    let mut json: Value = serde_json::from_str(SHOP).expect("json");
    json["entities"][0]["entityAttribute"] = Value::Bool(false);
    let model = import(&json, "m.json", None).expect("a model");
    assert_eq!(model.entities[0].marker, None);
    json["table"]["partitionKey"]["type"] = Value::from("boolean");
    let error = import(&json, "m.json", None).expect_err("an unknown key type");
    assert_eq!(error, "m.json: key \"PK\" has the unknown type \"boolean\"");
}

#[test]
fn each_entity_keeps_the_attributes_its_timestamps_are_saved_as() {
    let model = shop();
    let toolbox_default = EntityTimestamps {
        created: Some("_ct".into()),
        modified: Some("_md".into()),
    };
    for entity in &model.entities {
        assert_eq!(entity.timestamps, toolbox_default, "{}", entity.name);
    }
    let mut json: Value = serde_json::from_str(SHOP).expect("json");
    json["entities"][0]["timestamps"] = Value::Bool(false);
    json["entities"][1]["timestamps"] = serde_json::json!({
        "created": { "name": "createdAt", "savedAs": "created_at" },
        "modified": false,
    });
    json["entities"][2]["timestamps"] = serde_json::json!({
        "created": true,
        "modified": { "name": "updatedAt" },
    });
    let model = import(&json, "m.json", None).expect("a model");
    let stamps: Vec<&EntityTimestamps> = model.entities.iter().map(|e| &e.timestamps).collect();
    assert_eq!(stamps[0], &EntityTimestamps::default(), "none kept");
    assert_eq!(
        stamps[1],
        &EntityTimestamps {
            created: Some("created_at".into()),
            modified: None,
        },
        "renamed in the item, the other off"
    );
    assert_eq!(stamps[2], &toolbox_default, "a name in code only");
}
