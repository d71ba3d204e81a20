import { readEmulatorOutbox } from "~/adapters/identity/index.server";
import { getOutbox } from "~/adapters/mail/index.server";
import { getEnv } from "~/lib/env.server";

/**
 * What the demo has "sent": the sign-in links and SMS codes the Auth emulator holds, and the mail
 * outbox's messages. Null unless the emulator or the outbox is in use, so production never shows it.
 */
export async function readDemoOutbox(options: { mailLimit: number }) {
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
