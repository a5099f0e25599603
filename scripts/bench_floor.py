"""The floor for ddbx's headless reads: the cheapest correct client, one signed HTTP request on a
fresh TCP connection (as a one-shot `ddbx get` makes), written with the standard library only.

A request's time is measured inside this process, from connect to the last byte of the answer, so
it is the server's own time plus the loopback; whatever ddbx adds on top of it is ddbx's overhead.
Also seeds the benchmark table (CreateTable, BatchWriteItem) so the bench needs no SDK.
"""

import datetime
import hashlib
import hmac
import json
import socket
import time
import urllib.parse

REGION = "us-east-1"
ACCESS_KEY = "AKIDBENCHFLOOR"
SECRET_KEY = "bench-floor-secret"


def _sign(key, text):
    return hmac.new(key, text.encode(), hashlib.sha256).digest()


def signed_request(host, target, body):
    """The bytes of one SigV4-signed DynamoDB JSON request."""
    now = datetime.datetime.now(datetime.timezone.utc)
    amz_date = now.strftime("%Y%m%dT%H%M%SZ")
    day = now.strftime("%Y%m%d")
    payload = body.encode()
    headers = {
        "content-type": "application/x-amz-json-1.0",
        "host": host,
        "x-amz-date": amz_date,
        "x-amz-target": f"DynamoDB_20120810.{target}",
    }
    names = ";".join(sorted(headers))
    canonical = "\n".join(
        ["POST", "/", ""]
        + [f"{name}:{headers[name]}" for name in sorted(headers)]
        + ["", names, hashlib.sha256(payload).hexdigest()]
    )
    scope = f"{day}/{REGION}/dynamodb/aws4_request"
    to_sign = "\n".join(
        ["AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical.encode()).hexdigest()]
    )
    key = _sign(("AWS4" + SECRET_KEY).encode(), day)
    for part in (REGION, "dynamodb", "aws4_request"):
        key = _sign(key, part)
    signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
    headers["authorization"] = (
        f"AWS4-HMAC-SHA256 Credential={ACCESS_KEY}/{scope}, "
        f"SignedHeaders={names}, Signature={signature}"
    )
    headers["content-length"] = str(len(payload))
    head = "POST / HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return head.encode() + b"\r\n" + payload


def _read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed before the headers")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {k.strip().lower(): v.strip() for k, v in (l.split(":", 1) for l in lines[1:])}
    if "content-length" in fields:
        length = int(fields["content-length"])
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    elif fields.get("transfer-encoding", "").lower() == "chunked":
        body = _read_chunked(sock, body)
    return status, body


def _read_chunked(sock, buffered):
    out = b""
    while True:
        while b"\r\n" not in buffered:
            buffered += sock.recv(65536)
        size_line, buffered = buffered.split(b"\r\n", 1)
        size = int(size_line.split(b";")[0], 16)
        while len(buffered) < size + 2:
            buffered += sock.recv(65536)
        out += buffered[:size]
        buffered = buffered[size + 2 :]
        if size == 0:
            return out


def call(endpoint, target, request):
    """One request on a new connection; returns (seconds, parsed answer)."""
    elapsed, status, parsed = exchange(endpoint, target, request)
    if status != 200:
        raise RuntimeError(f"{target} failed ({status}): {parsed}")
    return elapsed, parsed


def exchange(endpoint, target, request):
    """One request on a new connection, whatever its answer: (seconds, status, parsed answer)."""
    url = urllib.parse.urlsplit(endpoint)
    host = url.netloc
    body = json.dumps(request)
    start = time.perf_counter()
    with socket.create_connection((url.hostname, url.port)) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(signed_request(host, target, body))
        status, answer = _read_response(sock)
    elapsed = time.perf_counter() - start
    parsed = json.loads(answer) if answer else {}
    return elapsed, status, parsed


def create_table(endpoint, table):
    """An on-demand table keyed by string PK and SK."""
    call(
        endpoint,
        "CreateTable",
        {
            "TableName": table,
            "AttributeDefinitions": [
                {"AttributeName": "PK", "AttributeType": "S"},
                {"AttributeName": "SK", "AttributeType": "S"},
            ],
            "KeySchema": [
                {"AttributeName": "PK", "KeyType": "HASH"},
                {"AttributeName": "SK", "KeyType": "RANGE"},
            ],
            "BillingMode": "PAY_PER_REQUEST",
        },
    )


def seed(endpoint, table, partition, count):
    """A table with one `count`-item partition of realistic orders (about 600 bytes each)."""
    create_table(endpoint, table)
    for _ in range(100):
        _, described = call(endpoint, "DescribeTable", {"TableName": table})
        if described["Table"]["TableStatus"] == "ACTIVE":
            break
        time.sleep(0.05)
    items = [order(partition, i) for i in range(count)]
    for start in range(0, count, 25):
        pending = {table: [{"PutRequest": {"Item": it}} for it in items[start : start + 25]]}
        while pending:
            _, answer = call(endpoint, "BatchWriteItem", {"RequestItems": pending})
            pending = answer.get("UnprocessedItems") or None


def order(partition, i):
    return {
        "PK": {"S": partition},
        "SK": {"S": f"ORDER#{i:05d}"},
        "GSI1PK": {"S": f"STATUS#{'open' if i % 3 else 'shipped'}"},
        "GSI1SK": {"S": f"2026-07-{i % 28 + 1:02d}T10:{i % 60:02d}:00Z"},
        "entity": {"S": "Order"},
        "total": {"N": f"{i * 7 % 1000}.{i % 100:02d}"},
        "itemCount": {"N": str(i % 9 + 1)},
        "customerId": {"N": str(900719925474099 + i)},
        "tags": {"SS": ["priority", f"region-{i % 5}"]},
        "shipping": {
            "M": {
                "city": {"S": "Zürich"},
                "street": {"S": f"Bahnhofstrasse {i % 200}"},
                "express": {"BOOL": i % 4 == 0},
            }
        },
        "lines": {
            "L": [
                {"M": {"sku": {"S": f"SKU-{i % 97:03d}"}, "qty": {"N": "2"}, "price": {"N": "19.99"}}},
                {"M": {"sku": {"S": f"SKU-{i % 89:03d}"}, "qty": {"N": "1"}, "price": {"N": "5.5"}}},
            ]
        },
        "note": {"S": "Leave at the door, ring twice." if i % 2 else ""},
    }


def query_all(endpoint, table, partition):
    """Every page of the partition's query, as `ddbx query` reads it; returns (seconds, items)."""
    total, count, start_key = 0.0, 0, None
    while True:
        request = {
            "TableName": table,
            "KeyConditionExpression": "#pk = :pk",
            "ExpressionAttributeNames": {"#pk": "PK"},
            "ExpressionAttributeValues": {":pk": {"S": partition}},
        }
        if start_key:
            request["ExclusiveStartKey"] = start_key
        seconds, answer = call(endpoint, "Query", request)
        total += seconds
        count += answer.get("Count", 0)
        start_key = answer.get("LastEvaluatedKey")
        if not start_key:
            return total, count


def describe_everything(endpoint, table):
    """What `ddbx describe` asks, as the cheapest client would: DescribeTable, DescribeTimeToLive,
    DescribeContinuousBackups and DescribeContributorInsights side by side, each on its own
    connection, then GetResourcePolicy with the table's ARN. A server that does not implement a
    call answers it with an error, which costs a round trip all the same."""
    import concurrent.futures
    named = {"TableName": table}
    targets = ["DescribeTable", "DescribeTimeToLive", "DescribeContinuousBackups",
               "DescribeContributorInsights"]
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(len(targets)) as pool:
        answers = list(pool.map(lambda target: exchange(endpoint, target, named), targets))
    arn = answers[0][2].get("Table", {}).get("TableArn", table)
    exchange(endpoint, "GetResourcePolicy", {"ResourceArn": arn})
    return time.perf_counter() - start


def floors(endpoint, table, partition, sort_key):
    """One sample of each read's floor, in seconds."""
    get, _ = call(
        endpoint,
        "GetItem",
        {"TableName": table, "Key": {"PK": {"S": partition}, "SK": {"S": sort_key}}},
    )
    describe, _ = call(endpoint, "DescribeTable", {"TableName": table})
    query, _ = query_all(endpoint, table, partition)
    return {"get": get, "describe": describe, "query": query,
            "describe, its five calls": describe_everything(endpoint, table)}
