//! End to end: the real binary in a pseudo-terminal, against `--demo` and against dynalite seeded
//! with single-table data. Open, see the groups with correct counts, drill into a partition,
//! inspect an item, copy (OSC 52 path: no display in the test), quit with the terminal restored.

mod support;
mod tui_support;

use std::collections::BTreeMap;
use std::path::Path;

use support::fault_proxy::FaultProxy;
use support::scratch::Scratch;
use support::{Server, sdk_client, server_endpoint, unique_table_name};
use tui_support::expected_groups;
use tui_support::pty::{PtySession, local_env};

const ENTER: &str = "\r";
const ALT_SCREEN_OFF: &[u8] = b"\x1b[?1049l";

/// The screen row of a prefix, split into cells: `│USER  33  145  User 33, …`.
fn prefix_row<'a>(screen: &'a str, prefix: &str) -> Vec<&'a str> {
    screen
        .lines()
        .find(|line| {
            line.trim_start_matches('│')
                .starts_with(&format!("{prefix} "))
        })
        .unwrap_or_else(|| panic!("no row for {prefix}:\n{screen}"))
        .trim_matches('│')
        .split_whitespace()
        .collect()
}

fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (index, c) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn assert_groups_shown(screen: &str, expected: &BTreeMap<String, (usize, usize)>) {
    for (prefix, (partitions, items)) in expected {
        let row = prefix_row(screen, prefix);
        assert_eq!(row[1], count(*partitions), "{prefix} partitions:\n{screen}");
        assert_eq!(row[2], count(*items), "{prefix} items:\n{screen}");
    }
}

/// Drills from the home screen into the first partition of `prefix`, inspects its first item,
/// copies it, and quits; asserts the terminal was restored.
fn drill_inspect_copy_quit(session: &mut PtySession, prefix: &str) {
    session.send(&format!("/{prefix}{ENTER}"));
    session.send(ENTER);
    session.wait_for(&format!("Partitions of {prefix}"));
    session.send(ENTER);
    // Items are shown under sort-key-prefix group headers.
    session.wait_for("▾");
    session.send("j");
    session.send(ENTER);
    let inspector = session.wait_for("entity:");
    assert!(inspector.contains("PK S \""), "{inspector}");
    assert!(inspector.contains("size:"), "{inspector}");
    session.send("y");
    let copied = session.wait_for("copied item as plain JSON");
    assert!(
        copied.contains("OSC 52"),
        "no display in the test, so OSC 52 is used:\n{copied}"
    );
    let raw = session.raw();
    assert!(
        raw.windows(7).any(|w| w == b"\x1b]52;c;"),
        "the OSC 52 escape was written"
    );
    session.send("qqqq");
    let status = session.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    session.wait_for_primary_screen();
    let raw = session.raw();
    assert!(
        raw.windows(ALT_SCREEN_OFF.len())
            .any(|w| w == ALT_SCREEN_OFF)
    );
}

#[test]
fn demo_opens_shows_correct_groups_drills_in_inspects_copies_and_restores_the_terminal() {
    let mut session = PtySession::spawn(&["--demo"], &[]);
    let screen = session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    let (_, items) = ddbx::demo::generate(ddbx::demo::DEFAULT_SEED, ddbx::demo::DEFAULT_SIZE);
    let expected = expected_groups(&items);
    assert_groups_shown(&screen, &expected);
    drill_inspect_copy_quit(&mut session, "USER");
}

#[test]
fn a_missing_table_is_reported_before_the_screen_changes() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let mut session = PtySession::spawn(
        &["--endpoint-url", &endpoint, "--table", "ddbx-no-such-table"],
        &[
            ("AWS_REGION", "us-east-1"),
            ("AWS_ACCESS_KEY_ID", "test"),
            ("AWS_SECRET_ACCESS_KEY", "test"),
            ("AWS_EC2_METADATA_DISABLED", "true"),
        ],
    );
    let screen = session.wait_for("ddbx-no-such-table");
    let status = session.wait_exit();
    assert!(!status.success());
    assert!(screen.contains("cannot open table"), "{screen}");
    let raw = session.raw();
    assert!(
        !raw.windows(8).any(|w| w == b"\x1b[?1049h"),
        "never entered the alternate screen"
    );
}

