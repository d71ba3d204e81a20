import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { liveUserOptions } from "./live-user.server";
import type { Viewer } from "~/server/viewer.server";

const viewer = (anonymous = false): Viewer => ({
  uid: "member-1",
  anonymous,
  roles: [],
  signedInAt: 0,
  account: { uid: "member-1", isAnonymous: anonymous, createdAt: 0, lastSignInAt: 0, claims: {} },
});

describe("which transport a page listens with", () => {
  it("listens to nothing for visitors and anonymous accounts", () => {
    const env = parseEnv({ APP_ENV: "demo" });
    expect(liveUserOptions(null, env)).toBeNull();
    expect(liveUserOptions(viewer(true), env)).toBeNull();
  });

  it("uses the event stream in the embedded mode (SQLite and the Auth emulator)", () => {
    const env = parseEnv({ APP_ENV: "demo", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" });
    expect(liveUserOptions(viewer(), env)).toEqual({ uid: "member-1", transport: "sse" });
  });

  it("uses Firestore in the browser when both the data and the sign-in are a real project", () => {
    const env = parseEnv({
      APP_ENV: "demo",
      FIREBASE_PROJECT_ID: "stillhour-prod",
      FIREBASE_WEB_API_KEY: "web-api-key-0123",
      FIREBASE_APP_ID: "1:2:web:3",
    });
    expect(liveUserOptions(viewer(), env)).toEqual({
      uid: "member-1",
      transport: "firestore",
      firebase: {
        apiKey: "web-api-key-0123",
        authDomain: "stillhour-prod.firebaseapp.com",
        projectId: "stillhour-prod",
        appId: "1:2:web:3",
      },
    });
  });

  it("keeps the event stream when Firestore is real but the users come from the Auth emulator", () => {
    // Emulator users have no tokens Firestore would accept, so the browser could not read as them.
    const env = parseEnv({ APP_ENV: "demo", FIREBASE_PROJECT_ID: "stillhour-staging", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" });
    expect(liveUserOptions(viewer(), env)?.transport).toBe("sse");
  });
});
