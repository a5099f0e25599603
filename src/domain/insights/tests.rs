//! Generated tables, each with one known pitfall, and a clean table with none.

use proptest::prelude::*;

use super::*;
use crate::domain::access_pattern::AccessPattern;
use crate::domain::key_template::KeyTemplate;
use crate::domain::key_value::key_text;
use crate::domain::request::{ExpressionParams, QueryRequest};
use crate::domain::schema::{IndexKind, IndexSchema, KeyAttribute, KeySchema, Projection};
use crate::domain::value::{AttrValue, ValueType};

fn key(partition: &str, sort: Option<&str>) -> KeySchema {
    KeySchema::new(
        KeyAttribute::new(partition, ValueType::S),
        sort.map(|name| KeyAttribute::new(name, ValueType::S)),
    )
}

fn index(name: &str, partition: &str, sort: Option<&str>, projection: Projection) -> IndexSchema {
    IndexSchema {
        name: name.to_owned(),
        kind: IndexKind::Global,
        key: key(partition, sort),
        projection,
        item_count: None,
        size_bytes: None,
        status: None,
    }
}

fn table() -> TableDescription {
    let mut table = TableDescription::new("App", key("PK", Some("SK")));
    table.indexes = vec![
        index("GSI1", "GSI1PK", Some("GSI1SK"), Projection::KeysOnly),
        index("GSI2", "GSI2PK", None, Projection::All),
    ];
    table
}

fn item(pairs: &[(&str, &str)]) -> Item {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), AttrValue::s(*value)))
        .collect()
}

/// 20 users with 5 orders each; every order in GSI1 with both keys; GSI2 unused.
fn clean_items() -> Vec<Item> {
    let mut items = Vec::new();
    for user in 0..20 {
        let pk = format!("USER#usr_{user:03}x");
        items.push(item(&[("PK", &pk), ("SK", "PROFILE"), ("name", "Ada")]));
        for order in 0..5 {
            let sk = format!("ORDER#2026-07-{:02}#ord_{user}_{order}", order + 1);
            items.push(item(&[
                ("PK", &pk),
                ("SK", &sk),
                ("GSI1PK", &format!("STORE#st_{user}a")),
                ("GSI1SK", &sk),
            ]));
        }
    }
    items
}

fn scan(table: TableDescription, items: &[Item]) -> InsightScan {
    let mut scan = InsightScan::new(table, EntityDecoder::new());
    for item in items {
        scan.add(item);
    }
    scan
}

fn report(items: &[Item]) -> Report {
    scan(table(), items).report(Coverage::Complete, &[])
}

fn rules(report: &Report) -> Vec<Rule> {
    report.findings.iter().map(|finding| finding.rule).collect()
}

fn finding(report: &Report, rule: Rule) -> &Finding {
    report
        .findings
        .iter()
        .find(|finding| finding.rule == rule)
        .unwrap_or_else(|| panic!("no {rule:?} in {:#?}", report.findings))
}

#[test]
fn a_clean_table_has_no_findings_but_still_its_figures() {
    let report = report(&clean_items());
    assert_eq!(rules(&report), Vec::<Rule>::new(), "{:#?}", report.findings);
    assert_eq!(report.items, 120);
    assert_eq!(report.partitions, 20);
    assert_eq!(report.largest_collections.len(), 5);
    assert_eq!(report.largest_collections[0].items, 6);
    assert_eq!(report.partition_sizes.rows().last(), Some(&(4, 7, 20)));
    let entities: Vec<(&str, u64)> = report
        .entity_sizes
        .iter()
        .map(|size| (size.entity.as_str(), size.items))
        .collect();
    assert_eq!(entities, vec![("User›Order", 100), ("User›Profile", 20)]);
    assert_eq!(report.index_sizes[0].index, "GSI1");
    assert_eq!(
        report.index_sizes[0].partition_items.rows(),
        vec![(1, 1, 0), (2, 3, 0), (4, 7, 20)]
    );
    assert_eq!(report.index_sizes[1].partition_items.rows(), vec![]);
}

