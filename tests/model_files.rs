//! The model-file fixtures: the shipped example parses, and each broken file gives its own located
//! message.

use std::path::Path;

use ddbx::domain::model::{Model, ModelError, SortOperator};

fn parse_fixture(name: &str) -> Result<Model, ModelError> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/models")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Model::parse(&text, name)
}

#[test]
fn the_shop_model_names_entities_and_access_patterns() {
    let model = parse_fixture("shop.toml").unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = model.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["User", "Order", "OrderItem", "Membership"]);
    assert_eq!(model.version_attribute.as_deref(), Some("version"));
    let order = model.match_entity("USER#usr_1001", Some("ORDER#2026-07-01#ord_9"));
    assert_eq!(order.map(|e| e.name.as_str()), Some("Order"));
    let by_status = &model.access_patterns[1];
    assert_eq!(by_status.index.as_deref(), Some("GSI1"));
    let condition = by_status.sk.as_ref().expect("a sort condition");
    assert_eq!(condition.operator, SortOperator::Between);
    assert_eq!(
        model.access_patterns[0].sk.as_ref().map(|c| c.operator),
        Some(SortOperator::BeginsWith)
    );
}

#[test]
fn each_broken_model_file_reports_its_own_location_and_message() {
    let cases = [
        ("unknown_field.toml", 4, 1, "unknown field `sortkey`"),
        ("unclosed_placeholder.toml", 4, 13, "unclosed `{`"),
        (
            "duplicate_entity.toml",
            6,
            8,
            "entity \"User\" is defined twice",
        ),
        ("missing_pk.toml", 1, 1, "missing field `pk`"),
        (
            "unknown_operator.toml",
            4,
            15,
            "unknown sk_operator \"starts_with\"",
        ),
        (
            "between_without_upper_bound.toml",
            4,
            15,
            "between needs an sk_to template",
        ),
        (
            "schema_version_as_counter.toml",
            1,
            21,
            "`__edb_v__` is ElectroDB's schema version",
        ),
        ("syntax_error.toml", 2, 13, "invalid basic string"),
        (
            "adjacent_placeholders.toml",
            3,
            24,
            "placeholder {userId} directly follows another",
        ),
    ];
    for (file, line, column, message) in cases {
        let error = parse_fixture(file).expect_err(file);
        assert_eq!(error.file, file);
        assert_eq!((error.line, error.column), (line, column), "{error}");
        assert!(error.message.contains(message), "{error}");
    }
}
