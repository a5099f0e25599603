use super::*;
use crate::domain::schema::{IndexKind, IndexSchema, KeyAttribute, Projection};
use crate::domain::value::ValueType;

fn key(pk: &str, sk: &str) -> KeySchema {
    KeySchema::new(
        KeyAttribute::new(pk, ValueType::S),
        Some(KeyAttribute::new(sk, ValueType::S)),
    )
}

fn table() -> TableDescription {
    let mut description = TableDescription::new("tasks", key("pk", "sk"));
    for n in 2..=3 {
        description.indexes.push(IndexSchema {
            name: format!("gsi{n}"),
            kind: IndexKind::Global,
            key: key(&format!("gsi{n}pk"), &format!("gsi{n}sk")),
            projection: Projection::All,
            item_count: None,
            size_bytes: None,
            status: None,
        });
    }
    description
}

/// A task as ElectroDB writes it (the shape of tests/libraries/electrodb-taskapp.cjs).
fn task() -> Item {
    [
        ("pk", "$taskapp#task_t0007"),
        ("sk", "$task_1#project_proj4#employee_e039"),
        ("gsi2pk", "$taskapp#project_proj4"),
        ("gsi2sk", "$task_1#employee_e039#status_open"),
        ("gsi3pk", "$taskapp#employee_e039"),
        ("gsi3sk", "$assignments#task_1#project_proj4"),
        ("task", "t0007"),
        ("project", "proj4"),
        ("employee", "e039"),
        ("status", "open"),
        ("__edb_e__", "task"),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
    .collect()
}

fn edited(pairs: &[(&str, &str)]) -> Item {
    let mut item = task();
    for (name, value) in pairs {
        item.insert((*name).to_owned(), AttrValue::s(*value));
    }
    item
}

fn summary(found: &[OutOfSync]) -> Vec<(&str, &str, &str)> {
    found
        .iter()
        .map(|o| {
            (
                o.attribute.as_str(),
                o.would_write.as_str(),
                o.because.as_str(),
            )
        })
        .collect()
}

#[test]
fn an_edited_composite_attribute_leaves_every_key_built_from_it_out_of_sync() {
    let found = out_of_sync(&table(), &task(), &edited(&[("employee", "E040")]));
    assert_eq!(
        summary(&found),
        [
            ("sk", "$task_1#project_proj4#employee_e040", "employee"),
            ("gsi2sk", "$task_1#employee_e040#status_open", "employee"),
            ("gsi3pk", "$taskapp#employee_e040", "employee"),
        ]
    );
    assert_eq!(found[0].holds, "$task_1#project_proj4#employee_e039");
}

#[test]
fn an_edited_key_part_leaves_its_attribute_and_the_other_keys_behind() {
    let found = out_of_sync(
        &table(),
        &task(),
        &edited(&[("gsi2sk", "$task_1#employee_e039#status_closed")]),
    );
    assert_eq!(summary(&found), [("status", "closed", "status")]);
}

#[test]
fn keys_edited_with_their_attribute_and_unrelated_edits_are_in_sync() {
    let together = edited(&[
        ("status", "closed"),
        ("gsi2sk", "$task_1#employee_e039#status_closed"),
    ]);
    assert_eq!(out_of_sync(&table(), &task(), &together), []);
    let unrelated = edited(&[("description", "new text")]);
    assert_eq!(out_of_sync(&table(), &task(), &unrelated), []);
    // A hand-rolled key with the same label reads the same way.
    let mut order = Item::new();
    order.insert("pk".into(), AttrValue::s("STORE#s1"));
    order.insert("sk".into(), AttrValue::s("STATUS#PENDING#ORDER#o1"));
    order.insert("status".into(), AttrValue::s("PENDING"));
    let mut shipped = order.clone();
    shipped.insert("status".into(), AttrValue::s("SHIPPED"));
    assert_eq!(
        summary(&out_of_sync(&table(), &order, &shipped)),
        [("sk", "STATUS#SHIPPED#ORDER#o1", "status")]
    );
}
