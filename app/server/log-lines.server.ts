/**
 * Request log lines, written in batches: every line finished in one turn of the event loop goes out in
 * one write at the end of that turn. Under load that is one write for dozens of requests instead of one
 * each (stdout to a file or a pipe is a synchronous write on Linux, and at thousands of requests a
 * second the writes were a tenth of the server's busy time serving cached pages). The order of the
 * lines is kept; whatever is still waiting when the process exits is written then.
 */
let waiting: string[] = [];
let scheduled = false;
let hooked = false;

function flush() {
  scheduled = false;
  if (waiting.length === 0) return;
  const text = waiting.join("");
  waiting = [];
  process.stdout.write(text);
}

/** Queues one line (with its newline) for this turn's write. */
export function writeLogLine(line: string) {
  waiting.push(line);
  if (!hooked) {
    hooked = true;
    process.on("exit", flush);
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}
