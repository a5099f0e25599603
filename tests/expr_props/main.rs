//! Property tests: the parser never panics (whatever the bytes, whatever the size or nesting),
//! `parse(render(ast)) == ast` for every expression kind, and the condition evaluator agrees
//! with a small independent reference on random items.

mod evaluator;
mod never_panics;
mod round_trip;
