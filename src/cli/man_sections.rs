//! The manual page's closing sections: what the exit codes mean, the environment ddbx reads and
//! the files it keeps. Kept as data so the page and its tests read the same list.

/// Each exit code and when a command ends with it: the rows of docs/headless.md's table of exit
/// codes, word for word (a test holds them together).
pub const EXIT_STATUS: [(&str, &str); 4] = [
    ("0", "Success; for diff, the two sides are equal."),
    (
        "1",
        "A request was sent and failed, or partly failed (printed as Code: message with what to do): the server refused it or could not be reached, a read stopped early, some writes of a run failed, the output could not be written; for diff and --verify, the sides differ.",
    ),
    (
        "2",
        "Nothing was sent: bad usage, input caught before sending (a wrong key type, a 39-digit number, a malformed import line, an unreadable --file, --model or --keymap), or a refusal (read-only for every write and undo, an unconditioned PartiQL write, a scope that matches nothing, a journal that cannot be written).",
    ),
    (
        "3",
        "A write's condition failed (the item changed since it was read, the expected version did not match, the key exists) and that write was not applied; for a bulk run or a transaction, the others were written or none was.",
    ),
];

/// Environment variables ddbx reads, besides the AWS SDK's own (AWS_PROFILE, AWS_REGION, …).
pub const ENVIRONMENT: [(&str, &str); 6] = [
    ("DDBX_TABLE", "The table when --table is not given."),
    (
        "DDBX_JOURNAL",
        "The journal file, instead of $XDG_STATE_HOME/ddbx/journal.jsonl.",
    ),
    (
        "DDBX_SCHEMA_TTL",
        "Seconds a cached DescribeTable answer is trusted by headless commands (300 by default; 0 reads it every time).",
    ),
    (
        "NO_COLOR",
        "When set and not empty, the terminal UI draws without colour; focus and selection stay visible as reverse video and bold.",
    ),
    (
        "XDG_STATE_HOME",
        "Where the journal, query history and schema cache live (default ~/.local/state).",
    ),
    (
        "XDG_CONFIG_HOME",
        "Where the keymap and settings live (default ~/.config).",
    ),
];

/// Files ddbx reads or writes; those that may hold item data are created readable by the user only.
pub const FILES: [(&str, &str); 5] = [
    (
        "$XDG_STATE_HOME/ddbx/journal.jsonl",
        "Every write ddbx sent, with the item before it: what ddbx undo reverts.",
    ),
    (
        "$XDG_STATE_HOME/ddbx/history/TABLE.jsonl",
        "The queries the terminal UI ran on TABLE.",
    ),
    (
        "$XDG_STATE_HOME/ddbx/schema-cache.json",
        "DescribeTable answers headless commands reuse for DDBX_SCHEMA_TTL seconds.",
    ),
    (
        "$XDG_CONFIG_HOME/ddbx/keymap.toml",
        "Key overrides of the terminal UI (ddbx keymap prints the effective keymap).",
    ),
    (
        "$XDG_CONFIG_HOME/ddbx/config.toml",
        "Settings such as theme.",
    ),
];
