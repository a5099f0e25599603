#!/usr/bin/env python3
"""Requests per second of GetItem and a 100-item Query on one keep-alive connection, against
each endpoint given, measured alternately in the same run so the shared machine's noise hits
every endpoint alike.

    bench_serve.py SECONDS NAME=http://127.0.0.1:PORT [NAME=URL ...]

The table (PK/SK strings, one partition of 100 items of ~200 bytes) is created through boto3;
the measured requests are sent raw with http.client, so the client's cost stays small and equal
for every endpoint. Signatures are not computed: none of the servers verifies them.
"""

import http.client
import json
import sys
import time
import urllib.parse

import boto3

TABLE = "BenchServe"
HEADERS = {
    "Content-Type": "application/x-amz-json-1.0",
    "Authorization": "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host;x-amz-date, Signature=0",
    # Dynoxide refuses a signed request without the date a signature covers (it checks that the
    # header is there, not the signature).
    "X-Amz-Date": "20260101T000000Z",
}


def setup(url):
    client = boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1",
                          aws_access_key_id="bench", aws_secret_access_key="bench")
    client.create_table(
        TableName=TABLE,
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    for start in range(0, 100, 25):
        client.batch_write_item(RequestItems={TABLE: [
            {"PutRequest": {"Item": {
                "PK": {"S": "USER#1"}, "SK": {"S": f"ORDER#{n:04}"},
                "total": {"N": f"{n}.25"}, "status": {"S": "SHIPPED"},
                "note": {"S": "x" * 120},
            }}} for n in range(start, start + 25)
        ]})


REQUESTS = {
    "GetItem": {"TableName": TABLE, "Key": {"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#0042"}}},
    "Query": {"TableName": TABLE, "KeyConditionExpression": "PK = :pk",
              "ExpressionAttributeValues": {":pk": {"S": "USER#1"}}},
}


def measure(url, operation, seconds):
    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port)
    body = json.dumps(REQUESTS[operation])
    headers = {**HEADERS, "X-Amz-Target": f"DynamoDB_20120810.{operation}"}
    count, end = 0, time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < end:
        connection.request("POST", "/", body, headers)
        response = connection.getresponse()
        payload = response.read()
        if response.status != 200:
            raise SystemExit(f"{url} {operation}: HTTP {response.status}: {payload[:200]!r}")
        if operation == "Query" and json.loads(payload)["Count"] != 100:
            raise SystemExit(f"{url} Query did not return 100 items")
        count += 1
    connection.close()
    return count / (time.perf_counter() - started)


def main():
    seconds = float(sys.argv[1])
    targets = [arg.split("=", 1) for arg in sys.argv[2:]]
    for _, url in targets:
        setup(url)
    rounds = 3
    results = {(name, op): [] for name, _ in targets for op in REQUESTS}
    for _ in range(rounds):
        for operation in REQUESTS:
            for name, url in targets:
                results[(name, operation)].append(measure(url, operation, seconds / rounds))
    print(f"requests/s on one keep-alive connection (best of {rounds} rounds of {seconds / rounds:.1f} s)")
    first = targets[0][0]
    for operation in REQUESTS:
        line = [f"{operation:8}"]
        for name, _ in targets:
            line.append(f"{name} {max(results[(name, operation)]):8.0f}")
        for name, _ in targets[1:]:
            ratio = max(results[(first, operation)]) / max(results[(name, operation)])
            line.append(f"{first}/{name} {ratio:.1f}x")
        print("  ".join(line))


main()
