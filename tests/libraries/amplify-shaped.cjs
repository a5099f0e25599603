// IMITATED, not library-written: Amplify/AppSync cannot run here (it needs AWS AppSync), so this
// writes, with the plain SDK, items in the shape Amplify DataStore's conflict detection documents
// for a model table: `__typename`, `_version`, `_lastChangedAt` (epoch milliseconds), and for
// deleted items `_deleted: true` plus `_ttl` (epoch seconds). Usage: node amplify-shaped.cjs TABLE
"use strict";
const { CreateTableCommand, PutItemCommand } = require("@aws-sdk/client-dynamodb");
const { client, pad, tableName } = require("./common.cjs");

async function main() {
  const name = tableName();
  const raw = client();
  await raw.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    }),
  );
  const base = Date.UTC(2026, 6, 1);
  for (let p = 1; p <= 20; p += 1) {
    const changed = base + p * 60_000;
    const deleted = p % 7 === 0;
    const item = {
      id: { S: `6f1c2d3e-0000-4000-8000-${pad(p, 12)}` },
      __typename: { S: "Post" },
      title: { S: `Post ${p}` },
      createdAt: { S: new Date(base).toISOString() },
      updatedAt: { S: new Date(changed).toISOString() },
      _version: { N: String(1 + (p % 4)) },
      _lastChangedAt: { N: String(changed) },
    };
    if (deleted) {
      item._deleted = { BOOL: true };
      item._ttl = { N: String(Math.floor(changed / 1000) + 30 * 86400) };
    }
    await raw.send(new PutItemCommand({ TableName: name, Item: item }));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
