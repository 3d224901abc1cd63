import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "../support/mail-sink";

let sink: MailSink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

/**
 * The crash test waits for the test SMTP server to have no connection left; a client killed
 * mid-handshake must count as gone exactly once, or that wait never ends.
 */
describe("the test SMTP server", () => {
  it("counts clients that leave before their greeting as gone, once each", async () => {
    sink = await startMailSink();
    for (let client = 0; client < 5; client++) {
      const socket = connect(sink.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.destroy();
    }
    await expect(sink.idle(5_000)).resolves.toBeUndefined();
  });
});
