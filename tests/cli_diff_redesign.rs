//! `ddbx diff --from-model OLD --to-model NEW` through the real binary on DynamoDB Local: a table
//! in the old design and its copy in the new one — orders keyed on another shape (their date
//! moved from an attribute into the sort key), addresses whose kind moved out of the key into an
//! attribute, users unchanged — with planted differences (an order missing from the target, one
//! extra, a number changed in its 38th digit, a string set turned into a list) finds exactly
//! those under their entity; narrowed to an entity or to one partition named in each design's
//! terms, only those items; models that cannot match items exit 2 before anything is sent.

mod support;

use std::net::TcpListener;
use std::path::PathBuf;

use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use serde_json::Value;
use support::cli::{Run, ddbx};
use support::scratch::Scratch;
use support::tables::{SeededTable, seeded_table};
use support::{Server, server_endpoint};

const USERS: usize = 50;
const ORDERS_PER_USER: usize = 4;
const BIG: &str = "12345678901234567890123456789012345678";
const BIG_CHANGED: &str = "12345678901234567890123456789012345679";

const OLD_MODEL: &str = r##"
[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "PROFILE"

[[entity]]
name = "Order"
pk = "USER#{userId}"
sk = "ORDER#{orderId}"

[[entity]]
name = "Address"
pk = "USER#{userId}"
sk = "ADDR#{kind}#{addressId}"
"##;

const NEW_MODEL: &str = r##"
[[entity]]
name = "User"
pk = "USER#{userId}"
sk = "PROFILE"

[[entity]]
name = "Order"
pk = "CUSTOMER#{userId}"
sk = "ORD#{orderDate}#{orderId}"

[[entity]]
name = "Address"
pk = "USER#{userId}"
sk = "ADDR#{addressId}"
"##;

fn s(text: &str) -> AttrValue {
    AttrValue::s(text)
}

fn number(text: &str) -> AttrValue {
    AttrValue::N(Number::parse(text).expect("a number"))
}

fn item(pairs: Vec<(&str, AttrValue)>) -> Item {
    pairs
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
}

fn date(order: usize) -> String {
    format!("2026-07-{:02}", order % 28 + 1)
}

/// The old design's and the new design's copy of user `u`'s items.
fn user_items(u: usize) -> (Vec<Item>, Vec<Item>) {
    let tags = AttrValue::Ss(["gold".into(), "eu".into()].into());
    let profile = |pk: &str| {
        item(vec![
            ("PK", s(pk)),
            ("SK", s("PROFILE")),
            ("name", s(&format!("user {u}"))),
            ("note", s("")),
            ("tags", tags.clone()),
        ])
    };
    let mut old = vec![profile(&format!("USER#u{u}"))];
    let mut new = vec![profile(&format!("USER#u{u}"))];
    for o in 0..ORDERS_PER_USER {
        let id = format!("o{u}-{o}");
        let total = if u == 7 && o == 1 {
            number(BIG)
        } else {
            number(&format!("{o}.5"))
        };
        let payload = AttrValue::B(vec![0, 1, u as u8, o as u8]);
        old.push(item(vec![
            ("PK", s(&format!("USER#u{u}"))),
            ("SK", s(&format!("ORDER#{id}"))),
            ("orderDate", s(&date(o))),
            ("total", total.clone()),
            ("payload", payload.clone()),
        ]));
        new.push(item(vec![
            ("PK", s(&format!("CUSTOMER#u{u}"))),
            ("SK", s(&format!("ORD#{}#{id}", date(o)))),
            ("total", total),
            ("payload", payload),
        ]));
    }
    old.push(item(vec![
        ("PK", s(&format!("USER#u{u}"))),
        ("SK", s(&format!("ADDR#home#a{u}"))),
        ("city", s("Oslo")),
    ]));
    new.push(item(vec![
        ("PK", s(&format!("USER#u{u}"))),
        ("SK", s(&format!("ADDR#a{u}"))),
        ("kind", s("home")),
        ("city", s("Oslo")),
    ]));
    (old, new)
}

/// Both designs' items, the new one with the planted differences.
fn designs() -> (Vec<Item>, Vec<Item>) {
    let (mut old, mut new) = (Vec::new(), Vec::new());
    for u in 0..USERS {
        let (before, after) = user_items(u);
        old.extend(before);
        new.extend(after);
    }
    new.retain(|item| item.get("SK") != Some(&s("ORD#2026-07-03#o3-2")));
    for item in &mut new {
        if item.get("SK") == Some(&s("ORD#2026-07-02#o7-1")) {
            item.insert("total".into(), number(BIG_CHANGED));
        }
        if item.get("PK") == Some(&s("USER#u9")) && item.get("SK") == Some(&s("PROFILE")) {
            item.insert("tags".into(), AttrValue::L(vec![s("eu"), s("gold")]));
        }
    }
    new.push(item(vec![
        ("PK", s("CUSTOMER#u1")),
        ("SK", s("ORD#2026-08-01#extra")),
        ("total", number("1")),
    ]));
    (old, new)
}

/// The two model files, in `dir`.
fn model_files(dir: &Scratch, old: &str, new: &str) -> (PathBuf, PathBuf) {
    let (old_path, new_path) = (dir.join("old.toml"), dir.join("new.toml"));
    std::fs::write(&old_path, old).expect("old model written");
    std::fs::write(&new_path, new).expect("new model written");
    (old_path, new_path)
}

fn path(path: &std::path::Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

fn report(run: &Run) -> Value {
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}{}", run.stdout, run.stderr))
}

/// Each finding as `entity found PK/SK attribute: kind; …`, sorted.
fn findings(report: &Value) -> Vec<String> {
    let mut found: Vec<String> = report["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .map(|finding| {
            let key = &finding["key"];
            let attributes: Vec<String> = finding["attributes"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|diff| {
                    format!(
                        "{}: {}",
                        diff["path"].as_str().unwrap_or("?"),
                        diff["kind"].as_str().unwrap_or("?")
                    )
                })
                .collect();
            format!(
                "{} {} {}/{} {}",
                finding["entity"].as_str().unwrap_or("?"),
                finding["found"].as_str().unwrap_or("?"),
                key["PK"]["S"].as_str().unwrap_or("?"),
                key["SK"]["S"].as_str().unwrap_or("?"),
                attributes.join("; ")
            )
        })
        .collect();
    found.sort();
    found
}

