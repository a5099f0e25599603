//! Checking `--endpoint-url` before anything is sent: without a scheme the SDK fails deep inside
//! with a debug dump of its request, which tells the user nothing.

use super::error::CliError;

/// Refuses an endpoint that does not start with `http://` or `https://`.
pub fn check_endpoint_url(endpoint: Option<&str>) -> Result<(), CliError> {
    let Some(endpoint) = endpoint else {
        return Ok(());
    };
    if crate::connect::has_scheme(endpoint) {
        return Ok(());
    }
    Err(CliError::usage(format!(
        "--endpoint-url {endpoint:?} has no scheme: add http:// or https:// (e.g. --endpoint-url http://{endpoint}); nothing was sent"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endpoint_without_a_scheme_is_refused_with_the_fix() {
        let error = check_endpoint_url(Some("127.0.0.1:4567")).expect_err("no scheme");
        assert_eq!(error.exit_code(), 2);
        assert!(
            error.to_string().contains("add http:// or https://"),
            "{error}"
        );
        for fine in ["http://127.0.0.1:4567", "HTTPS://dynamodb.example"] {
            assert_eq!(check_endpoint_url(Some(fine)), Ok(()), "{fine}");
        }
        assert_eq!(check_endpoint_url(None), Ok(()));
        assert!(check_endpoint_url(Some("http://")).is_err());
    }
}
