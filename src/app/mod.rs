//! The application core in The Elm Architecture's shape: [`action::Action`]s go into
//! [`update::update`], which changes [`state::State`] and returns [`command::Command`]s for the
//! worker; results come back as actions tagged with a [`request_id::RequestId`]. A read is
//! [`read::Read`] data in [`command::Command::Read`], answered by
//! [`action::Action::ReadDone`] with the owner that asked.

pub mod action;
pub mod command;
pub mod discovery_request;
pub mod read;
pub mod request_id;
pub mod state;
pub mod update;
