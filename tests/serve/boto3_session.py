"""One session of boto3 against `ddbx serve`: prints what each step returned as one JSON object.

    python boto3_session.py ENDPOINT write       create a table and exercise every operation
    python boto3_session.py ENDPOINT read-only   read the export's table, then try to write it
"""

import base64
import json
import sys

import boto3
from botocore.exceptions import ClientError

BIG = "12345678901234567890123456789012345678"


def plain(value):
    """Low-level values as JSON: bytes as base64, sets as sorted lists."""
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, dict):
        return {key: plain(inner) for key, inner in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [plain(inner) for inner in value]
    return value


def code(call):
    try:
        call()
    except ClientError as error:
        return error.response["Error"]["Code"], error.response
    return None, None


def write_session(client):
    out = {}
    table = "ClientTable"
    created = client.create_table(
        TableName=table,
        KeySchema=[
            {"AttributeName": "PK", "KeyType": "HASH"},
            {"AttributeName": "SK", "KeyType": "RANGE"},
        ],
        AttributeDefinitions=[
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
        ],
        BillingMode="PAY_PER_REQUEST",
    )
    out["created"] = created["TableDescription"]["TableStatus"]
    item = {
        "PK": {"S": "USER#1"},
        "SK": {"S": "PROFILE"},
        "big": {"N": BIG},
        "tags": {"SS": ["a", "b"]},
        "blob": {"B": b"\x00\xffbin"},
        "empty": {"S": ""},
        "version": {"N": "1"},
    }
    client.put_item(TableName=table, Item=item)
    key = {"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}}
    out["got"] = plain(client.get_item(TableName=table, Key=key)["Item"])
    client.put_item(TableName=table, Item={"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#1"}})
    query = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk AND begins_with(SK, :sk)",
        ExpressionAttributeValues={":pk": {"S": "USER#1"}, ":sk": {"S": "ORDER#"}},
    )
    out["query_count"] = query["Count"]
    out["scan_count"] = client.scan(TableName=table)["Count"]
    updated = client.update_item(
        TableName=table,
        Key=key,
        UpdateExpression="SET version = version + :one",
        ConditionExpression="version = :v",
        ExpressionAttributeValues={":one": {"N": "1"}, ":v": {"N": "1"}},
        ReturnValues="ALL_NEW",
    )
    out["updated_version"] = updated["Attributes"]["version"]["N"]
    failed, response = code(
        lambda: client.update_item(
            TableName=table,
            Key=key,
            UpdateExpression="SET version = version + :one",
            ConditionExpression="version = :v",
            ExpressionAttributeValues={":one": {"N": "1"}, ":v": {"N": "1"}},
            ReturnValuesOnConditionCheckFailure="ALL_OLD",
        )
    )
    out["stale_update"] = failed
    out["stale_update_item_version"] = response["Item"]["version"]["N"]
    client.batch_write_item(
        RequestItems={
            table: [
                {"PutRequest": {"Item": {"PK": {"S": "B"}, "SK": {"S": str(n)}}}}
                for n in range(3)
            ]
        }
    )
    batch = client.batch_get_item(
        RequestItems={table: {"Keys": [{"PK": {"S": "B"}, "SK": {"S": str(n)}} for n in range(3)]}}
    )
    out["batch_got"] = len(batch["Responses"][table])
    client.transact_write_items(
        TransactItems=[
            {"Put": {"TableName": table, "Item": {"PK": {"S": "T"}, "SK": {"S": "1"}}}},
            {
                "ConditionCheck": {
                    "TableName": table,
                    "Key": key,
                    "ConditionExpression": "attribute_exists(PK)",
                }
            },
        ]
    )
    cancelled, response = code(
        lambda: client.transact_write_items(
            TransactItems=[
                {"Put": {"TableName": table, "Item": {"PK": {"S": "T"}, "SK": {"S": "2"}}}},
                {
                    "ConditionCheck": {
                        "TableName": table,
                        "Key": key,
                        "ConditionExpression": "attribute_not_exists(PK)",
                    }
                },
            ]
        )
    )
    out["transact_cancelled"] = cancelled
    out["cancellation_codes"] = [r["Code"] for r in response["CancellationReasons"]]
    out["t2_written"] = "Item" in client.get_item(
        TableName=table, Key={"PK": {"S": "T"}, "SK": {"S": "2"}}
    )
    deleted = client.delete_item(TableName=table, Key=key, ReturnValues="ALL_OLD")
    out["deleted_big"] = deleted["Attributes"]["big"]["N"]
    out["after_delete"] = "Item" in client.get_item(TableName=table, Key=key)
    return out


def read_only_session(client):
    out = {}
    table = client.list_tables()["TableNames"][0]
    out["table"] = table
    key = {"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}}
    out["got"] = plain(client.get_item(TableName=table, Key=key)["Item"])
    out["scan_count"] = client.scan(TableName=table)["Count"]
    out["put"], _ = code(
        lambda: client.put_item(TableName=table, Item={**key, "name": {"S": "changed"}})
    )
    out["delete"], _ = code(lambda: client.delete_item(TableName=table, Key=key))
    out["got_after"] = plain(client.get_item(TableName=table, Key=key)["Item"])
    return out


def main():
    endpoint, mode = sys.argv[1], sys.argv[2]
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1")
    session = write_session if mode == "write" else read_only_session
    print(json.dumps(session(client), sort_keys=True))


main()
