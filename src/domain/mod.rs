//! Pure domain model: no tokio, no ratatui, no SDK types. Everything here is deterministic and
//! testable without I/O.
//!
//! Single-table helpers the explorer, query builder and editor share: entity decoding
//! ([`entity`], [`model`]), composite keys ([`composite_key`], [`key_template`]), item collections
//! ([`collection`], [`partition_items`]), index membership, related partitions, timestamps and TTL,
//! version attributes, and [`escape`] for every table string that reaches a terminal. Loaded
//! items that may run to millions are kept in [`compact`] form.

pub mod access_pattern;
pub mod attribute_order;
pub mod audit_trail;
pub mod backoff;
pub mod byte_scan;
pub mod capacity;
pub mod change_diff;
pub mod change_filter;
pub mod civil;
pub mod collection;
pub mod collection_tree;
pub mod common_prefix;
pub mod compact;
pub mod composite_key;
pub mod ddb_json;
pub mod decoding;
pub mod describe_table;
pub mod diff;
pub mod discovery_scan;
pub mod edit;
pub mod entity;
pub mod entity_name;
pub mod escape;
pub mod export;
pub mod expr;
pub mod figures;
pub mod fuzzy;
pub mod grammar;
pub mod grammar_census;
pub mod index_membership;
pub mod index_projection;
pub mod insights;
pub mod item_history;
pub mod key_parts;
pub mod key_template;
mod key_templates;
pub mod key_value;
pub mod limits;
pub mod load_progress;
pub mod model;
pub mod model_error;
pub mod model_fit;
pub mod model_formats;
pub mod model_table;
pub mod next_version;
pub mod number;
pub mod overview_lines;
pub mod partiql;
pub mod partition_items;
pub mod partition_key;
pub mod pattern_query;
pub mod plain_json;
pub mod prefix_condition;
pub mod query_spec;
pub mod raw_query;
pub mod related;
pub mod request;
pub mod sample;
pub mod schema;
pub mod scope;
pub mod slice;
pub mod sql_views;
pub mod stream_start;
pub mod table_settings;
pub mod throttling;
pub mod timestamp;
pub mod ttl;
pub mod typed_key;
pub mod value;
pub mod version_attr;
pub mod versions;
pub mod why;
pub mod workbench;
