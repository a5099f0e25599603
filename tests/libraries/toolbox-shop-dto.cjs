// Writes the DTOs dynamodb-toolbox itself makes of the shop of toolbox-shop.cjs (its TableDTO
// and one EntityDTO per entity, the JSON the library's DTO actions serialise), as a model file
// for ddbx. With `stale`, the DTOs of another design of the shop instead: lower-case `pk`/`sk`
// keys, a `byTenant` index and a `Coupon` entity, none of which the written table has.
// Usage: node toolbox-shop-dto.cjs TABLE OUT.json [stale]
"use strict";
const fs = require("node:fs");
const toolbox = require("dynamodb-toolbox");
const { TableDTO } = require("dynamodb-toolbox/table/actions/dto");
const { EntityDTO } = require("dynamodb-toolbox/entity/actions/dto");
const { model } = require("./toolbox-shop.cjs");
const { documentClient } = require("./common.cjs");

function staleShop(name) {
  const { Table, Entity, item, string, number } = toolbox;
  const table = new Table({
    name,
    partitionKey: { name: "pk", type: "string" },
    sortKey: { name: "sk", type: "string" },
    indexes: {
      byTenant: { type: "global", partitionKey: { name: "tenant", type: "string" } },
    },
  });
  const customer = new Entity({
    name: "Customer",
    table,
    schema: item({ customerId: string().key(), name: string() }),
    computeKey: ({ customerId }) => ({ pk: `CUSTOMER#${customerId}`, sk: "PROFILE" }),
  });
  const coupon = new Entity({
    name: "Coupon",
    table,
    schema: item({ code: string().key(), percent: number() }),
    computeKey: ({ code }) => ({ pk: `COUPON#${code}`, sk: "COUPON" }),
  });
  return [customer, coupon];
}

const [name, out, variant] = process.argv.slice(2);
if (!name || !out) throw new Error(`usage: node ${process.argv[1]} TABLE OUT.json [stale]`);
const entities =
  variant === "stale" ? staleShop(name) : Object.values(model(toolbox, name, documentClient()));
const dto = {
  table: entities[0].table.build(TableDTO).toJSON(),
  entities: entities.map((entity) => entity.build(EntityDTO).toJSON()),
};
fs.writeFileSync(out, `${JSON.stringify(dto, null, 2)}\n`);
