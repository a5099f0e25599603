//! The backend contract suite: one set of async scenarios written against `&dyn Backend`, run
//! against every backend implementation the same way.
//!
//! The AWS backend runs against DynamoDB Local (AWS's own emulator and the reference: each
//! scenario expects its answer), dynalite, moto and Dynoxide, and the embedded engine runs
//! in-process. A backend joins with one [`setup::Harness`] constructor and one
//! `contract_tests_on!` line; a scenario, with one line in that macro's list.
//! Known deviations of the local servers from DynamoDB are named in [`deviations`] and asserted
//! where they show, so a server that changes makes a test fail instead of hiding.

#[path = "../support/mod.rs"]
mod support;

mod body_reading;
mod config;
mod deviations;
mod differential;
mod differential_reads;
mod errors;
mod generated;
mod identity;
mod items;
mod pages;
mod paging;
mod partiql;
mod query;
mod read_only;
mod scan;
mod schema;
#[path = "../serve/server.rs"]
mod served_process;
mod setup;
mod streams;
mod ties;
mod transactions;
mod writes;

/// Generates one `#[tokio::test]` per scenario for one backend: `dynalite::scenario_name`,
/// `moto::scenario_name`, `memory::scenario_name`, each calling `module::scenario_name(&harness)`.
macro_rules! contract_tests {
    ($backend:ident => $harness:expr ; [$($module:ident :: $scenario:ident),* $(,)?]) => {
        mod $backend {
            $(
                #[tokio::test]
                async fn $scenario() {
                    let Some(harness) = $harness.await else {
                        return;
                    };
                    crate::$module::$scenario(&harness).await;
                }
            )*
        }
    };
}

/// Runs every scenario that holds for every backend, plus the backend's own `[...]` extras,
/// against one backend; the list is written once so no backend silently misses a scenario.
macro_rules! contract_tests_on {
    ($backend:ident => $harness:expr ; [$($extra:tt)*]) => {
        contract_tests!($backend => $harness ; [
            $($extra)*
            schema::list_tables_includes_every_created_table,
            schema::describe_reports_keys_indexes_projections_and_billing,
            schema::describe_reports_the_ttl_attribute,
            items::put_then_get_keeps_every_type_losslessly,
            items::seeded_items_read_back_identically,
            items::get_of_a_missing_item_is_none_and_projection_limits_attributes,
            items::a_value_nested_past_the_limit_is_refused,
            query::every_sort_key_operator_on_a_string_key_both_directions,
            query::every_sort_key_operator_on_a_number_key_both_directions,
            query::binary_sort_keys_order_by_unsigned_bytes,
            query::projection_returns_only_the_named_attributes,
            query::select_count_returns_counts_and_no_items,
            query::gsi_query_reads_the_index,
            paging::table_query_pages_with_a_cursor_of_the_table_key,
            paging::gsi_query_pages_with_a_cursor_of_table_and_index_keys,
            paging::lsi_query_pages_with_a_cursor_of_table_and_index_keys,
            paging::filters_can_empty_pages_and_counts_tell_evaluated_from_matched,
            scan::scan_pages_through_every_item,
            scan::parallel_scan_segments_cover_every_item_exactly_once,
            scan::filtered_scan_counts_scanned_and_matched_items,
            writes::conditional_put_succeeds_then_fails_on_an_existing_item,
            writes::conditional_update_applies_and_returns_new_values,
            writes::conditional_update_failure_leaves_the_item_unchanged,
            writes::conditional_delete_succeeds_and_fails_as_the_condition_says,
            writes::writes_report_consumed_capacity,
            transactions::transact_write_is_all_or_nothing_with_reasons_in_order,
            transactions::transact_write_applies_every_action_when_all_conditions_hold,
            errors::unknown_table_is_not_found_for_every_method,
            errors::invalid_key_condition_is_a_validation_error_with_the_service_text,
            errors::consistent_read_on_a_gsi_is_refused,
            errors::wrong_key_type_is_a_validation_error,
            errors::a_number_with_39_digits_is_refused_before_or_by_the_service,
        ]);
    };
}

