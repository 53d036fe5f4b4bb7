import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../lib/session';
import { stubApi } from '../testing/api-stub';
import { buildLoginResult, signIn } from '../testing/factories';
import { adminStubRoutes, renderApp } from '../testing/render-app';

describe('route table and guards', () => {
  it('shows the landing page to visitors at /', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Organize your work, together',
    );
    for (const link of screen.getAllByRole('link', { name: /Get Started/ })) {
      expect(link).toHaveAttribute('href', '/register');
    }
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
    for (const figure of ['10K+', '50K+', '99.9%', '24/7'])
      expect(screen.getByText(figure)).toBeInTheDocument();
  });

  it('shows the home screen with the user name to a signed-in user at /', async () => {
    signIn({ name: 'Grace Hopper' });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Hopper!' })).toBeInTheDocument();
  });

  it('redirects an ADMIN from / to /admin', async () => {
    signIn({ role: 'ADMIN' });
    const { router } = renderApp('/', { adminRoutes: adminStubRoutes });

    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends a logged-out visitor of /help to /login', async () => {
    const { router } = renderApp('/help');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/help' } });
  });

  it('sends a signed-in user away from /login and /register to /', async () => {
    signIn();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    await router.navigate('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a visitor of /admin to /login', async () => {
    const { router } = renderApp('/admin', { adminRoutes: adminStubRoutes });

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('never shows /admin to a non-admin: /login, which sends a signed-in user on to /', async () => {
    signIn({ role: 'MEMBER' });
    const { router } = renderApp('/admin', { adminRoutes: adminStubRoutes });

    expect(await screen.findByRole('heading', { name: /Welcome/ })).toBeInTheDocument();
    expect(screen.queryByText('Admin dashboard')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the five FAQ questions on /help and the release note on /whats-new', async () => {
    signIn();
    const { router } = renderApp('/help');

    expect(await screen.findByText('What is a Kanban board?')).toBeInTheDocument();
    expect(screen.getAllByRole('group')).toHaveLength(5);

    await router.navigate('/whats-new');
    expect(await screen.findByText('Version 1.0.0')).toBeInTheDocument();
    expect(screen.getByText('Released July 8, 2025')).toBeInTheDocument();
  });

  it('logs out from the account menu and returns to /', async () => {
    signIn();
    const { user, router } = renderApp('/help');

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('link', { name: 'Start Free Trial' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().session).toBeNull();
  });

  it('shows "Page not found" with the links for a visitor and for a user', async () => {
    const { unmount } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact-support');
    expect(screen.queryByRole('link', { name: 'Your Projects' })).not.toBeInTheDocument();
    unmount();

    signIn();
    renderApp('/no/such/page');
    expect(await screen.findByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    for (const name of ['Your Projects', 'Settings', 'Activity']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('completes a Google sign-in from /auth/callback?token=<code>, and goes to /login without one', async () => {
    // The value is a one-time code the server exchanges for a session (docs/api.md,
    // "Google sign-in"), never a session token.
    stubApi({ 'POST /api/auth/google/exchange': buildLoginResult({ name: 'Lin Tan' }) });
    const { router, unmount } = renderApp('/auth/callback?token=routes_Code-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().session?.name).toBe('Lin Tan');
    unmount();

    useSession.getState().logout();
    const second = renderApp('/auth/callback');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/login'));
  });
});
