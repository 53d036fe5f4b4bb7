import { lazy } from 'react';
import { lazyReady } from '../lib/lazy-ready';

// Every screen is its own chunk: the first screen downloads only what it shows.

/** The signed-in frame (notifications, socket, account menu) stays out of the visitors' first screen. */
export const AppShell = lazyReady(() => import('./layouts/app-shell').then((m) => m.AppShell));
export const LandingPage = lazy(() =>
  import('../features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })),
);
export const HomePage = lazy(() =>
  import('../features/boards/components/home-page').then((m) => ({ default: m.HomePage })),
);
export const ProjectsPage = lazy(() =>
  import('../features/boards/components/projects-page').then((m) => ({ default: m.ProjectsPage })),
);
export const ArchivedPage = lazy(() =>
  import('../features/boards/components/archived-page').then((m) => ({ default: m.ArchivedPage })),
);
export const ActivityPage = lazy(() =>
  import('../features/activity/components/activity-page').then((m) => ({ default: m.ActivityPage })),
);
export const SettingsPage = lazy(() =>
  import('../features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })),
);
export const ContactPage = lazy(() =>
  import('../features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })),
);
export const LoginPage = lazy(() =>
  import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
export const RegisterPage = lazy(() =>
  import('../features/auth/components/register-page').then((m) => ({ default: m.RegisterPage })),
);
export const AuthCallbackPage = lazy(() =>
  import('../features/auth/components/auth-callback-page').then((m) => ({ default: m.AuthCallbackPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import('../features/auth/components/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
export const HelpPage = lazy(() =>
  import('../features/help/components/help-page').then((m) => ({ default: m.HelpPage })),
);
export const WhatsNewPage = lazy(() =>
  import('../features/help/components/whats-new-page').then((m) => ({ default: m.WhatsNewPage })),
);
/** The board's flow figures: their own chunk, chart.js included. */
export const InsightsPage = lazy(() =>
  import('../features/insights/components/insights-page').then((m) => ({ default: m.InsightsPage })),
);