// `list_tables_follows_every_page` is about a server's ListTables paging, so it runs against
// the servers only; the embedded engine runs everything else, with no known deviation.
/// Every scenario a server that serves PartiQL runs (DynamoDB Local, the reference, Dynoxide
/// and `ddbx serve`): the list written once, so all are held to the same scenarios.
macro_rules! partiql_server_tests_on {
    ($backend:ident => $harness:expr) => {
        contract_tests_on!($backend => $harness ; [
            schema::list_tables_follows_every_page,
            body_reading::pages_of_every_type_are_read_from_the_body,
            body_reading::statement_pages_are_read_from_the_body,
            partiql::a_key_select_reads_its_partition_in_sort_order_page_by_page,
            partiql::a_select_without_the_partition_key_scans_filters_and_projects,
            partiql::sort_key_conditions_and_order_by_desc_narrow_and_reverse_a_key_select,
            partiql::in_over_partition_keys_reads_each_partition_named,
            partiql::malformed_statements_and_missing_parameters_are_validation_errors,
        ]);
    };
}

partiql_server_tests_on!(ddblocal => crate::setup::Harness::aws(crate::support::Server::DdbLocal));
contract_tests_on!(dynalite => crate::setup::Harness::aws(crate::support::Server::Dynalite) ; [
    schema::list_tables_follows_every_page,
    body_reading::pages_of_every_type_are_read_from_the_body,
    partiql::dynalite_refuses_partiql,
]);
contract_tests_on!(moto => crate::setup::Harness::aws(crate::support::Server::Moto) ; [
    schema::list_tables_follows_every_page,
    body_reading::pages_of_every_type_are_read_from_the_body,
]);
partiql_server_tests_on!(dynoxide => crate::setup::Harness::aws(crate::support::Server::Dynoxide));
contract_tests_on!(memory => crate::setup::Harness::memory() ; [
    partiql::a_key_select_reads_its_partition_in_sort_order_page_by_page,
    partiql::a_select_without_the_partition_key_scans_filters_and_projects,
    partiql::sort_key_conditions_and_order_by_desc_narrow_and_reverse_a_key_select,
    partiql::in_over_partition_keys_reads_each_partition_named,
    partiql::malformed_statements_and_missing_parameters_are_validation_errors,
]);

/// The stream scenarios, for the backends that have DynamoDB Streams (dynalite does not serve
/// them).
macro_rules! stream_tests_on {
    ($backend:ident => $harness:expr) => {
        contract_tests!($backend => $harness ; [
            streams::a_stream_records_each_change_with_the_old_and_new_image,
            streams::a_keys_only_stream_carries_no_images,
            streams::iterators_start_at_latest_at_and_after_a_sequence_number,
            streams::a_bad_iterator_is_refused_and_an_unknown_stream_is_not_found,
            streams::a_disabled_stream_stops_recording_and_keeps_what_it_holds,
        ]);
    };
}

stream_tests_on!(ddblocal_streams => crate::setup::Harness::aws(crate::support::Server::DdbLocal));
stream_tests_on!(dynoxide_streams => crate::setup::Harness::aws(crate::support::Server::Dynoxide));
stream_tests_on!(moto_streams => crate::setup::Harness::aws(crate::support::Server::Moto));
stream_tests_on!(memory_streams => crate::setup::Harness::memory());
partiql_server_tests_on!(served => crate::setup::Harness::served());
stream_tests_on!(served_streams => crate::setup::Harness::served());

/// The embedded engine and dynalite give the same answers to the same requests.
#[tokio::test]
async fn engine_and_dynalite_answer_alike() {
    differential::engine_and_dynalite_answer_alike().await;
}

/// Items with equal GSI keys come back in DynamoDB Local's order from the engine.
#[tokio::test]
async fn index_ties_come_back_in_dynamodb_local_order() {
    ties::index_ties_come_back_in_dynamodb_local_order().await;
}

/// Random items and queries (seeded, bounded): the engine answers as DynamoDB Local does.
#[tokio::test]
async fn engine_answers_random_queries_as_dynamodb_local_does() {
    generated::engine_answers_random_queries_as_dynamodb_local_does().await;
}

/// The embedded engine gives DynamoDB Local's answers to the same requests.
#[tokio::test]
async fn engine_answers_as_dynamodb_local_does() {
    differential::engine_answers_as_dynamodb_local_does().await;
}
