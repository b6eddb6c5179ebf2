import { ROUTER_FUTURE } from '@vitrine/contracts';
import { UiProvider } from '@vitrine/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { SessionContext, type Session } from '../lib/session';

export const ADMIN_SESSION: Session = {
  claims: { sub: 'admin-id', UserName: 'admin', isAdmin: true, iat: 0, exp: 4_102_444_800 },
  signOut: jest.fn(),
};

/** Shows the router's current address, so a test can assert where a screen navigated. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders an admin screen as the area mounts it: a query cache of its own, toasts and confirm
 * dialogs, a signed-in administrator, and a router at `url` with the screen on `path` (both
 * under /admin).
 */
export function renderScreen(element: ReactElement, { url, path }: { url: string; path: string }) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <UiProvider>
        <SessionContext.Provider value={ADMIN_SESSION}>
          <MemoryRouter initialEntries={[url]} future={ROUTER_FUTURE}>
            <Routes>
              <Route path={path} element={element} />
              <Route path="*" element={<p>Elsewhere</p>} />
            </Routes>
            <LocationDisplay />
          </MemoryRouter>
        </SessionContext.Provider>
      </UiProvider>
    </QueryClientProvider>,
  );
}

/** A JWT with the given claims; the signature is never checked in the browser. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
