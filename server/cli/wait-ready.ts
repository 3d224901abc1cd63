/**
 * Waits for the server started beside it to say it is ready, so that `systemctl start` (the
 * units' ExecStartPost) returns only once the instance takes traffic: restarting instances one
 * after the other then never leaves none ready.
 *
 *   node build/server/cli/wait-ready.js [seconds]
 *
 * Asks http://HOST:PORT/readyz (the unit's own HOST and PORT) every half second, for 30 s unless
 * told otherwise. Ready: exit 0. Still not ready but listening (its store not answering yet): a
 * warning and exit 0, so a database that is down at boot does not make systemd restart the
 * server in a loop; it turns ready on its own once the store answers. Meanwhile Caddy sends it
 * nothing (it checks /readyz): with one instance, the whole site, static pages included, answers
 * 503 until then. Not even listening: exit 1, a failed start.
 */
export {};

const seconds = Number(process.argv[2] ?? 30);
const host =
  process.env.HOST && !["0.0.0.0", "::"].includes(process.env.HOST) ? process.env.HOST : "127.0.0.1";
const base = `http://${host.includes(":") ? `[${host}]` : host}:${process.env.PORT ?? "3000"}`;

async function status(path: string): Promise<number | null> {
  try {
    const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}

const deadline = Date.now() + seconds * 1_000;
for (;;) {
  if ((await status("/readyz")) === 200) process.exit(0);
  if (Date.now() > deadline) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if ((await status("/livez")) === 200) {
  process.stderr.write(`${base} runs but is not ready after ${seconds} s: ${base}/readyz says why.\n`);
  process.exit(0);
}
process.stderr.write(`${base} does not answer after ${seconds} s.\n`);
process.exit(1);
