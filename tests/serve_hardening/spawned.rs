//! A `ddbx serve --port 0 --ready-file F` process, optionally under `prlimit`, with its
//! address and its peak memory.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::scratch::Scratch;

pub struct Spawned {
    child: Child,
    pub address: SocketAddr,
    _scratch: Scratch,
}

impl Spawned {
    /// `ddbx serve --port 0 --ready-file F SERVE_ARGS`.
    pub fn start(serve_args: &[&str]) -> Self {
        Self::start_with(Command::new(env!("CARGO_BIN_EXE_ddbx")), serve_args)
    }

    /// The same under `prlimit --nofile=N`: at most `descriptors` files and sockets open.
    pub fn start_with_descriptors(descriptors: u32, serve_args: &[&str]) -> Self {
        let mut command = Command::new("prlimit");
        command
            .arg(format!("--nofile={descriptors}"))
            .arg("--")
            .arg(env!("CARGO_BIN_EXE_ddbx"));
        Self::start_with(command, serve_args)
    }

    fn start_with(mut command: Command, serve_args: &[&str]) -> Self {
        let scratch = Scratch::new("serve-hardening");
        let ready = scratch.path().join("ready");
        let child = command
            .args(["serve", "--port", "0", "--ready-file"])
            .arg(&ready)
            .args(serve_args)
            .env("AWS_ACCESS_KEY_ID", "test")
            .env("AWS_SECRET_ACCESS_KEY", "test")
            .env("AWS_REGION", "us-east-1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("ddbx serve starts");
        let deadline = Instant::now() + Duration::from_secs(30);
        let url = loop {
            if let Ok(text) = std::fs::read_to_string(&ready) {
                break text;
            }
            assert!(Instant::now() < deadline, "ddbx serve never became ready");
            std::thread::sleep(Duration::from_millis(10));
        };
        let address = url
            .trim()
            .trim_start_matches("http://")
            .parse()
            .expect("the ready file holds an address");
        Self {
            child,
            address,
            _scratch: scratch,
        }
    }

    /// The server's peak resident memory so far, in bytes (Linux's `VmHWM`).
    pub fn peak_memory(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's status is readable");
        let line = status
            .lines()
            .find(|line| line.starts_with("VmHWM:"))
            .expect("VmHWM is listed");
        let kib: u64 = line
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .expect("VmHWM is a number of kB");
        kib * 1024
    }

    /// Panics if the server's peak memory grew by `mib` MiB or more since `before`.
    pub fn assert_grown_less_than(&self, before: u64, mib: u64, what: &str) {
        let grown = self.peak_memory().saturating_sub(before) >> 20;
        assert!(grown < mib, "the server grew by {grown} MiB {what}");
    }

    /// Panics unless the process is still running and answers a plain request.
    pub fn assert_serving(&mut self) {
        assert!(
            self.child.try_wait().expect("the server's state").is_none(),
            "ddbx serve ended"
        );
        let answer = crate::raw::exchange(
            self.address,
            &crate::raw::request("ListTables", "{}"),
            false,
        );
        assert!(
            answer.starts_with("HTTP/1.1 200"),
            "ddbx serve no longer answers: {answer:?}"
        );
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
