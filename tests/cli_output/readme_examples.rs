//! The manual's headless examples on the demo (`docs/headless.md`) run as written and return
//! items.

use crate::fixture::ddbx;

/// Splits a shell line into words: spaces separate, single quotes group.
fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn every_demo_example_in_the_manual_returns_items() {
    let chapter = include_str!("../../docs/headless.md");
    let block = chapter
        .split("Examples on the demo:")
        .nth(1)
        .and_then(|rest| rest.split("```sh").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("docs/headless.md has its demo examples");
    let examples: Vec<&str> = block
        .lines()
        .filter(|line| line.starts_with("ddbx --demo"))
        .collect();
    assert!(examples.len() >= 4, "{block}");
    for example in examples {
        let args = words(example);
        let arguments: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
        let run = ddbx(&arguments).success();
        let printed = run.summary().to_owned();
        assert!(!printed.starts_with("items: 0,"), "{example}: {printed}");
    }
}
