use super::*;
use crate::domain::request::TransactAction;
use crate::domain::schema::{
    IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection, TableDescription,
};
use crate::domain::value::ValueType;

fn table() -> TableDescription {
    let mut description = TableDescription::new(
        "orders",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    );
    description.indexes.push(IndexSchema {
        name: "GSI1".into(),
        kind: IndexKind::Global,
        key: KeySchema::new(
            KeyAttribute::new("GSI1PK", ValueType::S),
            Some(KeyAttribute::new("GSI1SK", ValueType::N)),
        ),
        projection: Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    description
}

fn ctx(description: &TableDescription) -> EditContext<'_> {
    EditContext {
        table: "orders",
        description,
        version_attribute: None,
    }
}

fn item(pairs: &[(&str, AttrValue)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

fn order(extra: &[(&str, AttrValue)]) -> Item {
    let mut out = item(&[
        ("PK", AttrValue::s("USER#1")),
        ("SK", AttrValue::s("ORDER#1")),
        ("status", AttrValue::s("new")),
        ("total", AttrValue::n(10)),
    ]);
    out.extend(item(extra));
    out
}

fn update_of(planned: &PlannedWrite) -> &UpdateRequest {
    match &planned.plan {
        WritePlan::Update(request) => request,
        other => panic!("expected an update, got {other:?}"),
    }
}

#[test]
fn an_unchanged_item_plans_nothing() {
    let description = table();
    let original = order(&[("version", AttrValue::n(3))]);
    let planned = plan_edit(
        &ctx(&description),
        &original,
        &original,
        ConditionMode::Auto,
    )
    .expect("valid");
    assert_eq!(planned.plan, WritePlan::Nothing);
}

#[test]
fn a_versioned_item_is_conditioned_on_the_version_read_and_increments_it() {
    let description = table();
    let original = order(&[("version", AttrValue::n(7))]);
    let edited = order(&[
        ("version", AttrValue::n(7)),
        ("status", AttrValue::s("paid")),
    ]);
    let planned =
        plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto).expect("valid");
    let request = update_of(&planned);
    assert_eq!(request.update, "SET #status = :v0, version = :v1");
    assert_eq!(request.condition.expression, "version = :v2");
    assert_eq!(request.params.values[":v0"], AttrValue::s("paid"));
    assert_eq!(request.params.values[":v1"], AttrValue::n(8));
    assert_eq!(request.params.values[":v2"], AttrValue::n(7));
    assert_eq!(request.return_values, ReturnValues::AllNew);
    assert_eq!(
        planned.expected.as_ref().and_then(|e| e.get("version")),
        Some(&AttrValue::n(8))
    );
    assert!(
        planned.summary.contains("version = 7"),
        "{}",
        planned.summary
    );
}

#[test]
fn without_a_version_every_changed_path_must_still_hold_the_value_read() {
    let description = table();
    let original = order(&[("note", AttrValue::s("x"))]);
    let mut edited = order(&[("added", AttrValue::Bool(true))]);
    edited.insert("total".into(), AttrValue::n(11));
    let planned =
        plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto).expect("valid");
    let request = update_of(&planned);
    assert_eq!(request.update, "SET added = :v0, #total = :v1 REMOVE note");
    assert_eq!(
        request.condition.expression,
        "attribute_exists(PK) AND attribute_not_exists(added) AND note = :v2 AND #total = :v3"
    );
    assert_eq!(request.params.values[":v3"], AttrValue::n(10));
}

#[test]
fn whole_item_mode_conditions_on_every_attribute_read() {
    let description = table();
    let original = order(&[]);
    let edited = order(&[("status", AttrValue::s("paid"))]);
    let planned = plan_edit(
        &ctx(&description),
        &original,
        &edited,
        ConditionMode::WholeItem,
    )
    .expect("valid");
    assert_eq!(
        update_of(&planned).condition.expression,
        "attribute_exists(PK) AND PK = :v1 AND SK = :v2 AND #status = :v3 AND #total = :v4"
    );
}

#[test]
fn a_configured_version_attribute_replaces_the_known_names_and_edb_v_is_never_one() {
    let description = table();
    let original = order(&[("rev", AttrValue::n(1)), ("__edb_v__", AttrValue::n(1))]);
    let edited = order(&[
        ("rev", AttrValue::n(1)),
        ("__edb_v__", AttrValue::n(1)),
        ("status", AttrValue::s("paid")),
    ]);
    let configured = EditContext {
        version_attribute: Some("rev"),
        ..ctx(&description)
    };
    let planned = plan_edit(&configured, &original, &edited, ConditionMode::Auto).expect("valid");
    assert_eq!(update_of(&planned).condition.expression, "rev = :v2");
    let electro = EditContext {
        version_attribute: Some("__edb_v__"),
        ..ctx(&description)
    };
    let planned = plan_edit(&electro, &original, &edited, ConditionMode::Auto).expect("valid");
    assert!(
        update_of(&planned)
            .condition
            .expression
            .starts_with("attribute_exists(PK) AND "),
        "{:?}",
        update_of(&planned)
    );
}

#[test]
fn bad_edits_are_refused_with_what_to_fix() {
    let description = table();
    let original = order(&[("version", AttrValue::n(1))]);
    let mut without_sk = original.clone();
    without_sk.remove("SK");
    let cases: Vec<(Item, &str)> = vec![
        (without_sk, "key attribute \"SK\" was removed"),
        (
            order(&[("version", AttrValue::n(1)), ("PK", AttrValue::n(1))]),
            "must be of type S",
        ),
        (
            order(&[("version", AttrValue::n(1)), ("PK", AttrValue::s(""))]),
            "is empty",
        ),
        (
            order(&[("version", AttrValue::n(1)), ("GSI1SK", AttrValue::s("x"))]),
            "key of index GSI1 and must be of type N",
        ),
        (
            order(&[
                ("version", AttrValue::n(1)),
                ("blob", AttrValue::s("x".repeat(410 * 1024))),
            ]),
            "over DynamoDB's 400 KB limit",
        ),
        (
            order(&[("version", AttrValue::n(5))]),
            "version attribute \"version\" was changed",
        ),
    ];
    for (edited, message) in cases {
        let error = plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto)
            .expect_err(message);
        assert!(error.to_string().contains(message), "{error}");
    }
}

