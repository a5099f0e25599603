//! The manual (`README.md` and `docs/*.md`) checked against the program it describes.
//!
//! - Every `ddbx …` command line in a fenced code block names a real subcommand, and each of its
//!   options exists on that subcommand or globally, as the clap definition says. Placeholders
//!   (`V`, `…`, `[--sk-… V]`) are allowed where values go, never in place of a subcommand or an
//!   option name.
//! - The synopsis of `docs/headless.md` lists every subcommand, and each one with all its own
//!   options; every option of the binary is mentioned somewhere in the manual.
//! - Every relative link leads to a file of the repository that exists (and to a heading that
//!   exists, when it names one), and every chapter is linked from both indexes.
//!
//! The checker is tested on made-up pages too, so a check that can no longer fail is noticed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use clap::CommandFactory as _;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One Markdown file of the manual.
struct Page {
    path: PathBuf,
    text: String,
}

impl Page {
    fn name(&self) -> String {
        self.path
            .strip_prefix(root())
            .unwrap_or(&self.path)
            .display()
            .to_string()
    }
}

/// README.md and every `docs/*.md`, read from disk so a new chapter is checked without a change
/// here.
fn pages() -> Vec<Page> {
    let mut paths = vec![root().join("README.md")];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    chapters.sort();
    paths.extend(chapters);
    paths
        .into_iter()
        .map(|path| Page {
            text: std::fs::read_to_string(&path)
                .unwrap_or_else(|error| panic!("{}: {error}", path.display())),
            path,
        })
        .collect()
}

/// A fenced code block: the line number of its first line (1-based) and its lines.
struct Block<'a> {
    line: usize,
    lines: Vec<&'a str>,
}

/// The fenced code blocks of a page; fences may be indented (inside list items).
fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut found = Vec::new();
    let mut open: Option<Block<'_>> = None;
    for (number, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match (&mut open, fence) {
            (None, true) => {
                open = Some(Block {
                    line: number + 2,
                    lines: Vec::new(),
                });
            }
            (Some(_), true) => found.extend(open.take()),
            (Some(block), false) => block.lines.push(line),
            (None, false) => {}
        }
    }
    found
}

/// The clap definition, built so that every argument knows how many values it takes.
fn cli() -> clap::Command {
    let mut command = ddbx::cli::Cli::command();
    command.build();
    command
}

/// A shell word, or an operator that ends a command (`|`, `;`, `&&`, a redirection).
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Operator(String),
}

