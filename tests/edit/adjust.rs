//! Guarded adjustments: numbers added to where they stand, so writers adjusting one number at the
//! same time all count, with a guard on the result checked by the server. Through the edit path
//! on every backend, and through the real binary (with its journal and undo) on DynamoDB Local.

use std::path::Path;
use std::sync::Arc;

use ddbx::domain::edit::{Adjustment, plan_adjust};
use ddbx::domain::expr::ast::PathElement;
use ddbx::domain::number::Number;
use ddbx::domain::value::{AttrValue, Item};
use ddbx::write::WriteOutcome;

use crate::harness::{Env, on_every_backend};
use crate::support::Server;
use crate::support::cli::{Run, ddbx_command, run_command};
use crate::support::scratch::Scratch;

const WRITERS: usize = 8;
const ADJUSTMENTS_PER_WRITER: i128 = 25;

fn key() -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s("ACCOUNT#1")),
        ("SK".to_owned(), AttrValue::s("BALANCE")),
    ])
}

fn number(text: &str) -> Number {
    Number::parse(text).expect("a number")
}

fn balance(item: &Item) -> Number {
    item.get("balance")
        .and_then(AttrValue::as_n)
        .cloned()
        .unwrap_or_else(|| panic!("no balance in {item:?}"))
}

fn by(amount: &str, at_least: Option<&str>) -> Adjustment {
    Adjustment {
        path: vec![PathElement::Name("balance".to_owned())],
        by: number(amount),
        at_least: at_least.map(number),
        at_most: None,
    }
}

async fn account(env: &Env, balance: &str, version: i64) {
    let mut item = key();
    item.insert("balance".into(), AttrValue::N(number(balance)));
    item.insert("version".into(), AttrValue::n(version));
    env.create(&item).await;
}

