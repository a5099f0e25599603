//! A `ddbx serve --data DIR` process: started on a free port (the address read from its ready
//! file), killed with SIGKILL as a crash would stop it.

use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use std::collections::HashMap;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::AttributeValue;

use crate::support::cli::ddbx_command;

pub type Item = HashMap<String, AttributeValue>;

pub struct Durable {
    child: Child,
    pub endpoint: String,
}

impl Durable {
    /// `ddbx serve --port 0 --ready-file F --data DIR EXTRA`, once it accepts connections.
    pub fn start(dir: &Path, extra: &[&str]) -> Self {
        let ready = dir.with_extension("ready");
        let _ = std::fs::remove_file(&ready);
        let mut child = ddbx_command()
            .args(["serve", "--port", "0", "--ready-file"])
            .arg(&ready)
            .arg("--data")
            .arg(dir)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("ddbx serve starts");
        let deadline = Instant::now() + Duration::from_secs(120);
        let endpoint = loop {
            if let Ok(text) = std::fs::read_to_string(&ready) {
                break text.trim().to_owned();
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!("ddbx serve --data ended before listening: {status}");
            }
            assert!(
                Instant::now() < deadline,
                "ddbx serve --data never listened"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        Self { child, endpoint }
    }

    /// SIGKILL: no chance to flush or close anything.
    pub fn kill_9(mut self) {
        self.child.kill().expect("SIGKILL is sent");
        self.child.wait().expect("the killed server is reaped");
    }
}

impl Drop for Durable {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Every item of `table`, read consistently page after page.
pub async fn scan_all(client: &Client, table: &str) -> Vec<Item> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        let page = client
            .scan()
            .table_name(table)
            .consistent_read(true)
            .set_exclusive_start_key(start)
            .send()
            .await
            .expect("Scan");
        items.extend(page.items.unwrap_or_default());
        start = page.last_evaluated_key;
        if start.is_none() {
            return items;
        }
    }
}
