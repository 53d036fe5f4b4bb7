import { SOURCE_CODE_URL } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../testing/factories';
import { renderApp } from '../../testing/render-app';

describe('AppShell', () => {
  it('has the side navigation: Home, Projects, Activity, Archived', async () => {
    signIn();
    renderApp('/projects');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Projects', '/projects'],
      ['Activity', '/activity'],
      ['Archived', '/archived'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses to the narrow form and expands again, remembering the choice', async () => {
    signIn();
    const { user } = renderApp('/projects');

    const toggle = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(toggle.closest('aside')).toHaveClass('md:w-64');
    await user.click(toggle);

    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(expand.closest('aside')).toHaveClass('w-20');
    expect(expand.closest('aside')).not.toHaveClass('md:w-64');
    expect(localStorage.getItem('sideNavCollapsed')).toBe('true');
    await user.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers the account menu entries, with the keyboard too', async () => {
    signIn();
    const { user } = renderApp('/projects');

    (await screen.findByRole('button', { name: /^Account menu/ })).focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Account menu' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Account and Settings',
      'Help and resources',
      "What's new",
      'Contact Support',
      'Source code',
      'Log out',
    ]);
    expect(items.slice(0, 5).map((item) => item.getAttribute('href'))).toEqual([
      '/profile',
      '/help',
      '/whats-new',
      '/contact-support',
      SOURCE_CODE_URL,
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    expect(items[5]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Account menu/ })).toHaveFocus();
  });
});
