import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthenticated } from '../lib/api-client.ts';

/** A 401 anywhere means the session ended (expired, revoked, signed out elsewhere): back to sign-in. */
function onAuthError(err: unknown) {
  if (isUnauthenticated(err) && !location.pathname.startsWith('/app/sign-in')) {
    const next = location.pathname + location.search;
    location.assign(`/app/sign-in?next=${encodeURIComponent(next)}`);
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAuthError }),
  mutationCache: new MutationCache({ onError: onAuthError }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, err) => !isUnauthenticated(err) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});
