// Writes a shop (customers, their orders, products) through dynamodb-toolbox's own Table and
// Entity API (v2 here; toolbox-v1-shop.cjs passes v1): `_et` entity markers and `_ct`/`_md`
// timestamps are the library's. The `byType` index lists each entity's items by modification
// time from those two attributes. Usage: node toolbox-shop.cjs TABLE
"use strict";
const { client, documentClient, createTable, sequence, pad, tableName } = require("./common.cjs");

const BY_TYPE = { name: "byType", pk: "_et", sk: "_md" };

// v1 names the item schema builder `schema`, v2 `item`; the rest of the API is the same.
function model(toolbox, name, docClient) {
  const { Table, Entity, string, number } = toolbox;
  const item = toolbox.item ?? toolbox.schema;
  const table = new Table({
    name,
    partitionKey: { name: "PK", type: "string" },
    sortKey: { name: "SK", type: "string" },
    indexes: {
      [BY_TYPE.name]: {
        type: "global",
        partitionKey: { name: BY_TYPE.pk, type: "string" },
        sortKey: { name: BY_TYPE.sk, type: "string" },
      },
    },
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

async function writeShop(toolbox) {
  const { PutItemCommand } = toolbox;
  const name = tableName();
  const raw = client();
  await createTable(raw, name, "PK", "SK", [BY_TYPE]);
  const { customer, order, product } = model(toolbox, name, documentClient(raw));
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

function run(toolbox) {
  writeShop(toolbox).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

if (require.main === module) run(require("dynamodb-toolbox"));

module.exports = { run, model };