/// A server that accepts connections and never answers: the terminal says at once where ddbx is
/// connecting and for how long, and q or Ctrl-C quits long before `--timeout` would end it.
#[test]
fn a_server_that_never_answers_shows_connecting_with_the_elapsed_time_and_q_or_ctrl_c_quits() {
    for quit_key in ["q", "\u{3}"] {
        let proxy = FaultProxy::black_hole();
        let endpoint = proxy.endpoint();
        let mut session = PtySession::spawn(
            &[
                "--endpoint-url",
                &endpoint,
                "--table",
                "Waiting",
                "--timeout",
                "600",
            ],
            &[
                ("AWS_REGION", "us-east-1"),
                ("AWS_ACCESS_KEY_ID", "test"),
                ("AWS_SECRET_ACCESS_KEY", "test"),
                ("AWS_EC2_METADATA_DISABLED", "true"),
            ],
        );
        let connecting = format!("connecting to {endpoint} … ");
        session.wait_until("the connecting line", |screen| {
            screen.contains(&connecting) && screen.contains("(q or Ctrl-C to quit)")
        });
        // The elapsed time moves while the request is pending.
        session.wait_until("a second to pass", |screen| {
            screen.contains(&format!("{connecting}1s"))
                || screen.contains(&format!("{connecting}2s"))
        });
        assert!(
            proxy
                .targets()
                .iter()
                .any(|target| target.ends_with(".DescribeTable")),
            "the first DescribeTable is pending: {:?}",
            proxy.targets()
        );
        session.send(quit_key);
        let status = session.wait_exit();
        assert!(status.success(), "{quit_key:?} quits: {status:?}");
        assert!(
            !session.raw().windows(8).any(|w| w == b"\x1b[?1049h"),
            "the alternate screen waits for the table"
        );
    }
}

#[test]
fn dynalite_single_table_data_opens_with_correct_groups_and_drills_down() {
    let Some(endpoint) = server_endpoint(Server::Dynalite) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let table = unique_table_name("tui-e2e");
    let client = sdk_client(&endpoint);
    let items = runtime.block_on(support::items::seed_single_table_demo(
        &client, &table, 7, 300,
    ));
    let mut session = PtySession::spawn(
        &[
            "--endpoint-url",
            &endpoint,
            "--table",
            &table,
            "--discovery-segments",
            "2",
        ],
        &local_env(),
    );
    let screen = session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    assert!(
        screen.contains(&endpoint),
        "the header shows the endpoint:\n{screen}"
    );
    assert_groups_shown(&screen, &expected_groups(&items));
    drill_inspect_copy_quit(&mut session, "USER");
    runtime.block_on(support::tables::delete_table(&client, &table));
}

#[test]
fn sigterm_exits_cleanly_with_the_terminal_restored() {
    let session = PtySession::spawn(&["--demo"], &[]);
    session.wait_for("Collections by partition key prefix");
    let pid = session.process_id().expect("a pid");
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let mut session = session;
    let exit = session.wait_exit();
    assert!(exit.success(), "SIGTERM is a normal exit: {exit:?}");
    session.wait_for_primary_screen();
}

#[test]
fn ctrl_c_quits_from_inside_a_prompt_with_the_terminal_restored() {
    let mut session = PtySession::spawn(&["--demo"], &[]);
    session.wait_for("Collections by partition key prefix");
    session.send("PUSER");
    session.wait_for("Jump to partition");
    session.send("\u{3}");
    let exit = session.wait_exit();
    assert!(exit.success(), "{exit:?}");
    session.wait_for_primary_screen();
}

#[test]
fn an_offline_file_opens_read_only_with_model_entities_and_named_key_parts() {
    let dir = Scratch::new("tui-e2e");
    let path = dir.join("Shop.jsonl");
    let lines: Vec<String> = tui_support::shop_items()
        .iter()
        .map(|item| {
            serde_json::json!({ "Item": ddbx::domain::ddb_json::item_to_json(item) }).to_string()
        })
        .collect();
    std::fs::write(&path, lines.join("\n")).expect("file written");
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/models/shop.toml");
    let path_text = path.display().to_string();
    let model_text = model.display().to_string();
    let mut session = PtySession::spawn(&["--file", &path_text, "--model", &model_text], &[]);
    let screen = session.wait_until("discovery to complete", |screen| {
        screen.contains("complete ")
    });
    assert!(
        screen.contains("READ-ONLY"),
        "offline files are read-only:\n{screen}"
    );
    assert_groups_shown(&screen, &expected_groups(&tui_support::shop_items()));
    session.send("PUSER#u1\r");
    let partition = session.wait_for("▾ ORDER# (3)");
    assert!(
        partition.contains("Order "),
        "model entity names in the partition:\n{partition}"
    );
    // METADATA header, its item, ORDER# header, first order.
    session.send("jjj\r");
    let inspector = session.wait_for("entity:");
    assert!(inspector.contains("Order (from model file)"), "{inspector}");
    assert!(
        inspector.contains("[orderDate=2026-07-01]"),
        "template part names:\n{inspector}"
    );
    session.send("qqqqq");
    assert!(session.wait_exit().success());
    session.wait_for_primary_screen();
    drop(dir);
}

#[test]
fn a_bad_keymap_file_is_shown_on_screen_with_its_position_and_defaults_still_work() {
    let keymap =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/keymaps/unknown_action.toml");
    let keymap_text = keymap.display().to_string();
    let mut session = PtySession::spawn(&["--demo", "--keymap", &keymap_text], &[]);
    let screen = session.wait_for("did you mean");
    assert!(
        screen.contains("unknown_action.toml:3:21"),
        "file, line and column on screen:\n{screen}"
    );
    // Defaults are in effect: `?` opens help.
    session.send("?");
    session.wait_for("Help: collections");
    session.send("\u{3}");
    assert!(session.wait_exit().success());
    session.wait_for_primary_screen();
}