/// Splits one shell line into words and operators: quotes group, `\` escapes, `#` at the start
/// of a word begins a comment.
fn shell_tokens(line: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '#' if !in_word => break,
            '|' | ';' | '&' | '>' | '<' => {
                if in_word {
                    // `2>` is a redirection, not the word 2 followed by one.
                    if !(c == '>' && word.chars().all(|c| c.is_ascii_digit())) {
                        tokens.push(Token::Word(std::mem::take(&mut word)));
                    }
                    word.clear();
                    in_word = false;
                }
                let mut operator = c.to_string();
                while let Some(&next) = chars.peek() {
                    if matches!(next, '|' | '&' | '>') {
                        operator.push(next);
                        chars.next();
                    } else {
                        break;
                    }
                }
                tokens.push(Token::Operator(operator));
            }
            c if c.is_whitespace() => {
                if in_word {
                    tokens.push(Token::Word(std::mem::take(&mut word)));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        tokens.push(Token::Word(word));
    }
    tokens
}

/// The ddbx arguments of every ddbx command a shell line runs: `ddbx ARGS`, also in a pipeline,
/// and `cargo run [--release] -- ARGS` (the binary of this crate).
fn invocations(line: &str) -> Vec<Vec<String>> {
    let mut commands: Vec<Vec<String>> = vec![Vec::new()];
    let mut redirected = false;
    for token in shell_tokens(line) {
        match token {
            Token::Operator(operator) if operator.contains(['>', '<']) => redirected = true,
            Token::Operator(_) => commands.push(Vec::new()),
            Token::Word(_) if redirected => redirected = false,
            Token::Word(word) => commands.last_mut().expect("one command").push(word),
        }
    }
    commands
        .into_iter()
        .filter_map(|words| match words.first().map(String::as_str) {
            Some("ddbx") => Some(words[1..].to_vec()),
            Some("cargo")
                if words.get(1).is_some_and(|word| word == "run")
                    && !words
                        .iter()
                        .any(|word| matches!(word.as_str(), "--example" | "--bin" | "-p")) =>
            {
                let after = words.iter().position(|word| word == "--")?;
                Some(words[after + 1..].to_vec())
            }
            _ => None,
        })
        .collect()
}

/// The logical lines of a block: a line ending in `\` continues on the next.
fn logical_lines(lines: &[&str]) -> Vec<(usize, String)> {
    let mut joined = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (offset, line) in lines.iter().enumerate() {
        let (start, mut text) = current.take().unwrap_or((offset, String::new()));
        let line = line.trim();
        if let Some(head) = line.strip_suffix('\\') {
            text.push_str(head);
            text.push(' ');
            current = Some((start, text));
        } else {
            text.push_str(line);
            joined.push((start, text));
        }
    }
    joined.extend(current);
    joined
}

/// A word with the grouping of a usage line taken off: `[--sk V]` → `--sk`, `PATH...` → `PATH`.
fn bare(word: &str) -> &str {
    word.trim_start_matches(['[', '('])
        .trim_end_matches([']', ')', ','])
        .trim_end_matches("...")
}

/// The long options valid at this point: the subcommand's and the global ones, or, before a
/// subcommand, the top level's.
fn long_options<'a>(cli: &'a clap::Command, sub: Option<&'a clap::Command>) -> Vec<&'a clap::Arg> {
    let mut options: Vec<&clap::Arg> = sub
        .map(|sub| sub.get_arguments().collect())
        .unwrap_or_default();
    options.extend(
        cli.get_arguments()
            .filter(|arg| sub.is_none() || arg.is_global_set()),
    );
    options
}

/// How many words after an option are its values.
fn values_taken(arg: &clap::Arg) -> usize {
    if !arg.get_action().takes_values() {
        return 0;
    }
    arg.get_num_args().map_or(1, |range| range.min_values())
}

/// What is wrong with one ddbx command line (its arguments after `ddbx`); empty when nothing.
/// The names of the options it uses (`sk-…` for a placeholder) are added to `used`.
fn check_arguments(
    cli: &clap::Command,
    arguments: &[String],
    placeholder_command: bool,
    used: &mut BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut sub: Option<&clap::Command> = None;
    // The word after an unknown option may be its value: it is not reported as well.
    let mut after_unknown = false;
    let mut words = arguments.iter().map(|word| bare(word));
    while let Some(word) = words.next() {
        if word.is_empty() || word == "|" || word == "…" {
            continue;
        }
        let follows_unknown = std::mem::take(&mut after_unknown);
        let scope = sub.map_or_else(
            || "ddbx".to_owned(),
            |sub| format!("ddbx {}", sub.get_name()),
        );
        if word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, inline_value) = match long.split_once('=') {
                Some((name, _)) => (name, true),
                None => (long, false),
            };
            // `--sk-…` stands for one of the options that start so.
            let prefix = name.strip_suffix('…').or_else(|| name.strip_suffix("..."));
            let options = long_options(cli, sub);
            let found = options.into_iter().find(|arg| {
                arg.get_long().is_some_and(|option| match prefix {
                    Some(prefix) => option.starts_with(prefix),
                    None => option == name,
                })
            });
            match found {
                Some(arg) => {
                    used.entry(sub.map_or_else(String::new, |sub| sub.get_name().to_owned()))
                        .or_default()
                        .insert(name.to_owned());
                    if !inline_value {
                        for _ in 0..values_taken(arg) {
                            words.next();
                        }
                    }
                }
                None => {
                    problems.push(format!("--{name} is not an option of `{scope}`"));
                    after_unknown = !inline_value;
                }
            }
        } else if let Some(short) = word.strip_prefix('-').filter(|short| !short.is_empty()) {
            let letter = short.chars().next().expect("not empty");
            let found = long_options(cli, sub)
                .into_iter()
                .find(|arg| arg.get_short() == Some(letter));
            match found {
                Some(arg) => {
                    if short.len() == 1 {
                        for _ in 0..values_taken(arg) {
                            words.next();
                        }
                    }
                }
                None => problems.push(format!("-{letter} is not an option of `{scope}`")),
            }
        } else if sub.is_none() {
            if placeholder_command && word.starts_with('<') {
                continue;
            }
            match cli.find_subcommand(word) {
                Some(found) => sub = Some(found),
                None if follows_unknown => {}
                None => problems.push(format!("`ddbx {word}`: ddbx has no subcommand {word:?}")),
            }
        }
        // Any other word is a positional value (a statement, a file, a shell name).
    }
    problems
}

