//! Bulk work through the real binary against DynamoDB Local and dynalite: exports that lose
//! nothing, imports refusing bad lines, bulk updates under a concurrent writer losing no
//! update, a run killed with SIGKILL and resumed, a run undone, a copy between two servers, and
//! read-only refusal with nothing sent; one run, export and diff split across worker processes
//! by `--slice i/k`.

#[path = "../support/mod.rs"]
mod support;

mod adjust;
mod common;
mod concurrent;
mod copy;
mod files;
mod resume;
mod slices;
mod slices_diff;
mod undo_cut;
