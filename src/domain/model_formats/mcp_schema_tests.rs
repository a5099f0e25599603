use super::*;
use crate::domain::access_pattern::SortOperator;

/// Shaped as the MCP server's schema generator documents `schema.json` (hand-written from that
/// documentation: the tool itself needs a language model to run).
const SCHEMA: &str = r##"{
  "tables": [{
    "table_config": {"table_name": "Shop", "partition_key": "pk", "sort_key": "sk"},
    "gsi_list": [{"name": "ByStatus", "partition_key": "gsi1pk", "sort_key": "gsi1sk"}],
    "entities": {
      "User": {
        "entity_type": "USER",
        "pk_template": "USER#{user_id}",
        "sk_template": "PROFILE",
        "fields": [{"name": "user_id", "type": "string", "required": true}],
        "access_patterns": [
          {"pattern_id": 1, "name": "get_user", "operation": "GetItem",
           "parameters": [{"name": "user_id", "type": "string"}], "return_type": "single_entity"},
          {"pattern_id": 2, "name": "put_user", "operation": "PutItem",
           "parameters": [{"name": "user", "type": "entity", "entity_type": "User"}], "return_type": "void"}
        ]
      },
      "Order": {
        "entity_type": "ORDER",
        "pk_template": "USER#{user_id}",
        "sk_template": "ORDER#{order_date}#{order_id}",
        "gsi_mappings": [{"name": "ByStatus", "pk_template": "STATUS#{status}", "sk_template": "{order_date}"}],
        "fields": [],
        "access_patterns": [
          {"pattern_id": 3, "name": "orders_of_user", "operation": "Query",
           "parameters": [{"name": "user_id", "type": "string"}], "return_type": "entity_list"},
          {"pattern_id": 4, "name": "orders_by_status_between", "operation": "Query",
           "index_name": "ByStatus", "range_condition": "between",
           "parameters": [], "return_type": "entity_list"}
        ]
      }
    }
  }]
}"##;

#[test]
fn entities_and_read_patterns_come_from_the_templates() {
    let json: serde_json::Value = serde_json::from_str(SCHEMA).expect("json");
    assert!(looks_like(&json));
    let model = import(SCHEMA, "schema.json", Some("Shop")).expect("a model");
    let order = model.match_entity("USER#u1", Some("ORDER#2026-07-01#o9"));
    assert_eq!(order.map(|e| e.name.as_str()), Some("Order"));
    let user = model.match_entity("USER#u1", Some("PROFILE"));
    assert_eq!(user.map(|e| e.name.as_str()), Some("User"));
    let names: Vec<&str> = model
        .access_patterns
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    // Orders sort before users (entities by name); the write is not a query.
    assert_eq!(
        names,
        ["orders_of_user", "orders_by_status_between", "get_user"]
    );
    let of_user = &model.access_patterns[0];
    let sk = of_user.sk.as_ref().expect("the entity's sort-key start");
    assert_eq!(
        (sk.operator, sk.template.as_str()),
        (SortOperator::BeginsWith, "ORDER#")
    );
    let between = &model.access_patterns[1];
    assert_eq!(between.index.as_deref(), Some("ByStatus"));
    assert_eq!(between.pk.as_str(), "STATUS#{status}");
    let range = between.sk.as_ref().expect("a range");
    assert_eq!(range.operator, SortOperator::Between);
    assert_eq!(
        range.upper.as_ref().map(KeyTemplate::as_str),
        Some("{order_date_to}")
    );
    let get = &model.access_patterns[2];
    let exact = get.sk.as_ref().expect("the constant sort key");
    assert_eq!(
        (exact.operator, exact.template.as_str()),
        (SortOperator::Eq, "PROFILE")
    );
}

#[test]
fn a_pattern_on_an_index_the_entity_does_not_map_names_both() {
    let broken = SCHEMA.replace(r#""index_name": "ByStatus""#, r#""index_name": "ByCity""#);
    let error = import(&broken, "schema.json", None).expect_err("refused");
    assert!(error.contains("orders_by_status_between"), "{error}");
    assert!(error.contains("ByCity"), "{error}");
    let not_schema = import(r#"{"tables": 3}"#, "x.json", None).expect_err("refused");
    assert!(
        not_schema.starts_with("x.json: not a DynamoDB MCP server schema.json"),
        "{not_schema}"
    );
}
