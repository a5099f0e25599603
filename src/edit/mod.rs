//! Sending planned edits: the one write path the TUI, the headless commands and the tests share.

pub mod execute;
pub mod journaled;

pub use execute::{WriteOutcome, execute, execute_planned};
pub use journaled::{JournalFailure, execute_and_journal};
