use super::*;
use crate::domain::number::Number;
use crate::domain::schema::KeyAttribute;
use crate::domain::value::{AttrValue, ValueType};

fn description() -> TableDescription {
    TableDescription::new(
        "T",
        KeySchema::new(
            KeyAttribute::new("PK", ValueType::S),
            Some(KeyAttribute::new("SK", ValueType::S)),
        ),
    )
}

fn n(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("test number"))
}

fn item(pk: &str, sk: &str, attributes: &[(&str, AttrValue)]) -> Item {
    let mut item = Item::new();
    item.insert("PK".to_owned(), AttrValue::s(pk));
    item.insert("SK".to_owned(), AttrValue::s(sk));
    for (name, value) in attributes {
        item.insert((*name).to_owned(), value.clone());
    }
    item
}

fn user(id: u32) -> Item {
    item(
        &format!("USER#{id}"),
        "METADATA",
        &[
            ("name", AttrValue::s(format!("user {id}"))),
            ("email", AttrValue::s(format!("u{id}@example.com"))),
            ("createdAt", AttrValue::s("2026-01-01")),
        ],
    )
}

fn order(user: u32, id: u32, total: &str) -> Item {
    item(
        &format!("USER#{user}"),
        &format!("ORDER#{id}"),
        &[("total", n(total)), ("status", AttrValue::s("PENDING"))],
    )
}

fn titles(columns: &Columns) -> Vec<String> {
    columns.columns().iter().map(Column::title).collect()
}

fn choose(items: &[Item]) -> Columns {
    Columns::choose(items, &description(), &EntityDecoder::new())
}

#[test]
fn keys_and_entity_come_first_then_each_entity_types_common_attributes() {
    let items = vec![user(1), order(1, 1, "5"), order(1, 2, "7"), user(2)];
    let columns = choose(&items);
    assert_eq!(
        titles(&columns),
        [
            "PK",
            "SK",
            "entity",
            "status",
            "createdAt",
            "email",
            "name",
            "total"
        ]
    );
}

#[test]
fn state_like_columns_lead_and_index_keys_come_last() {
    let mut table = description();
    table.indexes.push(crate::domain::schema::IndexSchema {
        name: "GSI1".into(),
        kind: crate::domain::schema::IndexKind::Global,
        key: KeySchema::new(
            KeyAttribute::new("GSI1PK", ValueType::S),
            Some(KeyAttribute::new("GSI1SK", ValueType::S)),
        ),
        projection: crate::domain::schema::Projection::All,
        item_count: None,
        size_bytes: None,
        status: None,
    });
    let ticket = item(
        "TENANT#acme",
        "TICKET#1",
        &[
            ("GSI1PK", AttrValue::s("STATUS#OPEN")),
            ("GSI1SK", AttrValue::s("2026-07-01")),
            ("assignee", AttrValue::s("ada")),
            ("priority", AttrValue::s("P1")),
            ("status", AttrValue::s("OPEN")),
        ],
    );
    let columns = Columns::choose(&[ticket], &table, &EntityDecoder::new());
    assert_eq!(
        titles(&columns),
        [
            "PK", "SK", "entity", "status", "priority", "assignee", "GSI1PK"
        ],
        "four a type: the index keys, which repeat the keys, are the ones left out"
    );
}

#[test]
fn a_rare_attribute_of_one_item_does_not_push_out_the_common_ones() {
    let mut odd = user(3);
    odd.insert("a_note".to_owned(), AttrValue::s("x"));
    let mut items: Vec<Item> = (0..5).map(user).collect();
    items.push(odd);
    items.iter_mut().for_each(|item| {
        item.insert("zeta".to_owned(), AttrValue::Null);
    });
    let columns = choose(&items);
    let shown = titles(&columns);
    assert!(!shown.contains(&"a_note".to_owned()), "{shown:?}");
    assert!(shown.contains(&"zeta".to_owned()), "{shown:?}");
}

#[test]
fn widths_fit_the_widest_cell_within_bounds() {
    let items = vec![order(1, 1, "12345678901234567890123456789012345678")];
    let columns = choose(&items);
    let total = columns
        .columns()
        .iter()
        .find(|column| column.title() == "total")
        .expect("total column");
    assert_eq!(total.width, 38);
    let sk = &columns.columns()[1];
    assert_eq!(sk.width, 7, "ORDER#1 is 7 wide");
}

