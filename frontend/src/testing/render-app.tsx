import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/routes';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { testI18n } from './test-i18n';

interface RenderAppOptions {
  adminRoutes?: RouteObject[];
  /** For tests with fake timers: user-event must advance them too. */
  advanceTimers?: (ms: number) => unknown;
  /** Inside React's StrictMode, as main.tsx renders the app: every mount effect runs twice. */
  strict?: boolean;
}

/** Renders the real route table at `path` with the app's providers (toasts), as the browser would. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const router = createMemoryRouter(buildRoutes({ adminRoutes: options.adminRoutes }), {
    initialEntries: [path],
  });
  setUnauthorizedHandler(() => void router.navigate('/login'));
  // A fresh cache per render: no answer survives into the next test, and a failure shows at once.
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const app = (
    <I18nextProvider i18n={testI18n}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </I18nextProvider>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, user, queryClient, ...view };
}

/** A stand-in admin screen: the admin screens arrive in a later issue. */
export const adminStubRoutes: RouteObject[] = [{ path: '/admin', element: <h1>Admin dashboard</h1> }];
