// Writes a small CRM (accounts, users, invoices) through dynamodb-onetable's own Table and
// models, and saves the schema into the table with OneTable's saveSchema: the `_type` marker,
// `${field}` key values and the `_schema` item are the library's. With SCHEMA_FILE, also writes
// the schema as OneTable gives it (getCurrentSchema) to that file, as projects keep it beside
// their code. Usage: node onetable-crm.cjs TABLE [SCHEMA_FILE]
"use strict";
const { writeFileSync } = require("node:fs");
const { Table } = require("dynamodb-onetable");
const { client, sequence, pad, tableName } = require("./common.cjs");

const SCHEMA = {
  format: "onetable:1.1.0",
  version: "0.0.1",
  indexes: {
    primary: { hash: "pk", sort: "sk" },
    gs1: { hash: "gs1pk", sort: "gs1sk", project: "all" },
  },
  models: {
    Account: {
      pk: { type: String, value: "account#${id}" },
      sk: { type: String, value: "account#" },
      id: { type: String, required: true },
      name: { type: String, required: true },
      gs1pk: { type: String, value: "account-name#${name}" },
      gs1sk: { type: String, value: "account#" },
    },
    User: {
      pk: { type: String, value: "account#${accountId}" },
      sk: { type: String, value: "user#${email}" },
      accountId: { type: String, required: true },
      email: { type: String, required: true },
      name: { type: String },
      role: { type: String, enum: ["admin", "user"], default: "user" },
      gs1pk: { type: String, value: "user-email#${email}" },
      gs1sk: { type: String, value: "user#" },
    },
    Invoice: {
      pk: { type: String, value: "account#${accountId}" },
      sk: { type: String, value: "invoice#${date}#${id}" },
      accountId: { type: String, required: true },
      id: { type: String, required: true },
      date: { type: String, required: true },
      amount: { type: Number },
    },
  },
  params: { isoDates: true, timestamps: true },
  queries: {
    "Users of an account": { index: "primary", model: "User", operation: "find", properties: { accountId: "" } },
    "Account by name": { index: "gs1", model: "Account", operation: "find", properties: { name: "" } },
  },
};

async function main() {
  const table = new Table({ client: client(), name: tableName(), schema: SCHEMA, partial: false });
  await table.createTable();
  await table.saveSchema();
  if (process.argv[3]) {
    writeFileSync(process.argv[3], JSON.stringify(table.getCurrentSchema(), null, 2));
  }
  const { Account, User, Invoice } = ["Account", "User", "Invoice"].reduce(
    (models, name) => ({ ...models, [name]: table.getModel(name) }),
    {},
  );
  const next = sequence(11);
  for (let a = 1; a <= 15; a += 1) {
    const accountId = `acc${pad(a, 3)}`;
    await Account.create({ id: accountId, name: `Account ${a}` });
    for (let u = 0; u < 1 + next(3); u += 1) {
      await User.create({ accountId, email: `u${u}@acc${a}.example`, name: `User ${u}` });
    }
    for (let i = 0; i < next(4); i += 1) {
      await Invoice.create({ accountId, id: `inv${a}_${i}`, date: `2026-0${1 + next(9)}-1${next(9)}`, amount: 10 + next(500) });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
