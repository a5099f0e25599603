//! Whether the terminal's background is light: asked with OSC 11 (xterm's "report the background
//! colour"), followed by a primary device attributes request that every terminal answers, so a
//! terminal that ignores OSC 11 is known at once instead of at the timeout. Without an answer,
//! `COLORFGBG` (set by rxvt and Konsole) is read; without either, the answer is "unknown".

use std::io::{self, Write as _};
use std::time::{Duration, Instant};

/// How long a terminal gets to answer: local terminals answer within a millisecond or two, and
/// this leaves room for a remote shell without slowing the start noticeably.
pub const ANSWER_TIMEOUT: Duration = Duration::from_millis(200);

/// Background colour, then primary device attributes.
const QUERY: &[u8] = b"\x1b]11;?\x1b\\\x1b[c";

/// Asks the terminal on stdin/stdout. Only call this when both are terminals and before the
/// event reader starts, because the answer arrives on stdin.
#[must_use]
pub fn is_light(timeout: Duration) -> Option<bool> {
    let answer = ask(timeout).ok().flatten();
    answer.as_deref().and_then(osc11_is_light).or_else(|| {
        std::env::var("COLORFGBG")
            .ok()
            .as_deref()
            .and_then(colorfgbg_is_light)
    })
}

/// The terminal's answer to [`QUERY`] (raw mode on while it is read), `None` on Windows.
fn ask(timeout: Duration) -> io::Result<Option<Vec<u8>>> {
    #[cfg(unix)]
    {
        let was_raw = crossterm::terminal::is_raw_mode_enabled()?;
        if !was_raw {
            crossterm::terminal::enable_raw_mode()?;
        }
        let answer = write_and_read(timeout);
        if !was_raw {
            crossterm::terminal::disable_raw_mode()?;
        }
        answer.map(Some)
    }
    #[cfg(not(unix))]
    {
        let _ = timeout;
        Ok(None)
    }
}

#[cfg(unix)]
fn write_and_read(timeout: Duration) -> io::Result<Vec<u8>> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let mut stdout = io::stdout();
    stdout.write_all(QUERY)?;
    stdout.flush()?;
    let stdin = io::stdin();
    let deadline = Instant::now() + timeout;
    let mut answer = Vec::new();
    let mut buffer = [0_u8; 256];
    while !has_device_attributes(&answer) {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        let wait = Timespec {
            tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(left.subsec_nanos()),
        };
        let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
        if poll(&mut fds, Some(&wait))? == 0 {
            break;
        }
        let read = rustix::io::read(&stdin, &mut buffer)?;
        if read == 0 {
            break;
        }
        answer.extend_from_slice(&buffer[..read]);
    }
    Ok(answer)
}

/// The device attributes answer `ESC [ ? … c` ends every terminal's reply.
fn has_device_attributes(answer: &[u8]) -> bool {
    answer
        .windows(3)
        .position(|window| window == b"\x1b[?")
        .is_some_and(|start| answer[start..].contains(&b'c'))
}

/// `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` (ended by BEL or ST) anywhere in `answer`: light when its
/// relative luminance is above one half.
fn osc11_is_light(answer: &[u8]) -> Option<bool> {
    let text = String::from_utf8_lossy(answer);
    let start = text.find("\x1b]11;")? + 5;
    let rest = &text[start..];
    let end = rest.find(['\x07', '\x1b']).unwrap_or(rest.len());
    let colour = &rest[..end];
    let components = colour
        .strip_prefix("rgb:")
        .or_else(|| colour.strip_prefix("rgba:"))?;
    let mut channels = components.split('/').map(channel);
    let (red, green, blue) = (channels.next()??, channels.next()??, channels.next()??);
    Some(0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5)
}

/// One to four hex digits scaled to 0..=1 (`ff` and `ffff` are both full).
fn channel(hex: &str) -> Option<f64> {
    if hex.is_empty() || hex.len() > 4 {
        return None;
    }
    let value = u32::from_str_radix(hex, 16).ok()?;
    let full = (1_u32 << (4 * hex.len())) - 1;
    Some(f64::from(value) / f64::from(full))
}

/// `COLORFGBG` is `fg;bg` (or `fg;default;bg`) in the 16 ANSI colours: 7 (white) and 9–15
/// (the bright ones but bright black) are light backgrounds.
fn colorfgbg_is_light(value: &str) -> Option<bool> {
    let background: u8 = value.rsplit(';').next()?.parse().ok()?;
    Some(background == 7 || (9..=15).contains(&background))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_xterm_answer_names_a_light_or_dark_background() {
        let white = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?64;1;2c";
        let black = b"\x1b]11;rgb:0000/0000/0000\x07\x1b[?1;2c";
        let solarized_light = b"\x1b]11;rgb:fdfd/f6f6/e3e3\x1b\\";
        let solarized_dark = b"\x1b]11;rgb:00/2b/36\x07";
        assert_eq!(osc11_is_light(white), Some(true));
        assert_eq!(osc11_is_light(black), Some(false));
        assert_eq!(osc11_is_light(solarized_light), Some(true));
        assert_eq!(osc11_is_light(solarized_dark), Some(false));
    }

    #[test]
    fn a_terminal_that_only_answers_device_attributes_names_nothing() {
        let answer = b"\x1b[?1;2c";
        assert!(has_device_attributes(answer));
        assert_eq!(osc11_is_light(answer), None);
        assert_eq!(osc11_is_light(b"\x1b]11;garbage\x07"), None);
        assert_eq!(osc11_is_light(b"\x1b]11;rgb:12345/0/0\x07"), None);
    }

    #[test]
    fn the_answer_is_complete_only_with_the_device_attributes() {
        assert!(!has_device_attributes(b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\"));
        assert!(!has_device_attributes(b"\x1b[?1;2"));
        assert!(has_device_attributes(b"\x1b]11;rgb:0/0/0\x07\x1b[?62;22c"));
    }

    #[test]
    fn colorfgbg_names_the_background_by_its_last_field() {
        assert_eq!(colorfgbg_is_light("15;0"), Some(false));
        assert_eq!(colorfgbg_is_light("0;15"), Some(true));
        assert_eq!(colorfgbg_is_light("0;default;7"), Some(true));
        assert_eq!(colorfgbg_is_light("15;8"), Some(false));
        assert_eq!(colorfgbg_is_light("default"), None);
    }
}
