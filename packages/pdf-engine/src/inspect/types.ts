import type { PageGeometry } from '../geometry/types.ts';

export interface InspectLimits {
  /** Largest accepted file, in bytes (checked before any parsing). */
  maxBytes: number;
  /** Largest accepted page count. */
  maxPages: number;
  /** Wall-clock budget for reading one file in the worker. */
  timeoutMs: number;
  /** JS heap cap of a worker (resourceLimits.maxOldGenerationSizeMb); also bounds single buffers and images. */
  maxMemoryMb: number;
}

export const DEFAULT_INSPECT_LIMITS: Readonly<InspectLimits> = Object.freeze({
  maxBytes: 50 * 1024 * 1024,
  maxPages: 2000,
  timeoutMs: 20_000,
  maxMemoryMb: 512,
});

export type RejectReason = 'encrypted' | 'xfa' | 'load-failed' | 'too-large' | 'too-many-pages';

export interface InspectOk {
  ok: true;
  /** SHA-256 (hex) of the inspected bytes. */
  sha256: string;
  pageCount: number;
  pages: PageGeometry[];
}

export interface InspectRejected {
  ok: false;
  reason: RejectReason;
  /** One clear sentence for a person, saying what is wrong and what to do. */
  message: string;
}

export type InspectResult = InspectOk | InspectRejected;
