//! The manual page's closing sections: what the exit codes mean, the environment ddbx reads and
//! the files it keeps. Kept as data so the page and its tests read the same list.

/// Each exit code and when a command ends with it.
pub const EXIT_STATUS: [(&str, &str); 4] = [
    ("0", "Success; for diff, the two sides are equal."),
    (
        "1",
        "An error after requests were sent (printed as Code: message with what to do); for diff, the sides differ.",
    ),
    (
        "2",
        "Nothing was sent: bad usage, input caught before sending, or a refusal (read-only, an unconditioned PartiQL write, a scope that matches nothing).",
    ),
    (
        "3",
        "A write's condition failed (the item changed since it was read, the key exists) and that write was not applied.",
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
