import { createConnection, createServer, type Socket } from "node:net";

export interface TcpGate {
  port: number;
  /**
   * Connections made while closed wait, unanswered; opening lets them and later ones through.
   * `dropOpen` also cuts the connections already through (a sender's pooled connection), so
   * that its next mail has to connect again, and waits.
   */
  close(options?: { dropOpen?: boolean }): void;
  open(): void;
  stop(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 in front of `targetPort` that can be shut like a gate: a mail server
 * that stops answering, so that senders hold what they claimed for as long as a test needs.
 */
export async function startTcpGate(targetPort: number): Promise<TcpGate> {
  let shut = false;
  let waiting: Socket[] = [];
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    if (client.destroyed) return;
    const upstream = createConnection(targetPort, "127.0.0.1");
    sockets.add(upstream);
    upstream.once("close", () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    client.once("error", () => upstream.destroy());
    upstream.once("error", () => client.destroy());
    client.once("close", () => upstream.destroy());
  };
  const server = createServer((client) => {
    sockets.add(client);
    client.once("close", () => sockets.delete(client));
    client.on("error", () => undefined);
    if (shut) waiting.push(client);
    else relay(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    close(options = {}) {
      shut = true;
      if (options.dropOpen) for (const socket of sockets) socket.destroy();
    },
    open() {
      shut = false;
      const held = waiting;
      waiting = [];
      for (const client of held) relay(client);
    },
    stop() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