/// Every ddbx command line in the code blocks of a page that is wrong, with its problems.
fn command_problems(
    cli: &clap::Command,
    page: &str,
    text: &str,
    used: &mut BTreeMap<String, BTreeSet<String>>,
    checked: &mut usize,
) -> Vec<String> {
    let mut problems = Vec::new();
    for block in blocks(text) {
        if is_synopsis(&block) {
            continue;
        }
        for (offset, line) in logical_lines(&block.lines) {
            for arguments in invocations(&line) {
                *checked += 1;
                for problem in check_arguments(cli, &arguments, false, used) {
                    problems.push(format!(
                        "{page}:{}: {problem}\n    {line}",
                        block.line + offset
                    ));
                }
            }
        }
    }
    problems
}

/// The synopsis is the block that starts `ddbx [--table T] …`: a usage text, not a shell line.
fn is_synopsis(block: &Block<'_>) -> bool {
    block
        .lines
        .first()
        .is_some_and(|line| line.starts_with("ddbx ["))
}

/// The synopsis read as usage: the global part (up to `<command>`), one entry per subcommand
/// line (indented two spaces, continued by deeper lines), and the `NAME:` groups entries use as
/// `[NAME]`, expanded in place.
fn synopsis_entries(block: &Block<'_>) -> (String, Vec<(usize, String)>) {
    let mut head = String::new();
    let mut entries: Vec<(usize, String)> = Vec::new();
    let mut groups: BTreeMap<String, String> = BTreeMap::new();
    for (offset, line) in block.lines.iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if entries.is_empty() && (offset == 0 || indent > 2) {
            head.push_str(trimmed.strip_prefix("ddbx").unwrap_or(trimmed));
            head.push(' ');
        } else if indent == 2 {
            entries.push((block.line + offset, trimmed.to_owned()));
        } else if let Some((name, body)) = trimmed
            .split_once(':')
            .filter(|(name, _)| name.chars().all(|c| c.is_ascii_uppercase()))
        {
            groups.insert(format!("[{name}]"), body.trim().to_owned());
        } else if let Some((_, entry)) = entries.last_mut() {
            entry.push(' ');
            entry.push_str(trimmed);
        }
    }
    for (_, entry) in &mut entries {
        for (name, body) in &groups {
            *entry = entry.replace(name, body);
        }
    }
    (head, entries)
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|word| word.trim_matches('\'').to_owned())
        .collect()
}

/// What is wrong with the synopsis: an entry with an unknown subcommand or option, a
/// subcommand it does not list, an option of a subcommand its entries leave out.
fn synopsis_problems(cli: &clap::Command, page: &str, block: &Block<'_>) -> Vec<String> {
    let mut problems = Vec::new();
    let mut used = BTreeMap::new();
    let (head, entries) = synopsis_entries(block);
    for problem in check_arguments(cli, &words(&head), true, &mut used) {
        problems.push(format!("{page}:{}: {problem}", block.line));
    }
    for (line, entry) in &entries {
        for problem in check_arguments(cli, &words(entry), false, &mut used) {
            problems.push(format!("{page}:{line}: {problem}\n    {entry}"));
        }
    }
    let listed: BTreeSet<&str> = entries
        .iter()
        .filter_map(|(_, entry)| entry.split_whitespace().next())
        .collect();
    for sub in cli.get_subcommands().filter(|sub| sub.get_name() != "help") {
        let name = sub.get_name();
        if !listed.contains(name) {
            problems.push(format!("{page}: the synopsis does not list `{name}`"));
            continue;
        }
        let named = used.get(name).cloned().unwrap_or_default();
        for option in sub
            .get_arguments()
            .filter(|arg| !arg.is_global_set())
            .filter_map(clap::Arg::get_long)
            .filter(|long| *long != "help")
        {
            let covered = named.iter().any(|used| match used.strip_suffix('…') {
                Some(prefix) => option.starts_with(prefix),
                None => used == option,
            });
            if !covered {
                problems.push(format!(
                    "{page}: the synopsis of `{name}` leaves out --{option}"
                ));
            }
        }
    }
    problems
}

