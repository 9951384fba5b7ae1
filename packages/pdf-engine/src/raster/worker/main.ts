/** The page rendering worker's task (started by entry.mjs, after preload.mjs loaded pdf.js and the canvas). */
import { serve } from '../../threads/serve.ts';
import { drawPages } from './draw.ts';

serve({ render: drawPages });
