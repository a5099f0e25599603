//! `ddbx diff` narrowed to a scope on each side, through the real binary on DynamoDB Local
//! (behind a passing proxy that records every request): a partition compares only that
//! partition, by Query on both sides (its key rewritten for the target by `--rewrite-prefix`),
//! finding exactly the differences planted inside it (a 38th digit, a set written as a list, a
//! byte, beside equal empty strings) and none of those outside; an entity compares only that
//! entity's items; an index, each side's own, only the items it holds; the report names each
//! side's scope; a scope that cannot be applied exits 2, an index or a sort-key condition before
//! any item is read.

mod support;

use std::collections::BTreeSet;
use std::sync::Arc;

use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item, ValueType};
use serde_json::Value;
use support::cli::{Run, ddbx};
use support::fault_proxy::{Fault, FaultProxy};
use support::tables::{IndexSpec, SeededTable, TableSpec, create_table, seeded_table};
use support::{Server, server_endpoint};

const ORGS: usize = 6;
const ORDERS: usize = 40;
const USERS: usize = 5;
const BIG: &str = "12345678901234567890123456789012345678";
const BIG_CHANGED: &str = "12345678901234567890123456789012345679";

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn item(pk: &str, sk: &str, entity: &str) -> Item {
    Item::from([
        ("PK".to_owned(), s(pk)),
        ("SK".to_owned(), s(sk)),
        ("type".to_owned(), s(entity)),
        ("note".to_owned(), s("")),
    ])
}

/// Each org's orders and users; ORG#2's ORDER#0003 holds a 38-digit number, a string set and
/// binary.
fn source_items() -> Vec<Item> {
    let mut items = Vec::new();
    for org in 0..ORGS {
        let pk = format!("ORG#{org}");
        for n in 0..ORDERS {
            let mut order = item(&pk, &format!("ORDER#{n:04}"), "Order");
            let total = Number::parse(&format!("{n}.25")).expect("a number");
            order.insert("total".to_owned(), AttrValue::N(total));
            items.push(order);
        }
        for n in 0..USERS {
            let mut user = item(&pk, &format!("USER#{n}"), "User");
            user.insert("name".to_owned(), s(&format!("user {n}")));
            items.push(user);
        }
    }
    let special = items
        .iter_mut()
        .find(|item| item["PK"] == s("ORG#2") && item["SK"] == s("ORDER#0003"))
        .expect("ORG#2's ORDER#0003");
    special.insert(
        "balance".to_owned(),
        AttrValue::N(Number::parse(BIG).expect("38 digits")),
    );
    special.insert(
        "tags".to_owned(),
        AttrValue::Ss(["gold".into(), "eu".into()].into()),
    );
    special.insert("blob".to_owned(), AttrValue::B(vec![0, 1, 2]));
    items
}

/// The copy, with differences inside ORG#2 (an order missing, one extra, the big number's last
/// digit, the set written as a list and a byte changed, a user renamed) and outside it (ORG#3 missing
/// an order, ORG#4 a user renamed, ORG#5 an order's total changed).
fn target_items() -> Vec<Item> {
    let missing = [("ORG#2", "ORDER#0010"), ("ORG#3", "ORDER#0005")];
    let mut items: Vec<Item> = source_items()
        .into_iter()
        .filter(|item| !missing.iter().any(|(pk, sk)| key(item) == (*pk, *sk)))
        .map(|mut item| {
            match key(&item) {
                ("ORG#2", "ORDER#0003") => {
                    let changed = Number::parse(BIG_CHANGED).expect("38 digits");
                    item.insert("balance".to_owned(), AttrValue::N(changed));
                    item.insert("tags".to_owned(), AttrValue::L(vec![s("eu"), s("gold")]));
                    item.insert("blob".to_owned(), AttrValue::B(vec![0, 1, 3]));
                }
                ("ORG#2", "USER#1") | ("ORG#4", "USER#2") => {
                    item.insert("name".to_owned(), s("renamed"));
                }
                ("ORG#5", "ORDER#0007") => {
                    let total = Number::parse("7.26").expect("a number");
                    item.insert("total".to_owned(), AttrValue::N(total));
                }
                _ => {}
            }
            item
        })
        .collect();
    items.push(item("ORG#2", "ORDER#extra", "Order"));
    items
}

