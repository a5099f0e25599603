//! Tables written by the single-table design libraries themselves (ElectroDB, dynamodb-toolbox,
//! OneTable, from npm, through their own APIs: tests/libraries/*.cjs) into dynalite, then read by
//! ddbx: collections and their tree, entities, labelled key parts, and the headless
//! `collections` command. The Amplify table is the one exception: AppSync cannot run here, so its
//! items are imitated from the documented shape (tests/libraries/amplify-shaped.cjs).

mod support;

use std::collections::{BTreeMap, BTreeSet};

use ddbx::domain::collection::Collections;
use ddbx::domain::collection_tree::Composition;
use ddbx::domain::entity::{EntityDecoder, EntitySource};
use ddbx::domain::grammar::markers::decode_item;
use ddbx::domain::grammar::onetable::model_from_schema_item;
use ddbx::domain::grammar::{Grammar, decode_key};
use ddbx::domain::grammar_census::GrammarCensus;
use ddbx::domain::schema::TableDescription;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::domain::version_attr::is_tombstone;
use support::libraries::{harness, read_table, write_with_library};
use support::unique_table_name;

fn collections(description: &TableDescription, items: &[Item]) -> Collections {
    let mut found = Collections::new(description.key.clone(), EntityDecoder::new());
    found.add_page(items);
    found
}

/// Group name → what it holds (`task`, `comment + task`).
fn holdings(found: &Collections) -> BTreeMap<String, String> {
    found
        .groups()
        .map(|group| {
            let prefix = group.prefix.unwrap_or("(no prefix)").to_owned();
            (prefix, group.composition().name())
        })
        .collect()
}

