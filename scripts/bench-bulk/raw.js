// The floor for `scripts/bench-bulk.sh`: the same work done by a minimal client (the AWS SDK for
// JavaScript, no journal, no checks), so ddbx's rates can be read as a ratio to what the server
// itself gives. Usage: node raw.js ENDPOINT TABLE ITEMS PARALLEL SEGMENTS
// Prints one JSON object with items/s for BatchWriteItem, Scan and conditioned UpdateItem.
const {
  DynamoDBClient, CreateTableCommand, DescribeTableCommand, BatchWriteItemCommand,
  ScanCommand, UpdateItemCommand,
} = require("@aws-sdk/client-dynamodb");

const [endpoint, table, itemsText, parallelText, segmentsText] = process.argv.slice(2);
const items = Number(itemsText), parallel = Number(parallelText), segments = Number(segmentsText);
const client = new DynamoDBClient({
  endpoint, region: "us-east-1", credentials: { accessKeyId: "test", secretAccessKey: "test" },
  maxAttempts: 10,
});

function item(i) {
  return {
    PK: { S: `USER#${String(i % 2000).padStart(5, "0")}` },
    SK: { S: `ORDER#${String(i).padStart(7, "0")}` },
    type: { S: "Order" },
    version: { N: "1" },
    total: { N: "12345678901234567890123456789012345678" },
    tags: { SS: ["priority", `region-${i % 5}`] },
    note: { S: i % 2 ? "Leave at the door, ring twice." : "" },
    lines: { L: [{ M: { sku: { S: `SKU-${i % 97}` }, qty: { N: "2" } } }] },
  };
}

// Runs `work(i)` for i in 0..count, `parallel` at a time.
async function pool(count, work) {
  let next = 0;
  async function worker() {
    while (next < count) await work(next++);
  }
  await Promise.all(Array.from({ length: parallel }, worker));
}

async function timed(work) {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function main() {
  await client.send(new CreateTableCommand({
    TableName: table, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" }, { AttributeName: "SK", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }, { AttributeName: "SK", KeyType: "RANGE" }],
  }));
  for (;;) {
    const d = await client.send(new DescribeTableCommand({ TableName: table }));
    if (d.Table.TableStatus === "ACTIVE") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const batches = Math.ceil(items / 25);
  const batchSeconds = await timed(() => pool(batches, async (b) => {
    let pending = { [table]: [] };
    for (let i = b * 25; i < Math.min(items, b * 25 + 25); i++) pending[table].push({ PutRequest: { Item: item(i) } });
    while (pending && Object.keys(pending).length) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: pending }));
      pending = out.UnprocessedItems;
    }
  }));
  let scanned = 0;
  const scanSeconds = await timed(() => Promise.all(Array.from({ length: segments }, async (_, s) => {
    let start;
    do {
      const page = await client.send(new ScanCommand({
        TableName: table, Segment: s, TotalSegments: segments, ExclusiveStartKey: start,
      }));
      scanned += page.Items.length;
      start = page.LastEvaluatedKey;
    } while (start);
  })));
  if (scanned !== items) throw new Error(`scanned ${scanned} of ${items}`);
  const updateSeconds = await timed(() => pool(items, async (i) => {
    const key = item(i);
    await client.send(new UpdateItemCommand({
      TableName: table, Key: { PK: key.PK, SK: key.SK },
      UpdateExpression: "SET #raw = :one, #v = :two", ConditionExpression: "#v = :one",
      ExpressionAttributeNames: { "#raw": "raw", "#v": "version" },
      ExpressionAttributeValues: { ":one": { N: "1" }, ":two": { N: "2" } },
    }));
  }));
  console.log(JSON.stringify({
    batch_write_items_per_s: Math.round(items / batchSeconds),
    scan_items_per_s: Math.round(items / scanSeconds),
    conditioned_update_items_per_s: Math.round(items / updateSeconds),
  }));
}

main().catch((error) => { console.error(error); process.exit(1); });
