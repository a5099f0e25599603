//! Keymap files: the shipped default parses strictly and binds every action; user overrides
//! apply with prepend/append/replace/noop; each invalid fixture gives its specific message with
//! file, line and column.

#[path = "support/scratch.rs"]
mod scratch;

use std::path::{Path, PathBuf};

use scratch::Scratch;

use ddbx::app::action::Action;
use ddbx::app::action::Keymap;
use ddbx::keymap::{Bindable, DEFAULT_KEYMAP, Key, Lookup, Section};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/keymaps")
        .join(name)
}

fn keys(text: &str) -> Vec<Key> {
    text.split(' ')
        .map(|key| Key::parse(key).expect("valid key"))
        .collect()
}

#[test]
fn every_bindable_action_except_noop_is_bound_by_default() {
    let keymap = Keymap::defaults();
    for action in <Action as Bindable>::bindable()
        .iter()
        .filter(|action| **action != Action::Noop)
    {
        let bound = keymap.sections().into_iter().any(|section| {
            keymap
                .bindings(section)
                .iter()
                .any(|binding| &binding.action == action)
        });
        assert!(
            bound,
            "{} has no default key",
            action.bindable_name().unwrap_or("?")
        );
    }
}

#[test]
fn the_default_keymap_binds_no_key_twice_in_one_section() {
    let keymap = Keymap::defaults();
    for section in keymap.sections() {
        let mut seen = Vec::new();
        for binding in keymap.bindings(section) {
            assert!(
                !seen.contains(&&binding.keys),
                "{section}: {} bound twice",
                binding.keys_text()
            );
            assert!(
                !binding.desc.is_empty(),
                "{section}: {} has no description",
                binding.keys_text()
            );
            seen.push(&binding.keys);
        }
    }
}

#[test]
fn the_default_keymap_parses_strictly_as_a_user_file_too() {
    Keymap::with_overrides("default.toml", DEFAULT_KEYMAP).expect("defaults are valid");
    for screen in <Action as Bindable>::screen_sections() {
        Keymap::with_overrides(screen.name, screen.default_keys)
            .unwrap_or_else(|error| panic!("the {} screen's keys: {error}", screen.name));
    }
    // Replacing every section with itself, as `ddbx keymap` prints them, changes nothing.
    let printed = Keymap::defaults().to_toml();
    let keymap = Keymap::with_overrides("printed.toml", &printed).expect("printed is valid");
    assert_eq!(keymap, Keymap::defaults());
}

#[test]
fn a_screen_brings_its_section_and_the_key_that_opens_it() {
    let keymap = Keymap::defaults();
    let versions = Section::Screen("versions");
    assert!(keymap.sections().contains(&versions));
    assert_eq!(
        keymap.lookup(Section::Inspector, &keys("V")),
        Lookup::Action(Action::ShowScreen("show_versions"))
    );
    assert_eq!(
        keymap.lookup(versions, &keys("R")),
        Lookup::Action(Action::Refresh)
    );
    // Global keys still apply on the screen.
    assert_eq!(
        keymap.lookup(versions, &keys("j")),
        Lookup::Action(Action::CursorDown)
    );
    // A user file may name the screen's section and its action like any other.
    let user = "[versions]\nprepend_keymap = [{ on = \"x\", run = \"back\" }]\n[overview]\nprepend_keymap = [{ on = \"X\", run = \"show_versions\" }]\n";
    let keymap = Keymap::with_overrides("user.toml", user).expect("valid");
    assert_eq!(
        keymap.lookup(versions, &keys("x")),
        Lookup::Action(Action::Back)
    );
    assert_eq!(
        keymap.lookup(Section::Overview, &keys("X")),
        Lookup::Action(Action::ShowScreen("show_versions"))
    );
}

#[test]
fn vim_keys_arrows_and_chords_resolve_in_the_collections_screen() {
    let keymap = Keymap::defaults();
    let cases = [
        ("j", Lookup::Action(Action::CursorDown)),
        ("<Down>", Lookup::Action(Action::CursorDown)),
        ("g", Lookup::Pending),
        ("g g", Lookup::Action(Action::CursorFirst)),
        ("G", Lookup::Action(Action::CursorLast)),
        ("/", Lookup::Action(Action::Search)),
        ("?", Lookup::Action(Action::ToggleHelp)),
        (":", Lookup::Action(Action::OpenQueryForm)),
        ("P", Lookup::Action(Action::JumpToPartition)),
        ("q", Lookup::Action(Action::Back)),
        ("<Enter>", Lookup::Action(Action::Open)),
        ("p", Lookup::Action(Action::TogglePauseScan)),
        ("Z", Lookup::Unbound),
    ];
    for (text, expected) in cases {
        assert_eq!(
            keymap.lookup(Section::Collections, &keys(text)),
            expected,
            "{text}"
        );
    }
}

#[test]
fn the_prompt_does_not_fall_back_to_global_keys_so_letters_are_typed() {
    let keymap = Keymap::defaults();
    assert_eq!(keymap.lookup(Section::Prompt, &keys("q")), Lookup::Unbound);
    assert_eq!(
        keymap.lookup(Section::Prompt, &keys("<Enter>")),
        Lookup::Action(Action::Submit)
    );
}

