// The live schedule's jobs, once, for a scheduler (the server also runs them on timers):
//
//   npm run classes:generate   makes the next three weeks' classes from the templates (idempotent)
//   npm run classes:remind     e-mails booked members whose class starts within CLASS_REMINDER_MINUTES
//   npm run gifts:deliver      sends e-mail gifts whose day has come; retries charges a gift could not move
//   npm run credits:expire     expires credits past their date, sends each pack's reminder once, and
//                              returns the credits of cancelled classes (all idempotent)
//   npm run mail:retry         sends again the mail the mail server did not take, once due (each once)
//
// Needs the server build (npm run build): the jobs are imported from it, as scripts/seed.js does.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const job = process.argv[2];
const JOBS = {
  generate: "generateClassesAndTellFollowers",
  remind: "sendReminders",
  "deliver-gifts": "deliverDueGifts",
  credits: "runCreditJobs",
  "retry-mail": "retryPendingMail",
};
if (!(job in JOBS)) {
  console.error("usage: node scripts/class-jobs.js generate|remind|deliver-gifts|credits|retry-mail");
  process.exit(2);
}
const build = await import("../build/index.js");
try {
  const result = await build.entry.module[JOBS[job]]();
  console.log(JSON.stringify({ job, ...result }));
  process.exit(0);
} catch (error) {
  console.error(
    JSON.stringify({
      level: "error",
      msg: `job ${job} failed`,
      cause: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }),
  );
  process.exit(1);
}
