//! Sending planned edits: the one write path the TUI, the headless commands and the tests share.

pub mod batch;
pub mod execute;
pub mod journaled;
pub mod pending;
pub mod resume;
pub mod run_plan;
pub mod settle;
pub mod transaction;

pub use execute::{WriteOutcome, execute, execute_planned};
pub use journaled::{JournalFailure, WriteError, execute_and_journal};
pub use pending::{LastSettled, Unsettled, last_settled};
