import fs from 'node:fs';
import { connectFrom, netnsUnavailable, pidOf, until } from '@countersign/test-support';
import { describe, expect, it } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';
import { startHosts } from './hosts-support.ts';
import { bearer } from './webhooks-support.ts';

// The several-hosts topology with each process in a network namespace the test makes (`netns`,
// test-support/src/netns.ts): the API and two workers each have a loopback of their own and one link to the
// test, through which they reach PostgreSQL and Redis (forwarders) and the test reaches the API. Nothing else
// crosses, so a process that reached another over 127.0.0.1 by accident would fail here. Needs root.

const unavailable = netnsUnavailable();
if (unavailable) console.log(`several-hosts-netns.test.ts skipped: ${unavailable}`);
const hosts = unavailable ? undefined : await startHosts({ workers: 2, netns: true, env: {} });

describe.skipIf(unavailable !== undefined)(
  'an API and two workers in network namespaces of their own',
  () => {
    it('runs each process in its own namespace, and a worker cannot reach the API', async () => {
      const { d } = hosts!;
      const spaces = [...d.apis, ...d.workers].map((p) => fs.readlinkSync(`/proc/${pidOf(p)}/ns/net`));
      expect(new Set([...spaces, fs.readlinkSync('/proc/self/ns/net')]).size).toBe(4);

      const port = Number(new URL(d.url).port);
      const [api, worker] = d.netns;
      expect(await connectFrom(api!, '127.0.0.1', port)).toBe('connected'); // the API's own loopback
      expect(await connectFrom(worker!, '127.0.0.1', port)).toBe('ECONNREFUSED');
      expect(await connectFrom(worker!, api!.address, port)).toBe('ENETUNREACH');
    }, 60_000);

    it('sends an own PDF from the drive, signs it, and a worker completes and seals it', async () => {
      const { d, token, sendDriveFile, signAsAnn, expectSealedFinal } = hosts!;
      const row = await sendDriveFile('Lease across namespaces', { notify: false });
      expect((await signAsAnn(row)).status).toBe(200);
      await until(
        'the session to complete',
        async () => {
          const res = await checkedFetch(`${d.url}/api/sessions/${row.sessionId}`, {
            headers: bearer(token),
          });
          return ((await res.json()) as { status: string }).status === 'completed';
        },
        60_000,
        250,
      );
      await expectSealedFinal(row);
    }, 120_000);
  },
);
