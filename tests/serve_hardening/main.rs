//! `ddbx serve` under hostile clients, over real TCP against a spawned server: malformed HTTP,
//! bodies over 16 MB, slow and half-closed clients, a thousand connections at once, and deeply
//! nested JSON. Each must be answered with the service's error or closed — never a crash, a
//! hang, or memory grown to what the client announced — and the server must keep serving.

#[path = "../support/mod.rs"]
mod support;

mod bodies;
mod connections;
mod malformed;
mod nesting;
mod raw;
mod slow;
mod spawned;
