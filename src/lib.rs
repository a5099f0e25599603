//! ddbx: explore and safely edit DynamoDB single-table designs, in a terminal UI or headless.
//!
//! Architecture map (dependencies point one way: `domain` ← `backend` ← `worker` ← `app` ← `ui`):
//! - [`domain`]: pure data model. Exact 38-digit numbers, the lossless attribute value model,
//!   table schemas, DynamoDB JSON and plain-JSON views, terminal escaping.
//! - [`backend`]: the DynamoDB boundary. One trait with an AWS SDK implementation and an
//!   embedded engine ([`backend::memory`]); errors are classified once, at this edge.
//! - [`app`]: actions, commands, state and the pure `update` function.
//! - [`keymap`]: key syntax, the embedded default keymap and user overrides.
//! - [`ui`]: pure rendering of the state.
//! - [`worker`]: runs commands as tokio tasks and sends results back as actions.
//! - [`terminal`], [`clipboard`], [`tui`], [`launch`]: the terminal guard, clipboard access, the
//!   loop, and opening the UI from the command line.
//! - [`cli`]: the headless commands (`tables`, `describe`, `get`, `query`, `scan`) over `Arc<dyn Backend>`.
//! - [`demo`]: the deterministic `--demo` table, generated for the embedded engine.
//! - [`offline`]: loaders for table exports (`--file`): scan output, JSON lines, Export-to-S3.

pub mod app;
pub mod backend;
pub mod cli;
pub mod clipboard;
pub mod demo;
pub mod domain;
pub mod edit;
// edittui: `$EDITOR` for the item editor
pub mod external_editor;
pub mod journal;
pub mod keymap;
pub mod launch;
pub mod offline;
pub mod share;
pub mod source;
pub mod storage;
pub mod terminal;
pub mod tui;
pub mod ui;
pub mod worker;

/// The allocator of ddbx and of everything that links it (tests and benchmarks measure what users
/// run). Reading pages of items is dominated by small allocations and frees, where mimalloc is
/// markedly faster than glibc's malloc (see `benches/convert.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