/// DynamoDB Local's endpoint, a table in each design named after `prefix`, and both models.
struct Designed {
    local: String,
    source: SeededTable,
    target: SeededTable,
    models: (PathBuf, PathBuf),
    /// Removes the model files with the fixture.
    _models_dir: Scratch,
}

impl Designed {
    /// `ddbx -o json diff` of the two designs through their models, with `extra` options.
    fn diff(&self, extra: &[&str]) -> Run {
        let (old_model, new_model) = &self.models;
        let head = [
            "-o",
            "json",
            "diff",
            "--to-table",
            &self.target.name,
            "--from-model",
            path(old_model),
            "--to-model",
            path(new_model),
        ];
        ddbx(
            &self.local,
            Some(&self.source.name),
            &[&head[..], extra].concat(),
        )
    }
}

fn designed(prefix: &str) -> Option<Designed> {
    let local = server_endpoint(Server::DdbLocal)?;
    let (old, new) = designs();
    let models_dir = Scratch::new("redesign-models");
    Some(Designed {
        source: seeded_table(&local, &format!("{prefix}-old"), &old),
        target: seeded_table(&local, &format!("{prefix}-new"), &new),
        models: model_files(&models_dir, OLD_MODEL, NEW_MODEL),
        _models_dir: models_dir,
        local,
    })
}

#[test]
fn a_redesigned_copy_with_planted_differences_finds_exactly_those_under_their_entity() {
    let Some(designed) = designed("redesign") else {
        return;
    };
    let run = designed.diff(&[]);
    let Designed {
        local,
        source,
        models: (old_model, _),
        ..
    } = &designed;
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let found = report(&run);
    assert_eq!(
        findings(&found),
        [
            "Order different CUSTOMER#u7/ORD#2026-07-02#o7-1 total: value changed",
            "Order only_in_source USER#u3/ORDER#o3-2 ",
            "Order only_in_target CUSTOMER#u1/ORD#2026-08-01#extra ",
            "User different USER#u9/PROFILE tags: type changed: SS in the source, L in the target",
        ],
        "{}",
        run.stdout
    );
    let entity = |name: &str| &found["entities"][name];
    assert_eq!(entity("Order")["equal"], USERS * ORDERS_PER_USER - 2);
    assert_eq!(entity("User")["equal"], USERS - 1);
    assert_eq!(entity("Address")["equal"], USERS);
    assert_eq!(found["totals"]["equal"], USERS * (ORDERS_PER_USER + 2) - 3);
    let matching = found["matching"].to_string();
    assert!(
        matching
            .contains("Order: matched by orderId, userId; orderDate only in the new model's keys"),
        "{matching}"
    );
    assert!(
        matching
            .contains("Address: matched by addressId, userId; kind only in the old model's keys"),
        "{matching}"
    );

    // The same design on both sides: every item equal, text report, exit 0.
    let itself = ddbx(
        local,
        Some(&source.name),
        &[
            "diff",
            "--to-table",
            &source.name,
            "--from-model",
            path(old_model),
            "--to-model",
            path(old_model),
            "--to-endpoint-url",
            local,
        ],
    );
    assert_eq!(itself.code, Some(0), "{}{}", itself.stdout, itself.stderr);
    assert!(
        itself.stdout.contains("equal: every item is on both sides"),
        "{}",
        itself.stdout
    );
    assert!(
        itself
            .stdout
            .contains("Order: matched by orderId, userId\n"),
        "{}",
        itself.stdout
    );
}

