import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('sends an unknown tab to /settings/profile', async () => {
    signIn();
    const { router } = renderApp('/settings/nonsense');

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'));
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it.each(['/profile', '/settings'])('shows the profile tab at %s', async (path) => {
    signIn();
    renderApp(path);

    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Lovelace');
  });

  it('switches tabs through their links', async () => {
    signIn();
    const { user, router } = renderApp('/settings/profile');

    await user.click(await screen.findByRole('link', { name: 'Accessibility' }));

    expect(router.state.location.pathname).toBe('/settings/accessibility');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeInTheDocument();
  });

  it('asks to log in when there is no user', async () => {
    const router = createMemoryRouter([{ path: '/settings/:tab?', element: <SettingsPage /> }], {
      initialEntries: ['/settings/security'],
    });
    render(
      <I18nextProvider i18n={testI18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );

    expect(screen.getByText('Please log in to view your settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
