import { useLocation, useSearch } from 'wouter';

/**
 * Values kept in the address's query string (a list's filters), so a filtered list can be bookmarked, shared
 * and found again with Back: the values of `keys` now, and a setter that replaces the address (no history
 * entry per keystroke) with the changes, an empty or undefined value leaving its key out.
 */
export function useAddressQuery<K extends string>(
  keys: readonly K[],
): [Partial<Record<K, string>>, (changes: Partial<Record<K, string | undefined>>) => void] {
  const params = new URLSearchParams(useSearch());
  const [path, navigate] = useLocation();
  const values: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v) values[k] = v;
  }
  const set = (changes: Partial<Record<K, string | undefined>>) => {
    // The address as it is now: two changes before the next render both count.
    const now = new URLSearchParams(window.location.search);
    const next = new URLSearchParams();
    for (const k of keys) {
      const v = k in changes ? changes[k] : (now.get(k) ?? undefined);
      if (v) next.set(k, v);
    }
    const qs = next.toString();
    navigate(`${path}${qs ? `?${qs}` : ''}`, { replace: true });
  };
  return [values, set];
}