/// Headless `ddbx collections` as (prefix, level, holds) per JSON line.
fn headless(endpoint: &str, table: &str) -> Vec<(String, u64, Option<String>)> {
    let run = support::cli::ddbx(endpoint, Some(table), &["collections"]).success();
    run.json_lines()
        .iter()
        .map(|line| {
            (
                line["prefix"].as_str().unwrap_or("(no prefix)").to_owned(),
                line["level"].as_u64().expect("a level"),
                line["holds"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

fn text<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name).and_then(AttrValue::as_s).unwrap_or_default()
}

fn chips(key: &str, sort: bool) -> Vec<String> {
    decode_key(key, sort)
        .parts()
        .iter()
        .map(|part| match &part.label {
            Some(label) => format!("{label}={}", part.value),
            None => part.value.to_owned(),
        })
        .collect()
}

#[test]
fn electrodb_collections_follow_entities_and_the_headless_command_agrees() {
    let Some(harness) = harness() else { return };
    let table = unique_table_name("electrodb");
    write_with_library("electrodb-taskapp.cjs", &harness, &[&table]);
    let (description, items) = read_table(&harness.0, &table);
    assert_eq!(items.len(), 4 + 60 + 150 + 150);
    let mut census = GrammarCensus::new();
    for item in &items {
        census.observe(item, &description.key);
    }
    assert_eq!(census.shares(), [(Some(Grammar::ElectroDb), 1.0)]);
    let found = collections(&description, &items);
    let expected: BTreeMap<String, String> = [
        ("$taskapp › country", "office"),
        ("$taskapp › employee", "employee"),
        // Comments live in their task's partition: a parent and its children.
        ("$taskapp › task", "comment + task"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_owned(), b.to_owned()))
    .collect();
    assert_eq!(holdings(&found), expected);
    for group in found.groups() {
        match group.composition() {
            Composition::Single(entity) => assert!(entity.is_some(), "{group:?}"),
            Composition::Mix(entities) => assert_eq!(entities, [Some("comment"), Some("task")]),
        }
    }
    let tree = found.tree();
    assert_eq!(tree.len(), 1);
    assert_eq!((tree[0].name, tree[0].item_count), (Some("$taskapp"), 364));
    let children: Vec<_> = tree[0]
        .children
        .iter()
        .map(|c| (c.name, c.partition_count))
        .collect();
    assert_eq!(
        children,
        [
            (Some("country"), 4),
            (Some("employee"), 60),
            (Some("task"), 150)
        ]
    );

    let lines = headless(&harness.0, &table);
    assert_eq!(lines[0], ("$taskapp".to_owned(), 1, None));
    let printed: BTreeMap<String, String> = lines[1..]
        .iter()
        .map(|(prefix, level, holds)| {
            assert_eq!(*level, 2);
            (
                prefix.clone(),
                holds.clone().expect("a child says what it holds"),
            )
        })
        .collect();
    assert_eq!(printed, expected);
    let table_run =
        support::cli::ddbx(&harness.0, Some(&table), &["collections", "-o", "table"]).success();
    let rows = table_run.lines();
    assert!(rows[0].starts_with("$taskapp "), "{rows:?}");
    assert!(
        rows.iter().any(|row| row.starts_with("  employee ")),
        "{rows:?}"
    );
}

#[test]
fn electrodb_keys_decode_into_labelled_parts_with_the_entity_and_its_reason() {
    let Some(harness) = harness() else { return };
    let (table, renamed) = (
        unique_table_name("electrodb"),
        unique_table_name("electrodb-renamed"),
    );
    write_with_library("electrodb-taskapp.cjs", &harness, &[&table, &renamed]);
    let (description, items) = read_table(&harness.0, &table);
    let decoder = EntityDecoder::new();
    let mut seen = BTreeSet::new();
    for item in &items {
        let decoded = decode_item(item, &description.key);
        let marker = text(item, "__edb_e__");
        assert_eq!(decoded.library, Some(Grammar::ElectroDb));
        assert_eq!(decoded.entity, Some(marker));
        let sk = decoded.sk.as_ref().expect("a sort key");
        assert_eq!(sk.grammar, Grammar::ElectroDb, "{}", text(item, "sk"));
        assert_eq!(sk.entity, Some(marker), "the sort key names the entity too");
        assert!(decoded.explain().starts_with(&format!(
            "entity {marker} from __edb_e__; parts from ElectroDB"
        )));
        for name in [
            "pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk",
        ] {
            if let Some(key) = item.get(name).and_then(AttrValue::as_s) {
                let decode = decode_key(key, name.ends_with("sk"));
                assert_eq!(decode.grammar, Grammar::ElectroDb, "{name} {key}");
                assert_eq!(decode.join(), key);
            }
        }
        let parts = decoder.key_parts(item, &description.key);
        assert!(parts.pk.iter().all(|part| part.label.is_some()));
        seen.insert(marker.to_owned());
        if marker == "task" {
            let sk_chips = chips(text(item, "sk"), true);
            assert_eq!(sk_chips[0], "entity=task_1");
            assert_eq!(sk_chips[1], format!("project={}", text(item, "project")));
            assert_eq!(sk_chips[2], format!("employee={}", text(item, "employee")));
            let gsi3sk = decode_key(text(item, "gsi3sk"), true);
            assert_eq!(gsi3sk.collection, Some("assignments"));
        }
    }
    assert_eq!(
        seen,
        ["comment", "employee", "office", "task"]
            .map(str::to_owned)
            .into()
    );
    let office_hq = items
        .iter()
        .find(|i| text(i, "__edb_e__") == "office" && text(i, "office") == "portland_hq")
        .expect("an office");
    let office_chips = chips(text(office_hq, "sk"), true);
    assert!(
        office_chips.contains(&"office=portland_hq".to_owned()),
        "{office_chips:?} {office_hq:?}"
    );

    // Markers renamed by the model: the sort key still names the entity.
    let (description, items) = read_table(&harness.0, &renamed);
    assert_eq!(items.len(), 12);
    for item in &items {
        let entity = decoder.decode(item, &description.key).expect("an entity");
        assert_eq!(entity.name, "ticket");
        assert_eq!(entity.source, EntitySource::KeyGrammar(Grammar::ElectroDb));
        let decoded = decode_item(item, &description.key);
        assert_eq!(decoded.marker, Some("kind"));
        let sk = chips(text(item, "sk"), true);
        assert!(sk[1].starts_with("openedat=2026-07-"), "{sk:?}");
        assert!(matches!(
            decode_key(text(item, "sk"), true).parts()[1].kind,
            ddbx::domain::composite_key::PartKind::Timestamp(_)
        ));
    }
    let found = collections(&description, &items);
    assert_eq!(
        holdings(&found),
        [("$helpdesk › queue".to_owned(), "ticket".to_owned())].into()
    );
}

/// The same shop written by dynamodb-toolbox v2 and by v1, each through its own API.
#[test]
fn dynamodb_toolbox_v1_and_v2_tables_group_by_their_keys_and_name_entities_from_et() {
    let Some(harness) = harness() else { return };
    for script in ["toolbox-shop.cjs", "toolbox-v1-shop.cjs"] {
        let table = unique_table_name("toolbox");
        write_with_library(script, &harness, &[&table]);
        let (description, items) = read_table(&harness.0, &table);
        assert!(items.len() > 35, "{script}: {} items", items.len());
        let found = collections(&description, &items);
        let holds = holdings(&found);
        assert_eq!(holds["PRODUCT"], "Product", "{script}");
        assert_eq!(holds["CUSTOMER"], "Order + Customer", "{script}");
        assert_eq!(holds.len(), 2, "{script}");
        for item in &items {
            let decoded = decode_item(item, &description.key);
            assert_eq!(decoded.library, Some(Grammar::DynamoDbToolbox), "{script}");
            assert_eq!(decoded.marker, Some("_et"), "{script}");
            for stamp in ["_ct", "_md"] {
                assert!(
                    ddbx::domain::grammar::values::timestamp_any_case(text(item, stamp)).is_some(),
                    "{script}: {item:?}"
                );
            }
            let pk = chips(text(item, "PK"), false);
            assert!(
                pk[0].starts_with("customer=c-") || pk[0].starts_with("product=sku_"),
                "{script}: {pk:?}"
            );
        }
        let lines = headless(&harness.0, &table);
        let printed: BTreeMap<_, _> = lines
            .into_iter()
            .map(|(p, _, h)| (p, h.expect("holds")))
            .collect();
        assert_eq!(printed, holds, "{script}");
    }
}

#[test]
fn onetable_tables_name_entities_from_type_and_keep_the_saved_schema_apart() {
    let Some(harness) = harness() else { return };
    let table = unique_table_name("onetable");
    write_with_library("onetable-crm.cjs", &harness, &[&table]);
    let (description, items) = read_table(&harness.0, &table);
    let found = collections(&description, &items);
    let holds = holdings(&found);
    // `_schema` is a bare word, not a prefix: the schema item is the one key without prefix.
    assert_eq!(holds["(no prefix)"], "_Schema");
    assert!(
        holds["account"].contains("Account") && holds["account"].contains("User"),
        "{holds:?}"
    );
    for item in &items {
        let decoded = decode_item(item, &description.key);
        assert_eq!(decoded.library, Some(Grammar::OneTable));
        assert_eq!(decoded.marker, Some("_type"));
    }
    let account = items
        .iter()
        .find(|i| text(i, "_type") == "Account")
        .expect("an account");
    assert_eq!(
        chips(text(account, "pk"), false),
        [format!("account={}", text(account, "id"))]
    );
    let user = items
        .iter()
        .find(|i| text(i, "_type") == "User")
        .expect("a user");
    assert_eq!(
        chips(text(user, "sk"), true),
        [format!("user={}", text(user, "email"))]
    );
    let lines = headless(&harness.0, &table);
    assert!(
        lines.iter().any(
            |(prefix, _, holds)| prefix == "(no prefix)" && holds.as_deref() == Some("_Schema")
        )
    );

    // The schema OneTable saved in the table reads as a model: entities, templates, queries.
    let schema = items
        .iter()
        .find(|i| text(i, "pk") == "_schema")
        .expect("the saved schema");
    let model = model_from_schema_item(schema).expect("a model");
    let names: BTreeSet<&str> = model.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Account", "Invoice", "User"].into());
    assert_eq!(model.access_patterns.len(), 2);
    let decoder = EntityDecoder::with_model(model);
    for item in items.iter().filter(|i| text(i, "pk") != "_schema") {
        let entity = decoder.decode(item, &description.key).expect("an entity");
        assert_eq!(
            (entity.name.as_str(), entity.source),
            (text(item, "_type"), EntitySource::Model)
        );
    }
    let invoice = items
        .iter()
        .find(|i| text(i, "_type") == "Invoice")
        .expect("an invoice");
    let parts = decoder.key_parts(invoice, &description.key);
    let labels: Vec<_> = parts.sk.iter().filter_map(|p| p.label.as_deref()).collect();
    assert_eq!(labels, ["date", "id"]);
}

/// Imitated from Amplify's documented item shape (see the module doc).
#[test]
fn amplify_shaped_items_name_entities_from_typename_and_mark_tombstones() {
    let Some(harness) = harness() else { return };
    let table = unique_table_name("amplify");
    write_with_library("amplify-shaped.cjs", &harness, &[&table]);
    let (description, items) = read_table(&harness.0, &table);
    let found = collections(&description, &items);
    assert_eq!(
        holdings(&found),
        [("(no prefix)".to_owned(), "Post".to_owned())].into()
    );
    let tombstones = items.iter().filter(|item| is_tombstone(item)).count();
    assert_eq!(tombstones, 2);
    for item in &items {
        assert_eq!(
            decode_item(item, &description.key).library,
            Some(Grammar::Amplify)
        );
    }
}

#[test]
fn headless_describe_reports_the_grammars_collections_finds_with_their_shares() {
    let Some(harness) = harness() else { return };
    let cases = [
        ("electrodb-taskapp.cjs", "ElectroDB", 364),
        ("toolbox-v1-shop.cjs", "dynamodb-toolbox", 0),
    ];
    for (script, grammar, items) in cases {
        let table = unique_table_name("describe");
        write_with_library(script, &harness, &[&table]);
        let run =
            support::cli::ddbx(&harness.0, Some(&table), &["describe", "--grammars"]).success();
        let document: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
        let grammars = &document["Grammars"];
        assert_eq!(grammars["Shares"][0]["Grammar"], grammar, "{document}");
        assert_eq!(grammars["Shares"][0]["Share"], 1.0, "{document}");
        let scanned = grammars["ItemsScanned"].as_u64().expect("a count");
        if items > 0 {
            assert_eq!(scanned, items);
        }
        // The same shares the headless `collections` reports.
        let collections = support::cli::ddbx(&harness.0, Some(&table), &["collections"]).success();
        let line = format!("grammars: {grammar} 100% (of {scanned} items scanned)");
        assert!(collections.stderr.contains(&line), "{}", collections.stderr);
        let text = support::cli::ddbx(
            &harness.0,
            Some(&table),
            &["describe", "--grammars", "-o", "table"],
        )
        .success();
        assert!(
            text.stdout.contains(&format!(
                "grammars   {grammar} 100% (of {scanned} items scanned)"
            )),
            "{}",
            text.stdout
        );
    }
    // Without the flag nothing is scanned and nothing is said about grammars.
    let table = unique_table_name("describe");
    write_with_library("toolbox-shop.cjs", &harness, &[&table]);
    let run = support::cli::ddbx(&harness.0, Some(&table), &["describe"]).success();
    assert!(!run.stdout.contains("Grammars"), "{}", run.stdout);
}