/// The anchors GitHub gives a page's headings: lower case, spaces as `-`, punctuation dropped.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut in_code = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').trim();
        let slug: String = heading
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        found.insert(slug);
    }
    found
}

/// The link targets of a page's prose: code blocks and code spans hold no links.
fn links(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let prose: String = line
            .split('`')
            .enumerate()
            .map(|(index, part)| if index % 2 == 0 { part } else { "x" })
            .collect();
        let mut rest = prose.as_str();
        while let Some(start) = rest.find("](") {
            rest = &rest[start + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            targets.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    targets
}

/// What is wrong with the relative links of a page at `path`.
fn link_problems(path: &Path, text: &str) -> Vec<String> {
    let repository = root().canonicalize().expect("the repository exists");
    let page = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let mut problems = Vec::new();
    for target in links(text) {
        if target.starts_with("http://") || target.starts_with("https://") {
            continue;
        }
        let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
        let resolved = if file.is_empty() {
            path.to_path_buf()
        } else {
            path.parent().expect("a page is in a folder").join(file)
        };
        let Ok(canonical) = resolved.canonicalize() else {
            problems.push(format!("{page}: the link ({target}) leads to no file"));
            continue;
        };
        if !canonical.starts_with(&repository) {
            problems.push(format!(
                "{page}: the link ({target}) leads outside the repository"
            ));
            continue;
        }
        if !anchor.is_empty() {
            let target_text = std::fs::read_to_string(&canonical).unwrap_or_default();
            if !anchors(&target_text).contains(anchor) {
                problems.push(format!(
                    "{page}: the link ({target}) names a heading {file} does not have"
                ));
            }
        }
    }
    problems
}

#[test]
fn every_ddbx_command_line_in_the_manual_uses_real_subcommands_and_options() {
    let cli = cli();
    let (mut problems, mut used, mut checked) = (Vec::new(), BTreeMap::new(), 0);
    for page in pages() {
        problems.extend(command_problems(
            &cli,
            &page.name(),
            &page.text,
            &mut used,
            &mut checked,
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The manual shows dozens of command lines; far fewer means the reading broke.
    assert!(checked >= 50, "only {checked} ddbx command lines found");
}

#[test]
fn the_synopsis_lists_every_subcommand_with_all_its_options() {
    let cli = cli();
    let page = root().join("docs/headless.md");
    let text = std::fs::read_to_string(&page).expect("docs/headless.md");
    let all = blocks(&text);
    let synopsis = all
        .iter()
        .find(|block| is_synopsis(block))
        .expect("docs/headless.md has the synopsis");
    let problems = synopsis_problems(&cli, "docs/headless.md", synopsis);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_option_of_the_binary_is_documented() {
    let cli = cli();
    let manual: String = pages().into_iter().map(|page| page.text).collect();
    let mentioned = |long: &str| {
        let needle = format!("--{long}");
        manual.match_indices(&needle).any(|(at, _)| {
            !manual[at + needle.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
        })
    };
    let mut missing = BTreeSet::new();
    let commands = std::iter::once(&cli).chain(cli.get_subcommands());
    for command in commands {
        for long in command.get_arguments().filter_map(clap::Arg::get_long) {
            if !matches!(long, "help" | "version") && !mentioned(long) {
                missing.insert(format!("--{long} (ddbx {})", command.get_name()));
            }
        }
    }
    assert!(missing.is_empty(), "not in the manual: {missing:?}");
}

#[test]
fn every_relative_link_of_the_manual_leads_to_a_file_that_exists() {
    let problems: Vec<String> = pages()
        .iter()
        .flat_map(|page| link_problems(&page.path, &page.text))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_chapter_is_linked_from_the_readme_and_the_index() {
    let all = pages();
    for index in ["README.md", "docs/README.md"] {
        let page = all
            .iter()
            .find(|page| page.name() == index)
            .expect("the index exists");
        let linked: BTreeSet<PathBuf> = links(&page.text)
            .iter()
            .filter_map(|target| {
                let file = target.split('#').next()?;
                page.path.parent()?.join(file).canonicalize().ok()
            })
            .collect();
        for chapter in all
            .iter()
            .filter(|chapter| chapter.name().starts_with("docs/"))
        {
            if chapter.name() == index {
                continue;
            }
            let path = chapter.path.canonicalize().expect("the chapter exists");
            assert!(
                linked.contains(&path),
                "{index} does not link to {}",
                chapter.name()
            );
        }
    }
}

// The checks themselves, on made-up input.

fn problems_of(line: &str) -> Vec<String> {
    let cli = cli();
    let mut used = BTreeMap::new();
    invocations(line)
        .iter()
        .flat_map(|arguments| check_arguments(&cli, arguments, false, &mut used))
        .collect()
}

#[test]
fn a_made_up_option_is_reported() {
    let problems = problems_of("ddbx scan --no-such-flag");
    assert_eq!(problems, ["--no-such-flag is not an option of `ddbx scan`"]);
}

#[test]
fn a_made_up_subcommand_or_a_subcommand_option_before_it_is_reported() {
    assert_eq!(problems_of("ddbx --demo frobnicate").len(), 1);
    // `--segments` belongs to scan, not to the top level.
    assert_eq!(
        problems_of("ddbx --segments 4 scan"),
        ["--segments is not an option of `ddbx`"]
    );
    assert_eq!(problems_of("ddbx -z --demo").len(), 1);
    assert_eq!(problems_of("ddbx --table T export [--zz-… V]").len(), 1);
}

#[test]
fn real_lines_pass_with_their_values_placeholders_pipes_and_comments() {
    for line in [
        "ddbx --demo query --pk USER#1 --sk-between A B -o table   # two values",
        "ddbx --table T scan --filter 'status = \"PENDING\"' --max-items 5",
        "jq -c . item.json | ddbx --table T put --item -",
        "ddbx completions zsh  > ~/.zfunc/_ddbx",
        "ddbx --table T export [--sk-… V] --format=csv",
        "ddbx --demo [--demo-size 50000] [--seed 7]",
        "cargo run --release -- --demo",
    ] {
        assert_eq!(problems_of(line), Vec::<String>::new(), "{line}");
    }
    // Lines that run no ddbx are not read.
    assert!(invocations("cargo run --release --example engine_memory -- load 1").is_empty());
    assert!(invocations("# ddbx: journal: 1 write by ddbx").is_empty());
    assert!(invocations("aws dynamodb query --table-name Orders").is_empty());
}

#[test]
fn a_page_with_a_made_up_option_in_a_code_block_is_reported_with_its_line() {
    let page = "# Page\n\nText.\n\n```sh\nddbx --demo scan \\\n     --no-such-flag\n```\n";
    let (mut used, mut checked) = (BTreeMap::new(), 0);
    let problems = command_problems(&cli(), "page.md", page, &mut used, &mut checked);
    assert_eq!(checked, 1);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("page.md:6: --no-such-flag"),
        "{problems:?}"
    );
}

#[test]
fn a_synopsis_that_leaves_out_a_subcommand_or_an_option_is_reported() {
    let text = "```\nddbx [--table T] <command>\n  tables\n  scan --segments N\n```\n";
    let all = blocks(text);
    let problems = synopsis_problems(&cli(), "page.md", &all[0]);
    assert!(
        problems
            .iter()
            .any(|problem| problem.contains("does not list `get`")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|problem| problem.contains("`scan` leaves out --filter")),
        "{problems:?}"
    );
}

#[test]
fn broken_links_and_links_out_of_the_repository_are_reported() {
    let page = root().join("docs/made-up.md");
    let text = "[a](missing.md), [b](../..), [c](README.md#no-such-heading), \
                [d](README.md), [e](https://example.com/x.md), `[f](in-code.md)`";
    let problems = link_problems(&page, text);
    assert_eq!(problems.len(), 3, "{problems:?}");
}
