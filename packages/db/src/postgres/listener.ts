import pg from 'pg';

/** Longest wait between two attempts to listen again after the server went away. */
const MAX_RECONNECT_MS = 5_000;

/**
 * LISTEN on one channel over a connection of its own (a pooled one would be handed to queries), calling
 * `onNotice` for each notification. When the server goes away (a restart) it connects again, waiting longer
 * each time up to MAX_RECONNECT_MS, and calls `onNotice` once listening again: whatever was notified in
 * between is looked for then, so nothing waits for a poll.
 */
export function listenOn(url: string, channel: string, onNotice: () => void): () => Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  const again = () => {
    if (stopped || timer) return;
    const wait = Math.min(100 * 2 ** failures++, MAX_RECONNECT_MS);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotice();
    });
    // A lost connection ends the client: listen again on a new one.
    c.on('error', () => {});
    c.on('end', () => {
      if (client === c) client = undefined;
      again();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch {
      await c.end().catch(() => {});
      again();
      return;
    }
    if (stopped) return void (await c.end().catch(() => {}));
    client = c;
    failures = 0;
    onNotice();
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
