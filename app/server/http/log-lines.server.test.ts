import { describe, expect, it } from "vitest";
import { TRACE_FIELD, severityOf, traceName, withLogFields, withLogTrace } from "./log-lines.server";

describe("log fields for Cloud Logging (ADR 057)", () => {
  it("names the trace from Google's header, else from traceparent, only with a project and a well-formed id", () => {
    const id = "105445aa7843bc8bf206b12000100000";
    expect(traceName({ "x-cloud-trace-context": `${id}/1;o=1` }, "stillhour-prod")).toBe(`projects/stillhour-prod/traces/${id}`);
    expect(traceName({ "x-cloud-trace-context": id.toUpperCase() }, "stillhour-prod")).toBe(`projects/stillhour-prod/traces/${id}`);
    expect(traceName({ traceparent: `00-${id}-00f067aa0ba902b7-01` }, "stillhour-prod")).toBe(`projects/stillhour-prod/traces/${id}`);
    expect(traceName({ "x-cloud-trace-context": "not-a-trace/1", traceparent: `00-${id}-00f067aa0ba902b7-01` }, "p-roject")).toBe(
      `projects/p-roject/traces/${id}`,
    );
    expect(traceName({ "x-cloud-trace-context": `${id}/1` }, undefined)).toBeNull();
    expect(traceName({ traceparent: `00-${"0".repeat(32)}-00f067aa0ba902b7-01` }, "stillhour-prod")).toBeNull();
    expect(traceName({ "x-cloud-trace-context": "../../etc/1" }, "stillhour-prod")).toBeNull();
    expect(traceName({}, "stillhour-prod")).toBeNull();
  });

  it("maps each level to Cloud Logging's severity, and a line without one to its console method's", () => {
    expect(severityOf("info")).toBe("INFO");
    expect(severityOf("warn")).toBe("WARNING");
    expect(severityOf("error")).toBe("ERROR");
    expect(severityOf(undefined, "ERROR")).toBe("ERROR");
    expect(severityOf("chatty", "WARNING")).toBe("WARNING");
  });

  it("adds severity and the current trace to JSON object lines, keeping level and leaving other text alone", () => {
    expect(JSON.parse(withLogFields(JSON.stringify({ level: "warn", msg: "mail not sent" })))).toEqual({
      severity: "WARNING",
      level: "warn",
      msg: "mail not sent",
    });
    expect(JSON.parse(withLogFields(JSON.stringify({ msg: "no level" }), "ERROR"))).toEqual({ severity: "ERROR", msg: "no level" });
    const traced = withLogTrace("projects/p-roject/traces/abc", () => withLogFields(JSON.stringify({ level: "info", msg: "x" })));
    expect(JSON.parse(traced)).toEqual({ severity: "INFO", level: "info", msg: "x", [TRACE_FIELD]: "projects/p-roject/traces/abc" });
    // A line that already says both is left as written.
    const done = JSON.stringify({ severity: "INFO", msg: "x" });
    expect(withLogFields(done)).toBe(done);
    for (const text of ["Invalid configuration:\n  - PORT", "[1,2]", "{not json}", ""]) expect(withLogFields(text)).toBe(text);
  });

  it("keeps the trace across awaits inside the request, and not outside it", async () => {
    const inside = await withLogTrace("projects/p-roject/traces/def", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return JSON.parse(withLogFields(JSON.stringify({ level: "info" })));
    });
    expect(inside[TRACE_FIELD]).toBe("projects/p-roject/traces/def");
    expect(JSON.parse(withLogFields(JSON.stringify({ level: "info" })))).not.toHaveProperty(TRACE_FIELD);
  });
});