#[test]
fn a_key_change_is_a_transaction_of_a_conditioned_delete_and_a_create() {
    let description = table();
    let original = order(&[("version", AttrValue::n(2))]);
    let mut edited = original.clone();
    edited.insert("SK".into(), AttrValue::s("ORDER#2"));
    let planned =
        plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto).expect("valid");
    let WritePlan::MoveKey(request) = &planned.plan else {
        panic!("expected a key move, got {:?}", planned.plan);
    };
    let [TransactAction::Delete(delete), TransactAction::Put(put)] = request.actions.as_slice()
    else {
        panic!("expected delete + put: {request:?}");
    };
    assert_eq!(delete.key["SK"], AttrValue::s("ORDER#1"));
    assert_eq!(delete.condition.expression, "version = :v0");
    assert_eq!(put.item["SK"], AttrValue::s("ORDER#2"));
    assert_eq!(put.item["version"], AttrValue::n(3));
    assert_eq!(put.condition.expression, "attribute_not_exists(PK)");
}

#[test]
fn creates_require_the_key_to_be_free_and_deletes_are_conditioned() {
    let description = table();
    let new_item = order(&[]);
    let planned = plan_create(&ctx(&description), &new_item).expect("valid");
    let WritePlan::Put(put) = &planned.plan else {
        panic!("expected a put");
    };
    assert_eq!(put.condition.expression, "attribute_not_exists(PK)");
    let versioned = order(&[("version", AttrValue::n(4))]);
    let planned = plan_delete(&ctx(&description), &versioned, ConditionMode::Auto).expect("valid");
    let WritePlan::Delete(delete) = &planned.plan else {
        panic!("expected a delete");
    };
    assert_eq!(delete.condition.expression, "version = :v0");
    assert_eq!(delete.return_values, ReturnValues::AllOld);
    let planned = plan_delete(&ctx(&description), &new_item, ConditionMode::Auto).expect("valid");
    let WritePlan::Delete(delete) = &planned.plan else {
        panic!("expected a delete");
    };
    assert_eq!(
        delete.condition.expression,
        "attribute_exists(PK) AND PK = :v0 AND SK = :v1 AND #status = :v2 AND #total = :v3"
    );
}

#[test]
fn the_before_image_of_an_update_is_rebuilt_from_its_after_image() {
    let description = table();
    let original = order(&[("version", AttrValue::n(7)), ("gone", AttrValue::n(1))]);
    let mut edited = original.clone();
    edited.remove("gone");
    edited.insert("status".into(), AttrValue::s("paid"));
    let planned =
        plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto).expect("valid");
    let mut after = planned
        .expected
        .clone()
        .expect("an update has an after-image");
    // Someone else's untouched attribute is in both images.
    after.insert("other".into(), AttrValue::s("theirs"));
    let mut expected_before = original.clone();
    expected_before.insert("other".into(), AttrValue::s("theirs"));
    assert_eq!(before_from_after(&planned, &after), expected_before);
}

