//! The query builder: opening the form (`open`, prefilled by `prefill`), the form's keys
//! (`form`), building its request on every keystroke (`build`) and the results view
//! (`results`). [`open_form`] and [`run_query`] are the entry points other screens use (history,
//! saved access patterns, the GSI browser).

mod build;
pub mod form;
mod from_request;
pub(in crate::app::update) mod history;
mod open;
mod prefill;
pub mod results;
pub(in crate::app::update) mod share;

pub(in crate::app::update) use open::{edit_query, open_from_view};
pub use open::{open_form, open_form_on_partition};
pub use results::run_query;
