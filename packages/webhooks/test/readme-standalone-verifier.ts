import { createHmac, timingSafeEqual } from 'node:crypto';

export function isGenuine(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now = Date.now() / 1000,
): boolean {
  const parts = (header ?? '').split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${t}.`).update(rawBody).digest();
  return parts
    .filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? ''))
    .some(([, v]) => timingSafeEqual(Buffer.from(v ?? '', 'hex'), expected));
}
