//! A server that accepts connections and never answers: every command fails with a clear timeout
//! error within `--timeout`, instead of holding the terminal for a minute and a half.

mod support;

use std::time::{Duration, Instant};

use support::cli::{ddbx_command, run_command};
use support::fault_proxy::FaultProxy;

#[test]
fn a_server_that_never_answers_fails_within_the_timeout_with_a_clear_error() {
    let hole = FaultProxy::black_hole();
    let cases: [&[&str]; 3] = [
        &["tables"],
        &["--table", "orders", "scan"],
        &["--table", "orders", "get", "--pk", "a"],
    ];
    for args in cases {
        let started = Instant::now();
        let mut command = ddbx_command();
        command
            .args(["--endpoint-url", &hole.endpoint(), "--timeout", "1.5"])
            .args(args);
        let run = run_command(command);
        let took = started.elapsed();
        assert!(took < Duration::from_secs(8), "{args:?} took {took:?}");
        run.refused(1, &["timed out", "--timeout"]);
    }
    assert!(hole.requests() >= 3, "the requests reached the listener");
}

#[test]
fn a_timeout_that_is_not_a_positive_number_is_a_usage_error() {
    for bad in ["0", "soon", "1e9"] {
        let mut command = ddbx_command();
        command.args([
            "--endpoint-url",
            "http://127.0.0.1:9",
            "--timeout",
            bad,
            "tables",
        ]);
        let run = run_command(command);
        assert_eq!(run.code, Some(2), "{bad}: {}", run.stderr);
        assert!(run.stderr.contains("--timeout"), "{}", run.stderr);
    }
}
