import { describe, expect, it } from "vitest";
import { mayChangeClass, staffMemberOf } from "./class-access";

const amaras = { teacherId: "teacher-amara", substituteTeacherId: null };
const jonahs = { teacherId: "teacher-jonah", substituteTeacherId: null };

describe("who may change a class", () => {
  it("lets an admin change any class", () => {
    const admin = staffMemberOf({ roles: ["admin"], account: { claims: { admin: true } } });
    expect(mayChangeClass(admin, amaras)).toBe(true);
    expect(mayChangeClass(admin, jonahs)).toBe(true);
  });

  it("lets a facilitator change the classes they teach or stand in for, and no other", () => {
    const amara = staffMemberOf({ roles: ["facilitator"], account: { claims: { facilitator: true, teacherId: "teacher-amara" } } });
    expect(mayChangeClass(amara, amaras)).toBe(true);
    expect(mayChangeClass(amara, jonahs)).toBe(false);
    expect(mayChangeClass(amara, { teacherId: "teacher-jonah", substituteTeacherId: "teacher-amara" })).toBe(true);
    // Having handed a class to a substitute, its own teacher can still change it back.
    expect(mayChangeClass(amara, { teacherId: "teacher-amara", substituteTeacherId: "teacher-jonah" })).toBe(true);
  });

  it("gives a facilitator with no teacher named, or a teacher claim without the role, nothing", () => {
    expect(mayChangeClass(staffMemberOf({ roles: ["facilitator"], account: { claims: { facilitator: true } } }), amaras)).toBe(false);
    expect(
      mayChangeClass(staffMemberOf({ roles: ["facilitator"], account: { claims: { facilitator: true, teacherId: "" } } }), amaras),
    ).toBe(false);
    expect(mayChangeClass(staffMemberOf({ roles: ["studioStaff"], account: { claims: { teacherId: "teacher-amara" } } }), amaras)).toBe(
      false,
    );
  });
});
