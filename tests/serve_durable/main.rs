//! `ddbx serve --data DIR`: the tables kept on disk survive `kill -9` and come back on the next
//! start, every acknowledged write with them and no transaction in half; a `--data` that cannot
//! hold them is refused before listening. Each test runs the real binary and kills it for real.

#[path = "../support/mod.rs"]
mod support;

mod bad_data;
mod crash_loop;
mod process;
mod round_trip;