#[test]
fn a_redesign_narrowed_to_an_entity_or_a_partition_compares_only_those_items() {
    let Some(designed) = designed("redesign-scope") else {
        return;
    };
    let redesign = |scope: &[&str]| designed.diff(scope);

    // Each side's entity is the one its own model names, whatever shape its keys have.
    let orders = redesign(&["--entity", "Order"]);
    assert_eq!(orders.code, Some(1), "{}", orders.stderr);
    let found = report(&orders);
    assert_eq!(
        findings(&found),
        [
            "Order different CUSTOMER#u7/ORD#2026-07-02#o7-1 total: value changed",
            "Order only_in_source USER#u3/ORDER#o3-2 ",
            "Order only_in_target CUSTOMER#u1/ORD#2026-08-01#extra ",
        ],
        "{}",
        orders.stdout
    );
    assert_eq!(found["totals"]["equal"], USERS * ORDERS_PER_USER - 2);

    // One user's orders: the partition is named in each design's terms.
    let one = redesign(&[
        "--pk",
        "USER#u7",
        "--to-pk",
        "CUSTOMER#u7",
        "--entity",
        "Order",
    ]);
    let found = report(&one);
    assert_eq!(
        findings(&found),
        ["Order different CUSTOMER#u7/ORD#2026-07-02#o7-1 total: value changed"]
    );
    assert_eq!(found["totals"]["equal"], ORDERS_PER_USER - 1);
    assert_eq!(
        found["scope"]["target"],
        "pk=\"CUSTOMER#u7\" entity=\"Order\" (by Query)"
    );
}

/// A loopback URL where nothing listens: a command that tried to connect would exit 1, so an
/// exit code of 2 proves it was refused before anything was sent.
fn closed_endpoint() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
    let port = listener.local_addr().expect("bound address").port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

#[test]
fn models_that_cannot_match_items_exit_two_before_anything_is_sent() {
    let endpoint = closed_endpoint();
    let without_address = OLD_MODEL
        .split("[[entity]]\nname = \"Address\"")
        .next()
        .expect("a part");
    let cases: [(&str, &str, &[&str]); 3] = [
        (
            OLD_MODEL,
            without_address,
            &["entity \"Address\" is not in", "define it there"],
        ),
        (
            "[[entity]]\nname = \"A\"\npk = \"A#{x}\"\n",
            "[[entity]]\nname = \"A\"\npk = \"A#{y}\"\n",
            &["entity \"A\": no key field is common to both models (old x, new y)"],
        ),
        (
            OLD_MODEL,
            "[[entity]]\nname = \"User\"\npk = \"USER#{userId\"\n",
            &["new.toml:3:12", "unclosed `{`"],
        ),
    ];
    for (old, new, needles) in cases {
        let dir = Scratch::new("redesign-models");
        let (old_model, new_model) = model_files(&dir, old, new);
        let run = ddbx(
            &endpoint,
            Some("Orders"),
            &[
                "diff",
                "--to-table",
                "OrdersV2",
                "--from-model",
                path(&old_model),
                "--to-model",
                path(&new_model),
            ],
        );
        assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
        for needle in needles {
            assert!(run.stderr.contains(needle), "{needle}: {}", run.stderr);
        }
        assert!(run.stderr.contains("nothing was read"), "{}", run.stderr);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }
    let alone = ddbx(
        &endpoint,
        Some("Orders"),
        &["diff", "--to-table", "OrdersV2", "--from-model", "old.toml"],
    );
    assert_eq!(alone.code, Some(2), "{}", alone.stderr);
    assert!(alone.stderr.contains("--to-model"), "{}", alone.stderr);
}