fn key(item: &Item) -> (&str, &str) {
    let text = |name: &str| item.get(name).and_then(AttrValue::as_s).unwrap_or("?");
    (text("PK"), text("SK"))
}

/// `items` with every partition key's `ORG#` written as `TENANT#`, as a copy rewrote them.
fn rewritten(items: Vec<Item>) -> Vec<Item> {
    items
        .into_iter()
        .map(|mut item| {
            let pk = key(&item).0.replacen("ORG#", "TENANT#", 1);
            item.insert("PK".to_owned(), s(&pk));
            item
        })
        .collect()
}

fn report(run: &Run) -> Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}{}", run.stdout, run.stderr))
}

/// Each finding as `found PK/SK path: kind; …`.
fn found(report: &Value) -> BTreeSet<String> {
    let differences = report["differences"].as_array().expect("differences");
    differences
        .iter()
        .map(|finding| {
            let attributes: Vec<String> = finding["attributes"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| {
                    format!(
                        "{}: {}",
                        a["path"].as_str().unwrap_or("?"),
                        a["kind"].as_str().unwrap_or("?")
                    )
                })
                .collect();
            let key = &finding["key"];
            let (pk, sk) = (&key["PK"]["S"], &key["SK"]["S"]);
            let found = finding["found"].as_str().unwrap_or("?");
            let line = format!(
                "{found} {}/{} {}",
                pk.as_str().unwrap_or("?"),
                sk.as_str().unwrap_or("?"),
                attributes.join("; ")
            );
            line.trim_end().to_owned()
        })
        .collect()
}

fn expected(lines: &[&str]) -> BTreeSet<String> {
    lines.iter().map(|line| (*line).to_owned()).collect()
}

/// The findings planted inside ORG#2, its partition key as the target writes it.
fn inside_org2(pk: &str) -> BTreeSet<String> {
    let lines = [
        format!(
            "different {pk}/ORDER#0003 balance: value changed; blob: value changed; tags: type changed: SS in the source, L in the target"
        ),
        format!("different {pk}/USER#1 name: value changed"),
        format!("only_in_source {pk}/ORDER#0010"),
        format!("only_in_target {pk}/ORDER#extra"),
    ];
    lines.into_iter().collect()
}

fn passing() -> support::fault_proxy::Plan {
    Arc::new(|_, _| Fault::Pass)
}

/// Runs `ddbx -o json diff --to-table TARGET ARGS…` through `proxy`.
fn diff(proxy: &FaultProxy, tables: (&SeededTable, &SeededTable), args: &[&str]) -> Run {
    let (source, target) = tables;
    let head = ["-o", "json", "diff", "--to-table", &target.name];
    ddbx(
        &proxy.endpoint(),
        Some(&source.name),
        &[&head[..], args].concat(),
    )
}

fn reads(proxy: &FaultProxy) -> Vec<String> {
    let targets = proxy.targets();
    let read = |target: &&String| target.ends_with(".Scan") || target.ends_with(".Query");
    targets.iter().filter(read).cloned().collect()
}

/// DynamoDB Local's endpoint, the source and target tables named after `prefix`, and a passing
/// proxy in front of the server (`None`: no DynamoDB Local to test on).
fn sides(prefix: &str) -> Option<(String, SeededTable, SeededTable, FaultProxy)> {
    let local = server_endpoint(Server::DdbLocal)?;
    let source = seeded_table(&local, &format!("{prefix}-src"), &source_items());
    let target = seeded_table(&local, &format!("{prefix}-dst"), &target_items());
    let proxy = FaultProxy::start(Some(&local), passing());
    Some((local, source, target, proxy))
}

