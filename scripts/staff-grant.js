// Gives an account a staff role from the command line: the first admin of a real project, or any
// role when nobody can sign in as an admin (issue 26; docs/decisions/044-back-office-roles-and-audit.md).
//
//   npm run staff:grant -- --phone=+12015550102 --role=admin
//   npm run staff:grant -- --email=orla@example.com --role=blogEditor
//
// The person must have signed in on the site once (the account must exist). The role is added to the
// account's sign-in claims through the same code as the admin's people page, and the change is
// recorded in the audit log as this script's. Needs the server build (npm run build) and the
// configuration the server runs with (FIREBASE_PROJECT_ID and credentials in production; the demo's
// Auth emulator with APP_ENV=demo).
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--") && arg.includes("="))
    .map((arg) => [arg.slice(2, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]),
);
if (!args.role || (!args.phone && !args.email)) {
  console.error("usage: npm run staff:grant -- (--phone=+1… | --email=…) --role=admin|blogEditor|cohost|facilitator|studioStaff");
  process.exit(2);
}
const build = await import("../build/index.js");
try {
  const result = await build.entry.module.grantStaffRole({ phoneNumber: args.phone, email: args.email, role: args.role });
  console.log(JSON.stringify({ granted: args.role, uid: result.uid, roles: result.roles }));
  process.exit(0);
} catch (error) {
  console.error(
    JSON.stringify({ level: "error", msg: "staff:grant failed", cause: error instanceof Error ? error.message : String(error) }),
  );
  process.exit(1);
}
