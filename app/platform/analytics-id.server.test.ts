import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { analyticsIdFor } from "./analytics-id.server";

describe("analyticsIdFor", () => {
  const expected = (uid: string) => {
    const env = getEnv();
    const key = env.ANALYTICS_ID_SECRET
      ? Buffer.from(env.ANALYTICS_ID_SECRET)
      : createHmac("sha256", env.SESSION_SECRET).update("stillhour analytics pseudonym").digest();
    return `p_${createHmac("sha256", key).update(uid).digest("base64url").slice(0, 32)}`;
  };

  it("is the uid's HMAC under the pseudonym key, the same each time it is asked, and never the uid", () => {
    const first = analyticsIdFor("uid-kept-1");
    expect(first).toBe(expected("uid-kept-1"));
    expect(analyticsIdFor("uid-kept-1")).toBe(first);
    expect(first).not.toContain("uid-kept-1");
    expect(analyticsIdFor("uid-kept-2")).toBe(expected("uid-kept-2"));
    expect(analyticsIdFor("uid-kept-2")).not.toBe(first);
  });

  it("still answers correctly for uids beyond those it keeps", () => {
    for (let i = 0; i < 6_000; i++) analyticsIdFor(`uid-many-${i}`);
    expect(analyticsIdFor("uid-many-1")).toBe(expected("uid-many-1"));
    expect(analyticsIdFor("uid-many-5999")).toBe(expected("uid-many-5999"));
  });
});
