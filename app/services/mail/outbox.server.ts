import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MailMessage, Mailer } from "./port";

/**
 * The demo's mail: one JSON file per message in a folder, shown on /demo/outbox. The file is named by
 * the message's idempotency key and written with `wx`, so the same message twice, even at once, is
 * one file.
 */
export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  sentAt: number;
}

export function createOutboxMailer(options: {
  dir: string;
  from: string;
}): Mailer & { read(options?: { to?: string; limit?: number }): Promise<OutboxEntry[]> } {
  return {
    name: "outbox",
    async send(message) {
      const id = createHash("sha256").update(message.idempotencyKey).digest("hex").slice(0, 32);
      await mkdir(options.dir, { recursive: true });
      const entry: OutboxEntry = { ...message, id, from: options.from, sentAt: Date.now() };
      try {
        await writeFile(join(options.dir, `${id}.json`), JSON.stringify(entry, null, 2), { flag: "wx" });
        return { id, duplicate: false };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return { id, duplicate: true };
        throw error;
      }
    },
    async read(filter = {}) {
      const names = await readdir(options.dir).catch(() => [] as string[]);
      const entries = await Promise.all(
        names
          .filter((name) => name.endsWith(".json"))
          .map(async (name) => JSON.parse(await readFile(join(options.dir, name), "utf8")) as OutboxEntry),
      );
      return entries
        .filter((entry) => !filter.to || entry.to === filter.to)
        .sort((a, b) => b.sentAt - a.sentAt)
        .slice(0, filter.limit ?? 50);
    },
  };
}
