#!/usr/bin/env python3
"""`ddbx serve --data DIR` against `ddbx serve` in memory: the time of PUTS PutItems on one
keep-alive connection each way (alternating, best of three), then the time a server started on
a folder holding ITEMS items takes to accept connections, after a clean stop and after kill -9.

    bench_serve_data.py DDBX_BIN PUTS ITEMS

Requests are sent raw with http.client, so the client's cost stays small and equal for both.
"""

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

TABLE = "BenchData"
HEADERS = {
    "Content-Type": "application/x-amz-json-1.0",
    "Authorization": "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host;x-amz-date, Signature=0",
}


class Server:
    """A `ddbx serve --port 0 --shared` process, its address read from its ready file."""

    def __init__(self, binary, work, data=None):
        self.ready = os.path.join(work, "ready")
        if os.path.exists(self.ready):
            os.remove(self.ready)
        args = [binary, "serve", "--port", "0", "--shared", "--ready-file", self.ready]
        if data:
            args += ["--data", data]
        started = time.monotonic()
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while not os.path.exists(self.ready):
            if self.process.poll() is not None:
                sys.exit(f"ddbx serve ended: {self.process.returncode}")
            time.sleep(0.005)
        self.start_seconds = time.monotonic() - started
        with open(self.ready) as ready:
            self.url = ready.read().strip()

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        self.process.wait()


def connection(url):
    return http.client.HTTPConnection(urllib.parse.urlparse(url).netloc)


def call(conn, operation, body):
    headers = dict(HEADERS, **{"X-Amz-Target": f"DynamoDB_20120810.{operation}"})
    conn.request("POST", "/", json.dumps(body), headers)
    response = conn.getresponse()
    answer = response.read()
    if response.status != 200:
        sys.exit(f"{operation}: {response.status} {answer[:300]!r}")
    return answer


def create_table(url):
    call(connection(url), "CreateTable", {
        "TableName": TABLE,
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "BillingMode": "PAY_PER_REQUEST",
    })


def item(n):
    return {"PK": {"S": f"USER#{n % 1000}"}, "SK": {"S": f"ORDER#{n:08}"},
            "total": {"N": f"{n}.25"}, "status": {"S": "SHIPPED"}, "note": {"S": "x" * 120}}


def time_puts(binary, work, puts, data):
    server = Server(binary, work, data)
    create_table(server.url)
    conn = connection(server.url)
    started = time.monotonic()
    for n in range(puts):
        call(conn, "PutItem", {"TableName": TABLE, "Item": item(n)})
    seconds = time.monotonic() - started
    server.stop()
    return seconds


def fill(url, items, workers=4):
    def write(first):
        conn = connection(url)
        for start in range(first * 25, items, 25 * workers):
            batch = [{"PutRequest": {"Item": item(n)}} for n in range(start, min(start + 25, items))]
            call(conn, "BatchWriteItem", {"RequestItems": {TABLE: batch}})
    threads = [threading.Thread(target=write, args=(w,)) for w in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main():
    binary, puts, items = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    work = tempfile.mkdtemp(prefix="ddbx-bench-data-")
    try:
        best = {"memory": float("inf"), "--data": float("inf")}
        for round_ in range(3):
            for mode in best:
                data = os.path.join(work, f"puts-{round_}") if mode == "--data" else None
                best[mode] = min(best[mode], time_puts(binary, work, puts, data))
        for mode, seconds in best.items():
            print(f"{puts} PutItems, one connection, {mode}: {seconds:.2f} s "
                  f"({puts / seconds:.0f}/s, {seconds / puts * 1e3:.2f} ms each)")
        data = os.path.join(work, "large")
        server = Server(binary, work, data)
        create_table(server.url)
        started = time.monotonic()
        fill(server.url, items)
        print(f"{items} items written with BatchWriteItem (4 connections): "
              f"{time.monotonic() - started:.1f} s")
        server.stop()
        size = sum(os.path.getsize(os.path.join(data, f)) for f in os.listdir(data))
        print(f"store size: {size / 2**20:.0f} MiB")
        server = Server(binary, work, data)
        print(f"restart after a clean stop, {items} items: {server.start_seconds:.2f} s")
        server.stop(signal.SIGKILL)
        server = Server(binary, work, data)
        print(f"restart after kill -9, {items} items: {server.start_seconds:.2f} s")
        server.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
