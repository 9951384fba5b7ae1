// A test worker for threads/pool.ts, started the way the engine's workers start (see writer/worker/entry.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./tasks.ts');
