import { LIMITS } from '@papan/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

type User = ReturnType<typeof renderApp>['user'];

async function submit(user: User, current: string, next: string, confirmation: string) {
  const form = (await screen.findByRole('button', { name: 'Update Password' })).closest('form')!;
  const fields = within(form);
  if (current) await user.type(fields.getByLabelText('Current Password'), current);
  if (next) await user.type(fields.getByLabelText('New Password'), next);
  if (confirmation) await user.type(fields.getByLabelText('Confirm New Password'), confirmation);
  await user.click(fields.getByRole('button', { name: 'Update Password' }));
  return fields;
}

describe('ChangePasswordForm', () => {
  it.each([
    ['a field is empty', ['old password', 'new password', ''], 'Please fill in all password fields.'],
    ['the new ones differ', ['old password', 'new password', 'new passwort'], 'New passwords do not match.'],
    [
      'the new one is short',
      ['old password', 'short', 'short'],
      'New password must be at least 8 characters long.',
    ],
  ])('refuses when %s and sends nothing', async (_case, [current, next, confirmation], message) => {
    signIn();
    const api = stubApi();
    const { user } = renderApp('/settings/security');

    const form = await submit(user, current!, next!, confirmation!);

    expect(form.getByRole('alert')).toHaveTextContent(message);
    expect(api.calls('PUT /api/users/change-password')).toHaveLength(0);
  });

  it('changes the password, says so inline and as a toast, and clears the fields', async () => {
    signIn();
    const api = stubApi({ 'PUT /api/users/change-password': { message: 'Password updated' } });
    const { user } = renderApp('/settings/security');

    const form = await submit(user, 'old password', 'new password', 'new password');

    expect(await screen.findAllByText('Password updated successfully!')).toHaveLength(2);
    expect(api.calls('PUT /api/users/change-password')[0]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password',
      signOutEverywhere: true,
    });
    expect(form.getByLabelText('Current Password')).toHaveValue('');
  });

  it('signs out everywhere and revokes tokens unless the box is cleared', async () => {
    signIn();
    const api = stubApi({ 'PUT /api/users/change-password': { message: 'Password updated' } });
    const { user } = renderApp('/settings/security');
    const box = await screen.findByRole('checkbox', { name: /Sign out everywhere and revoke API tokens/ });
    expect(box).toBeChecked();

    await user.click(box);
    await submit(user, 'old password', 'new password', 'new password');

    await screen.findAllByText('Password updated successfully!');
    expect(api.calls('PUT /api/users/change-password')[0]?.body).toMatchObject({ signOutEverywhere: false });
  });

  it("shows the server's message, inline and as a toast, and keeps the session", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'PUT /api/users/change-password': errorResponse(401, 'Current password is incorrect') });
    const { user, router } = renderApp('/settings/security');

    await submit(user, 'wrong password', 'new password', 'new password');

    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/settings/security');
  });

  it('falls back to "Failed to update password."', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'PUT /api/users/change-password': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderApp('/settings/security');

    await submit(user, 'old password', 'new password', 'new password');

    expect(await screen.findAllByText('Failed to update password.')).toHaveLength(2);
  });

  it('is not offered to Google accounts', async () => {
    signIn({ provider: 'google' });
    renderApp('/settings/security');

    expect(
      await screen.findByText('You sign in with Google, so your password is managed by Google.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
  });

  it('refuses a new password longer than the server takes and sends nothing (changePasswordSchema)', async () => {
    signIn();
    const api = stubApi();
    const { user } = renderApp('/settings/security');
    const form = within((await screen.findByRole('button', { name: 'Update Password' })).closest('form')!);
    // The fields' maxLength stops typing at the limit; a paste by script does not.
    const tooLong = 'x'.repeat(LIMITS.password + 1);
    await user.type(form.getByLabelText('Current Password'), 'old password');
    fireEvent.change(form.getByLabelText('New Password'), { target: { value: tooLong } });
    fireEvent.change(form.getByLabelText('Confirm New Password'), { target: { value: tooLong } });

    await user.click(form.getByRole('button', { name: 'Update Password' }));

    expect(form.getByRole('alert')).toHaveTextContent(
      `New Password must be at most ${LIMITS.password} characters long.`,
    );
    expect(api.calls('PUT /api/users/change-password')).toHaveLength(0);
  });
});
