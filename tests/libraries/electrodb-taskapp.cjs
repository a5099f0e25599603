// Writes ElectroDB's task service (employees, tasks, offices, task comments) into a new table,
// through ElectroDB's own entities and service: every key, marker and index attribute is the
// library's. Usage: node electrodb-taskapp.cjs TABLE [RENAMED_TABLE]
// The optional second table gets a small service whose entity/version markers are renamed.
// `node electrodb-taskapp.cjs --set-status TABLE TASK PROJECT EMPLOYEE STATUS` has ElectroDB
// update one task's status, rewriting the index keys it composes from it.
"use strict";
const { Entity, Service } = require("electrodb");
const { client, documentClient, createTable, sequence, pad, tableName } = require("./common.cjs");

const INDEXES = [
  { name: "gsi1pk-gsi1sk-index", pk: "gsi1pk", sk: "gsi1sk" },
  { name: "gsi2pk-gsi2sk-index", pk: "gsi2pk", sk: "gsi2sk" },
  { name: "gsi3pk-gsi3sk-index", pk: "gsi3pk", sk: "gsi3sk" },
];

function entities(table, docClient) {
  const config = { table, client: docClient };
  const employee = new Entity(
    {
      model: { entity: "employee", version: "1", service: "taskapp" },
      attributes: {
        employee: { type: "string" },
        firstName: { type: "string", required: true },
        lastName: { type: "string", required: true },
        office: { type: "string", required: true },
        title: { type: "string", required: true },
        team: { type: ["development", "marketing", "finance", "product"], required: true },
        salary: { type: "string", required: true },
        dateHired: { type: "string" },
      },
      indexes: {
        employee: { pk: { field: "pk", composite: ["employee"] }, sk: { field: "sk", composite: [] } },
        coworkers: {
          index: "gsi1pk-gsi1sk-index",
          collection: "workplaces",
          pk: { field: "gsi1pk", composite: ["office"] },
          sk: { field: "gsi1sk", composite: ["team", "title", "employee"] },
        },
        assignments: {
          index: "gsi3pk-gsi3sk-index",
          collection: "assignments",
          pk: { field: "gsi3pk", composite: ["employee"] },
          sk: { field: "gsi3sk", composite: [] },
        },
      },
    },
    config,
  );
  const task = new Entity(
    {
      model: { entity: "task", version: "1", service: "taskapp" },
      attributes: {
        task: { type: "string" },
        project: { type: "string" },
        employee: { type: "string" },
        description: { type: "string" },
        status: { type: ["open", "in-progress", "closed"], default: "open" },
        points: { type: "number" },
      },
      indexes: {
        task: {
          pk: { field: "pk", composite: ["task"] },
          sk: { field: "sk", composite: ["project", "employee"] },
        },
        project: {
          index: "gsi2pk-gsi2sk-index",
          pk: { field: "gsi2pk", composite: ["project"] },
          sk: { field: "gsi2sk", composite: ["employee", "status"] },
        },
        assigned: {
          index: "gsi3pk-gsi3sk-index",
          collection: "assignments",
          pk: { field: "gsi3pk", composite: ["employee"] },
          sk: { field: "gsi3sk", composite: ["project"] },
        },
      },
    },
    config,
  );
  const office = new Entity(
    {
      model: { entity: "office", version: "1", service: "taskapp" },
      attributes: {
        office: { type: "string" },
        country: { type: "string" },
        state: { type: "string" },
        city: { type: "string" },
        zip: { type: "string" },
        address: { type: "string" },
      },
      indexes: {
        locations: {
          pk: { field: "pk", composite: ["country", "state"] },
          sk: { field: "sk", composite: ["city", "zip", "office"] },
        },
        office: {
          index: "gsi1pk-gsi1sk-index",
          collection: "workplaces",
          pk: { field: "gsi1pk", composite: ["office"] },
          sk: { field: "gsi1sk", composite: [] },
        },
      },
    },
    config,
  );
  // Comments live in their task's partition: an item collection of a parent and its children.
  const comment = new Entity(
    {
      model: { entity: "comment", version: "1", service: "taskapp" },
      attributes: {
        task: { type: "string" },
        comment: { type: "string" },
        employee: { type: "string" },
        body: { type: "string" },
      },
      indexes: {
        comment: {
          collection: "discussion",
          pk: { field: "pk", composite: ["task"] },
          sk: { field: "sk", composite: ["comment"] },
        },
      },
    },
    config,
  );
  return new Service({ employee, task, office, comment });
}

