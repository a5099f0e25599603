// One session of the JavaScript SDK v3 against `ddbx serve`: prints what each step returned as
// one JSON object.
//
//   node js_session.mjs ENDPOINT write       create a table and exercise every operation
//   node js_session.mjs ENDPOINT read-only   read the export's table, then try to write it
import { createRequire } from "node:module";
import path from "node:path";

// NODE_PATH is not consulted by ES module imports, so the SDK is resolved through require.
const require = createRequire(path.join(process.env.NODE_PATH ?? ".", "noop.js"));
const ddb = require("@aws-sdk/client-dynamodb");

const BIG = "12345678901234567890123456789012345678";
const [endpoint, mode] = process.argv.slice(2);
const client = new ddb.DynamoDBClient({
  endpoint,
  region: "us-east-1",
  credentials: { accessKeyId: "test", secretAccessKey: "test" },
});
const send = (name, input) => client.send(new ddb[`${name}Command`](input));

// Binary values come back as Uint8Array: base64 for JSON, sets as arrays.
function plain(value) {
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (value instanceof Set) return [...value].map(plain);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [key, plain(inner)]),
    );
  }
  return value;
}

async function failure(promise) {
  try {
    await promise;
    return [null, null];
  } catch (error) {
    return [error.name, error];
  }
}

async function writeSession() {
  const out = {};
  const table = "ClientTable";
  const created = await send("CreateTable", {
    TableName: table,
    KeySchema: [
      { AttributeName: "PK", KeyType: "HASH" },
      { AttributeName: "SK", KeyType: "RANGE" },
    ],
    AttributeDefinitions: [
      { AttributeName: "PK", AttributeType: "S" },
      { AttributeName: "SK", AttributeType: "S" },
    ],
    BillingMode: "PAY_PER_REQUEST",
  });
  out.created = created.TableDescription.TableStatus;
  const key = { PK: { S: "USER#1" }, SK: { S: "PROFILE" } };
  await send("PutItem", {
    TableName: table,
    Item: {
      ...key,
      big: { N: BIG },
      tags: { SS: ["a", "b"] },
      blob: { B: Uint8Array.from([0, 255, 98, 105, 110]) },
      empty: { S: "" },
      version: { N: "1" },
    },
  });
  out.got = plain((await send("GetItem", { TableName: table, Key: key })).Item);
  await send("PutItem", { TableName: table, Item: { PK: { S: "USER#1" }, SK: { S: "ORDER#1" } } });
  const query = await send("Query", {
    TableName: table,
    KeyConditionExpression: "PK = :pk AND begins_with(SK, :sk)",
    ExpressionAttributeValues: { ":pk": { S: "USER#1" }, ":sk": { S: "ORDER#" } },
  });
  out.query_count = query.Count;
  out.scan_count = (await send("Scan", { TableName: table })).Count;
  const update = {
    TableName: table,
    Key: key,
    UpdateExpression: "SET version = version + :one",
    ConditionExpression: "version = :v",
    ExpressionAttributeValues: { ":one": { N: "1" }, ":v": { N: "1" } },
  };
  const updated = await send("UpdateItem", { ...update, ReturnValues: "ALL_NEW" });
  out.updated_version = updated.Attributes.version.N;
  const [stale, staleError] = await failure(
    send("UpdateItem", { ...update, ReturnValuesOnConditionCheckFailure: "ALL_OLD" }),
  );
  out.stale_update = stale;
  out.stale_update_item_version = staleError.Item.version.N;
  const batchKeys = [0, 1, 2].map((n) => ({ PK: { S: "B" }, SK: { S: String(n) } }));
  await send("BatchWriteItem", {
    RequestItems: { [table]: batchKeys.map((Item) => ({ PutRequest: { Item } })) },
  });
  const batch = await send("BatchGetItem", { RequestItems: { [table]: { Keys: batchKeys } } });
  out.batch_got = batch.Responses[table].length;
  const check = (condition) => ({
    ConditionCheck: { TableName: table, Key: key, ConditionExpression: condition },
  });
  const put = (sk) => ({ Put: { TableName: table, Item: { PK: { S: "T" }, SK: { S: sk } } } });
  await send("TransactWriteItems", { TransactItems: [put("1"), check("attribute_exists(PK)")] });
  const [cancelled, cancelError] = await failure(
    send("TransactWriteItems", { TransactItems: [put("2"), check("attribute_not_exists(PK)")] }),
  );
  out.transact_cancelled = cancelled;
  out.cancellation_codes = cancelError.CancellationReasons.map((reason) => reason.Code);
  const t2 = await send("GetItem", { TableName: table, Key: { PK: { S: "T" }, SK: { S: "2" } } });
  out.t2_written = t2.Item !== undefined;
  const deleted = await send("DeleteItem", { TableName: table, Key: key, ReturnValues: "ALL_OLD" });
  out.deleted_big = deleted.Attributes.big.N;
  out.after_delete = (await send("GetItem", { TableName: table, Key: key })).Item !== undefined;
  return out;
}

async function readOnlySession() {
  const out = {};
  const table = (await send("ListTables", {})).TableNames[0];
  out.table = table;
  const key = { PK: { S: "USER#1" }, SK: { S: "PROFILE" } };
  out.got = plain((await send("GetItem", { TableName: table, Key: key })).Item);
  out.scan_count = (await send("Scan", { TableName: table })).Count;
  [out.put] = await failure(
    send("PutItem", { TableName: table, Item: { ...key, name: { S: "changed" } } }),
  );
  [out.delete] = await failure(send("DeleteItem", { TableName: table, Key: key }));
  out.got_after = plain((await send("GetItem", { TableName: table, Key: key })).Item);
  return out;
}

const session = mode === "write" ? writeSession : readOnlySession;
console.log(JSON.stringify(await session()));
