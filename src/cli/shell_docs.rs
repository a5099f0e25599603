//! Completion scripts and the manual page, generated from the clap definition, so every
//! subcommand and flag the binary accepts is in them and nothing else is.

use std::io::{self, Write};

use clap::CommandFactory;

use super::args::Cli;
use super::man_sections;

/// The completion script for `shell`.
#[must_use]
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "ddbx", &mut script);
    script
}

/// The manual page, `ddbx(1)` in roff, with a section for every subcommand.
pub fn man_page() -> io::Result<Vec<u8>> {
    let command = Cli::command();
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    for subcommand in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        subcommand_section(&mut page, subcommand)?;
    }
    closing_section(&mut page, "EXIT STATUS", &man_sections::EXIT_STATUS)?;
    closing_section(&mut page, "ENVIRONMENT", &man_sections::ENVIRONMENT)?;
    closing_section(&mut page, "FILES", &man_sections::FILES)?;
    man.render_version_section(&mut page)?;
    Ok(preamble_once(&page))
}

/// The page with clap_mangen's preamble (the two lines defining `\*(Aq`, which it writes
/// before every section it renders) kept only where it first appears.
fn preamble_once(page: &[u8]) -> Vec<u8> {
    const PREAMBLE: [&str; 2] = [".ie \\n(.g .ds Aq \\(aq", ".el .ds Aq '"];
    let text = String::from_utf8_lossy(page);
    let mut kept = String::with_capacity(text.len());
    let mut seen = false;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line == PREAMBLE[0] && lines.peek() == Some(&PREAMBLE[1]) {
            lines.next();
            if seen {
                continue;
            }
            seen = true;
            kept.push_str(line);
            kept.push('\n');
            kept.push_str(PREAMBLE[1]);
            kept.push('\n');
            continue;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept.into_bytes()
}

/// A section of tagged paragraphs: each name bold, its meaning under it.
fn closing_section(page: &mut Vec<u8>, title: &str, entries: &[(&str, &str)]) -> io::Result<()> {
    writeln!(page, ".SH \"{title}\"")?;
    for (name, meaning) in entries {
        writeln!(page, ".TP")?;
        writeln!(page, "\\fB{}\\fR", roff_escape(name))?;
        writeln!(page, "{}", roff_escape(meaning))?;
    }
    Ok(())
}

/// One subcommand: its name, what it does and its own options (the shared ones are listed once,
/// in the page's OPTIONS).
fn subcommand_section(page: &mut Vec<u8>, subcommand: &clap::Command) -> io::Result<()> {
    let name = subcommand.get_name();
    writeln!(page, ".SH \"DDBX {}\"", roff_escape(&name.to_uppercase()))?;
    if let Some(about) = subcommand
        .get_long_about()
        .or_else(|| subcommand.get_about())
    {
        writeln!(page, "{}", roff_escape(&about.to_string()))?;
    }
    for argument in subcommand
        .get_arguments()
        .filter(|arg| !arg.is_global_set())
    {
        if argument.is_hide_set() || argument.get_id() == "help" {
            continue;
        }
        writeln!(page, ".TP")?;
        writeln!(page, "{}", argument_label(argument))?;
        if let Some(help) = argument.get_long_help().or_else(|| argument.get_help()) {
            writeln!(page, "{}", roff_escape(&help.to_string()))?;
        }
    }
    Ok(())
}

/// `--pk V`, `--sk-between A B`, `SHELL`, in roff: the flag bold, its values italic.
fn argument_label(argument: &clap::Arg) -> String {
    let values: Vec<String> = argument
        .get_value_names()
        .map(|names| {
            names
                .iter()
                .map(|name| format!("\\fI{}\\fR", roff_escape(name)))
                .collect()
        })
        .unwrap_or_default();
    let flag = argument
        .get_long()
        .map(|long| format!("--{long}"))
        .or_else(|| argument.get_short().map(|short| format!("-{short}")))
        .map(|flag| format!("\\fB{}\\fR", roff_escape(&flag)));
    match flag {
        Some(flag) if argument.get_action().takes_values() => {
            format!("{flag} {}", values.join(" "))
        }
        Some(flag) => flag,
        None => values.join(" "),
    }
}

/// Text made safe for roff: backslashes doubled, `-` as the minus sign `\-` (so flags copy
/// and search as typed), other than ASCII as `\[uXXXX]`, and a line that would start with `.` or `'` (a roff request) starts
/// with the zero-width `\&` instead.
fn roff_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => escaped.push_str("\\\\"),
            '-' => escaped.push_str("\\-"),
            // Named by code point, so every roff reads it whatever its input encoding.
            c if !c.is_ascii() => escaped.push_str(&format!("\\[u{:04X}]", u32::from(c))),
            c => escaped.push(c),
        }
    }
    escaped
        .lines()
        .map(|line| {
            if line.starts_with(['.', '\'']) {
                format!("\\&{line}")
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subcommands() -> Vec<String> {
        Cli::command()
            .get_subcommands()
            .map(|sub| sub.get_name().to_owned())
            .collect()
    }

    #[test]
    fn every_completion_script_names_every_subcommand() {
        for shell in [
            clap_complete::Shell::Bash,
            clap_complete::Shell::Zsh,
            clap_complete::Shell::Fish,
        ] {
            let script = String::from_utf8(completions(shell)).expect("UTF-8");
            for name in subcommands() {
                assert!(script.contains(&name), "{shell}: {name} missing");
            }
        }
    }

    #[test]
    fn the_man_page_has_a_section_for_every_subcommand() {
        let page = String::from_utf8(man_page().expect("renders")).expect("UTF-8");
        assert!(page.contains(".TH ddbx 1"), "{page}");
        for name in subcommands() {
            let heading = format!(".SH \"DDBX {}\"", roff_escape(&name.to_uppercase()));
            assert!(page.contains(&heading), "{heading} missing");
        }
        assert!(
            page.contains("\\fB\\-\\-sk\\-between\\fR \\fIA\\fR \\fIB\\fR"),
            "{page}"
        );
    }

    #[test]
    fn roff_requests_in_help_text_are_neutralised() {
        assert_eq!(
            roff_escape(".SH x\n'y\nz\\n --pk …"),
            "\\&.SH x\n\\&'y\nz\\\\n \\-\\-pk \\[u2026]"
        );
    }
}
