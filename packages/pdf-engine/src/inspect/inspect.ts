import { createInspector, type Inspector } from './inspector.ts';
import type { InspectLimits, InspectResult } from './types.ts';

let shared: Inspector | undefined;

/**
 * Judges a file and, when accepted, measures every page for layout. Uses a shared inspector
 * created on first use (2 workers, default limits); idle workers never keep the process alive.
 */
export function inspect(bytes: Uint8Array, limits?: Partial<InspectLimits>): Promise<InspectResult> {
  shared ??= createInspector();
  return shared.inspect(bytes, limits);
}

/** Stops the shared inspector's workers (for a clean shutdown); a later inspect() starts a new one. */
export async function closeDefaultInspector(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.close();
}