#[test]
fn a_partition_far_larger_than_the_rest_stands_out_with_its_key_to_open() {
    let mut items = clean_items();
    for order in 0..300 {
        items.push(item(&[
            ("PK", "USER#usr_hot"),
            ("SK", &format!("ORDER#2026-07-01#o{order}")),
        ]));
    }
    let report = report(&items);
    let found = finding(&report, Rule::OutsizedPartition);
    assert_eq!(found.severity, Severity::Warning);
    assert!(
        found.summary.contains("USER#usr_hot holds 300 items"),
        "{}",
        found.summary
    );
    assert_eq!(found.items, vec![item(&[("PK", "USER#usr_hot")])]);
    assert!(
        found
            .summary
            .contains("50× the median USER partition (6 items)"),
        "{}",
        found.summary
    );
    // Item counts show size, not traffic: the citation says what would show heat.
    assert!(found.rule.citation().contains("takes request rates"));
    assert!(!found.rule.citation().contains("3,000"));
}

#[test]
fn partitions_are_compared_within_their_level_not_with_a_median_of_the_whole_table() {
    let mut items = Vec::new();
    for tenant in 0..12 {
        let pk = format!("TENANT#t{tenant}");
        for ticket in 0..60 {
            items.push(item(&[
                ("PK", &pk),
                ("SK", &format!("TICKET#tkt_{ticket}")),
            ]));
            let comments = format!("{pk}#TICKET#tkt_{ticket}");
            items.push(item(&[("PK", &comments), ("SK", "COMMENT#c1")]));
        }
    }
    let ordinary = report(&items);
    assert!(
        ordinary
            .findings
            .iter()
            .all(|found| found.rule != Rule::OutsizedPartition),
        "ordinary tenants beside one-item ticket partitions: {:?}",
        ordinary.findings
    );
    for comment in 0..80 {
        items.push(item(&[
            ("PK", "TENANT#t3#TICKET#tkt_7"),
            ("SK", &format!("COMMENT#c{comment}x")),
        ]));
    }
    let with_a_long_thread = report(&items);
    let found = finding(&with_a_long_thread, Rule::OutsizedPartition);
    assert!(
        found
            .summary
            .starts_with("1 partition stands out within its level: TENANT#t3#TICKET#tkt_7 holds 81 items, 81× the median TENANT › TICKET partition (1 item)"),
        "{}",
        found.summary
    );
    assert_eq!(found.items, vec![item(&[("PK", "TENANT#t3#TICKET#tkt_7")])]);
}

#[test]
fn items_near_the_size_limit_name_their_largest_attribute_and_cost() {
    let mut items = clean_items();
    let mut big = item(&[("PK", "USER#usr_001x"), ("SK", "ORDER#2026-07-09#big")]);
    big.insert(
        "lines".to_owned(),
        AttrValue::L(vec![AttrValue::s("x".repeat(1000)); 390]),
    );
    items.push(big);
    let report = report(&items);
    let found = finding(&report, Rule::LargeItems);
    assert_eq!(found.severity, Severity::Critical);
    assert!(
        found.summary.starts_with("1 item over 100 KB"),
        "{}",
        found.summary
    );
    let evidence = found.evidence.join("\n");
    assert!(
        evidence.contains("largest attribute lines (L, 381.2 KB)"),
        "{evidence}"
    );
    assert!(
        evidence.contains("a read costs 96 read units (48.0 eventually consistent)"),
        "{evidence}"
    );
    assert_eq!(
        found.items,
        vec![item(&[
            ("PK", "USER#usr_001x"),
            ("SK", "ORDER#2026-07-09#big")
        ])]
    );
}

#[test]
fn an_index_partition_holding_most_of_an_all_projected_index_is_hot_and_costly() {
    let mut items = clean_items();
    for order in 0..150 {
        let status = if order < 140 { "OVERDUE" } else { "PAID" };
        let mut overdue = item(&[
            ("PK", &format!("INVOICE#inv_{order}a")),
            ("SK", "INVOICE"),
            ("GSI2PK", status),
        ]);
        overdue.insert("notes".to_owned(), AttrValue::s("n".repeat(400)));
        items.push(overdue);
    }
    let report = report(&items);
    let hot = finding(&report, Rule::IndexPartitionShare);
    assert!(
        hot.summary
            .contains("GSI2: GSI2PK = OVERDUE holds 140 of its 150 items (93%)"),
        "{}",
        hot.summary
    );
    let cost = finding(&report, Rule::ProjectionCost);
    assert_eq!(cost.severity, Severity::Warning);
    assert!(
        cost.summary.starts_with("GSI2 projects ALL"),
        "{}",
        cost.summary
    );
}

