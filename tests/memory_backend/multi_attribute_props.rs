//! Properties of a GSI with multi-attribute keys in the embedded engine: an item is in the index
//! exactly when every key attribute is present with its declared type (R2, R3), and a partition
//! reads in the order of its sort attributes compared left to right (R4).

use std::cmp::Ordering;

use ddbx::backend::memory::MemoryBackend;
use ddbx::backend::{Backend, QueryRequest, ScanRequest};
use ddbx::domain::value::{AttrValue, Item};
use proptest::prelude::*;

use crate::multi_attribute::{INDEX, TABLE, tournament_table};
use crate::{params, put, runtime, text};

/// One key attribute of a generated item: left out, of its declared type, or of the other type.
#[derive(Clone, Debug)]
enum Slot {
    Absent,
    Right,
    Wrong,
}

fn slot() -> impl Strategy<Value = Slot> {
    prop_oneof![Just(Slot::Absent), Just(Slot::Right), Just(Slot::Wrong)]
}

/// The index's key attributes with a right and a wrong value for each.
fn attributes() -> [(&'static str, AttrValue, AttrValue); 5] {
    [
        ("tournamentId", AttrValue::s("W24"), AttrValue::n(1)),
        ("area", AttrValue::s("NA"), AttrValue::n(2)),
        ("round", AttrValue::s("SEMI"), AttrValue::n(3)),
        ("bracket", AttrValue::s("UPPER"), AttrValue::B(vec![1])),
        ("matchNo", AttrValue::n(7), AttrValue::s("7")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn an_item_is_indexed_exactly_when_every_key_attribute_is_present_and_typed(
        slots in proptest::collection::vec(slot(), 5)
    ) {
        let engine = MemoryBackend::new(tournament_table(), Vec::new()).expect("empty table");
        let mut item: Item = [("matchId".to_owned(), AttrValue::s("m"))].into_iter().collect();
        for ((name, right, wrong), slot) in attributes().into_iter().zip(&slots) {
            match slot {
                Slot::Absent => {}
                Slot::Right => { item.insert(name.into(), right); }
                Slot::Wrong => { item.insert(name.into(), wrong); }
            }
        }
        let runtime = runtime();
        let written = runtime.block_on(engine.put_item(put(TABLE, item, "attribute_not_exists(matchId)")));
        let any_wrong = slots.iter().any(|slot| matches!(slot, Slot::Wrong));
        prop_assert_eq!(written.is_err(), any_wrong, "refused exactly when a key attribute has the wrong type");
        let mut scan = ScanRequest::new(TABLE);
        scan.index = Some(INDEX.into());
        let indexed = runtime.block_on(engine.scan(scan)).expect("scan").items.len();
        let all_right = slots.iter().all(|slot| matches!(slot, Slot::Right));
        prop_assert_eq!(indexed, usize::from(all_right));
    }

    #[test]
    fn a_partition_reads_in_the_order_of_its_sort_attributes_left_to_right(
        keys in proptest::collection::vec(("[AB]{0,2}", "[ab]{1,2}", -20i64..20), 1..30),
        forward in any::<bool>(),
    ) {
        let items: Vec<Item> = keys
            .iter()
            .enumerate()
            .map(|(i, (round, bracket, no))| {
                [
                    ("matchId", AttrValue::s(format!("m{i}"))),
                    ("tournamentId", AttrValue::s("W24")),
                    ("area", AttrValue::s("NA")),
                    ("round", AttrValue::s(format!("R{round}"))),
                    ("bracket", AttrValue::s(bracket.as_str())),
                    ("matchNo", AttrValue::n(*no)),
                ]
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value))
                .collect()
            })
            .collect();
        let engine = MemoryBackend::new(tournament_table(), items).expect("valid items");
        let mut request = QueryRequest::new(
            TABLE,
            "tournamentId = :t AND area = :a",
            params(&[], &[(":t", AttrValue::s("W24")), (":a", AttrValue::s("NA"))]),
        );
        request.index = Some(INDEX.into());
        request.forward = forward;
        let page = runtime().block_on(engine.query(request)).expect("query");
        prop_assert_eq!(page.items.len(), keys.len());
        let tuple = |item: &Item| {
            let number = item.get("matchNo").and_then(AttrValue::as_n).map(ToString::to_string);
            let number: i64 = number.and_then(|text| text.parse().ok()).unwrap_or_default();
            (text(item, "round").as_bytes().to_vec(), text(item, "bracket").as_bytes().to_vec(), number)
        };
        for pair in page.items.windows(2) {
            let order = tuple(&pair[0]).cmp(&tuple(&pair[1]));
            let expected_not = if forward { Ordering::Greater } else { Ordering::Less };
            prop_assert_ne!(order, expected_not, "{:?} then {:?}", tuple(&pair[0]), tuple(&pair[1]));
        }
    }
}
