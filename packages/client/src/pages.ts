/** A page of a cursor-paged list: its items under some key, and the cursor of the next page (null: last). */
export interface Page {
  nextCursor: string | null;
}

/**
 * Every page of a cursor-paged list, fetched as the caller iterates (breaking out stops fetching).
 *
 * @example
 * for await (const page of pages((cursor) => fetchSessions({ cursor }))) console.log(page.sessions.length);
 */
export async function* pages<P extends Page>(fetchPage: (cursor: string | undefined) => Promise<P>) {
  let cursor: string | undefined;
  do {
    const page: P = await fetchPage(cursor);
    yield page;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/** Every item of every page, in order. */
export async function* items<P extends Page, T>(pageList: AsyncIterable<P>, itemsOf: (page: P) => T[]) {
  for await (const page of pageList) yield* itemsOf(page);
}