#[test]
fn every_rule_names_the_developer_guide_page_its_citation_rests_on() {
    for rule in Rule::ALL {
        assert!(
            rule.citation().contains("(Developer Guide: "),
            "{}: {}",
            rule.id(),
            rule.citation()
        );
    }
}

#[test]
fn a_multi_attribute_index_is_partitioned_by_its_whole_key_tuple() {
    let mut table = table();
    let mut by_status_region = index("GSI3", "status", None, Projection::All);
    by_status_region.key = KeySchema::from_parts(
        vec![
            KeyAttribute::new("status", ValueType::S),
            KeyAttribute::new("region", ValueType::S),
        ],
        vec![KeyAttribute::new("created", ValueType::S)],
    )
    .expect("a two-attribute partition key");
    table.indexes.push(by_status_region);
    // PENDING alone holds 40% of the index, but spread over eight regions: eight partitions.
    let mut items = Vec::new();
    for n in 0..200 {
        let status = if n % 5 < 2 {
            "PENDING"
        } else {
            ["SHIPPED", "DELIVERED", "CANCELLED"][n % 3]
        };
        let region = format!("R{}", n % 8);
        items.push(item(&[
            ("PK", &format!("ORDER#o{n}")),
            ("SK", "METADATA"),
            ("status", status),
            ("region", &region),
            ("created", "2026-07-01"),
        ]));
    }
    let report = scan(table, &items).report(Coverage::Complete, &[]);
    let sizes = report
        .index_sizes
        .iter()
        .find(|sizes| sizes.index == "GSI3")
        .expect("GSI3 sizes");
    let mut expected = std::collections::BTreeSet::new();
    for item in &items {
        expected.insert((key_text(&item["status"]), key_text(&item["region"])));
    }
    assert_eq!(sizes.partitions, expected.len() as u64);
    assert!(sizes.largest[0].items <= 25, "{:?}", sizes.largest[0]);
    assert!(
        key_text(&sizes.largest[0].partition_key).contains(" · R"),
        "the tuple is named: {:?}",
        sizes.largest[0].partition_key
    );
    assert!(
        !rules(&report).contains(&Rule::IndexPartitionShare),
        "{:?}",
        report.findings
    );
}

#[test]
fn an_index_holding_nearly_every_item_is_not_sparse() {
    let items: Vec<Item> = (0..200)
        .map(|n| {
            item(&[
                ("PK", &format!("USER#u{n}a")),
                ("SK", "PROFILE"),
                ("GSI1PK", &format!("EMAIL#e{n}a")),
                ("GSI1SK", "PROFILE"),
            ])
        })
        .collect();
    let report = report(&items);
    let found = finding(&report, Rule::IndexNotSparse);
    assert!(
        found
            .summary
            .contains("GSI1 holds 200 of the 200 items read (100%)"),
        "{}",
        found.summary
    );
}

#[test]
fn half_written_index_keys_and_entities_partly_in_an_index_are_reported() {
    let mut items = clean_items();
    items.push(item(&[
        ("PK", "USER#usr_002x"),
        ("SK", "ORDER#2026-08-01#x"),
        ("GSI1PK", "STORE#st_1a"),
    ]));
    for n in 0..3 {
        items.push(item(&[
            ("PK", "USER#usr_003x"),
            ("SK", &format!("ORDER#2026-08-0{n}#y")),
        ]));
    }
    let report = report(&items);
    let partial = finding(&report, Rule::PartialIndexKeys);
    assert_eq!(partial.severity, Severity::Warning);
    assert_eq!(partial.evidence, vec!["GSI1SK missing".to_owned()]);
    let coverage = finding(&report, Rule::IndexCoverageByEntity);
    assert!(
        coverage.evidence[0].contains("of 104 in GSI1"),
        "{:?}",
        coverage.evidence
    );
}

