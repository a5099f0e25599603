//! `ddbx completions SHELL` and `ddbx man` on the real binary: each output parses in the program
//! that reads it and names every subcommand of the clap definition.

use std::io::Write as _;
use std::process::{Command, Stdio};

use clap::CommandFactory as _;

use crate::fixture::ddbx;

/// Every subcommand the binary accepts, read from its clap definition.
fn subcommands() -> Vec<String> {
    ddbx::cli::Cli::command()
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect()
}

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Runs `program args…` with `input` on stdin; its exit status and stderr.
fn feed(program: &str, args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{program} starts: {error}"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("it ends");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bash_completion_parses_and_completes_every_subcommand() {
    let script = ddbx(&["completions", "bash"]).success().stdout;
    let (parsed, errors) = feed("bash", &["-n"], &script);
    assert!(parsed, "bash -n: {errors}");
    // Source it and ask for the completions of `ddbx <TAB>` as bash would.
    let probe = format!(
        "{script}\nCOMP_WORDS=(ddbx ''); COMP_CWORD=1; COMP_LINE='ddbx '; COMP_POINT=5\n\
         _ddbx ddbx '' ddbx\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n"
    );
    // On stdin: the script is longer than one argument may be (128 KiB on Linux).
    let mut bash = Command::new("bash")
        .arg("-s")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("bash runs");
    bash.stdin
        .take()
        .expect("stdin")
        .write_all(probe.as_bytes())
        .expect("the probe is written");
    let output = bash.wait_with_output().expect("bash ends");
    let offered = String::from_utf8_lossy(&output.stdout);
    let offered: Vec<&str> = offered.lines().collect();
    for name in subcommands() {
        assert!(
            offered.contains(&name.as_str()),
            "{name} not offered: {offered:?}"
        );
    }
}

#[test]
fn zsh_and_fish_completions_name_every_subcommand_and_parse_where_installed() {
    for (shell, check) in [("zsh", &["-n"][..]), ("fish", &["--no-execute"][..])] {
        let script = ddbx(&["completions", shell]).success().stdout;
        for name in subcommands() {
            assert!(script.contains(&name), "{shell}: {name} missing");
        }
        if installed(shell) {
            let (parsed, errors) = feed(shell, check, &script);
            assert!(parsed, "{shell} {check:?}: {errors}");
            if shell == "fish" {
                fish_completes_every_subcommand_without_errors(&script);
            }
        } else {
            eprintln!("{shell} is not installed: its script was checked for names only");
        }
    }
}

/// clap_mangen writes its preamble (the `\*(Aq` string) before every section it renders; the
/// page defines it once, before its title.
#[test]
fn the_man_page_says_its_preamble_once() {
    let page = ddbx(&["man"]).success().stdout;
    assert_eq!(
        page.matches(".ds Aq").count(),
        2,
        "one .ie/.el pair:\n{page}"
    );
    let title = page.find(".TH ddbx 1").expect("a title");
    assert!(page.find(".ds Aq").is_some_and(|at| at < title), "{page}");
}

#[test]
fn the_man_page_renders_without_warnings_and_documents_every_subcommand() {
    let page = ddbx(&["man"]).success().stdout;
    let output = Command::new("groff")
        .args(["-k", "-man", "-Tutf8", "-ww", "-P", "-cbou"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(page.as_bytes())?;
            child.wait_with_output()
        });
    let Ok(output) = output else {
        panic!("groff runs (it renders man pages on this machine)");
    };
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && errors.is_empty(),
        "groff: {errors}"
    );
    let text = String::from_utf8_lossy(&output.stdout);
    for name in subcommands() {
        assert!(
            text.contains(&format!("DDBX {}", name.to_uppercase())),
            "{name}:\n{text}"
        );
    }
    assert!(text.contains("--sk-between A B"), "{text}");
    for section in ["EXIT STATUS", "ENVIRONMENT", "FILES"] {
        assert!(text.contains(section), "{section} section:\n{text}");
    }
    for variable in variables_the_source_reads() {
        assert!(text.contains(&variable), "ENVIRONMENT lacks {variable}");
    }
    for file in [
        "journal.jsonl",
        "keymap.toml",
        "config.toml",
        "history/TABLE.jsonl",
    ] {
        assert!(text.contains(file), "FILES lacks {file}");
    }
}

