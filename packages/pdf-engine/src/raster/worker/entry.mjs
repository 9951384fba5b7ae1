// Plain JavaScript entry of the page rendering worker (raster/renderer.ts), so it starts the same way whether the
// parent runs under plain Node, tsx or vitest (as the other PDF workers do): it loads the libraries natively, then
// enables TypeScript for our own modules and starts serving tasks.
import './preload.mjs';
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
