//! Bad input: every kind of invalid edit gets a clear error saying what to fix, and no write
//! request reaches the backend (the item on the server is unchanged).

use ddbx::domain::edit::{EditFormat, parse_edited, plan_edit, render_for_edit};
use ddbx::domain::value::{AttrValue, Item};

use crate::harness::{AUTO, Env, on_every_backend};
use crate::support::Server;

fn original() -> Item {
    Item::from([
        ("PK".to_owned(), AttrValue::s("USER#1")),
        ("SK".to_owned(), AttrValue::s("PROFILE")),
        ("GSI1PK".to_owned(), AttrValue::s("EMAIL#a@example.com")),
        ("GSI1SK".to_owned(), AttrValue::n(1)),
        ("name".to_owned(), AttrValue::s("Ada")),
        ("version".to_owned(), AttrValue::n(4)),
    ])
}

/// Edits of the typed-JSON text, each with the words its error must contain.
fn bad_edits(text: &str) -> Vec<(&'static str, String, &'static str)> {
    let replace = |from: &str, to: &str| {
        assert!(text.contains(from), "{from:?} not in\n{text}");
        text.replacen(from, to, 1)
    };
    vec![
        (
            "malformed JSON",
            replace("\"name\": \"Ada\"", "\"name\" \"Ada\""),
            "line 6, column 10: expected ':'",
        ),
        (
            "a number with 39 digits",
            replace("\"GSI1SK\": 1", &format!("\"GSI1SK\": {}", "9".repeat(39))),
            "38 significant digits",
        ),
        (
            "an empty set",
            replace("\"name\": \"Ada\"", "\"name\": {\"$ss\": []}"),
            "empty string set",
        ),
        (
            "a wrong key type",
            replace("\"PK\": \"USER#1\"", "\"PK\": 1"),
            "\"PK\" must be of type S",
        ),
        (
            "an item over 400 KB",
            replace("\"Ada\"", &format!("\"{}\"", "a".repeat(401 * 1024))),
            "400 KB",
        ),
        (
            "a removed key attribute",
            replace("\"SK\": \"PROFILE\",", ""),
            "\"SK\" was removed",
        ),
        (
            "an index key with the wrong type",
            replace("\"GSI1SK\": 1", "\"GSI1SK\": \"one\""),
            "key of index GSI1 and must be of type N",
        ),
    ]
}

async fn bad_input_is_refused_before_sending(server: Server) {
    let Some(env) = Env::new(server, "edit-bad-input").await else {
        return;
    };
    let original = original();
    env.create(&original).await;
    let key = env
        .description
        .primary_key_of(&original)
        .expect("has a key");
    let read = env.read(&key).await.expect("exists");
    let text = render_for_edit(&read, EditFormat::TypedJson);
    let writes = env.backend.writes();
    for (what, edited_text, expected) in bad_edits(&text) {
        let message = match parse_edited(&edited_text, EditFormat::TypedJson) {
            Err(error) => error.to_string(),
            Ok(edited) => match plan_edit(&env.ctx(), &read, &edited, AUTO) {
                Err(error) => error.to_string(),
                Ok(planned) => panic!("{what} was planned: {}", planned.summary),
            },
        };
        assert!(message.contains(expected), "{what}: {message}");
    }
    assert_eq!(env.backend.writes(), writes, "no write request was sent");
    assert_eq!(
        env.read(&key).await,
        Some(original),
        "the item is unchanged"
    );
    env.drop().await;
}

mod bad_input_is_refused_before_sending {
    #[tokio::test]
    async fn memory() {
        super::bad_input_is_refused_before_sending(crate::support::Server::Memory).await;
    }
    #[tokio::test]
    async fn dynalite() {
        super::bad_input_is_refused_before_sending(crate::support::Server::Dynalite).await;
    }
}

// The macro is shared with other scenarios; this one runs on two backends only.
#[allow(unused_imports)]
use on_every_backend as _;