#[test]
fn items_without_a_local_index_sort_key_are_not_half_written() {
    let mut table = table();
    let mut local = index("LSI1", "PK", Some("LSI1SK"), Projection::KeysOnly);
    local.kind = IndexKind::Local;
    table.indexes.push(local);
    let mut items = clean_items();
    items[0].insert("LSI1SK".to_owned(), AttrValue::s("2026"));
    items[1].insert("LSI1SK".to_owned(), AttrValue::n(2026));
    let report = scan(table, &items).report(Coverage::Complete, &[]);
    let partial = finding(&report, Rule::PartialIndexKeys);
    assert_eq!(
        partial.summary,
        "1 item has some of LSI1's own key attributes but is not in it"
    );
    assert_eq!(partial.evidence.len(), 1, "{:?}", partial.evidence);
}

fn typed(entity: &str, pk: &str, sk: &str) -> Item {
    item(&[("PK", pk), ("SK", sk), ("_et", entity)])
}

#[test]
fn sequential_keys_are_enumerable_and_time_bucketed_keys_are_hot_on_write() {
    let mut items: Vec<Item> = (1..=50)
        .map(|n| typed("Invoice", &format!("INVOICE#{n}"), "A"))
        .collect();
    items.extend((1..=30).map(|day| {
        typed(
            "Event",
            &format!("EVENTS#2026-07-{:02}", day % 28 + 1),
            &format!("e{day}"),
        )
    }));
    let report = report(&items);
    let sequential = finding(&report, Rule::SequentialPartitionKey);
    assert!(
        sequential
            .summary
            .starts_with("Invoice: PK ends in sequential numbers (50 distinct between 1 and 50)"),
        "{}",
        sequential.summary
    );
    // Hashing spreads a sequence: its cost is enumeration and ordering, not heat.
    assert_eq!(sequential.severity, Severity::Info);
    assert!(
        sequential.summary.contains("can be enumerated"),
        "{}",
        sequential.summary
    );
    assert!(
        sequential
            .rule
            .citation()
            .contains("hashes the partition key")
    );
    assert!(!sequential.rule.citation().contains("hot"));
    let bucketed = finding(&report, Rule::TimeBucketedPartitionKey);
    assert!(
        bucketed
            .summary
            .starts_with("Event: PK holds a date in 30 of 30 items (28 buckets)"),
        "{}",
        bucketed.summary
    );
    assert!(
        !rules(&report).contains(&Rule::NoStablePrefix),
        "{:#?}",
        report.findings
    );
}

#[test]
fn random_ids_are_not_sequential() {
    let items: Vec<Item> = (1..=50_u64)
        .map(|n| {
            typed(
                "Invoice",
                &format!("INVOICE#{}", n * 7_919 % 100_003 * 1_000),
                "A",
            )
        })
        .collect();
    assert!(!rules(&report(&items)).contains(&Rule::SequentialPartitionKey));
}

#[test]
fn few_partition_keys_for_many_items_is_low_cardinality() {
    let items: Vec<Item> = (0..120)
        .map(|n| {
            typed(
                "Task",
                if n % 2 == 0 {
                    "STATUS#PENDING"
                } else {
                    "STATUS#DONE"
                },
                &format!("t{n}"),
            )
        })
        .collect();
    let report = report(&items);
    let found = finding(&report, Rule::LowCardinalityPartitionKey);
    assert_eq!(found.summary, "Task: 120 items under 2 PK values");
}

#[test]
fn sort_keys_of_one_entity_in_two_shapes_are_listed_with_examples() {
    let mut items: Vec<Item> = (0..30)
        .map(|n| {
            typed(
                "Order",
                &format!("USER#u{n}a"),
                &format!("ORDER#2026-07-{:02}", n % 28 + 1),
            )
        })
        .collect();
    items.push(typed("Order", "USER#u1a", "ORDER#7/1/2026"));
    let report = report(&items);
    let found = finding(&report, Rule::MixedSortKeyShapes);
    assert_eq!(found.summary, "Order: SK is written in 2 shapes");
    assert_eq!(
        found.evidence[0],
        "ORDER=<date>: 30 items, e.g. ORDER#2026-07-01"
    );
    assert_eq!(
        found.evidence[1],
        "ORDER=<text>: 1 item, e.g. ORDER#7/1/2026"
    );
    assert_eq!(found.items.len(), 2);
}