/// Every writer plans all its adjustments from one read made before any of them: none of them
/// conflicts, and the number counts every one, to the last of its 38 digits.
async fn no_adjustment_is_lost(server: Server) {
    let Some(env) = Env::new(server, "edit-adjust").await else {
        return;
    };
    let start = "10000000000000000000000000000000000000";
    account(&env, start, 0).await;
    let read_once = env.read(&key()).await.expect("the account exists");
    let env = Arc::new(env);
    let tasks: Vec<_> = (0..WRITERS)
        .map(|_| {
            let (env, read_once) = (env.clone(), read_once.clone());
            tokio::spawn(async move {
                for _ in 0..ADJUSTMENTS_PER_WRITER {
                    let planned = plan_adjust(&env.ctx(), &read_once, &[by("1", Some("0"))])
                        .expect("planned");
                    let outcome = env.execute(&planned).await.expect("sent");
                    assert!(
                        matches!(outcome, WriteOutcome::Written { .. }),
                        "{outcome:?}"
                    );
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("a writer finished without panicking");
    }
    let last = env.read(&key()).await.expect("the account exists");
    let total = WRITERS as i128 * ADJUSTMENTS_PER_WRITER;
    let expected = number(&format!("100000000000000000000000000000000{total:05}"));
    if server == Server::Moto {
        // moto applies concurrent updates without isolation: two additions that meet read the
        // same value, and one is lost (2 of 200 in one run here). It never invents one.
        let counted = balance(&last)
            .checked_sub(&number(start))
            .expect("a difference");
        eprintln!("moto counted {counted} of {total} concurrent additions");
        assert!(balance(&last) <= expected, "{last:?}");
        return;
    }
    assert_eq!(balance(&last), expected);
    assert_eq!(last.get("version"), Some(&AttrValue::n(total as i64)));
}

/// A guard the item breaks when the write arrives fails at the server, and nothing is written:
/// the write was planned from a read the item no longer matches.
async fn a_guard_broken_since_the_read_fails_at_the_server(server: Server) {
    let Some(env) = Env::new(server, "edit-adjust-guard").await else {
        return;
    };
    account(&env, "100", 0).await;
    let stale = env.read(&key()).await.expect("the account exists");
    let spend = |amount: &str| plan_adjust(&env.ctx(), &stale, &[by(amount, Some("0"))]);
    let first = spend("-80").expect("planned");
    assert!(matches!(
        env.execute(&first).await.expect("sent"),
        WriteOutcome::Written { .. }
    ));
    // Planned from the same read (100 then, 20 now): taking 30 more would leave -10.
    let second = spend("-30").expect("as read, 100 - 30 stays above 0");
    let outcome = env.execute(&second).await.expect("sent");
    let WriteOutcome::Conflict { current: Some(now) } = outcome else {
        panic!("the guard must fail at the server: {outcome:?}");
    };
    assert_eq!(balance(&now), number("20"));
    assert_eq!(
        balance(&env.read(&key()).await.expect("exists")),
        number("20")
    );
}

on_every_backend!(
    no_adjustment_is_lost,
    a_guard_broken_since_the_read_fails_at_the_server
);

fn ddbx(env: &Env, state: &Path, args: &[&str]) -> Run {
    let endpoint = env.endpoint.as_deref().expect("a server endpoint");
    let mut command = ddbx_command();
    command
        .env("XDG_STATE_HOME", state)
        .env_remove("DDBX_JOURNAL")
        .args(["--endpoint-url", endpoint, "--table", &env.table])
        .args(args);
    run_command(command)
}

const ADDRESS: [&str; 4] = ["--pk", "ACCOUNT#1", "--sk", "BALANCE"];

fn update(extra: &[&str]) -> Vec<String> {
    ["update"]
        .iter()
        .chain(ADDRESS.iter())
        .chain(extra.iter())
        .map(|text| (*text).to_owned())
        .collect()
}

fn run(env: &Env, state: &Path, args: &[String]) -> Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    ddbx(env, state, &args)
}

/// `ddbx update --add`, its dry run, a refusal before sending, and an undo that takes back only
/// its own amount: another writer's adjustment made in between is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_adjusts_guards_and_undoes_by_the_opposite_amount() {
    let Some(env) = Env::new(Server::DdbLocal, "edit-adjust-cli").await else {
        return;
    };
    let state = Scratch::new("state");
    account(&env, "100", 4).await;

    let dry = run(
        &env,
        &state,
        &update(&[
            "--add",
            "balance=-25",
            "--at-least",
            "balance=0",
            "--dry-run",
        ]),
    )
    .success();
    for line in [
        "UpdateExpression: SET balance = balance + :v0, version = version + :v1",
        "ConditionExpression: attribute_exists(PK) AND balance >= :v2",
        r#":v0: {"N":"-25"}"#,
        r#":v2: {"N":"25"}"#,
    ] {
        assert!(dry.stdout.contains(line), "{line} in:\n{}", dry.stdout);
    }
    assert!(
        dry.stderr.contains("dry run: nothing was sent"),
        "{}",
        dry.stderr
    );
    assert_eq!(
        balance(&env.read(&key()).await.expect("exists")),
        number("100")
    );

    run(
        &env,
        &state,
        &update(&["--add", "balance=-25", "--at-least", "balance=0"]),
    )
    .success();
    // Another writer (without the journal) adds 10 meanwhile.
    ddbx(
        &env,
        &Scratch::new("other"),
        &update(&["--add", "balance=10"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    )
    .success();
    let after = env.read(&key()).await.expect("exists");
    assert_eq!(balance(&after), number("85"));
    assert_eq!(after.get("version"), Some(&AttrValue::n(6)));

    // As read, 85 - 100 is below the guard: refused with exit 3, nothing sent.
    run(
        &env,
        &state,
        &update(&["--add", "balance=-100", "--at-least", "balance=0"]),
    )
    .refused(3, &["balance is 85", "below 0", "nothing was sent"]);

    run(&env, &state, &["undo".to_owned()]).success();
    let undone = env.read(&key()).await.expect("exists");
    assert_eq!(
        balance(&undone),
        number("110"),
        "the undo adds the 25 back and keeps the other writer's 10"
    );
    env.drop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_adjustments_are_refused_with_exit_2_and_nothing_sent() {
    let Some(env) = Env::new(Server::DdbLocal, "edit-adjust-bad").await else {
        return;
    };
    let state = Scratch::new("state");
    account(&env, "100", 0).await;
    let mut text_item = key();
    text_item.insert("SK".into(), AttrValue::s("NOTE"));
    text_item.insert("balance".into(), AttrValue::s("100"));
    env.create(&text_item).await;
    let refusals: [(&[&str], &[&str]); 5] = [
        (&["--add", "balance=ten"], &["--add", "is not a number"]),
        (
            &["--add", "balance=1", "--set", "x=1"],
            &["cannot be used with"],
        ),
        (&["--at-least", "balance=0"], &["--add"]),
        (
            &["--add", "balance=1", "--at-least", "other=0"],
            &["no --add adjusts that path"],
        ),
        (&["--add", "SK=1"], &["key attribute of the table"]),
    ];
    for (extra, words) in refusals {
        run(&env, &state, &update(extra)).refused(2, words);
    }
    let on_text = [
        "update",
        "--pk",
        "ACCOUNT#1",
        "--sk",
        "NOTE",
        "--add",
        "balance=1",
    ];
    ddbx(&env, &state, &on_text).refused(2, &["balance holds S \"100\", not a number"]);
    assert_eq!(
        balance(&env.read(&key()).await.expect("exists")),
        number("100")
    );
    env.drop().await;
}
