use super::*;
use crate::domain::edit::{plan_create, plan_edit};
use crate::domain::schema::{KeyAttribute, KeySchema, TableDescription};
use crate::domain::value::{AttrValue, ValueType};

fn table() -> TableDescription {
    TableDescription::new(
        "orders",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

fn ctx(description: &TableDescription) -> EditContext<'_> {
    EditContext {
        table: "orders",
        description,
        version_attribute: None,
    }
}

fn item(sk: &str, extra: &[(&str, AttrValue)]) -> Item {
    let mut item = Item::from([
        ("PK".to_owned(), AttrValue::s("ORDER#1")),
        ("SK".to_owned(), AttrValue::s(sk)),
    ]);
    for (name, value) in extra {
        item.insert((*name).to_owned(), value.clone());
    }
    item
}

fn write(line: usize, planned: PlannedWrite) -> Staged {
    Staged {
        line,
        part: StagedPart::Write(planned),
    }
}

#[test]
fn a_key_change_is_two_actions_of_one_line_and_no_action_returns_values() {
    let description = table();
    let original = item("LINE#1", &[("qty", AttrValue::n(1))]);
    let moved = item("LINE#9", &[("qty", AttrValue::n(1))]);
    let changed = item("LINE#2", &[("qty", AttrValue::n(5))]);
    let staged = vec![
        write(
            3,
            plan_edit(&ctx(&description), &original, &moved, ConditionMode::Auto).expect("move"),
        ),
        write(
            7,
            plan_edit(
                &ctx(&description),
                &item("LINE#2", &[("qty", AttrValue::n(2))]),
                &changed,
                ConditionMode::Auto,
            )
            .expect("edit"),
        ),
    ];
    let assembled = assemble("orders", &staged, None);
    assert_eq!(assembled.part_of_action, [0, 0, 1]);
    assert!(assembled.request.actions.iter().all(|action| match action {
        TransactAction::Put(put) => put.return_values == ReturnValues::None,
        TransactAction::Update(update) => update.return_values == ReturnValues::None,
        TransactAction::Delete(delete) => delete.return_values == ReturnValues::None,
        TransactAction::ConditionCheck { .. } => true,
    }));
    check_limits(&assembled, &staged, &description).expect("within the limits");
    let labels = action_labels(&assembled, &staged);
    assert!(
        labels[0].starts_with("line 3: TransactWriteItems"),
        "{labels:?}"
    );
    assert!(labels[2].starts_with("line 7: UpdateItem"), "{labels:?}");
}

#[test]
fn the_same_item_twice_over_4_mb_and_nothing_at_all_are_refused() {
    let description = table();
    let created = plan_create(&ctx(&description), &item("LINE#1", &[])).expect("create");
    let check =
        plan_condition_check(item("LINE#1", &[]), "attribute_not_exists(PK)").expect("check");
    let twice = vec![
        write(1, created.clone()),
        Staged {
            line: 4,
            part: StagedPart::Check(check),
        },
    ];
    assert_eq!(
        check_limits(&assemble("orders", &twice, None), &twice, &description),
        Err(TransactLimitError::SameItemTwice {
            first: 1,
            second: 4
        })
    );
    let blob = AttrValue::s("x".repeat(399 * 1024));
    let big: Vec<Staged> = (0..11)
        .map(|i| {
            let planned = plan_create(
                &ctx(&description),
                &item(&format!("LINE#{i}"), &[("blob", blob.clone())]),
            )
            .expect("create");
            write(i + 1, planned)
        })
        .collect();
    let refused = check_limits(&assemble("orders", &big, None), &big, &description);
    assert!(
        matches!(refused, Err(TransactLimitError::TooLarge { bytes }) if bytes > MAX_TRANSACT_BYTES),
        "{refused:?}"
    );
    assert_eq!(
        check_limits(&assemble("orders", &[], None), &[], &description),
        Err(TransactLimitError::Empty)
    );
    assert!(check_action_count(100).is_ok());
    assert!(
        check_action_count(101)
            .expect_err("over")
            .to_string()
            .contains("101 actions")
    );
}