#[test]
fn digits_and_letters_in_one_labelled_part_are_one_sort_key_shape() {
    let items: Vec<Item> = (0..30)
        .map(|n| {
            let zip = if n % 3 == 0 {
                format!("ec{n}a")
            } else {
                format!("{}", 98_100 + n)
            };
            typed(
                "office",
                &format!("$app#country_c{n}x"),
                &format!("$office_1#city_c{n}x#zip_{zip}"),
            )
        })
        .collect();
    let report = report(&items);
    assert!(
        !report
            .findings
            .iter()
            .any(|found| found.rule == Rule::MixedSortKeyShapes),
        "{:#?}",
        report.findings
    );
}

/// ElectroDB writes a snake_case composite under its own name, so the item says where the label
/// ends: `employee_id`, not the `employee` the key alone would suggest.
#[test]
fn a_snake_case_electrodb_level_is_named_by_the_item_s_attribute() {
    let items: Vec<Item> = (0..30)
        .map(|n| {
            let pk = if n % 2 == 0 {
                format!("$task_app#employee_id_emp_{n:04}")
            } else {
                format!("$task_app#store_ref_st_{n:04}")
            };
            let mut shift = item(&[("PK", &pk), ("SK", "A"), ("_et", "shift_log")]);
            let (name, value) = if n % 2 == 0 {
                ("employee_id", format!("emp_{n:04}"))
            } else {
                ("store_ref", format!("st_{n:04}"))
            };
            shift.insert(name.to_owned(), AttrValue::s(value));
            shift
        })
        .collect();
    let report = report(&items);
    let found = finding(&report, Rule::NoStablePrefix);
    let evidence = found.evidence.join("\n");
    assert!(
        evidence.contains("$task_app › employee_id: 15 items"),
        "{evidence}"
    );
    assert!(
        evidence.contains("$task_app › store_ref: 15 items"),
        "{evidence}"
    );
}

#[test]
fn an_entity_spread_over_unrelated_prefixes_has_no_stable_prefix() {
    let items: Vec<Item> = (0..30)
        .map(|n| {
            typed(
                "Thing",
                &format!("{}#t{n}a", ["ALPHA", "BETA", "GAMMA"][n % 3]),
                "A",
            )
        })
        .collect();
    let report = report(&items);
    let found = finding(&report, Rule::NoStablePrefix);
    assert_eq!(found.severity, Severity::Warning);
    assert_eq!(found.evidence.len(), 3);
}

#[test]
fn access_patterns_on_a_missing_index_cannot_be_served() {
    let pattern = |name: &str, index: Option<&str>| AccessPattern {
        more_pk: Vec::new(),
        name: name.to_owned(),
        index: index.map(str::to_owned),
        pk: KeyTemplate::parse("USER#{id}").unwrap_or_else(|error| panic!("{error}")),
        sk: None,
        entity: None,
    };
    let patterns = [
        pattern("user", None),
        pattern("by store", Some("GSI1")),
        pattern("by email", Some("GSI9")),
    ];
    let report = scan(table(), &clean_items()).report(Coverage::Complete, &patterns);
    assert_eq!(report.access_patterns.len(), 3);
    assert_eq!(report.access_patterns[1], "by store: key condition on GSI1");
    let found = finding(&report, Rule::AccessPatterns);
    assert_eq!(
        found.summary,
        "1 of 3 access patterns cannot be served by a key condition"
    );
}

#[test]
fn the_query_history_says_what_served_each_target_and_flags_a_vanished_index() {
    let query = |index: Option<&str>, filter: Option<&str>| {
        let mut request = QueryRequest::new("App", "#pk = :pk", ExpressionParams::default());
        request.index = index.map(str::to_owned);
        request.filter = filter.map(str::to_owned);
        request
    };
    let history = [
        query(None, None),
        query(None, Some("#s = :s")),
        query(Some("GSI1"), None),
        query(Some("GSI9"), None),
    ];
    let scan = scan(table(), &clean_items());
    let mut report = scan.report(Coverage::Complete, &[]);
    scan.add_query_history(&mut report, &history);
    assert_eq!(
        report.access_patterns,
        vec![
            "query history: 2 queries on the table, by key condition (1 with a filter)".to_owned(),
            "query history: 1 query on GSI1, by key condition".to_owned(),
            "query history: 1 query on GSI9, which the table no longer has".to_owned(),
        ]
    );
    let found = finding(&report, Rule::AccessPatterns);
    assert_eq!(
        found.summary,
        "the query history names 1 index the table does not have"
    );
}

