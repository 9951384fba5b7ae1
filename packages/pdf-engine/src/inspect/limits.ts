import { PdfEngineError } from '../errors.ts';
import { DEFAULT_INSPECT_LIMITS, type InspectLimits } from './types.ts';

/** Defaults, then each layer of overrides in order; every value must be a positive finite number. */
export function resolveLimits(...layers: (Partial<InspectLimits> | undefined)[]): InspectLimits {
  const limits: InspectLimits = { ...DEFAULT_INSPECT_LIMITS };
  for (const layer of layers) {
    if (!layer) continue;
    for (const key of Object.keys(DEFAULT_INSPECT_LIMITS) as (keyof InspectLimits)[]) {
      const value = layer[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
        throw new PdfEngineError(
          'invalid-argument',
          `limit ${key} must be a positive number, got ${String(value)}`,
        );
      }
      limits[key] = value;
    }
  }
  return limits;
}

const MB = 1024 * 1024;

/** Memory rules derived from maxMemoryMb (see worker/allocation-guard.ts and worker/flate-check.ts). */
export function memoryRules(maxMemoryMb: number) {
  return {
    /** No single parser buffer above this (32 MB at the default 512). */
    maxBufferBytes: Math.max(8 * MB, Math.floor((maxMemoryMb * MB) / 16)),
    /** Total of large parser buffers per file (1 GB at the default). */
    budgetBytes: maxMemoryMb * 2 * MB,
    /** A stream expanding past this is rejected as a compression bomb (256 MB at the default). */
    maxStreamBytes: Math.floor((maxMemoryMb * MB) / 2),
  };
}
