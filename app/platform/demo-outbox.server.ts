import { readEmulatorOutbox } from "~/services/identity/index.server";
import { getOutbox } from "~/services/mail/index.server";
import { getEnv, isDemo } from "~/lib/env.server";

/**
 * What the demo has "sent": the sign-in links and SMS codes the Auth emulator holds, and the mail
 * outbox's messages. Null outside the demo (APP_ENV=demo), whatever the drivers, and in the demo unless
 * the emulator or the outbox is in use.
 */
export async function readDemoOutbox(options: { mailLimit: number }) {
  if (!isDemo()) return null;
  const emulator = getEnv().identity.mode === "emulator";
  const mailbox = getOutbox();
  if (!emulator && !mailbox) return null;
  let emulatorSilent = false;
  const identity = emulator
    ? await readEmulatorOutbox().catch(() => {
        emulatorSilent = true;
        return { links: [], codes: [] };
      })
    : { links: [], codes: [] };
  const mail = mailbox ? await mailbox.read({ limit: options.mailLimit }) : [];
  return { ...identity, emulatorSilent, mail };
}
