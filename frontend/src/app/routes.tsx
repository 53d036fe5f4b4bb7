import { lazy, useMemo } from 'react';
import { lazyReady } from '../lib/lazy-ready';
import { useParams, type RouteObject } from 'react-router-dom';
import { prefetchBoard } from '../features/board/api/get-board';
import type { BoardView } from '../features/board/components/board-page';
import { useSession } from '../lib/session';
import {
  AdminAuditPage,
  AdminBoardsPage,
  AdminDashboardPage,
  AdminLayout,
  AdminPermissionsPage,
  AdminSettingsPage,
  AdminTokensPage,
} from '../features/admin/admin-pages';
import { AnnouncementBanner } from '../features/announcement/components/announcement-banner';
import { GuestOnly } from './guards/guest-only';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { PublicFrame } from './layouts/public-frame';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './not-found-page';
import {
  ActivityPage,
  AppShell,
  ArchivedPage,
  AuthCallbackPage,
  ContactPage,
  ForgotPasswordPage,
  HelpPage,
  InsightsPage,
  LoginPage,
  ProjectsPage,
  RegisterPage,
  ResetPasswordPage,
  SettingsPage,
  VerifyEmailPage,
  WhatsNewPage,
} from './pages';
import { RootPage } from './root-page';
import { RouteErrorPage } from './route-error-page';

/*
 * The route table (docs/product.md, "Route table"). New screens are added to one of the three lists
 * below, and nowhere else:
 *   publicRoutes — /auth/callback, the e-mailed links' pages, /contact-support, /wallboard/:boardId
 *   userRoutes   — /projects, /activity, /board/:boardId, /board/:boardId/table, /board/:boardId/calendar,
 *                  /board/:boardId/insights, /profile, /settings/:tab?, /archived
 *   adminRoutes  — /admin, /admin/boards, /admin/permissions, /admin/tokens, /admin/audit, /admin/settings
 *                  (inside the admin layout)
 */

/** The wallboard is its own chunk: a TV needs neither the app shell nor drag and drop. */
const WallboardPage = lazy(() =>
  import('../features/wallboard/components/wallboard-page').then((m) => ({ default: m.WallboardPage })),
);

/** Public screens besides `/`, /login and /register. */
export const publicRoutes: RouteObject[] = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  // A token in the address's fragment (docs/product.md, "Wallboard"), or the signed-in session.
  { path: '/wallboard/:boardId', element: <WallboardPage /> },
  // Open to everyone: a link from an e-mail may be opened in a browser signed in to any account.
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { element: <PublicFrame />, children: [{ path: '/contact-support', element: <ContactPage /> }] },
];

/** The board screen is its own chunk, like every screen in pages.ts (drag and drop stays out of the rest). */
const loadBoardPage = () => import('../features/board/components/board-page');
const BoardPage = lazyReady(() => loadBoardPage().then((m) => m.BoardPage));
/** The board menu's Automation panel: its own chunk, loaded when first opened. */
const AutomationPanel = lazy(() =>
  import('../features/automation/components/automation-panel').then((m) => ({ default: m.AutomationPanel })),
);

/**
 * A board opened by its address (a reload, a link): the app shell's and the board screen's code and
 * the board itself are asked for as the app starts, together, instead of each after the one before
 * has loaded and rendered (the shell waits for the translations, the screen for the shell).
 */
export function preloadBoardScreen(pathname: string): void {
  const [, boardId, view] = /^\/board\/([^/]+)(?:\/(table|calendar))?\/?$/.exec(pathname) ?? [];
  if (!boardId || !useSession.getState().session?.token) return;
  prefetchBoard(decodeURIComponent(boardId));
  // Each loaded before its first render, so none shows a fallback (lib/lazy-ready.ts). The routes'
  // own renders report a failure.
  AppShell.preload().catch(() => undefined);
  BoardPage.preload().catch(() => undefined);
  // The table's or the calendar's own chunk too, fetched now rather than after the board screen's,
  // and handed to the screen once that has loaded.
  if (view === 'table' || view === 'calendar') {
    loadBoardView[view]().catch(() => undefined);
    loadBoardPage()
      .then((m) => m.preloadBoardView(view))
      .catch(() => undefined);
  }
}

/** The board screen's table and calendar chunks (the screen loads them itself when shown). */
const loadBoardView = {
  table: () => import('../features/board/components/table/table-view'),
  calendar: () => import('../features/board/components/calendar/calendar-view'),
};

/**
 * Asks for the board while the board screen's chunk loads, not after (see prefetchBoard). The
 * board, its table and its calendar are one screen (docs/fields.md, "Views").
 */
function BoardRoute({ view }: { view?: BoardView }) {
  const { boardId } = useParams();
  // During render (before the screen's chunk loads), once per board opened, not on every render: a
  // later render's read would be stale by the time the screen asks (after a join, a change).
  useMemo(() => boardId && prefetchBoard(boardId), [boardId]);
  return <BoardPage automationPanel={AutomationPanel} view={view} />;
}

/** Logged-in screens, shown inside the app shell. */
export const userRoutes: RouteObject[] = [
  { path: '/projects', element: <ProjectsPage /> },
  { path: '/activity', element: <ActivityPage /> },
  { path: '/board/:boardId', element: <BoardRoute /> },
  { path: '/board/:boardId/table', element: <BoardRoute view="table" /> },
  { path: '/board/:boardId/calendar', element: <BoardRoute view="calendar" /> },
  { path: '/board/:boardId/insights', element: <InsightsPage /> },
  { path: '/archived', element: <ArchivedPage /> },
  { path: '/profile', element: <SettingsPage /> },
  { path: '/settings/:tab?', element: <SettingsPage /> },
  { path: '/help', element: <HelpPage /> },
  { path: '/whats-new', element: <WhatsNewPage /> },
];

/** Screens for role ADMIN. */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout banner={<AnnouncementBanner />} />,
    children: [
      { path: '/admin', element: <AdminDashboardPage /> },
      { path: '/admin/boards', element: <AdminBoardsPage /> },
      { path: '/admin/permissions', element: <AdminPermissionsPage /> },
      { path: '/admin/tokens', element: <AdminTokensPage /> },
      { path: '/admin/audit', element: <AdminAuditPage /> },
      { path: '/admin/settings', element: <AdminSettingsPage /> },
    ],
  },
];

interface RouteLists {
  publicRoutes?: RouteObject[];
  userRoutes?: RouteObject[];
  adminRoutes?: RouteObject[];
}

/** The whole table with its guards; tests may pass their own lists. */
export function buildRoutes(lists: RouteLists = {}): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <RootPage /> },
        {
          element: <GuestOnly />,
          children: [
            { path: '/login', element: <LoginPage /> },
            { path: '/register', element: <RegisterPage /> },
          ],
        },
        ...(lists.publicRoutes ?? publicRoutes),
        {
          element: <RequireAuth />,
          children: [{ element: <AppShell />, children: lists.userRoutes ?? userRoutes }],
        },
        { element: <RequireAdmin />, children: lists.adminRoutes ?? adminRoutes },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