#[test]
fn the_preview_shows_the_exact_request() {
    let description = table();
    let original = order(&[("version", AttrValue::n(7))]);
    let edited = order(&[
        ("version", AttrValue::n(7)),
        ("status", AttrValue::s("paid")),
    ]);
    let planned =
        plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto).expect("valid");
    assert_eq!(
        crate::domain::edit::request_preview(&planned.plan),
        "UpdateItem\n\
         TableName: orders\n\
         Key: {\"PK\":{\"S\":\"USER#1\"},\"SK\":{\"S\":\"ORDER#1\"}}\n\
         UpdateExpression: SET #status = :v0, version = :v1\n\
         ConditionExpression: version = :v2\n\
         ExpressionAttributeNames: {\"#status\":\"status\"}\n\
         ExpressionAttributeValues\n  \
         :v0: {\"S\":\"paid\"}\n  \
         :v1: {\"N\":\"8\"}\n  \
         :v2: {\"N\":\"7\"}\n\
         ReturnValues: ALL_NEW\n\
         ReturnValuesOnConditionCheckFailure: ALL_OLD\n"
    );
}

#[test]
fn a_condition_over_the_four_kilobyte_limit_is_refused_with_the_way_out() {
    let description = table();
    let many: Vec<(String, AttrValue)> = (0..400)
        .map(|i| (format!("attribute_number_{i}"), AttrValue::n(i)))
        .collect();
    let mut original = order(&[]);
    original.extend(many);
    let edited = {
        let mut edited = original.clone();
        edited.insert("status".into(), AttrValue::s("paid"));
        edited
    };
    let error = plan_edit(
        &ctx(&description),
        &original,
        &edited,
        ConditionMode::WholeItem,
    )
    .expect_err("too long");
    assert!(
        matches!(
            error,
            EditError::ExpressionTooLong {
                which: "ConditionExpression",
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error.to_string().contains("instead of whole-item"),
        "{error}"
    );
    // The default mode conditions on the one changed attribute and fits.
    plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto).expect("fits");
}

#[test]
fn a_version_whose_increment_needs_39_digits_cannot_be_incremented() {
    let description = table();
    // 38 significant digits and a trailing zero: adding one would need 39.
    let top = AttrValue::N(
        "123456789012345678901234567890123456780"
            .parse()
            .expect("38 significant digits"),
    );
    let original = order(&[("version", top.clone())]);
    let edited = order(&[("version", top), ("status", AttrValue::s("paid"))]);
    let error = plan_edit(&ctx(&description), &original, &edited, ConditionMode::Auto)
        .expect_err("overflow");
    assert_eq!(
        error,
        EditError::VersionOverflow {
            attribute: "version".into()
        }
    );
}

#[test]
fn changed_values_mode_still_moves_a_version_counter_forward_without_conditioning_on_it() {
    let description = table();
    let original = order(&[("version", AttrValue::n(7))]);
    let edited = order(&[
        ("version", AttrValue::n(7)),
        ("status", AttrValue::s("paid")),
    ]);
    let planned = plan_edit(
        &ctx(&description),
        &original,
        &edited,
        ConditionMode::ChangedValues,
    )
    .expect("valid");
    let request = update_of(&planned);
    assert_eq!(request.update, "SET #status = :v0, version = version + :v1");
    assert_eq!(request.params.values[":v1"], AttrValue::n(1));
    assert_eq!(
        request.condition.expression,
        "attribute_exists(PK) AND #status = :v2"
    );
    // Someone else had moved the version to 9 meanwhile: the write made it 10, and the
    // before-image says 9, not the 7 that was read.
    let mut after = edited.clone();
    after.insert("version".into(), AttrValue::n(10));
    let before = before_from_after(&planned, &after);
    assert_eq!(before.get("version"), Some(&AttrValue::n(9)));
    assert_eq!(before.get("status"), Some(&AttrValue::s("new")));
}

#[test]
fn an_amplify_tombstone_is_never_edited_back_to_life() {
    let description = table();
    let tombstone = order(&[
        ("_version", AttrValue::n(3)),
        ("_deleted", AttrValue::Bool(true)),
        ("title", AttrValue::s("old")),
    ]);
    let mut edited = tombstone.clone();
    edited.insert("title".to_owned(), AttrValue::s("new"));
    for mode in [ConditionMode::Auto, ConditionMode::WholeItem] {
        let refused = plan_edit(&ctx(&description), &tombstone, &edited, mode);
        assert_eq!(refused, Err(EditError::Tombstone));
    }
    assert!(EditError::Tombstone.to_string().contains("_deleted = true"));
    // Undeleted by hand (`_deleted` false) it is an ordinary versioned item.
    let mut live = tombstone.clone();
    live.insert("_deleted".to_owned(), AttrValue::Bool(false));
    let mut edited = live.clone();
    edited.insert("title".to_owned(), AttrValue::s("new"));
    let planned =
        plan_edit(&ctx(&description), &live, &edited, ConditionMode::Auto).expect("valid");
    assert!(
        planned.summary.contains("conditioned on _version = 3"),
        "{}",
        planned.summary
    );
}
