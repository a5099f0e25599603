use super::*;

const FIXTURE: &str = include_str!("../../tests/fixtures/models/workbench_shop.json");

fn shop(table: Option<&str>) -> Model {
    import(FIXTURE, "workbench_shop.json", table).unwrap_or_else(|error| panic!("{error}"))
}

fn pattern<'m>(model: &'m Model, name: &str) -> &'m AccessPattern {
    model
        .access_patterns
        .iter()
        .find(|pattern| pattern.name == name)
        .unwrap_or_else(|| panic!("no pattern {name}"))
}

#[test]
fn facets_of_the_opened_table_become_entities_and_access_patterns() {
    let model = shop(Some("SingleTableApp"));
    let names: Vec<&str> = model.entities.iter().map(|e| e.name.as_str()).collect();
    // `Anything` has no samples: a pattern, but no entity rule that would name every item.
    assert_eq!(names, ["UserOrder", "Store"]);
    let templates: Vec<(&str, Option<&str>)> = model
        .entities
        .iter()
        .map(|entity| {
            (
                entity.pk.as_ref().map_or("", KeyTemplate::as_str),
                entity.sk.as_ref().map(KeyTemplate::as_str),
            )
        })
        .collect();
    assert_eq!(
        templates,
        [
            ("USER#{UserId}", Some("ORDER#{OrderKey}")),
            ("STORE#{Store_Id}", Some("METADATA")),
        ]
    );
    let orders = pattern(&model, "UserOrder");
    assert_eq!(orders.index, None);
    assert_eq!(orders.pk.as_str(), "USER#{UserId}");
    let sk = orders.sk.as_ref().expect("a sort condition");
    assert_eq!(sk.operator, SortOperator::BeginsWith);
    assert_eq!(sk.template.as_str(), "ORDER#");
    let store = pattern(&model, "Store")
        .sk
        .as_ref()
        .expect("a sort condition");
    assert_eq!(
        (store.operator, store.template.as_str()),
        (SortOperator::Eq, "METADATA")
    );
    assert_eq!(pattern(&model, "Anything").sk, None);
}

#[test]
fn imported_entity_rules_name_items_like_a_toml_model() {
    let model = shop(Some("SingleTableApp"));
    let cases = [
        ("USER#usr_1", Some("ORDER#2026-07-01#ord_1"), "UserOrder"),
        ("STORE#st_9", Some("METADATA"), "Store"),
    ];
    for (pk, sk, expected) in cases {
        let entity = model
            .match_entity(pk, sk)
            .map(|entity| entity.name.as_str());
        assert_eq!(entity, Some(expected), "{pk} {sk:?}");
    }
    assert_eq!(model.match_entity("GROUP#1", Some("X")), None);
}

#[test]
fn without_a_matching_table_every_table_contributes_its_facets() {
    let model = shop(None);
    assert_eq!(model.access_patterns.len(), 4);
    let audit = pattern(&model, "AuditEvent");
    assert_eq!(audit.pk.as_str(), "EVT#{EventId}");
    assert_eq!(audit.sk, None);
    assert_eq!(shop(Some("Other")).access_patterns.len(), 4);
    assert_eq!(shop(Some("Audit")).access_patterns.len(), 1);
}

#[test]
fn workbench_files_are_told_apart_from_toml_models() {
    use std::path::Path;
    assert!(looks_like_workbench(Path::new("m.json"), ""));
    assert!(looks_like_workbench(
        Path::new("model"),
        "  {\"DataModel\": []}"
    ));
    assert!(!looks_like_workbench(Path::new("model.toml"), "[[entity]]"));
}

#[test]
fn a_file_that_is_not_a_workbench_model_is_refused_with_its_name() {
    for text in [
        "{}",
        "[1]",
        "{\"DataModel\": [{\"TableName\": 1}]}",
        "not json",
    ] {
        let error = import(text, "bad.json", None).expect_err("refused");
        assert!(
            error.starts_with("bad.json: not a NoSQL Workbench model"),
            "{error}"
        );
    }
}
