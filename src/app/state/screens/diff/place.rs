//! The other side's place as typed in the diff screen's prompt, in the words of `ddbx diff`'s
//! options: `--to-file PATH` (or just the path, an `s3://` prefix too), or any of
//! `--to-endpoint-url URL` (or just the URL), `--to-profile NAME` and `--to-region NAME`, each not
//! given taken from the session's connection, as the headless diff does. Empty text is the
//! session's own connection.

use std::path::PathBuf;

use crate::backend::Connection;
use crate::backend::aws::AwsOptions;
use crate::connect::Place;

/// What the prompt says to type.
pub const PROMPT_TITLE: &str =
    " Compare with: a path, an s3:// prefix, a URL, --to-profile P --to-region R ";

/// The place `text` names (`None`: the session's connection), or what to fix.
pub fn parse_place(text: &str, session: &Connection) -> Result<Option<Place>, String> {
    let mut words = text.split_whitespace();
    let mut file = None;
    let mut options = AwsOptions::default();
    let mut named = false;
    while let Some(word) = words.next() {
        let slot = match word {
            "--to-file" => &mut file,
            "--to-endpoint-url" => &mut options.endpoint_url,
            "--to-profile" => &mut options.profile,
            "--to-region" => &mut options.region,
            bare if !bare.starts_with("--") && !named && file.is_none() => {
                named = true;
                let lower = bare.to_ascii_lowercase();
                if lower.starts_with("http://") || lower.starts_with("https://") {
                    options.endpoint_url = Some(bare.to_owned());
                } else {
                    file = Some(bare.to_owned());
                }
                continue;
            }
            other => return Err(unknown(other)),
        };
        let Some(value) = words.next().filter(|value| !value.starts_with("--")) else {
            return Err(format!("{word} needs a value: {word} VALUE"));
        };
        *slot = Some(value.to_owned());
        named = true;
    }
    place_of(file, options, session)
}

fn place_of(
    file: Option<String>,
    options: AwsOptions,
    session: &Connection,
) -> Result<Option<Place>, String> {
    let connection = options != AwsOptions::default();
    match (file, connection) {
        (Some(_), true) => Err(
            "an export is read from its file: --to-file takes no endpoint, profile or region"
                .to_owned(),
        ),
        (Some(path), false) => Ok(Some(Place::File(PathBuf::from(path)))),
        (None, false) => Ok(None),
        (None, true) => {
            check_scheme(options.endpoint_url.as_deref())?;
            // The session's own options fill what is not typed, only when the session is
            // DynamoDB: the demo's and an export's have none.
            let inherited = session.kind == "aws";
            let inherit = |typed: Option<String>, own: &Option<String>| {
                typed.or_else(|| own.clone().filter(|_| inherited))
            };
            Ok(Some(Place::Connection(AwsOptions {
                endpoint_url: inherit(options.endpoint_url, &session.endpoint),
                profile: inherit(options.profile, &session.profile),
                region: inherit(options.region, &session.region),
            })))
        }
    }
}

fn check_scheme(endpoint: Option<&str>) -> Result<(), String> {
    let Some(endpoint) = endpoint else {
        return Ok(());
    };
    if crate::connect::has_scheme(endpoint) {
        Ok(())
    } else {
        Err(format!(
            "--to-endpoint-url {endpoint:?} has no scheme: add http:// or https://"
        ))
    }
}

fn unknown(word: &str) -> String {
    format!(
        "{word:?} is not understood: type --to-file PATH, or --to-endpoint-url URL, --to-profile \
         NAME and --to-region NAME (a path or a URL alone will do)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aws_session() -> Connection {
        Connection {
            kind: "aws".to_owned(),
            endpoint: Some("http://127.0.0.1:8000".to_owned()),
            region: Some("eu-west-1".to_owned()),
            profile: Some("prod".to_owned()),
            read_only: false,
        }
    }

    #[test]
    fn a_path_or_a_url_alone_names_the_place() {
        let session = aws_session();
        assert_eq!(
            parse_place("s3://exports/2026/", &session),
            Ok(Some(Place::File(PathBuf::from("s3://exports/2026/"))))
        );
        assert_eq!(
            parse_place("--to-file ./backup.json", &session),
            Ok(Some(Place::File(PathBuf::from("./backup.json"))))
        );
        let Ok(Some(Place::Connection(options))) = parse_place("http://127.0.0.1:8001", &session)
        else {
            panic!("a URL is a connection");
        };
        assert_eq!(
            options.endpoint_url.as_deref(),
            Some("http://127.0.0.1:8001")
        );
        assert_eq!(options.profile.as_deref(), Some("prod"), "inherited");
    }

    #[test]
    fn what_is_not_typed_comes_from_the_session_only_on_dynamodb() {
        let typed = "--to-profile staging";
        let Ok(Some(Place::Connection(options))) = parse_place(typed, &aws_session()) else {
            panic!("a profile is a connection");
        };
        assert_eq!(options.profile.as_deref(), Some("staging"));
        assert_eq!(options.region.as_deref(), Some("eu-west-1"));
        assert_eq!(
            options.endpoint_url.as_deref(),
            Some("http://127.0.0.1:8000")
        );
        let demo = Connection {
            kind: "memory".to_owned(),
            ..aws_session()
        };
        let Ok(Some(Place::Connection(options))) = parse_place(typed, &demo) else {
            panic!("a profile is a connection");
        };
        assert_eq!((options.region, options.endpoint_url), (None, None));
    }

    #[test]
    fn empty_text_is_this_connection_and_bad_text_says_what_to_type() {
        assert_eq!(parse_place("  ", &aws_session()), Ok(None));
        for bad in [
            "--to-table Orders",
            "--to-profile",
            "--to-file a.json --to-region eu-west-1",
            "--to-endpoint-url 127.0.0.1:8001",
            "one two",
        ] {
            let error = parse_place(bad, &aws_session()).expect_err(bad);
            assert!(!error.is_empty(), "{bad}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_parsed_or_refused_without_a_panic(text in ".{0,80}") {
            let _ = parse_place(&text, &aws_session());
        }
    }
}
