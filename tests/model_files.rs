//! The model-file fixtures: the shipped example parses, and each broken file gives its own located
//! message.

mod support;

use std::path::Path;

use ddbx::domain::model::{Model, ModelError, SortOperator};

fn fixture_arg(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/models")
        .join(name)
        .display()
        .to_string()
}

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

#[test]
fn a_model_names_each_attribute_of_the_demo_s_multi_attribute_index() {
    let model = parse_fixture("multi_attribute_gsi3.toml").unwrap_or_else(|e| panic!("{e}"));
    let pattern = &model.access_patterns[0];
    let partition: Vec<&str> = std::iter::once(&pattern.pk)
        .chain(&pattern.more_pk)
        .map(|template| template.as_str())
        .collect();
    assert_eq!(partition, ["{status}", "{region}"]);

    let run = support::cli::run_command({
        let mut command = support::cli::ddbx_command();
        let model = fixture_arg("multi_attribute_gsi3.toml");
        command.args([
            "--demo",
            "--model",
            &model,
            "collections",
            "--partitions",
            "1",
        ]);
        command
    })
    .success();
    let misfits: Vec<&str> = run
        .stderr
        .lines()
        .filter(|line| line.starts_with("model: access pattern"))
        .collect();
    assert_eq!(
        misfits,
        [
            "model: access pattern Orders by status: the partition key of GSI3 is status + region, \
          and pk needs a template for each attribute, in key order (it has 1)"
        ],
        "{}",
        run.stderr
    );
}

#[test]
fn a_template_list_longer_than_a_key_part_is_refused_before_anything_is_read() {
    let model = fixture_arg("template_list_too_long.toml");
    let run = support::cli::run_command({
        let mut command = support::cli::ddbx_command();
        command.args(["--demo", "--model", &model, "collections"]);
        command
    });
    run.refused(
        2,
        &[
            "template_list_too_long.toml:4:6: pk lists 5 templates: give one per attribute of \
             the key, 1 to 4, in key order",
        ],
    );
}
