//! Pieces every screen shares: the header and status lines, overlays (help, prompt, questions),
//! list windows, the results grid and the escaping of table text.

pub(in crate::ui) mod boxed;
pub(in crate::ui) mod diff;
pub mod grid;
pub(in crate::ui) mod header;
pub(in crate::ui) mod list;
pub(in crate::ui) mod overflow;
pub(in crate::ui) mod overlay;
pub(in crate::ui) mod results_screen;
pub(in crate::ui) mod status;
pub mod text;
pub mod text_field;
pub mod wrap;