#[test]
fn sorting_uses_dynamodb_number_order_and_is_stable_then_reverses_then_resets() {
    let items = vec![
        order(1, 1, "10"),
        order(1, 2, "9"),
        order(1, 3, "10"),
        user(1),
        order(1, 4, "-1.5"),
    ];
    let mut columns = choose(&items);
    let total = titles(&columns)
        .iter()
        .position(|title| title == "total")
        .expect("total column");
    columns.sort_by(total);
    assert_eq!(columns.sort(), Some((total, true)));
    assert_eq!(
        columns.order(&items),
        [4, 1, 0, 2, 3],
        "missing values last"
    );
    columns.sort_by(total);
    assert_eq!(
        columns.order(&items),
        [0, 2, 1, 4, 3],
        "ties keep result order"
    );
    columns.sort_by(total);
    assert_eq!(columns.sort(), None);
    assert_eq!(columns.order(&items), [0, 1, 2, 3, 4]);
}

#[test]
fn strings_sort_by_utf8_bytes_and_entities_sort_by_name() {
    let items = vec![
        item("USER#b", "METADATA", &[]),
        item("USER#B", "METADATA", &[]),
        item("USER#a", "ORDER#1", &[]),
    ];
    let mut columns = choose(&items);
    columns.sort_by(0);
    assert_eq!(
        columns.order(&items),
        [1, 2, 0],
        "uppercase before lowercase"
    );
    columns.sort_by(2);
    assert_eq!(columns.order(&items), [0, 1, 2], "User before User›Order");
}

#[test]
fn hiding_toggles_and_keeps_the_column_in_place() {
    let items = vec![user(1)];
    let mut columns = choose(&items);
    columns.toggle_hidden(1);
    assert!(columns.columns()[1].hidden);
    assert_eq!(columns.columns()[1].title(), "SK");
    columns.toggle_hidden(1);
    assert!(!columns.columns()[1].hidden);
    columns.toggle_hidden(99);
}

#[test]
fn resizing_steps_within_bounds() {
    let items = vec![user(1)];
    let mut columns = choose(&items);
    let before = columns.columns()[0].width;
    columns.widen(0);
    assert_eq!(columns.columns()[0].width, before + RESIZE_STEP);
    for _ in 0..200 {
        columns.narrow(0);
    }
    assert_eq!(columns.columns()[0].width, MIN_WIDTH);
    for _ in 0..200 {
        columns.widen(0);
    }
    assert_eq!(columns.columns()[0].width, MAX_WIDTH);
}

#[test]
fn new_pages_add_columns_at_the_end_and_keep_user_choices() {
    let mut items = vec![user(1), user(2)];
    let mut columns = choose(&items);
    columns.toggle_hidden(3);
    columns.narrow(4);
    let narrowed = columns.columns()[4].width;
    columns.sort_by(5);
    let before = titles(&columns);
    items.extend((1..5).map(|id| order(1, id, "1")));
    let long = "x".repeat(30);
    items.push(user_with_long_name(&long));
    columns.refresh(&items, &description(), &EntityDecoder::new());
    let after = titles(&columns);
    assert_eq!(after[..before.len()], before[..]);
    assert_eq!(after[before.len()..], ["status", "total"]);
    assert!(columns.columns()[3].hidden);
    assert_eq!(columns.columns()[4].width, narrowed);
    assert_eq!(columns.sort(), Some((5, true)));
    let name = columns
        .columns()
        .iter()
        .find(|column| column.title() == "name")
        .expect("name column");
    assert_eq!(name.width, 30, "automatic widths grow with new pages");
}

fn user_with_long_name(name: &str) -> Item {
    item(
        "USER#9",
        "METADATA",
        &[
            ("name", AttrValue::s(name)),
            ("email", AttrValue::s("e")),
            ("createdAt", AttrValue::s("c")),
        ],
    )
}

#[test]
fn a_new_shorter_result_is_counted_from_scratch() {
    let items = vec![user(1), user(2), user(3)];
    let mut columns = choose(&items);
    let orders = vec![order(1, 1, "1")];
    columns.refresh(&orders, &description(), &EntityDecoder::new());
    assert_eq!(columns.entity_counts(), [("User›Order".to_owned(), 1)]);
}

#[test]
fn attribute_names_with_control_characters_are_escaped_in_titles() {
    let items = vec![item("P", "S", &[("bad\u{1b}name", AttrValue::Null)])];
    let columns = choose(&items);
    assert!(titles(&columns).contains(&"bad\\x1bname".to_owned()));
}
