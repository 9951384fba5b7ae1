import S3rver from 's3rver';
import { tempDir } from './tmp.ts';

/** s3rver's one account: it checks the access key id (another is refused) but not SigV4 signatures. */
const ACCESS_KEY_ID = 'S3RVER';

export interface TestS3 {
  /** The S3_* settings that point a process at the test's bucket. */
  env: { S3_ENDPOINT: string; S3_BUCKET: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  /** Every object's key and size, asked of the server itself (not through the store under test). */
  objects(): Promise<{ key: string; size: number }[]>;
  /** Stops the server: it no longer accepts connections. */
  stop(): Promise<void>;
  /** Starts a stopped server again, on the same port and with the objects it held. */
  restart(): Promise<void>;
}

/** A real S3-compatible server (s3rver) in this process, on a free loopback port, with one empty bucket. */
export async function startS3(bucket = 'countersign-test'): Promise<TestS3> {
  const directory = tempDir('countersign-s3-');
  const serverOn = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server = serverOn(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async objects() {
      // An unsigned request: s3rver lets it through, so this listing depends on nothing of ours.
      const xml = await (await fetch(`${endpoint}/${bucket}?max-keys=1000`)).text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>.*?<Size>(\d+)<\/Size>/g)].map((m) => ({
        key: m[1]!,
        size: Number(m[2]),
      }));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
    async restart() {
      if (!stopped) return;
      server = serverOn(port);
      await server.run();
      stopped = false;
    },
  };
}
