import net from 'node:net';

export interface Forwarder {
  port: number;
  /** Stops listening and cuts every connection it carries. */
  close(): Promise<void>;
}

/**
 * A TCP forwarder on `listenHost` (a free port) to `target`: how a host in a network namespace reaches a
 * server the test runs on its own loopback (PostgreSQL, Redis), without reconfiguring that server.
 */
export async function forwardTcp(
  listenHost: string,
  target: { host: string; port: number },
): Promise<Forwarder> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      // An ordinary close ends the other side after what it still has to write; a failure cuts it.
      a.on('error', () => b.destroy());
      a.on('close', (hadError) => {
        sockets.delete(a);
        if (hadError) b.destroy();
        else b.end();
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, listenHost, resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
