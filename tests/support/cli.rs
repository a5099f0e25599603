//! Running the real `ddbx` binary in end-to-end tests, with an environment that can only reach
//! loopback: fixed region, static fake credentials, no instance metadata, no ~/.aws, no
//! `DDBX_TABLE` leaking in from the developer's shell.

use std::process::Command;

use ddbx::domain::ddb_json::item_from_str;
use ddbx::domain::value::Item;

use super::TEST_REGION;

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// The exit code; `None` when killed by a signal (a crash).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Stdout lines.
    #[must_use]
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// Stdout as DynamoDB JSON items, one per line; panics on a line that is not one.
    #[must_use]
    pub fn ddb_items(&self) -> Vec<Item> {
        self.stdout
            .lines()
            .map(|line| item_from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
            .collect()
    }

    /// Stdout as plain JSON values, one per line.
    #[must_use]
    pub fn json_lines(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
            .collect()
    }

    /// Asserts a successful run and returns it, showing stderr on failure.
    #[track_caller]
    pub fn success(self) -> Self {
        assert_eq!(
            self.code,
            Some(0),
            "expected success; stderr:\n{}",
            self.stderr
        );
        self
    }

    /// Asserts a failed run with `code`, nothing on stdout, one `ddbx: ` message without a panic
    /// or backtrace, and that the message contains every one of `needles`.
    #[track_caller]
    pub fn refused(&self, code: i32, needles: &[&str]) {
        assert_eq!(
            self.code,
            Some(code),
            "exit code; stdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        assert_eq!(self.stdout, "", "nothing may be printed on stdout");
        assert!(
            !self.stderr.contains("panicked") && !self.stderr.contains("RUST_BACKTRACE"),
            "no panic or backtrace: {}",
            self.stderr
        );
        for needle in needles {
            assert!(
                self.stderr.contains(needle),
                "stderr should mention {needle:?}:\n{}",
                self.stderr
            );
        }
    }

    /// The one-line stderr summary of a query or scan (`items: N, Count: …`).
    #[must_use]
    pub fn summary(&self) -> &str {
        self.stderr
            .lines()
            .find(|line| line.starts_with("items: "))
            .unwrap_or_else(|| panic!("no summary line on stderr:\n{}", self.stderr))
    }
}

/// The binary with the isolated test environment and no arguments yet.
#[must_use]
pub fn ddbx_command() -> Command {
    with_test_env(Command::new(env!("CARGO_BIN_EXE_ddbx")))
}

/// The binary under `prlimit --as=BYTES`: an allocation beyond the cap fails and aborts it, so a
/// run that ends normally stayed within the cap.
#[must_use]
pub fn ddbx_command_capped(address_space: u64) -> Command {
    let mut command = Command::new("prlimit");
    command
        .arg(format!("--as={address_space}"))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_ddbx"));
    with_test_env(command)
}

fn with_test_env(mut command: Command) -> Command {
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("AWS_") {
            command.env_remove(&name);
        }
    }
    command
        .env_remove("DDBX_TABLE")
        .env("AWS_REGION", TEST_REGION)
        .env("AWS_ACCESS_KEY_ID", "test")
        .env("AWS_SECRET_ACCESS_KEY", "test")
        .env("AWS_EC2_METADATA_DISABLED", "true")
        .env("AWS_CONFIG_FILE", "/nonexistent/ddbx-test/config")
        .env(
            "AWS_SHARED_CREDENTIALS_FILE",
            "/nonexistent/ddbx-test/credentials",
        )
        .env("XDG_STATE_HOME", test_state_home());
    command
}

fn started_nanos() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos())
}

/// A state directory (journal, schema cache, history) of this test process's own, so no run
/// reads what another test or the developer's own ddbx left in `~/.local/state`; a test that
/// needs another sets `XDG_STATE_HOME` after this.
fn test_state_home() -> &'static std::path::Path {
    static HOME: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    HOME.get_or_init(|| {
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("state")
            .join(format!("{}-{}", std::process::id(), started_nanos()))
    })
}

/// Runs a prepared command to its end.
#[must_use]
pub fn run_command(mut command: Command) -> Run {
    let output = command.output().expect("the ddbx binary starts");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `ddbx --endpoint-url <endpoint> [--table <table>] <args…>`.
#[must_use]
pub fn ddbx(endpoint: &str, table: Option<&str>, args: &[&str]) -> Run {
    let mut command = ddbx_command();
    command.args(["--endpoint-url", endpoint]);
    if let Some(table) = table {
        command.args(["--table", table]);
    }
    command.args(args);
    run_command(command)
}