#[test]
fn findings_are_ordered_most_severe_first() {
    let mut items = clean_items();
    let mut big = item(&[("PK", "USER#usr_001x"), ("SK", "ORDER#2026-07-09#big")]);
    big.insert("blob".to_owned(), AttrValue::B(vec![0; 390 * 1024]));
    items.push(big);
    items.push(item(&[
        ("PK", "USER#usr_002x"),
        ("SK", "ORDER#2026-08-01#x"),
        ("GSI1PK", "STORE#st_1a"),
    ]));
    let severities: Vec<Severity> = report(&items).findings.iter().map(|f| f.severity).collect();
    let mut sorted = severities.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(severities, sorted);
    assert_eq!(severities[0], Severity::Critical);
}

proptest! {
    #[test]
    fn any_keys_in_any_order_give_a_report_whose_totals_add_up(
        keys in proptest::collection::vec(("[A-Z#_a-z0-9:/|~-]{0,12}", "[A-Z#_a-z0-9:/|~.-]{0,12}"), 0..60)
    ) {
        let items: Vec<Item> = keys.iter().map(|(pk, sk)| item(&[("PK", pk), ("SK", sk)])).collect();
        let report = report(&items);
        prop_assert_eq!(report.items, items.len() as u64);
        let histogram_partitions: u64 = report.partition_sizes.rows().iter().map(|row| row.2).sum();
        prop_assert_eq!(histogram_partitions, report.partitions);
        let byte_partitions: u64 = report.partition_bytes.rows().iter().map(|row| row.2).sum();
        prop_assert_eq!(byte_partitions, report.partitions);
        prop_assert!(report.largest_collections.len() <= 5);
    }
}

#[test]
fn each_entity_and_each_index_has_its_partition_sizes_and_largest_collections() {
    let mut items = clean_items();
    for order in 0..9 {
        items.push(item(&[
            ("PK", "USER#usr_007x"),
            ("SK", &format!("ORDER#2026-08-01#extra_{order}")),
            ("GSI1PK", "STORE#st_big"),
            ("GSI1SK", &format!("ORDER#2026-08-01#extra_{order}")),
        ]));
    }
    let report = report(&items);
    let orders = report
        .entity_sizes
        .iter()
        .find(|size| size.entity == "User›Order")
        .expect("the orders");
    assert_eq!(orders.items, 109);
    assert_eq!(
        orders.partitions.items.rows(),
        vec![(1, 1, 0), (2, 3, 0), (4, 7, 19), (8, 15, 1)],
        "19 users with 5 orders, one with 14"
    );
    assert_eq!(orders.partitions.bytes.total(), 20);
    let largest = orders.partitions.largest.as_ref().expect("a largest");
    assert_eq!(largest.partition_key, AttrValue::s("USER#usr_007x"));
    assert_eq!(largest.items, 14);
    let profiles = report
        .entity_sizes
        .iter()
        .find(|size| size.entity == "User›Profile")
        .expect("the profiles");
    assert_eq!(profiles.partitions.items.rows(), vec![(1, 1, 20)]);
    let gsi1 = &report.index_sizes[0];
    assert_eq!(
        (gsi1.index.as_str(), gsi1.items, gsi1.partitions),
        ("GSI1", 109, 21)
    );
    assert_eq!(gsi1.largest.len(), 5);
    assert_eq!(gsi1.largest[0].partition_key, AttrValue::s("STORE#st_big"));
    assert_eq!(gsi1.largest[0].items, 9);
    assert!(
        gsi1.largest
            .windows(2)
            .all(|pair| pair[0].items >= pair[1].items)
    );
    assert_eq!(gsi1.partition_bytes.total(), 21);
    let projected: u64 = items
        .iter()
        .filter(|item| item.contains_key("GSI1SK"))
        .map(|item| crate::domain::value::item_size(item) as u64)
        .sum();
    assert_eq!(
        gsi1.bytes, projected,
        "KEYS_ONLY holds every attribute of these items"
    );
    let gsi2 = &report.index_sizes[1];
    assert_eq!((gsi2.items, gsi2.partitions, gsi2.largest.len()), (0, 0, 0));
}
