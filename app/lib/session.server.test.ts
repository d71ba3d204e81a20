import { beforeAll, describe, expect, it } from "vitest";

beforeAll(() => {
  process.env.SESSION_SECRET = "test-session-secret-that-is-long-enough-000";
});

const { commitSession, readSession } = await import("./session.server");

describe("reading the session cookie", () => {
  it("reads a header it has read before to the same data, as a session of its own each time", async () => {
    const url = new URL("http://localhost:3000/");
    const made = await readSession("");
    made.set("experimentKey", "key-kept-1");
    made.set("timeZone", { zone: "Europe/Lisbon", source: "chosen" });
    const header = (await commitSession(made, url)).split(";")[0];

    const first = await readSession(header);
    const second = await readSession(header);
    expect(second.data).toEqual(first.data);
    expect(second.get("timeZone")).toEqual({ zone: "Europe/Lisbon", source: "chosen" });
    // One reader's change is not another's.
    first.set("experimentKey", "changed");
    first.get("timeZone")!.zone = "Asia/Tokyo";
    const third = await readSession(header);
    expect(third.get("experimentKey")).toBe("key-kept-1");
    expect(third.get("timeZone")?.zone).toBe("Europe/Lisbon");
  });

  it("still refuses a header with a byte changed after one like it was read", async () => {
    const made = await readSession("");
    made.set("experimentKey", "key-kept-2");
    const header = (await commitSession(made, new URL("http://localhost:3000/"))).split(";")[0];
    expect((await readSession(header)).get("experimentKey")).toBe("key-kept-2");
    const forged = header.slice(0, 20) + (header[20] === "A" ? "B" : "A") + header.slice(21);
    expect((await readSession(forged)).get("experimentKey")).toBeUndefined();
  });
});
