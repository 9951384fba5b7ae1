/** The PDF writing worker's tasks (started by entry.mjs): the engine's own functions, unchanged. */
import { finalize } from '../../finalize/finalize.ts';
import { checkDrawnSignature } from '../../finalize/images.ts';
import { activeContentOf, prepare } from '../../prepare/prepare.ts';
import { serve } from '../../threads/serve.ts';

serve({ finalize, prepare, checkDrawnSignature, activeContentOf });
