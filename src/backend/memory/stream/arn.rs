//! The ARN naming a table's stream, and the table an ARN names.

/// A stream ARN in DynamoDB's form, labelled with the time it was enabled (milliseconds, and a
/// counter so two streams enabled in the same millisecond differ).
pub(in crate::backend::memory) fn stream_arn(table: &str) -> String {
    static ENABLED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let count = ENABLED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis());
    format!("arn:aws:dynamodb:memory:000000000000:table/{table}/stream/{millis}.{count}")
}

/// The table an ARN of [`stream_arn`]'s form belongs to.
#[must_use]
pub fn table_of_stream(arn: &str) -> Option<&str> {
    let rest = arn.split_once(":table/")?.1;
    Some(rest.rsplit_once("/stream/")?.0)
}
