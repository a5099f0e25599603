//! The real binary in a pseudo-terminal: keys in, screen out (parsed by vt100), waiting for
//! screen text with a timeout instead of sleeping a fixed time.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, PtySize, native_pty_system};

/// How long any one expected screen may take to appear (generous: debug builds on 2 shared cores).
pub const WAIT: Duration = Duration::from_secs(30);

/// An empty directory of this session's own under cargo's temporary directory for tests.
fn fresh_session_dir() -> std::path::PathBuf {
    static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let number = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("pty-{}-{number}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["home", "config", "state"] {
        std::fs::create_dir_all(dir.join(sub)).expect("a session directory");
    }
    dir
}

/// The environment of a session against a local server: a region, fake static credentials, and
/// no shared AWS files or instance metadata to read.
#[must_use]
pub fn local_env() -> Vec<(&'static str, &'static str)> {
    vec![
        ("AWS_REGION", "us-east-1"),
        ("AWS_ACCESS_KEY_ID", "test"),
        ("AWS_SECRET_ACCESS_KEY", "test"),
        ("AWS_EC2_METADATA_DISABLED", "true"),
        ("AWS_CONFIG_FILE", "/nonexistent/ddbx-test/config"),
        (
            "AWS_SHARED_CREDENTIALS_FILE",
            "/nonexistent/ddbx-test/credentials",
        ),
    ]
}

/// What the pseudo-terminal answers when the program asks it something.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Terminal {
    /// Answers the device-attributes request as a VT220 that knows no background-colour query,
    /// as most terminals do, so the program stops waiting for a colour at once.
    Answering,
    /// Answers nothing: the program waits for its timeout, or the test answers itself.
    Silent,
}

/// The primary device-attributes request every terminal answers, and a VT220's answer.
const DEVICE_ATTRIBUTES: (&[u8], &[u8]) = (b"\x1b[c", b"\x1b[?62;22c");

pub struct PtySession {
    screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
    /// The session's home, config and state, removed with the session.
    session_dir: std::path::PathBuf,
}

impl PtySession {
    /// Starts `ddbx args…` in an 80×24 pseudo-terminal with `env` set and every `AWS_*` variable
    /// of the test process removed; the terminal answers what terminals answer.
    pub fn spawn(args: &[&str], env: &[(&str, &str)]) -> Self {
        Self::spawn_in(Terminal::Answering, args, env)
    }

    /// [`PtySession::spawn`] in a terminal that answers as `terminal` says.
    pub fn spawn_in(terminal: Terminal, args: &[&str], env: &[(&str, &str)]) -> Self {
        let (rows, cols) = (24, 80);
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_ddbx"));
        command.args(args);
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("AWS_")
                || name == "DISPLAY"
                || name == "WAYLAND_DISPLAY"
            {
                command.env_remove(&name);
            }
        }
        command.env("TERM", "xterm-256color");
        // A fresh home, config and state per session: no user file is read, and history or a
        // journal written by the session never lands in the developer's ~/.local/state.
        let home = fresh_session_dir();
        command.env("HOME", home.join("home"));
        command.env("XDG_CONFIG_HOME", home.join("config"));
        command.env("XDG_STATE_HOME", home.join("state"));
        for (name, value) in env {
            command.env(name, value);
        }
        let child = pair.slave.spawn_command(command).expect("ddbx starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = Arc::new(Mutex::new(pair.master.take_writer().expect("pty writer")));
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZero::new(rows).expect("rows"),
            std::num::NonZero::new(cols).expect("cols"),
            0,
        )));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (screen_sink, raw_sink) = (Arc::clone(&screen), Arc::clone(&raw));
        let answerer = Arc::clone(&writer);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 8192];
            let mut to_answer = terminal == Terminal::Answering;
            while let Ok(read) = reader.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                screen_sink.lock().expect("screen").process(&buffer[..read]);
                let mut raw = raw_sink.lock().expect("raw");
                raw.extend_from_slice(&buffer[..read]);
                if to_answer && contains(&raw, DEVICE_ATTRIBUTES.0) {
                    to_answer = false;
                    let mut answer = answerer.lock().expect("writer");
                    let _ = answer.write_all(DEVICE_ATTRIBUTES.1);
                    let _ = answer.flush();
                }
            }
        });
        Self {
            screen,
            raw,
            writer,
            child,
            _master: pair.master,
            session_dir: home,
        }
    }

    /// The visible screen as text.
    pub fn contents(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    /// Everything the program wrote, escapes included.
    pub fn raw(&self) -> Vec<u8> {
        self.raw.lock().expect("raw").clone()
    }

    /// Whether the program's screen is on the alternate screen now.
    pub fn on_alternate_screen(&self) -> bool {
        self.screen
            .lock()
            .expect("screen")
            .screen()
            .alternate_screen()
    }

    /// Waits until the terminal is back on the primary screen (the program's last output may
    /// still be in flight through the pty after it exited).
    pub fn wait_for_primary_screen(&self) {
        let deadline = Instant::now() + WAIT;
        while self.on_alternate_screen() {
            assert!(
                Instant::now() < deadline,
                "the terminal was left on the alternate screen:\n{}",
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The child's process id.
    pub fn process_id(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// Waits until `condition` holds for the screen text; panics with the screen on timeout.
    pub fn wait_until(&self, what: &str, condition: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let contents = self.contents();
            if condition(&contents) {
                return contents;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; the screen:\n{contents}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen shows `text`.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("`{text}`"), |contents| contents.contains(text))
    }

    /// Every cell's colours and reverse-video flag, row by row (row, column, fg, bg, reversed).
    pub fn cells(&self) -> Vec<(u16, u16, vt100::Color, vt100::Color, bool)> {
        let parser = self.screen.lock().expect("screen");
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        let mut cells = Vec::new();
        for row in 0..rows.get() {
            for col in 0..cols.get() {
                if let Some(cell) = screen.cell(row, col) {
                    cells.push((row, col, cell.fgcolor(), cell.bgcolor(), cell.inverse()));
                }
            }
        }
        cells
    }

    /// Answers the way a terminal would: as soon as the program has written `query`, `reply` is
    /// sent (polled often, because the program waits for it only briefly).
    pub fn answer(&mut self, query: &[u8], reply: &str) {
        let deadline = Instant::now() + WAIT;
        while !contains(&self.raw(), query) {
            assert!(
                Instant::now() < deadline,
                "the program never asked {query:?}"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        self.send(reply);
    }

    /// Sends keys as the terminal would encode them.
    pub fn send(&mut self, keys: &str) {
        let mut writer = self.writer.lock().expect("writer");
        writer.write_all(keys.as_bytes()).expect("keys sent");
        writer.flush().expect("keys flushed");
    }

    /// Waits for the program to exit; its exit status.
    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "ddbx did not exit; the screen:\n{}",
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.session_dir);
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}
