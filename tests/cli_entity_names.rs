//! Entity names a person can type, through the real binary on the demo: a nested entity
//! (`Order›Item`) is found by its last part (`item`) or with `>` for `›` (`Order>Item`), in any
//! case; a name that matches nothing is refused with the entities read, exit 2, nothing written.

mod support;

use support::cli::{Run, ddbx_command, run_command};

fn demo(args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.args(["--demo", "--demo-size", "300"]).args(args);
    run_command(command)
}

fn entities(run: &Run) -> Vec<String> {
    run.stdout
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            value["SK"].as_str().unwrap_or("").to_owned()
        })
        .collect()
}

#[test]
fn a_nested_entity_is_found_by_its_last_part_or_typed_with_an_ascii_separator() {
    let full = demo(&["export", "--entity", "Order›Item"]).success();
    let lines = entities(&full);
    assert!(!lines.is_empty(), "{}", full.stderr);
    let all = demo(&["export"]).success();
    assert!(
        lines.len() < entities(&all).len(),
        "only the entity's items"
    );
    for typed in ["item", "ITEM", "Order>Item", "order > item"] {
        let run = demo(&["export", "--entity", typed]).success();
        assert_eq!(entities(&run), lines, "--entity {typed}");
    }
}

#[test]
fn an_entity_that_matches_nothing_is_refused_with_the_entities_read() {
    let run = demo(&[
        "bulk",
        "--entity",
        "Ticket",
        "--set",
        "reviewed=true",
        "--dry-run",
    ]);
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains("--entity \"Ticket\" matches none of the items read"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("Order›Item"), "{}", run.stderr);
    assert!(run.stderr.contains("nothing was written"), "{}", run.stderr);
}
