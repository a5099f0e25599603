"""Opening a large table in the terminal UI, timed on the real binary in a pseudo-terminal.

For each size: the time from spawn to the first frame (the alternate screen entered and the
header drawn), to the answer of a key pressed right after it (`?` opens the help), and to the
collections (the load finished and discovery drawn); the peak RSS of the whole run from
/usr/bin/time. The terminal's background query is answered as a terminal would, HOME and XDG_*
point into a temporary directory so no user file is read.

    python3 scripts/bench_open.py target/release/ddbx 100000 1000000
"""

import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ALTERNATE_SCREEN = b"\x1b[?1049h"
BACKGROUND_QUERY = b"\x1b]11;?"
# The background colour, then the primary device attributes that end the terminal's answer.
BACKGROUND_ANSWER = b"\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[?62;22c"
HEADER = b" ddbx "
HELP = b"Help:"
# The discovery status once the whole table is loaded and scanned.
DISCOVERED = b"complete "
WAIT = 120.0


class Session:
    """ddbx ARGS under /usr/bin/time in a fresh 80x24 pseudo-terminal."""

    def __init__(self, ddbx, args):
        self.home = tempfile.mkdtemp(prefix="ddbx-bench-open-")
        env = {key: value for key, value in os.environ.items() if not key.startswith("AWS_")}
        env.update(TERM="xterm-256color", HOME=self.home, COLUMNS="80", LINES="24",
                   XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                   XDG_STATE_HOME=os.path.join(self.home, "state"),
                   XDG_DATA_HOME=os.path.join(self.home, "data"))
        self.timing = os.path.join(self.home, "time.txt")
        command = ["/usr/bin/time", "-v", "-o", self.timing, ddbx, *args]
        master, slave = pty.openpty()
        os.set_blocking(master, False)
        import fcntl
        import struct
        import termios
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.start = time.monotonic()
        self.process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave,
                                        env=env, start_new_session=True)
        os.close(slave)
        self.master = master
        self.output = b""
        self.answered = False

    def read(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:
            return
        self.output += chunk
        if not self.answered and BACKGROUND_QUERY in self.output:
            self.answered = True
            os.write(self.master, BACKGROUND_ANSWER)

    def wait_for(self, marker, after=0):
        """Seconds since spawn when `marker` first appears in the output after byte `after`."""
        deadline = time.monotonic() + WAIT
        while marker not in self.output[after:]:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{marker!r} never appeared; last output "
                                   f"{self.output[-400:]!r}")
            self.read(0.002)
        return time.monotonic() - self.start

    def send(self, keys):
        os.write(self.master, keys)

    def finish(self):
        """Quits and returns the peak RSS in KiB."""
        self.send(b"q")
        deadline = time.monotonic() + WAIT
        while self.process.poll() is None and time.monotonic() < deadline:
            self.read(0.01)
        self.process.wait(timeout=WAIT)
        with open(self.timing, encoding="utf-8") as timing:
            rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)",
                                timing.read()).group(1))
        os.close(self.master)
        shutil.rmtree(self.home, ignore_errors=True)
        return rss


def open_once(ddbx, args):
    """(first frame s, key answered s, collections s, peak RSS KiB) of one launch."""
    session = Session(ddbx, args)
    try:
        session.wait_for(ALTERNATE_SCREEN)
        start = session.output.index(ALTERNATE_SCREEN)
        first_frame = session.wait_for(HEADER, start)
        mark = len(session.output)
        session.send(b"?")
        help_shown = session.wait_for(HELP, mark) - first_frame
        session.send(b"?")
        collections = session.wait_for(DISCOVERED, start)
    except BaseException:
        os.killpg(session.process.pid, signal.SIGKILL)
        raise
    return first_frame, help_shown, collections, session.finish()


def main():
    ddbx, sizes = sys.argv[1], [int(size) for size in sys.argv[2:]] or [100_000, 1_000_000]
    print(f"{'items':>10} {'first frame':>12} {'key answered':>13} {'discovered':>12} "
          f"{'peak RSS':>9}")
    for size in sizes:
        frame, key, collections, rss = open_once(
            ddbx, ["--demo", "--demo-size", str(size)])
        print(f"{size:>10,} {frame * 1000:>10.0f}ms {key * 1000:>11.0f}ms "
              f"{collections:>11.2f}s {rss / 1024:>7.0f}MiB")


if __name__ == "__main__":
    main()