#[test]
fn overrides_prepend_append_replace_and_unbind() {
    let (keymap, error) = Keymap::load(Some(&fixture("valid_overrides.toml")));
    assert_eq!(error, None);
    let cases = [
        (
            Section::Collections,
            "<C-n>",
            Lookup::Action(Action::CursorDown),
        ),
        (Section::Collections, "q", Lookup::Action(Action::Noop)),
        (
            Section::Collections,
            "<F5>",
            Lookup::Action(Action::RestartScan),
        ),
        (
            Section::Collections,
            "j",
            Lookup::Action(Action::CursorDown),
        ),
        (
            Section::Inspector,
            "z j",
            Lookup::Action(Action::ToggleJson),
        ),
        // The inspector section was replaced: its default `J` is gone (global has no `J`).
        (Section::Inspector, "J", Lookup::Unbound),
    ];
    for (section, text, expected) in cases {
        assert_eq!(
            keymap.lookup(section, &keys(text)),
            expected,
            "{section} {text}"
        );
    }
    // Help and hints skip unbound keys: `q` no longer documents "back".
    let help: Vec<String> = keymap
        .effective(Section::Collections)
        .iter()
        .map(|b| b.keys_text())
        .collect();
    assert!(!help.contains(&"q".to_owned()), "{help:?}");
}

#[test]
fn each_invalid_file_gives_its_specific_message_with_position() {
    let cases = [
        (
            "unknown_action.toml",
            "3:21: unknown action `cursor_dwn`; did you mean `cursor_down`?",
        ),
        (
            "unknown_section.toml",
            "1:2: unknown section `colections`; did you mean `collections`?",
        ),
        (
            "unknown_key.toml",
            "3:10: invalid key `<Entr>`: unknown key name `Entr`",
        ),
        ("internal_action.toml", "3:21: unknown action `scan_page`"),
        ("empty_chord.toml", "3:10: `on` is an empty chord"),
        (
            "gibberish_action.toml",
            "3:21: unknown action `zzzzzzzzzzzzzzzzzzzz`",
        ),
        (
            "unknown_field.toml",
            "3:5: unknown field `onn`, expected one of `on`, `run`, `desc`",
        ),
        (
            "toml_syntax.toml",
            "toml_syntax.toml:4:1: invalid inline table element, expected `,`",
        ),
    ];
    for (name, expected) in cases {
        let path = fixture(name);
        let (keymap, error) = Keymap::load(Some(&path));
        let error = error.unwrap_or_else(|| panic!("{name} must be rejected"));
        let message = error.to_string();
        assert!(
            message.starts_with(&path.display().to_string()),
            "{name}: {message}"
        );
        assert!(
            message.contains(expected),
            "{name}: expected `{expected}` in `{message}`"
        );
        assert_eq!(
            keymap,
            Keymap::defaults(),
            "{name}: defaults are used after an error"
        );
    }
}

#[test]
fn a_gibberish_action_gets_no_misleading_suggestion() {
    let (_, error) = Keymap::load(Some(&fixture("gibberish_action.toml")));
    let message = error.expect("rejected").to_string();
    assert!(!message.contains("did you mean"), "{message}");
}

#[test]
fn a_missing_explicit_keymap_file_is_reported_and_defaults_are_used() {
    let (keymap, error) = Keymap::load(Some(&fixture("does_not_exist.toml")));
    let message = error.expect("reported").to_string();
    assert!(message.contains("cannot read"), "{message}");
    assert_eq!(keymap, Keymap::defaults());
}

#[test]
fn the_printed_effective_keymap_reads_back_as_the_same_keymap() {
    let (keymap, _) = Keymap::load(Some(&fixture("valid_overrides.toml")));
    let printed = keymap.to_toml();
    let reread = Keymap::with_overrides("printed.toml", &printed).expect("printed keymap parses");
    assert_eq!(reread, keymap);
}

#[test]
fn a_keymap_that_unbinds_every_way_to_quit_is_refused_and_the_defaults_are_used() {
    let trapped = r#"
[global]
prepend_keymap = [
  { on = "q",     run = "noop" },
  { on = "<C-c>", run = "noop" },
]
"#;
    let error = Keymap::with_overrides("trap.toml", trapped).expect_err("refused");
    assert!(
        error.to_string().contains("one quit binding must remain"),
        "{error}"
    );
    let dir = Scratch::new("keymap-trap");
    let path = dir.join("keymap.toml");
    std::fs::write(&path, trapped).expect("written");
    let (keymap, error) = Keymap::load(Some(&path));
    assert!(error.is_some(), "the trap is reported");
    assert_eq!(keymap, Keymap::defaults());
    // Moving quit to another key is fine.
    let moved = "[global]\nprepend_keymap = [\n  { on = \"q\", run = \"noop\" },\n  { on = \"<C-c>\", run = \"noop\" },\n  { on = \"<C-q>\", run = \"quit\" },\n]\n";
    assert!(Keymap::with_overrides("moved.toml", moved).is_ok());
}
