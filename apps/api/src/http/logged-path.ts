/** Path segments that are bearer secrets: a signing link token in the page and the signer API. */
const SECRET_SEGMENT = /^(\/s\/|\/api\/signing\/)[^/]+/;

/** The request path as logs may hold it: whoever reads the logs must not be able to open a signing link. */
export const loggedPath = (path: string): string => path.replace(SECRET_SEGMENT, '$1:token');
