import { beforeAll, describe, expect, it } from "vitest";

beforeAll(() => {
  process.env.SESSION_SECRET = "test-session-secret-that-is-long-enough-000";
});

const { getVisitor } = await import("./visitor.server");

function requestWith(cookie?: string, url = "http://localhost:3000/") {
  return new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
}

describe("visitor session", () => {
  it("gives a new visitor a signed, HttpOnly, SameSite=Lax __session cookie carrying an experimentKey", async () => {
    const visitor = await getVisitor(requestWith());
    expect(visitor.setCookie).toMatch(/^__session=/);
    expect(visitor.setCookie).toMatch(/HttpOnly/i);
    expect(visitor.setCookie).toMatch(/SameSite=Lax/i);
    expect(visitor.setCookie).not.toMatch(/Secure/i);
    expect(visitor.experimentKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it("marks the cookie Secure away from localhost", async () => {
    const visitor = await getVisitor(requestWith(undefined, "https://stillhour.example/"));
    expect(visitor.setCookie).toMatch(/Secure/);
  });

  it("keeps the same key and variants on the next visit, without setting the cookie again", async () => {
    const first = await getVisitor(requestWith());
    const second = await getVisitor(requestWith(first.cookieHeader));
    expect(second.experimentKey).toBe(first.experimentKey);
    expect(second.variants).toEqual(first.variants);
    expect(second.setCookie).toBeNull();
  });

  it("ignores and replaces a tampered cookie", async () => {
    const first = await getVisitor(requestWith());
    const value = first.cookieHeader.split("=").slice(1).join("=");
    const tampered = `__session=${value.slice(0, 10)}${value[10] === "A" ? "B" : "A"}${value.slice(11)}`;
    const visitor = await getVisitor(requestWith(tampered));
    expect(visitor.setCookie).toMatch(/^__session=/);
    expect(visitor.experimentKey).not.toBe(first.experimentKey);
  });

  it.each(["__session=", "__session=%%%not-base64", "__session=eyJ4Ijo.bad", `__session=${"x".repeat(5000)}`, "garbage;;;==="])(
    "treats a malformed cookie (%s) as absent, never as an error",
    async (cookie) => {
      const visitor = await getVisitor(requestWith(cookie));
      expect(visitor.setCookie).toMatch(/^__session=/);
      expect(visitor.experimentKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    },
  );

  it("keeps other cookies when it replaces the session", async () => {
    const visitor = await getVisitor(requestWith("theme=dark; __session=broken"));
    expect(visitor.cookieHeader).toContain("theme=dark");
    expect(visitor.cookieHeader).not.toContain("__session=broken");
  });
});

describe("a first visit's cookie", () => {
  it("is exactly what Remix's session storage would write for the same data, and reads back", async () => {
    const { commitSession, readSession } = await import("~/lib/session.server");
    for (const url of ["http://localhost:3000/", "https://stillhour.example/teachers"]) {
      const visitor = await getVisitor(requestWith("theme=dark", url));
      const session = await readSession("");
      session.set("experimentKey", visitor.experimentKey);
      session.set("experiments", { ...visitor.variants });
      expect(visitor.setCookie).toBe(await commitSession(session, new URL(url)));
      expect(visitor.cookieHeader).toMatch(/^theme=dark; __session=/);
      const again = await getVisitor(requestWith(visitor.cookieHeader, url));
      expect(again.setCookie).toBeNull();
      expect(again.experimentKey).toBe(visitor.experimentKey);
    }
  });

  it("gives every new visitor a key of their own", async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 600; i++) keys.add((await getVisitor(requestWith())).experimentKey);
    expect(keys.size).toBe(600);
  });
});
