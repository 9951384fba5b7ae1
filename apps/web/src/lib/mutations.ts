import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * A write after which what is cached under `queryKey` (a list and every query below its key) is fetched
 * again; the mutation stays pending until that refetch is done, so a page never shows the old list as new.
 */
export function useRefetchingMutation<A, R>(queryKey: QueryKey, mutationFn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey }) });
}

/** The DELETE of one record of a collection by its id: `deleteById('/api/tokens')(id)`. */
export const deleteById = (collection: string) => (id: string) =>
  api<void>(`${collection}/${encodeURIComponent(id)}`, { method: 'DELETE' });
