import type { PageFrame } from '../../geometry/convert.ts';
import type { DetectResult } from '../types.ts';

export interface DetectJob {
  id: number;
  bytes: Uint8Array;
  frames: PageFrame[];
}

export type DetectReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: DetectResult }
  | { type: 'failed'; id: number; message: string };
