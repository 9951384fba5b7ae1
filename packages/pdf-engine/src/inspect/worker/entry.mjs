// Plain JavaScript entry of the inspection worker, so it starts the same way whether the
// parent runs under plain Node, tsx or vitest: it loads the parsers natively, then enables
// TypeScript for our own modules and starts the worker loop.
import './preload.mjs';
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
