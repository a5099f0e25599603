//! Grouping discovered items into item collections (levels 1 and 2 of the explorer).

use ddbx::domain::collection::{Collections, GroupSummary};
use ddbx::domain::entity::EntityDecoder;
use ddbx::domain::model::Model;
use ddbx::domain::number::Number;
use ddbx::domain::partition_key::PartitionKey;
use ddbx::domain::schema::{KeyAttribute, KeySchema};
use ddbx::domain::value::{AttrValue, Item, ValueType};
use proptest::prelude::*;

fn table_key() -> KeySchema {
    KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    )
}

fn keyed(pk: &str, sk: &str) -> Item {
    [("PK", pk), ("SK", sk)]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), AttrValue::s(value)))
        .collect()
}

fn shop_items() -> Vec<Item> {
    let mut store = keyed("STORE#s1", "STORE#s1");
    store.insert("_et".into(), AttrValue::s("Shop"));
    vec![
        keyed("USER#u1", "METADATA"),
        keyed("USER#u1", "ORDER#2026-07-01#o1"),
        keyed("USER#u1", "ORDER#2026-07-02#o2"),
        keyed("USER#u2", "METADATA"),
        keyed("ORDER#o1", "ITEM#1"),
        keyed("ORDER#o1", "ITEM#2"),
        store,
        keyed("abc", "x"),
    ]
}

/// Level 1 as plain data: (prefix, partitions, items, [(entity, count)]).
type Row = (Option<String>, u64, u64, Vec<(Option<String>, u64)>);

fn rows(collections: &Collections) -> Vec<Row> {
    collections
        .groups()
        .map(|group: GroupSummary<'_>| {
            let entities = group
                .entities
                .iter()
                .map(|(name, count)| (name.map(str::to_owned), *count))
                .collect();
            (
                group.prefix.map(str::to_owned),
                group.partition_count,
                group.item_count,
                entities,
            )
        })
        .collect()
}

fn named(name: &str, count: u64) -> (Option<String>, u64) {
    (Some(name.to_owned()), count)
}

#[test]
fn prefixes_group_partitions_items_and_entity_mix() {
    let mut collections = Collections::new(table_key(), EntityDecoder::new());
    collections.add_page(&shop_items());
    assert_eq!(
        rows(&collections),
        vec![
            (Some("ORDER".into()), 1, 2, vec![named("Order›Item", 2)]),
            (Some("STORE".into()), 1, 1, vec![named("Shop", 1)]),
            (
                Some("USER".into()),
                2,
                4,
                vec![named("User", 2), named("User›Order", 2)]
            ),
            (None, 1, 1, vec![(None, 1)]),
        ]
    );
    assert_eq!(collections.item_count(), 8);
    assert_eq!(collections.partition_count(), 5);
    assert_eq!(collections.group_count(), 4);
}

#[test]
fn partitions_of_a_group_are_listed_in_key_order_with_item_counts() {
    let mut collections = Collections::new(table_key(), EntityDecoder::new());
    collections.add_page(&shop_items());
    collections.add_item(&keyed("USER#u0", "METADATA"));
    let users = collections.group(Some("USER")).expect("USER group");
    let listed: Vec<_> = collections.partitions(users).collect();
    assert_eq!(
        listed,
        [
            (PartitionKey::S("USER#u0"), 1),
            (PartitionKey::S("USER#u1"), 3),
            (PartitionKey::S("USER#u2"), 1)
        ]
    );
    let from_u1: Vec<_> = collections
        .partitions_from(users, PartitionKey::S("USER#u1"))
        .collect();
    assert_eq!(from_u1, listed[1..]);
    let last = collections.partitions(users).next_back();
    assert_eq!(last, Some((PartitionKey::S("USER#u2"), 1)));
    assert_eq!(collections.group(Some("GROUP")), None);
}

#[test]
fn partitions_seen_again_after_another_are_counted_once_each() {
    let mut collections = Collections::new(table_key(), EntityDecoder::new());
    for (pk, sk) in [
        ("USER#a", "1"),
        ("USER#a", "2"),
        ("USER#b", "1"),
        ("USER#a", "3"),
        ("ORDER#a", "1"),
        ("USER#a", "4"),
    ] {
        collections.add_item(&keyed(pk, sk));
    }
    let users = collections.group(Some("USER")).expect("USER group");
    let listed: Vec<_> = collections.partitions(users).collect();
    assert_eq!(
        listed,
        [
            (PartitionKey::S("USER#a"), 4),
            (PartitionKey::S("USER#b"), 1)
        ]
    );
    assert_eq!(collections.partition_count(), 3);
    assert_eq!(
        collections.partition_item_count(PartitionKey::S("ORDER#a")),
        1
    );
}

