// Plain JavaScript entry of a job thread (threads.ts), so it starts the same way whether the process runs
// under plain Node, tsx or vitest: it enables TypeScript for our modules, then runs the thread.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
