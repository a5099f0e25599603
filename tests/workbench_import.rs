//! `--model workbench.json`: a NoSQL Workbench model names the demo's items by its facets, in
//! the real binary, exactly as a TOML model would.

mod support;

use support::cli::{Run, ddbx_command, run_command};

fn demo(args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.arg("--demo").args(args);
    run_command(command)
}

fn fixture() -> String {
    format!(
        "{}/tests/fixtures/models/workbench_shop.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn workbench_facets_name_the_entities_of_the_collections() {
    let run = demo(&["--model", &fixture(), "collections", "-o", "table"]).success();
    let user = run
        .lines()
        .into_iter()
        .find(|line| line.starts_with("USER "))
        .unwrap_or_else(|| panic!("a USER prefix line:\n{}", run.stdout));
    assert!(user.contains("UserOrder 918"), "{user}");
    let without = demo(&["collections", "-o", "table"]).success();
    assert!(
        !without.stdout.contains("UserOrder"),
        "only the model names it"
    );
}

#[test]
fn a_broken_workbench_file_is_a_usage_error_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("ddbx-workbench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch dir");
    let path = dir.join("broken.json");
    std::fs::write(&path, r#"{"DataModel": [{"TableName": 7}]}"#).expect("written");
    let run = demo(&["--model", path.to_str().expect("utf-8 path"), "collections"]);
    let _ = std::fs::remove_dir_all(&dir);
    run.refused(2, &["broken.json: not a NoSQL Workbench model"]);
}
