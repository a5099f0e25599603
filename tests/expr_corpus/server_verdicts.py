"""Sends every case of the expression corpus to a DynamoDB-compatible server and prints one JSON
array of verdicts: {"id", "accepted", "code", "message"} or {"id", "skipped"}.

Usage: python server_verdicts.py ENDPOINT CORPUS_JSON
Run by tests/expr_corpus.rs with the test servers' venv python (boto3 installed there).
"""

import json
import sys
import uuid

import boto3
from botocore.exceptions import ClientError, ParamValidationError


def main():
    endpoint, corpus_path = sys.argv[1], sys.argv[2]
    with open(corpus_path, encoding="utf-8") as f:
        corpus = json.load(f)
    client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1")
    table = "expr_corpus_" + uuid.uuid4().hex[:8]
    client.create_table(
        TableName=table,
        AttributeDefinitions=[
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "GSI1PK", "AttributeType": "S"},
            {"AttributeName": "GSI1SK", "AttributeType": "N"},
            {"AttributeName": "LSI1SK", "AttributeType": "S"},
        ],
        KeySchema=[
            {"AttributeName": "PK", "KeyType": "HASH"},
            {"AttributeName": "SK", "KeyType": "RANGE"},
        ],
        GlobalSecondaryIndexes=[
            {
                "IndexName": "GSI1",
                "KeySchema": [
                    {"AttributeName": "GSI1PK", "KeyType": "HASH"},
                    {"AttributeName": "GSI1SK", "KeyType": "RANGE"},
                ],
                "Projection": {"ProjectionType": "ALL"},
            }
        ],
        LocalSecondaryIndexes=[
            {
                "IndexName": "LSI1",
                "KeySchema": [
                    {"AttributeName": "PK", "KeyType": "HASH"},
                    {"AttributeName": "LSI1SK", "KeyType": "RANGE"},
                ],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
            }
        ],
        BillingMode="PAY_PER_REQUEST",
    )
    client.get_waiter("table_exists").wait(
        TableName=table, WaiterConfig={"Delay": 1, "MaxAttempts": 60}
    )
    key = {"PK": {"S": "corpus"}, "SK": {"S": "item"}}
    results = []
    try:
        for case in corpus["cases"]:
            results.append(run_case(client, table, key, case))
    finally:
        client.delete_table(TableName=table)
    json.dump(results, sys.stdout)


def expression_args(case):
    args = {}
    if case.get("names"):
        args["ExpressionAttributeNames"] = case["names"]
    if case.get("values"):
        args["ExpressionAttributeValues"] = case["values"]
    return args


def run_case(client, table, key, case):
    args = expression_args(case)
    op = case["operation"]
    try:
        if op in ("query", "scan"):
            if case.get("index"):
                args["IndexName"] = case["index"]
            if case.get("consistent_read"):
                args["ConsistentRead"] = True
            if "filter" in case:
                args["FilterExpression"] = case["filter"]
            if "projection" in case:
                args["ProjectionExpression"] = case["projection"]
            if op == "query":
                client.query(TableName=table, KeyConditionExpression=case["key_condition"], **args)
            else:
                client.scan(TableName=table, **args)
        elif op == "get":
            client.get_item(TableName=table, Key=key, ProjectionExpression=case["projection"], **args)
        elif op == "put":
            client.put_item(TableName=table, Item=key, ConditionExpression=case["condition"], **args)
        elif op == "update":
            if "condition" in case:
                args["ConditionExpression"] = case["condition"]
            client.update_item(TableName=table, Key=key, UpdateExpression=case["update"], **args)
        else:
            return {"id": case["id"], "skipped": "unknown operation " + op}
    except ParamValidationError as error:
        return {"id": case["id"], "skipped": "rejected by botocore before sending: " + str(error)}
    except ClientError as error:
        code = error.response["Error"]["Code"]
        message = error.response["Error"].get("Message", "")
        # A failed condition means the expressions passed validation.
        accepted = code == "ConditionalCheckFailedException"
        return {"id": case["id"], "accepted": accepted, "code": code, "message": message}
    return {"id": case["id"], "accepted": True, "code": None, "message": None}


if __name__ == "__main__":
    main()