/// Every `DDBX_…` variable or `NO_COLOR` named in a string literal of the sources.
fn variables_the_source_reads() -> std::collections::BTreeSet<String> {
    let mut found = std::collections::BTreeSet::new();
    let mut pending = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("src reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for (at, _) in text
                .match_indices("\"DDBX_")
                .chain(text.match_indices("\"NO_COLOR\""))
            {
                let name: String = text[at + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                    .collect();
                found.insert(name);
            }
        }
    }
    assert!(
        found.contains("DDBX_TABLE"),
        "the scan finds the variables: {found:?}"
    );
    found
}

#[test]
fn completions_and_man_need_no_table_and_refuse_an_unknown_shell() {
    ddbx(&["man"]).success();
    ddbx(&["completions", "tcsh"]).refused(2, &["tcsh"]);
}

/// Loads the fish script and asks fish for the completions of `ddbx ` and of a flag whose values
/// have help text: fish reports a script it cannot run only at this point.
fn fish_completes_every_subcommand_without_errors(script: &str) {
    let probe = "source; complete -C 'ddbx '; complete -C 'ddbx put --item-format '";
    let output = Command::new("fish")
        .args(["-c", probe])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .expect("fish runs");
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.is_empty(), "fish: {errors}");
    let offered = String::from_utf8_lossy(&output.stdout);
    let names: Vec<&str> = offered
        .lines()
        .filter_map(|line| line.split('\t').next())
        .collect();
    for name in subcommands()
        .iter()
        .chain(&["typed".to_owned(), "ddb".to_owned()])
    {
        assert!(
            names.contains(&name.as_str()),
            "{name} not offered: {names:?}"
        );
    }
}

/// The rows of the manual's one table of exit codes (`docs/headless.md`, "Exit codes").
fn exit_codes_of_the_manual() -> Vec<(String, String)> {
    let chapter = include_str!("../../docs/headless.md");
    let section = chapter
        .split("\n## Exit codes\n")
        .nth(1)
        .expect("docs/headless.md has an Exit codes section");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| ")?.strip_suffix(" |"))
        .filter_map(|row| row.split_once(" | "))
        .filter(|(code, _)| code.chars().all(|c| c.is_ascii_digit()))
        .map(|(code, meaning)| (code.to_owned(), meaning.to_owned()))
        .collect()
}

/// The man page's EXIT STATUS entries, with roff's escapes undone.
fn exit_status_of_the_man_page(page: &str) -> Vec<(String, String)> {
    let section = page
        .split(".SH \"EXIT STATUS\"\n")
        .nth(1)
        .expect("the man page has EXIT STATUS");
    let section = section.split("\n.SH ").next().unwrap_or(section);
    let unescape = |text: &str| {
        text.replace("\\&", "")
            .replace("\\-", "-")
            .replace("\\\\", "\\")
    };
    section
        .split(".TP\n")
        .filter_map(|entry| entry.strip_prefix("\\fB")?.split_once("\\fR\n"))
        .map(|(code, meaning)| (unescape(code), unescape(meaning.trim_end())))
        .collect()
}

#[test]
fn the_man_page_exit_status_is_the_manual_table_of_exit_codes() {
    let table = exit_codes_of_the_manual();
    let codes: Vec<&str> = table.iter().map(|(code, _)| code.as_str()).collect();
    assert_eq!(codes, ["0", "1", "2", "3"], "{table:?}");
    let page = ddbx(&["man"]).success().stdout;
    assert_eq!(exit_status_of_the_man_page(&page), table);
}
