import { createServer, type IncomingMessage, type Server } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * The vendors the production suite's journeys reach, each a local server on its own port (its own
 * origin), speaking the vendor's protocol: an SMTP server the site's nodemailer mailer delivers to,
 * Daily's REST API with a room page, and the analytics provider's upload endpoint (ADR 040).
 */

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server (smtp-server), no TLS or login as on a relay inside a private network; every
 * message parsed. `stop()` takes it down (connections refused, as when the relay is down) and
 * `start()` brings it back on the same port, with the same list of mail.
 */
export async function startSmtpReceiver(
  port: number,
): Promise<{ url: string; mail: ReceivedMail[]; stop(): Promise<void>; start(): Promise<void>; close(): Promise<void> }> {
  const mail: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  const start = async () => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      closeTimeout: 500,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? "");
            mail.push({ to, subject: parsed.subject ?? "", text: parsed.text ?? "" });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
    });
    server = next;
  };
  const stop = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await start();
  return { url: `smtp://127.0.0.1:${port}`, mail, stop, start, close: stop };
}

/**
 * Daily's REST API (rooms, meeting tokens, eject) and its rooms: GET /{room}?t={token} is the room's
 * page, a plain document saying which room and whose token, on this origin.
 */
export async function startVideoStandIn(
  port: number,
  apiKey: string,
): Promise<{ url: string; rooms: Set<string>; close(): Promise<void> }> {
  const rooms = new Set<string>();
  const tokens = new Map<string, { room: string; user: string }>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const json = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname.startsWith("/v1/")) {
      if (req.headers.authorization !== `Bearer ${apiKey}`) return json(401, { error: "authentication-error" });
      const body = JSON.parse((await readBody(req)) || "{}") as { name?: string; properties?: { room_name?: string; user_name?: string } };
      if (url.pathname === "/v1/rooms") {
        if (rooms.has(body.name ?? ""))
          return json(400, { error: "invalid-request-error", info: `a room named ${body.name} already exists` });
        rooms.add(body.name ?? "");
        return json(200, { name: body.name, privacy: "private" });
      }
      if (url.pathname === "/v1/meeting-tokens") {
        const token = `tok_${Math.random().toString(36).slice(2)}`;
        tokens.set(token, { room: body.properties?.room_name ?? "", user: body.properties?.user_name ?? "" });
        return json(200, { token });
      }
      if (url.pathname.endsWith("/eject")) return json(200, {});
      return json(404, { error: "not-found" });
    }
    const room = url.pathname.slice(1);
    const token = tokens.get(url.searchParams.get("t") ?? "");
    if (!rooms.has(room) || !token || token.room !== room) return res.writeHead(403, { "Content-Type": "text/plain" }).end("Not your room");
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><title>Video room ${room}</title><h1>Video room ${room}</h1><p>Welcome, ${token.user.replace(/[<>&]/g, "")}</p>`,
      );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, rooms, close: () => closeServer(server) };
}

/** The analytics provider's HTTP upload endpoint: every upload's form fields kept. */
export async function startAnalyticsReceiver(
  port: number,
): Promise<{ url: string; uploads: Array<{ contentType: string; form: URLSearchParams }>; close(): Promise<void> }> {
  const uploads: Array<{ contentType: string; form: URLSearchParams }> = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    uploads.push({ contentType: req.headers["content-type"] ?? "", form: new URLSearchParams(body) });
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"code":200}');
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/2/httpapi`, uploads, close: () => closeServer(server) };
}
