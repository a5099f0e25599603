//! A bucket of two designs' items paired: what is found, under which entity; and, for any items,
//! a design matched against itself (or against its redesign, the same items rewritten) finds
//! every item equal.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::domain::diff::{DiffReport, EntityCounts, Finding};
use crate::domain::model::Model;
use crate::domain::number::Number;
use crate::domain::schema::{KeyAttribute, KeySchema};
use crate::domain::value::{AttrValue, Item, ValueType};

const OLD: &str = r##"
[[entity]]
name = "Order"
pk = "USER#{userId}"
sk = "ORDER#{orderId}"

[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "PROFILE"
"##;

const NEW: &str = r##"
[[entity]]
name = "Order"
pk = "CUSTOMER#{userId}"
sk = "ORD#{orderDate}#{orderId}"

[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "PROFILE"
"##;

fn key() -> KeySchema {
    KeySchema::new(
        KeyAttribute::new("PK", ValueType::S),
        Some(KeyAttribute::new("SK", ValueType::S)),
    )
}

fn model(text: &str) -> Model {
    Model::parse(text, "m.toml").unwrap_or_else(|error| panic!("{error}"))
}

/// An order in the old design (`orderDate` a plain attribute) and the new (`orderDate` in the
/// sort key).
fn order(user: &str, id: &str, date: &str, total: AttrValue) -> (Item, Item) {
    let old = Item::from([
        ("PK".to_owned(), AttrValue::s(format!("USER#{user}"))),
        ("SK".to_owned(), AttrValue::s(format!("ORDER#{id}"))),
        ("orderDate".to_owned(), AttrValue::s(date)),
        ("total".to_owned(), total.clone()),
    ]);
    let new = Item::from([
        ("PK".to_owned(), AttrValue::s(format!("CUSTOMER#{user}"))),
        ("SK".to_owned(), AttrValue::s(format!("ORD#{date}#{id}"))),
        ("total".to_owned(), total),
    ]);
    (old, new)
}

fn user(id: &str) -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s(format!("USER#{id}"))),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
        (
            "tags".to_owned(),
            AttrValue::Ss(["a".into(), "b".into()].into()),
        ),
    ])
}

/// Compares `old` (in the old design) with `new` (in `new_model`'s) as one bucket.
fn compare(old: Vec<Item>, new: Vec<Item>, new_model: &str) -> (DiffReport, u64) {
    let (old_model, new_model) = (model(OLD), model(new_model));
    let plan = RedesignPlan::new((&old_model, "old"), (&new_model, "new")).expect("a plan");
    let redesign = Redesign {
        plan: &plan,
        old: Design::new(&old_model, &key()),
        new: Design::new(&new_model, &key()),
    };
    let identify = |design: &Design<'_>, items: Vec<Item>| -> Identified {
        items
            .into_iter()
            .map(|item| (design.identity(&plan, &item).expect("identified"), item))
            .collect()
    };
    let source = identify(&redesign.old, old);
    let target = identify(&redesign.new, new);
    let mut report = DiffReport::keeping(100);
    let shared = redesign.compare_bucket(source, target, &BTreeSet::new(), &mut report);
    (report, shared)
}

#[test]
fn planted_differences_are_found_under_their_entity() {
    let total = |n: &str| AttrValue::N(Number::parse(n).expect("a number"));
    let big = "12345678901234567890123456789012345678";
    let (a_old, a_new) = order("u1", "o1", "2026-07-01", total(big));
    let (b_old, mut b_new) = order("u1", "o2", "2026-07-02", total("1"));
    b_new.insert(
        "total".into(),
        total("12345678901234567890123456789012345679"),
    );
    let (c_old, _) = order("u2", "o3", "2026-07-03", total("1"));
    let (_, d_new) = order("u3", "o4", "2026-07-04", total("1"));
    let mut listed = user("u1");
    listed.insert(
        "tags".into(),
        AttrValue::L(vec![AttrValue::s("a"), AttrValue::s("b")]),
    );
    let (report, shared) = compare(
        vec![a_old, b_old, c_old, user("u1"), user("u2")],
        vec![a_new, b_new, d_new, listed, user("u2")],
        NEW,
    );
    assert_eq!(shared, 0);
    let counts = |equal, only_source, only_target, different| EntityCounts {
        equal,
        only_source,
        only_target,
        different,
    };
    assert_eq!(report.entities["Order"], counts(1, 1, 1, 1));
    assert_eq!(report.entities["User"], counts(1, 0, 0, 1));
    let found: Vec<(String, char, Vec<String>)> = report
        .findings
        .iter()
        .map(|(entity, finding)| {
            let paths = match finding {
                Finding::Different { attributes, .. } => {
                    attributes.iter().map(|diff| diff.path.clone()).collect()
                }
                _ => Vec::new(),
            };
            (entity.clone(), finding.mark(), paths)
        })
        .collect();
    assert!(
        found.contains(&("Order".into(), '*', vec!["total".into()])),
        "{found:?}"
    );
    assert!(
        found.contains(&("User".into(), '*', vec!["tags".into()])),
        "{found:?}"
    );
    assert!(found.contains(&("Order".into(), '-', vec![])), "{found:?}");
    assert!(found.contains(&("Order".into(), '+', vec![])), "{found:?}");
}