const OFFICES = [
  ["gw", "usa", "wa", "seattle", "98101", "1 Gateway Way"],
  ["portland_hq", "usa", "or", "portland", "97201", "5 Rose St"],
  ["lon", "uk", "eng", "london", "ec1a", "10 Old St"],
  ["ber", "de", "be", "berlin", "10115", "Torstr. 3"],
];
const TEAMS = ["development", "marketing", "finance", "product"];
const TITLES = ["engineer", "senior_engineer", "manager", "analyst"];

async function writeTaskApp(raw, table) {
  await createTable(raw, table, "pk", "sk", INDEXES);
  const { entities: app } = entities(table, documentClient(raw));
  const next = sequence(42);
  for (const [officeId, country, state, city, zip, address] of OFFICES) {
    await app.office.put({ office: officeId, country, state, city, zip, address }).go();
  }
  for (let e = 1; e <= 60; e += 1) {
    await app.employee
      .put({
        employee: `e${pad(e, 3)}`,
        firstName: `First${e}`,
        lastName: `Last${e}`,
        office: OFFICES[next(OFFICES.length)][0],
        title: TITLES[next(TITLES.length)],
        team: TEAMS[next(TEAMS.length)],
        salary: String(50000 + next(100) * 1000),
        dateHired: `2024-${pad(1 + next(12), 2)}-${pad(1 + next(28), 2)}`,
      })
      .go();
  }
  for (let t = 1; t <= 150; t += 1) {
    const employee = `e${pad(1 + next(60), 3)}`;
    const task = `t${pad(t, 4)}`;
    await app.task
      .put({
        task,
        project: `proj${1 + next(8)}`,
        employee,
        description: `Task number ${t}`,
        status: ["open", "in-progress", "closed"][next(3)],
        points: 1 + next(13),
      })
      .go();
    for (let c = 0; c < t % 3; c += 1) {
      await app.comment
        .put({ task, comment: `c${c}`, employee, body: `Comment ${c} on ${task}` })
        .go();
    }
  }
}

// ElectroDB lets a model rename both markers it writes on every item.
async function writeRenamed(raw, table) {
  await createTable(raw, table, "pk", "sk");
  const docClient = documentClient(raw);
  const ticket = new Entity(
    {
      model: { entity: "ticket", version: "2", service: "helpdesk" },
      attributes: {
        ticketId: { type: "string" },
        queue: { type: "string" },
        openedAt: { type: "string" },
        title: { type: "string" },
      },
      indexes: {
        byQueue: {
          pk: { field: "pk", composite: ["queue"] },
          sk: { field: "sk", composite: ["openedAt", "ticketId"] },
        },
      },
    },
    { table, client: docClient, identifiers: { entity: "kind", version: "kindVersion" } },
  );
  for (let i = 1; i <= 12; i += 1) {
    await ticket
      .put({
        ticketId: `01J${pad(i, 23)}`,
        queue: ["billing", "tech_support"][i % 2],
        openedAt: `2026-07-${pad(i, 2)}T09:30:00.000Z`,
        title: `Ticket ${i}`,
      })
      .go();
  }
}

async function setStatus(raw, [table, task, project, employee, status]) {
  const { entities: app } = entities(table, documentClient(raw));
  await app.task.update({ task, project, employee }).set({ status }).go();
}

async function main() {
  const raw = client();
  if (process.argv[2] === "--set-status") return setStatus(raw, process.argv.slice(3));
  await writeTaskApp(raw, tableName());
  if (process.argv[3]) await writeRenamed(raw, process.argv[3]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
