import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';

describe('AccessibilityTab', () => {
  it('switches the theme at once and remembers it', async () => {
    signIn();
    const { user } = renderApp('/settings/accessibility');

    await user.click(await screen.findByRole('radio', { name: 'Light' }));

    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
  });

  it('switches the language at once', async () => {
    signIn();
    const { user } = renderApp('/settings/accessibility');

    await user.click(await screen.findByRole('radio', { name: 'Indonesia' }));

    expect(testI18n.resolvedLanguage).toBe('id');
    expect(await screen.findByRole('heading', { name: 'Pengaturan' })).toBeInTheDocument();
  });
});
