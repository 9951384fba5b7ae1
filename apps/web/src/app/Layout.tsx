import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { signOut, useMe } from '../features/auth/api/auth.ts';
import { clearPlacedSends } from '../features/sending/placed-send.ts';

const NAV = [
  ['/sessions', 'Sessions'],
  ['/templates', 'Templates'],
  ['/reports', 'Reports'],
  ['/integration', 'Integration'],
  ['/drive', 'Drive'],
  ['/webhooks', 'Webhooks'],
  ['/settings', 'Settings'],
] as const;

export function Layout({ children }: { children: ReactNode }) {
  const me = useMe();
  const [path] = useLocation();
  // The page renders while `me` loads (its own queries run in parallel); a 401 sends everyone to sign-in.
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Countersign</span>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([href, label]) => (
              <li key={href}>
                <Link href={href} aria-current={path.startsWith(href) ? 'page' : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          {me.data ? (
            <span className="muted" title={me.data.member?.email}>
              {me.data.account.name}
            </span>
          ) : null}
          <button
            type="button"
            className="link"
            onClick={async () => {
              await signOut().catch(() => undefined);
              clearPlacedSends();
              location.assign('/app/sign-in');
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      {children}
    </>
  );
}
