// Shared by the table writers: a DynamoDB client for the test server and a table creator.
// Run with NODE_PATH pointing at the libraries' node_modules (scripts/test-servers.sh exports it).
"use strict";
const { DynamoDBClient, CreateTableCommand } = require("@aws-sdk/client-dynamodb");
const { DynamoDBDocumentClient } = require("@aws-sdk/lib-dynamodb");

function endpoint() {
  const url = process.env.DDBX_TEST_DYNALITE_ENDPOINT;
  if (!url || !url.startsWith("http://127.0.0.1:")) {
    throw new Error("DDBX_TEST_DYNALITE_ENDPOINT must be a loopback URL");
  }
  return url;
}

function client() {
  return new DynamoDBClient({
    endpoint: endpoint(),
    region: "us-east-1",
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  });
}

function documentClient(raw = client()) {
  return DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
}

// A string-keyed table with the given key attributes and global secondary indexes
// (`[{ name, pk, sk }]`), all projecting every attribute.
async function createTable(raw, name, pk, sk, indexes = []) {
  const names = new Set([pk, sk, ...indexes.flatMap((index) => [index.pk, index.sk])]);
  await raw.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [...names].map((n) => ({ AttributeName: n, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: pk, KeyType: "HASH" },
        { AttributeName: sk, KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: indexes.length
        ? indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.pk, KeyType: "HASH" },
              { AttributeName: index.sk, KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "ALL" },
          }))
        : undefined,
    }),
  );
}

// Deterministic pseudo-random numbers, so every run writes the same table.
function sequence(seed) {
  let state = seed >>> 0;
  return (bound) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % bound;
  };
}

function pad(number, width) {
  return String(number).padStart(width, "0");
}

function tableName() {
  const name = process.argv[2];
  if (!name) throw new Error(`usage: node ${process.argv[1]} TABLE_NAME`);
  return name;
}

module.exports = { client, documentClient, createTable, sequence, pad, tableName };
