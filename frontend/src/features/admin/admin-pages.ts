import { lazy } from 'react';

// The admin area is its own set of chunks (chart.js included): other users never download it.

export const AdminLayout = lazy(() =>
  import('./components/admin-layout').then((m) => ({ default: m.AdminLayout })),
);
export const AdminDashboardPage = lazy(() =>
  import('./components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
export const AdminBoardsPage = lazy(() =>
  import('./components/boards-page').then((m) => ({ default: m.BoardsPage })),
);
export const AdminPermissionsPage = lazy(() =>
  import('./components/permissions-page').then((m) => ({ default: m.PermissionsPage })),
);
export const AdminTokensPage = lazy(() =>
  import('./components/tokens-page').then((m) => ({ default: m.TokensPage })),
);
export const AdminAuditPage = lazy(() =>
  import('./components/audit-page').then((m) => ({ default: m.AuditPage })),
);
export const AdminSettingsPage = lazy(() =>
  import('./components/settings-page').then((m) => ({ default: m.SettingsPage })),
);
