//! Clipboard access: the system clipboard through arboard, falling back to an OSC 52 escape
//! (which terminals forward to the local clipboard, also over SSH), and a recording fake for
//! tests. Each copy reports which path it took, so the user knows where the text went.

use std::io::Write as _;
use std::sync::Mutex;

use base64::Engine as _;

/// Which mechanism carried a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClipboardKind {
    System,
    Osc52,
    Recorded,
}

impl ClipboardKind {
    /// How the notice names it.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::System => "the system clipboard",
            Self::Osc52 => "the terminal clipboard (OSC 52; the terminal must allow it)",
            Self::Recorded => "the test clipboard",
        }
    }
}

/// Somewhere text can be copied to.
pub trait Clipboard: Send + Sync {
    /// Copies `text`; says which mechanism was used, or why nothing was copied.
    fn copy(&self, text: &str) -> Result<ClipboardKind, String>;
}

/// The OSC 52 escape that asks the terminal to set its clipboard.
#[must_use]
pub fn osc52_sequence(text: &str) -> String {
    format!(
        "\x1b]52;c;{}\x07",
        base64::engine::general_purpose::STANDARD.encode(text)
    )
}

/// The system clipboard when reachable, OSC 52 on the terminal otherwise.
#[derive(Default)]
pub struct SystemClipboard {
    /// Kept open: on X11 the clipboard content lives only as long as its owner.
    system: Mutex<Option<arboard::Clipboard>>,
}

impl SystemClipboard {
    #[must_use]
    pub fn new() -> Self {
        Self {
            system: Mutex::new(arboard::Clipboard::new().ok()),
        }
    }
}

impl Clipboard for SystemClipboard {
    fn copy(&self, text: &str) -> Result<ClipboardKind, String> {
        if let Ok(mut guard) = self.system.lock()
            && let Some(clipboard) = guard.as_mut()
            && clipboard.set_text(text.to_owned()).is_ok()
        {
            return Ok(ClipboardKind::System);
        }
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(osc52_sequence(text).as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(|error| format!("no clipboard reachable and OSC 52 failed: {error}"))?;
        Ok(ClipboardKind::Osc52)
    }
}

/// Records copies instead of touching any clipboard.
#[derive(Default)]
pub struct RecordingClipboard {
    copies: Mutex<Vec<String>>,
}

impl RecordingClipboard {
    /// Everything copied so far.
    #[must_use]
    pub fn copies(&self) -> Vec<String> {
        self.copies
            .lock()
            .map(|copies| copies.clone())
            .unwrap_or_default()
    }
}

impl Clipboard for RecordingClipboard {
    fn copy(&self, text: &str) -> Result<ClipboardKind, String> {
        self.copies
            .lock()
            .map_err(|_| "the recording clipboard is poisoned".to_owned())?
            .push(text.to_owned());
        Ok(ClipboardKind::Recorded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc52_wraps_the_base64_text_in_the_set_clipboard_escape() {
        assert_eq!(osc52_sequence("hi"), "\x1b]52;c;aGk=\x07");
    }
}
