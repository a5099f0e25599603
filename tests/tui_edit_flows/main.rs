//! Item edits in the TUI as state-machine flows over the memory engine: keys into `update`, the
//! commands run by the inline worker (writes through the shared executor, the journal on disk),
//! assertions on the state, on the commands and on what the engine holds afterwards.

#[path = "../tui_support/mod.rs"]
mod tui_support;

mod adjust;
mod conflicts;
mod editor;
mod editor_keys;
mod safety;
mod stale_views;
mod support;
mod undo_preview;
mod writes;
