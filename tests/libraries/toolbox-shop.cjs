// Writes a shop (customers, their orders, products) through dynamodb-toolbox v2's own Table and
// Entity API: `_et` entity markers and `_ct`/`_md` timestamps are the library's.
// Usage: node toolbox-shop.cjs TABLE
"use strict";
const { Table, Entity, item, string, number, PutItemCommand } = require("dynamodb-toolbox");
const { client, documentClient, createTable, sequence, pad, tableName } = require("./common.cjs");

function model(name, docClient) {
  const table = new Table({
    name,
    partitionKey: { name: "PK", type: "string" },
    sortKey: { name: "SK", type: "string" },
    documentClient: docClient,
  });
  const customer = new Entity({
    name: "Customer",
    table,
    schema: item({
      customerId: string().key(),
      name: string(),
      email: string(),
      tier: string().optional(),
    }),
    computeKey: ({ customerId }) => ({ PK: `CUSTOMER#${customerId}`, SK: "PROFILE" }),
  });
  const order = new Entity({
    name: "Order",
    table,
    schema: item({
      customerId: string().key(),
      orderId: string().key(),
      placedAt: string(),
      total: number(),
    }),
    computeKey: ({ customerId, orderId }) => ({
      PK: `CUSTOMER#${customerId}`,
      SK: `ORDER#${orderId}`,
    }),
  });
  const product = new Entity({
    name: "Product",
    table,
    schema: item({ sku: string().key(), title: string(), price: number() }),
    computeKey: ({ sku }) => ({ PK: `PRODUCT#${sku}`, SK: `PRODUCT#${sku}` }),
  });
  return { customer, order, product };
}

async function main() {
  const name = tableName();
  const raw = client();
  await createTable(raw, name, "PK", "SK");
  const { customer, order, product } = model(name, documentClient(raw));
  const next = sequence(7);
  for (let c = 1; c <= 25; c += 1) {
    const customerId = `c-${pad(c, 4)}`;
    await customer
      .build(PutItemCommand)
      .item({ customerId, name: `Customer ${c}`, email: `c${c}@example.com`, tier: c % 5 ? undefined : "gold" })
      .send();
    for (let o = 0; o < 1 + next(4); o += 1) {
      // ULID-shaped order ids, as many applications generate them.
      const orderId = `01HZX${pad(c * 10 + o, 21)}`;
      await order
        .build(PutItemCommand)
        .item({ customerId, orderId, placedAt: `2026-06-${pad(1 + next(28), 2)}`, total: 100 + next(9000) })
        .send();
    }
  }
  for (let p = 1; p <= 10; p += 1) {
    await product
      .build(PutItemCommand)
      .item({ sku: `sku_${pad(p, 3)}`, title: `Product ${p}`, price: 5 + p })
      .send();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
