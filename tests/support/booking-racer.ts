import { createInterface } from "node:readline";

/**
 * One of several processes booking one class at the same moment (tests/integration/store/booking-race-processes.test.ts):
 * run with vite-node and SQLITE_PATH, CLASS_ID, UIDS (comma-separated) and NOW (ISO) set. It loads the
 * booking code, says "ready", waits for "go" on stdin, books every uid at once and prints the results
 * as one JSON line.
 */
const { bookClass } = await import("../../app/models/classes/booking.server");
const uids = (process.env.UIDS ?? "").split(",").filter(Boolean);
const now = new Date(process.env.NOW ?? Date.now());
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line.trim() === "go") break;
const results = await Promise.all(uids.map((uid) => bookClass({ uid, classId: process.env.CLASS_ID!, now, isMember: true })));
process.stdout.write(`${JSON.stringify({ results })}\n`);
lines.close();
process.exit(0);
