// What a server allocates, sampled (issue 38): loaded into the member server with `--import` when
// `npm run bench -- --member-alloc=FILE` is given. V8's sampling heap profiler runs from start-up
// and keeps the samples of objects the collector has already freed too, so the profile shows where
// a view's garbage is made, not only what stays alive; it is written to FILE as the process exits.
// Read it with bench/profile-summary.js.
import { writeFileSync } from "node:fs";
import inspector from "node:inspector";

const file = process.env.BENCH_ALLOC_PROFILE;
if (file) {
  const session = new inspector.Session();
  session.connect();
  session.post("HeapProfiler.startSampling", {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  // A session on the main thread answers synchronously, so the profile can be taken while exiting.
  process.on("exit", () => {
    session.post("HeapProfiler.getSamplingProfile", (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
