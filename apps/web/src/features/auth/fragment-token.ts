import { useEffect, useState } from 'react';

const tokenInAddress = () => new URLSearchParams(location.hash.slice(1)).get('token');

/**
 * The `token` of a link's fragment (`#token=...`): emailed sign-in links and the first run's setup link carry
 * it there so it stays out of server logs and Referer headers. A link opened in a tab already on the page only
 * changes the fragment, so it is followed.
 */
export function useFragmentToken(): string | null {
  const [token, setToken] = useState(tokenInAddress);
  useEffect(() => {
    const onHash = () => setToken(tokenInAddress());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return token;
}
