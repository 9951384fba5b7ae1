import { errorResponseFor } from '../../http/openapi.ts';

/** The 404 of every route about one endpoint of the account. */
export const webhookNotFound = errorResponseFor('`webhook_not_found`: no such endpoint for this account.');

/** The 409 of the routes that queue a delivery: a disabled endpoint gets none. */
export const webhookDisabled = errorResponseFor('`webhook_disabled`: enable the endpoint first.');