#[test]
fn a_partition_scope_reads_it_by_query_and_finds_exactly_the_differences_inside_it() {
    let Some((local, source, target, proxy)) = sides("scope") else {
        return;
    };

    let run = diff(&proxy, (&source, &target), &["--pk", "ORG#2"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let scoped = report(&run);
    assert_eq!(found(&scoped), inside_org2("ORG#2"), "{}", run.stdout);
    assert_eq!(scoped["totals"]["equal"], (ORDERS + USERS - 3) as u64);
    assert_eq!(scoped["scope"]["source"], "pk=\"ORG#2\" (by Query)");
    assert_eq!(scoped["scope"]["target"], "pk=\"ORG#2\" (by Query)");
    assert!(
        run.stderr.contains("every item of each side's scope")
            && run.stderr.contains("only that partition is read"),
        "the estimate says what is read: {}",
        run.stderr
    );
    let sent = reads(&proxy);
    assert!(
        !sent.is_empty() && sent.iter().all(|read| read.ends_with(".Query")),
        "a partition is read by Query, never by Scan: {sent:?}"
    );

    // A sort-key condition narrows the partition on both sides: the user is left out.
    let orders = diff(
        &proxy,
        (&source, &target),
        &["--pk", "ORG#2", "--sk-begins-with", "ORDER#"],
    );
    let mut only_orders = inside_org2("ORG#2");
    only_orders.retain(|line| !line.contains("USER#"));
    assert_eq!(found(&report(&orders)), only_orders, "{}", orders.stderr);

    // Unscoped, the differences outside the partition are found too.
    let whole = diff(&proxy, (&source, &target), &[]);
    assert_eq!(found(&report(&whole)).len(), 7, "{}", whole.stdout);
    assert_eq!(report(&whole)["scope"]["source"], "every item");

    // The target's partition is the source's as --rewrite-prefix rewrites it.
    let tenants = seeded_table(&local, "scope-tenants", &rewritten(target_items()));
    let across = diff(
        &proxy,
        (&source, &tenants),
        &["--pk", "ORG#2", "--rewrite-prefix", "ORG#=TENANT#"],
    );
    assert_eq!(across.code, Some(1), "{}", across.stderr);
    let across = report(&across);
    assert_eq!(found(&across), inside_org2("TENANT#2"));
    assert_eq!(across["scope"]["target"], "pk=\"TENANT#2\" (by Query)");

    // --to-pk names the target's partition itself.
    let named = diff(
        &proxy,
        (&source, &tenants),
        &[
            "--pk",
            "ORG#2",
            "--to-pk",
            "TENANT#2",
            "--rewrite-prefix",
            "ORG#=TENANT#",
        ],
    );
    assert_eq!(found(&report(&named)), inside_org2("TENANT#2"));
}

#[test]
fn the_targets_own_sort_key_condition_replaces_the_sources_on_the_target_alone() {
    let Some((_, source, target, proxy)) = sides("scope-tosk") else {
        return;
    };
    // Every order of ORG#2 on the source; on the target only those whose sort key begins with
    // ORDER#0, which leaves out the extra ORDER#extra: its difference is not in scope.
    let run = diff(
        &proxy,
        (&source, &target),
        &[
            "--pk",
            "ORG#2",
            "--sk-begins-with",
            "ORDER#",
            "--to-sk-begins-with",
            "ORDER#0",
        ],
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let scoped = report(&run);
    let mut expected = inside_org2("ORG#2");
    expected.retain(|line| !line.contains("USER#") && !line.contains("ORDER#extra"));
    assert_eq!(found(&scoped), expected, "{}", run.stdout);
    let target_scope = scoped["scope"]["target"].as_str().unwrap_or_default();
    assert!(
        target_scope.contains("ORDER#0") && target_scope.contains("(by Query)"),
        "{target_scope}"
    );
    assert!(
        !scoped["scope"]["source"]
            .as_str()
            .unwrap_or_default()
            .contains("ORDER#0"),
        "the source keeps its own condition: {}",
        scoped["scope"]
    );

    // A target sort-key condition without a partition on either side: refused before connecting.
    let before = proxy.targets().len();
    let refused = diff(
        &proxy,
        (&source, &target),
        &["--to-sk-begins-with", "ORDER#"],
    );
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert!(refused.stderr.contains("--to-pk"), "{}", refused.stderr);
    assert_eq!(proxy.targets().len(), before, "nothing was sent");
}

#[test]
fn an_entity_scope_compares_only_that_entitys_items_and_says_so() {
    let Some((_, source, target, proxy)) = sides("scope-ent") else {
        return;
    };

    let run = diff(&proxy, (&source, &target), &["--entity", "order"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let orders = report(&run);
    assert_eq!(
        found(&orders),
        expected(&[
            "different ORG#2/ORDER#0003 balance: value changed; blob: value changed; tags: type changed: SS in the source, L in the target",
            "different ORG#5/ORDER#0007 total: value changed",
            "only_in_source ORG#2/ORDER#0010",
            "only_in_source ORG#3/ORDER#0005",
            "only_in_target ORG#2/ORDER#extra",
        ]),
        "{}",
        run.stdout
    );
    let entities = orders["entities"].as_object().expect("entities");
    assert_eq!(entities.keys().collect::<Vec<_>>(), ["Order"]);
    assert_eq!(orders["scope"]["source"], "entity=\"order\" (by Scan)");
    assert!(
        run.stderr.contains("of them of the scope's entity"),
        "{}",
        run.stderr
    );

    // Both narrowings at once: the users of one partition.
    let users = diff(
        &proxy,
        (&source, &target),
        &["--pk", "ORG#2", "--entity", "User"],
    );
    assert_eq!(
        found(&report(&users)),
        expected(&["different ORG#2/USER#1 name: value changed"])
    );

    // The text report heads with both scopes, so a partial compare is not read as a whole one.
    let text = ddbx(
        &proxy.endpoint(),
        Some(&source.name),
        &["diff", "--to-table", &target.name, "--pk", "ORG#0"],
    );
    assert_eq!(text.code, Some(0), "{}{}", text.stdout, text.stderr);
    assert!(
        text.stdout.contains("scope: ")
            && text.stdout.contains("pk=\"ORG#0\" (by Query)")
            && text
                .stdout
                .contains("equal: every item in scope is on both sides"),
        "{}",
        text.stdout
    );
}

#[test]
fn a_scope_that_cannot_be_applied_exits_two_and_names_what_to_fix() {
    let Some((local, source, target, _)) = sides("scope-bad") else {
        return;
    };

    let refusals: [(&[&str], &str); 4] = [
        (&["--index", "Nope"], "the source's scope, on "),
        (&["--to-index", "Nope"], "the target's scope"),
        (&["--pk", "ORG#1", "--sk-between", "B", "A"], "swap them"),
        (&["--index", "Nope"], "no index named `Nope`"),
    ];
    for (args, needle) in refusals {
        let proxy = FaultProxy::start(Some(&local), passing());
        let run = diff(&proxy, (&source, &target), args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
        assert_eq!(
            reads(&proxy),
            Vec::<String>::new(),
            "{args:?}: no item is read"
        );
    }

    // A sort-key condition without a partition is refused before connecting.
    let proxy = FaultProxy::start(Some(&local), passing());
    let run = diff(&proxy, (&source, &target), &["--sk-begins-with", "ORDER#"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("give --pk too"), "{}", run.stderr);
    assert_eq!(proxy.requests(), 0, "nothing is sent");

    // Entities are decoded from the items, so a name that matches none is known once they are
    // read: nothing is compared, and the entities read are named.
    let run = diff(&proxy, (&source, &target), &["--entity", "Invoice"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("--entity \"Invoice\" matches none of the items read")
            && run.stderr.contains("Order, User")
            && run.stderr.contains("nothing was compared"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);

    let follow = diff(&proxy, (&source, &target), &["--follow", "--pk", "ORG#1"]);
    assert_eq!(follow.code, Some(2), "{}", follow.stderr);
}

/// `items` with each order's status: every tenth PENDING, the others SHIPPED (users have none,
/// so a status index holds only orders).
fn with_status(items: Vec<Item>) -> Vec<Item> {
    items
        .into_iter()
        .map(|mut item| {
            let sk = key(&item).1.to_owned();
            if let Some(n) = sk
                .strip_prefix("ORDER#")
                .and_then(|n| n.parse::<usize>().ok())
            {
                let status = if n % 10 == 0 { "PENDING" } else { "SHIPPED" };
                item.insert("status".to_owned(), s(status));
            }
            item
        })
        .collect()
}

/// A table named after `prefix` with a status index named `index`, holding `items`.
fn indexed_table(endpoint: &str, prefix: &str, index: &str, items: &[Item]) -> SeededTable {
    let client = support::sdk_client(endpoint);
    let name = support::unique_table_name(prefix);
    let by_status = IndexSpec::new(index, "status", ValueType::S).sort("PK", ValueType::S);
    let spec = TableSpec::single_table(&name).gsi(by_status);
    support::block_on(async {
        create_table(&client, &spec).await;
        support::items::seed_items(&client, &name, items).await;
    });
    SeededTable { client, name }
}

#[test]
fn an_index_scope_reads_each_sides_own_index_and_finds_only_its_items_differences() {
    let Some(local) = server_endpoint(Server::DdbLocal) else {
        return;
    };
    let source = indexed_table(
        &local,
        "scope-ix-src",
        "ByStatus",
        &with_status(source_items()),
    );
    let mut target_items = with_status(target_items());
    for item in &mut target_items {
        if key(item) == ("ORG#4", "ORDER#0020") {
            let total = Number::parse("20.5").expect("a number");
            item.insert("total".to_owned(), AttrValue::N(total));
        }
    }
    let target = indexed_table(&local, "scope-ix-dst", "StatusIndex", &target_items);
    let proxy = FaultProxy::start(Some(&local), passing());
    let indexes = ["--index", "ByStatus", "--to-index", "StatusIndex"];

    let pending = diff(
        &proxy,
        (&source, &target),
        &[&indexes[..], &["--pk", "PENDING"]].concat(),
    );
    assert_eq!(pending.code, Some(1), "{}", pending.stderr);
    let pending_report = report(&pending);
    assert_eq!(
        found(&pending_report),
        expected(&[
            "different ORG#4/ORDER#0020 total: value changed",
            "only_in_source ORG#2/ORDER#0010",
        ]),
        "{}",
        pending.stdout
    );
    assert_eq!(
        pending_report["totals"]["equal"],
        (ORGS * ORDERS / 10 - 2) as u64
    );
    assert_eq!(
        pending_report["scope"]["target"],
        "pk=\"PENDING\" index=\"StatusIndex\" (by Query)"
    );
    let sent = reads(&proxy);
    assert!(sent.iter().all(|read| read.ends_with(".Query")), "{sent:?}");

    // Without --pk each index is scanned: every order, and no user, since users have no status.
    let orders = diff(&proxy, (&source, &target), &indexes);
    assert_eq!(
        found(&report(&orders)),
        expected(&[
            "different ORG#2/ORDER#0003 balance: value changed; blob: value changed; tags: type changed: SS in the source, L in the target",
            "different ORG#4/ORDER#0020 total: value changed",
            "different ORG#5/ORDER#0007 total: value changed",
            "only_in_source ORG#2/ORDER#0010",
            "only_in_source ORG#3/ORDER#0005",
        ]),
        "{}",
        orders.stdout
    );
    assert!(
        orders.stderr.contains("by Scan of index StatusIndex"),
        "{}",
        orders.stderr
    );
}
