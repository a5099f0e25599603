// Writes an ElectroDB service whose composite attributes are snake_case (`employee_id`,
// `shift_date`), into a new table through ElectroDB's own entities: ElectroDB joins the
// lower-cased attribute name and the value with `_`, so the key alone cannot say where a label
// ends (`employee_id_emp_0039`). Usage: node electrodb-shifts.cjs TABLE
"use strict";
const { Entity, Service } = require("electrodb");
const { client, documentClient, createTable, sequence, pad, tableName } = require("./common.cjs");

function entities(table, docClient) {
  const config = { table, client: docClient };
  const staff = new Entity(
    {
      model: { entity: "staff_member", version: "1", service: "shift_app" },
      attributes: {
        employee_id: { type: "string" },
        full_name: { type: "string", required: true },
        home_site: { type: "string", required: true },
      },
      indexes: {
        staff: {
          collection: "rota",
          pk: { field: "pk", composite: ["employee_id"] },
          sk: { field: "sk", composite: [] },
        },
      },
    },
    config,
  );
  const shift = new Entity(
    {
      model: { entity: "shift_log", version: "2", service: "shift_app" },
      attributes: {
        employee_id: { type: "string" },
        shift_date: { type: "string" },
        team_name: { type: "string" },
        hours: { type: "number" },
      },
      indexes: {
        shifts: {
          collection: "rota",
          pk: { field: "pk", composite: ["employee_id"] },
          sk: { field: "sk", composite: ["shift_date", "team_name"] },
        },
      },
    },
    config,
  );
  return new Service({ staff, shift });
}

const TEAMS = ["night_ops", "day_desk", "weekend"];

async function main() {
  const raw = client();
  const table = tableName();
  await createTable(raw, table, "pk", "sk");
  const { entities: app } = entities(table, documentClient(raw));
  const next = sequence(7);
  for (let e = 1; e <= 8; e += 1) {
    const employee_id = `emp_${pad(e, 4)}`;
    await app.staff
      .put({ employee_id, full_name: `Person ${e}`, home_site: ["north", "south"][e % 2] })
      .go();
    for (let d = 1; d <= 3; d += 1) {
      await app.shift
        .put({
          employee_id,
          shift_date: `2026-07-${pad(d + next(20), 2)}`,
          team_name: TEAMS[next(TEAMS.length)],
          hours: 4 + next(6),
        })
        .go();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
