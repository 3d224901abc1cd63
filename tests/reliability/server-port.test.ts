import { createServer, type Server } from "node:net";
import { afterEach, expect, test } from "vitest";
import { unusedPort } from "../support/mail-sink";
import { startServer } from "../support/server-process";

let stranger: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (stranger ? stranger.close(() => resolve()) : resolve())));

test("a server asked for a port another process holds is refused, not mistaken for that process", async () => {
  const port = await unusedPort();
  stranger = createServer();
  await new Promise<void>((resolve) => stranger!.listen(port, "127.0.0.1", resolve));
  await expect(startServer({ PORT: String(port), DATABASE_URL: "sqlite::memory:" })).rejects.toThrow(
    `Port ${port} is taken by another process`,
  );
});
