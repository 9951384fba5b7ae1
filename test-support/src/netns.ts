import { execFile, execFileSync } from 'node:child_process';
import { type Forwarder, forwardTcp } from './tcp-forward.ts';

// Test hosts in network namespaces of their own. Host `cs-<test pid>-<slot>` has its eth0 at .2 of the slot's /30
// in 198.18.0.0/15 (the benchmarking range, RFC 2544, routed nowhere), joined by the veth pair `csnet<slot>` to
// the test's (root) namespace at .1, its only neighbour: no default route, so it reaches nothing else, and
// nothing reaches it but the test. The link's name claims the slot: the kernel refuses a second one, so test
// files running at once never share an address. The pid in the namespace's name lets a later run remove what a
// killed one left.

const SLOTS = 1 << 15; // the /30s in 198.18.0.0/15
const PREFIX = 'cs-';

/** Loopback URLs in these settings are forwarded to the host: the services the test runs on its own loopback. */
const FORWARDED = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'];

const ip = (...args: string[]) =>
  execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

export interface NetnsHost {
  /** The namespace (`ip netns exec <name> ...`). */
  name: string;
  /** The host's own address, on its eth0. */
  address: string;
  /** The test's end of the link, the only address the host can reach. */
  gateway: string;
  /** `env` with its loopback DATABASE_URL, REDIS_URL and SMTP_URL pointing at forwarders on the gateway. */
  forward(env: Record<string, string>): Promise<Record<string, string>>;
  /** Kills what still runs inside, removes the link and the namespace, closes the forwarders (idempotent). */
  remove(): Promise<void>;
}

/** Why test hosts cannot get namespaces here, or undefined when they can. */
export function netnsUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root (ip netns needs it)';
  try {
    ip('netns', 'list');
  } catch {
    return '`ip netns` is not available (Debian package iproute2)';
  }
  // Root in a container may still be refused a namespace: make one.
  const probe = `${PREFIX}${process.pid}-probe`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
  } catch (error) {
    return `cannot make a network namespace: ${(error as { stderr?: string }).stderr?.trim() ?? error}`;
  }
  return undefined;
}

/**
 * This process's hosts, name to link: a test process that ends without its teardown still removes them (a
 * killed one leaves them to the next run's sweep).
 */
const live = new Map<string, string>();
let swept = false;

/** A new host in a namespace of its own (the first call also removes what killed runs left). */
export function createNetnsHost(): NetnsHost {
  if (!swept) {
    swept = true;
    sweepStaleNetns();
    process.once('exit', removeLive);
  }
  const first = (process.pid * 8 + Math.floor(Math.random() * 8)) % SLOTS;
  for (let i = 0; i < 256; i++) {
    const slot = (first + i) % SLOTS;
    const name = `${PREFIX}${process.pid}-${slot}`;
    const link = `csnet${slot}`;
    try {
      ip('netns', 'add', name);
    } catch {
      continue; // a live process of the same pid (reused) holds the name
    }
    try {
      ip('link', 'add', link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', name);
    } catch (error) {
      ip('netns', 'del', name);
      if ((error as { stderr?: string }).stderr?.includes('File exists')) continue; // another run's slot
      throw error;
    }
    const host = hostOn(name, link, slot);
    try {
      ip('addr', 'add', `${host.gateway}/30`, 'dev', link);
      ip('link', 'set', link, 'up');
      ip('-n', name, 'addr', 'add', `${host.address}/30`, 'dev', 'eth0');
      ip('-n', name, 'link', 'set', 'eth0', 'up');
      ip('-n', name, 'link', 'set', 'lo', 'up');
    } catch (error) {
      removeNow(name, link);
      throw error;
    }
    return host;
  }
  throw new Error('no free 198.18.0.0/15 slot for a test host');
}

function hostOn(name: string, link: string, slot: number): NetnsHost {
  const base = 198 * 2 ** 24 + 18 * 2 ** 16 + slot * 4;
  const dotted = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
  const gateway = dotted(base + 1);
  const forwarders: Forwarder[] = [];
  live.set(name, link);
  return {
    name,
    address: dotted(base + 2),
    gateway,
    async forward(env) {
      const out = { ...env };
      for (const key of FORWARDED) {
        const url = env[key] ? new URL(env[key]) : undefined;
        if (!url || !['127.0.0.1', 'localhost'].includes(url.hostname)) continue;
        const f = await forwardTcp(gateway, { host: '127.0.0.1', port: Number(url.port) });
        forwarders.push(f);
        url.hostname = gateway;
        url.port = String(f.port);
        out[key] = url.toString();
      }
      return out;
    },
    async remove() {
      live.delete(name);
      removeNow(name, link);
      await Promise.all(forwarders.map((f) => f.close()));
    },
  };
}

function removeLive(): void {
  for (const [name, link] of live) removeNow(name, link);
}

function removeNow(name: string, link: string): void {
  try {
    for (const pid of ip('netns', 'pids', name).split(/\s+/).filter(Boolean))
      process.kill(Number(pid), 'SIGKILL');
  } catch {}
  // The link first: a namespace outlives its name while a dying process is still inside it.
  for (const args of [
    ['link', 'del', link],
    ['netns', 'del', name],
  ])
    try {
      ip(...args);
    } catch {}
}

/** Removes the hosts (and what runs in them) of test processes that are gone; their names. */
export function sweepStaleNetns(): string[] {
  // Links before namespaces: a link is made after its namespace, so one listed here whose namespace is not
  // listed next lost it (an `ip netns del` by hand).
  const links = ip('-o', 'link', 'show', 'type', 'veth').match(/\bcsnet\d+\b/g) ?? [];
  const names = ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '');
  const removed: string[] = [];
  for (const name of names) {
    const m = /^cs-(\d+)-(\d+|probe)$/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    removeNow(name, `csnet${m[2]}`);
    removed.push(name);
  }
  for (const link of links) {
    if (names.some((n) => n.startsWith(PREFIX) && n.endsWith(`-${link.slice(5)}`))) continue;
    try {
      ip('link', 'del', link);
      removed.push(link);
    } catch {}
  }
  return removed;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens a TCP connection to `address:port` from inside a host's namespace: 'connected', or the error's code
 * (ECONNREFUSED, ENETUNREACH...).
 */
export function connectFrom(host: NetnsHost, address: string, port: number): Promise<string> {
  const script = `const s=require('net').connect(${port},'${address}');s.setTimeout(3000,()=>{console.log('ETIMEDOUT');process.exit()});s.on('connect',()=>{console.log('connected');process.exit()});s.on('error',e=>{console.log(e.code);process.exit()})`;
  return new Promise((resolve, reject) =>
    execFile('ip', ['netns', 'exec', host.name, process.execPath, '-e', script], (error, stdout) =>
      error ? reject(error) : resolve(stdout.trim()),
    ),
  );
}
