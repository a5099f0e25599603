//! Bulk work through the real binary against DynamoDB Local and dynalite: exports that lose
//! nothing, imports refusing bad lines, bulk updates under a concurrent writer losing no
//! update, a run killed with SIGKILL and resumed, a run undone, a copy between two servers, and
//! read-only refusal with nothing sent.

#[path = "../support/mod.rs"]
mod support;

mod adjust;
mod common;
mod concurrent;
mod copy;
mod files;
mod resume;
mod undo_cut;