#[test]
fn a_model_names_entities_before_type_attributes_and_prefixes() {
    let model = Model::parse(
        "[[entity]]\nname = \"Purchase\"\npk = \"USER#{userId}\"\nsk = \"ORDER#{date}#{orderId}\"\n",
        "inline.toml",
    )
    .expect("valid model");
    let mut collections = Collections::new(table_key(), EntityDecoder::with_model(model));
    collections.add_page(&shop_items());
    let users = collections
        .groups()
        .find(|g| g.prefix == Some("USER"))
        .expect("USER");
    assert_eq!(users.entities, [(Some("Purchase"), 2), (Some("User"), 2)]);
}

#[test]
fn number_keys_and_bare_ids_share_the_group_without_prefix() {
    let key = KeySchema::new(KeyAttribute::new("id", ValueType::N), None);
    let mut collections = Collections::new(key, EntityDecoder::new());
    for id in [10, 9, 10] {
        collections.add_item(&[("id".to_owned(), AttrValue::n(id))].into_iter().collect());
    }
    let group = collections.group(None).expect("group without prefix");
    let (nine, ten) = (Number::from(9), Number::from(10));
    let listed: Vec<_> = collections.partitions(group).collect();
    assert_eq!(
        listed,
        [(PartitionKey::N(&nine), 1), (PartitionKey::N(&ten), 2)]
    );
}

#[test]
fn items_without_a_usable_partition_key_are_counted_apart() {
    let mut collections = Collections::new(table_key(), EntityDecoder::new());
    collections.add_item(&Item::new());
    let mut null_key = Item::new();
    null_key.insert("PK".into(), AttrValue::Null);
    collections.add_item(&null_key);
    assert_eq!(collections.items_without_partition_key(), 2);
    assert_eq!(collections.item_count(), 0);
    assert_eq!(collections.groups().count(), 0);
}

#[test]
fn completion_offers_discovered_partitions_for_a_typed_key() {
    let mut collections = Collections::new(table_key(), EntityDecoder::new());
    collections.add_page(&shop_items());
    let typed = |text: &str| -> Vec<String> {
        collections
            .complete_partition(text)
            .map(|(key, _)| key.to_owned())
            .collect()
    };
    assert_eq!(typed("USER#u"), ["USER#u1", "USER#u2"]);
    assert_eq!(typed("US"), ["USER#u1", "USER#u2"]);
    assert_eq!(typed("ab"), ["abc"]);
    assert_eq!(typed("ORDER#o1"), ["ORDER#o1"]);
    assert!(typed("GROUP#").is_empty());
}

proptest! {
    #[test]
    fn the_grouping_does_not_depend_on_how_pages_are_split(
        keys in prop::collection::vec(("[A-C]{1,2}(#[a-c0-9]{0,3})?", "[A-C]{0,2}(#[a-c0-9]{0,3})?"), 0..60),
        cut in 0usize..60,
    ) {
        let items: Vec<Item> = keys.iter().map(|(pk, sk)| keyed(pk, sk)).collect();
        let mut whole = Collections::new(table_key(), EntityDecoder::new());
        whole.add_page(&items);
        let mut paged = Collections::new(table_key(), EntityDecoder::new());
        let cut = cut.min(items.len());
        paged.add_page(&items[..cut]);
        paged.add_page(&items[cut..]);
        prop_assert_eq!(rows(&whole), rows(&paged));
        let total: u64 = rows(&whole).iter().map(|row| row.2).sum();
        prop_assert_eq!(total, items.len() as u64);
        let partitions: u64 = rows(&whole).iter().map(|row| row.1).sum();
        prop_assert_eq!(partitions, whole.partition_count());
    }
}

proptest! {
    #[test]
    fn arbitrary_keys_never_panic_and_every_item_is_counted_once(
        keys in prop::collection::vec((".*", ".*"), 0..40),
    ) {
        let items: Vec<Item> = keys.iter().map(|(pk, sk)| keyed(pk, sk)).collect();
        let mut collections = Collections::new(table_key(), EntityDecoder::new());
        collections.add_page(&items);
        let counted: u64 = collections.groups().map(|group| group.item_count).sum();
        prop_assert_eq!(counted, items.len() as u64);
        for group in collections.groups() {
            let listed: u64 = collections.partitions(group.id).map(|(_, count)| count).sum();
            prop_assert_eq!(listed, group.item_count);
            let mix: u64 = group.entities.iter().map(|(_, count)| count).sum();
            prop_assert_eq!(mix, group.item_count);
        }
    }
}