#[test]
fn items_neither_model_describes_are_matched_by_key_under_their_own_heading() {
    let config = Item::from([
        ("PK".to_owned(), AttrValue::s("CONFIG")),
        ("SK".to_owned(), AttrValue::s("GLOBAL")),
    ]);
    let (report, _) = compare(vec![config.clone()], vec![config], NEW);
    assert_eq!(report.entities[UNMODELLED].equal, 1);
    assert!(report.is_equal());
}

#[test]
fn items_sharing_an_identity_are_paired_in_key_order_and_counted() {
    // A new design keyed on the user and a sequence number cannot tell a user's orders apart by
    // a field the old one keys on too.
    let coarse = "[[entity]]\nname = \"Order\"\npk = \"CUSTOMER#{userId}\"\nsk = \"ORD#{seq}\"\n\
                  [[entity]]\nname = \"User\"\npk = \"USER#{userId}\"\nsk = \"PROFILE\"\n";
    let old = |id: &str, seq: &str| {
        let mut item = order("u1", id, "d", AttrValue::n(1)).0;
        item.insert("seq".into(), AttrValue::s(seq));
        item
    };
    let new = |id: &str, seq: &str| {
        let mut item = old(id, seq);
        item.insert("PK".into(), AttrValue::s("CUSTOMER#u1"));
        item.insert("SK".into(), AttrValue::s(format!("ORD#{seq}")));
        item.insert("orderId".into(), AttrValue::s(id));
        item.remove("seq");
        item
    };
    let (report, shared) = compare(
        vec![old("o2", "2"), old("o1", "1")],
        vec![new("o2", "2"), new("o1", "1")],
        coarse,
    );
    assert_eq!(shared, 2, "one identity on each side holds two orders");
    assert!(report.is_equal(), "{:?}", report.findings);
}

fn field() -> impl Strategy<Value = String> {
    "[a-z0-9#_-]{1,12}"
}

fn total() -> impl Strategy<Value = AttrValue> {
    prop_oneof![
        "[1-9][0-9]{0,37}".prop_map(|digits| AttrValue::N(Number::parse(&digits).expect("n"))),
        prop::collection::btree_set("[a-z]{0,4}", 1..4).prop_map(AttrValue::Ss),
        Just(AttrValue::s("")),
        prop::collection::vec(any::<u8>(), 0..6).prop_map(AttrValue::B),
    ]
}

proptest! {
    #[test]
    fn a_design_against_itself_or_its_redesign_is_equal(
        orders in prop::collection::btree_map((field(), field()), ("[0-9-]{1,10}", total()), 0..40),
        users in prop::collection::btree_set(field(), 0..10),
    ) {
        let mut old = Vec::new();
        let mut new = Vec::new();
        for ((user, id), (date, total)) in &orders {
            let (before, after) = order(user, id, date, total.clone());
            old.push(before);
            new.push(after);
        }
        for id in &users {
            old.push(user(id));
            new.push(user(id));
        }
        let count = old.len() as u64;
        let mut reversed = old.clone();
        reversed.reverse();
        let (itself, _) = compare(old.clone(), reversed, OLD);
        prop_assert!(itself.is_equal(), "{:?}", itself.findings);
        prop_assert_eq!(itself.totals().equal, count);
        let (redesigned, _) = compare(old, new, NEW);
        prop_assert!(redesigned.is_equal(), "{:?}", redesigned.findings);
        prop_assert_eq!(redesigned.totals().equal, count);
    }
}
