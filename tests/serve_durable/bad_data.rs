//! A `--data` that cannot hold the tables is refused with what to fix, exit 2, before listening.

use crate::support::cli::{ddbx_command, run_command};
use crate::support::scratch::Scratch;

fn refused(data: &std::path::Path, needles: &[&str]) {
    let mut command = ddbx_command();
    command.args(["serve", "--port", "0", "--data"]).arg(data);
    run_command(command).refused(2, needles);
}

#[test]
fn a_file_is_refused() {
    let scratch = Scratch::new("serve-data-file");
    let file = scratch.path().join("tables");
    std::fs::write(&file, "not a folder").expect("a file");
    refused(&file, &["is a file: name a folder to keep the tables in"]);
}

#[cfg(target_os = "linux")]
#[test]
fn a_folder_that_cannot_be_created_or_written_is_refused() {
    // Even root cannot create a folder in /sys or a file in /proc.
    refused(
        std::path::Path::new("/sys/ddbx-serve-data"),
        &["--data /sys/ddbx-serve-data: cannot create it"],
    );
    refused(
        std::path::Path::new("/proc"),
        &["--data /proc: cannot open the store"],
    );
}

#[test]
fn a_folder_in_use_by_another_server_is_refused() {
    let scratch = Scratch::new("serve-data-busy");
    let dir = scratch.path().join("data");
    let _first = crate::process::Durable::start(&dir, &[]);
    refused(&dir, &["another ddbx serve is using it"]);
}

#[test]
fn data_is_refused_with_the_demo_or_a_file() {
    let scratch = Scratch::new("serve-data-demo");
    let mut command = ddbx_command();
    command
        .args(["--demo", "serve", "--port", "0", "--data"])
        .arg(scratch.path());
    run_command(command).refused(2, &["use one or the other"]);
}
