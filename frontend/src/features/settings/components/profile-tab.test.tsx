import { act, screen } from '@testing-library/react';
import { TIMINGS } from '@papan/shared';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { buildToken, buildUser, signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

describe('ProfileTab', () => {
  it('saves name, gender and links as multipart, replaces the token and says so for 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const token = buildToken({ name: 'Ada King' });
    const api = stubApi({
      'PUT /api/users/profile': { user: buildUser({ name: 'Ada King', gender: 'female' }), token },
    });
    const { user } = renderApp('/settings/profile', { advanceTimers: vi.advanceTimersByTime });

    const name = await screen.findByRole('textbox', { name: 'Full Name' });
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'female');
    await user.type(screen.getByRole('textbox', { name: 'GitHub' }), 'https://github.com/ada');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const body = api.calls('PUT /api/users/profile')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      name: 'Ada King',
      gender: 'female',
      socialLinks: JSON.stringify({ github: 'https://github.com/ada' }),
    });
    expect(useSession.getState().session).toMatchObject({ name: 'Ada King', token });
    expect(localStorage.getItem('token')).toBe(token);

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.profileMessageMs));
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to update profile.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    let answer = errorResponse(400, 'name: must not be empty');
    stubApi({ 'PUT /api/users/profile': () => answer });
    const { user } = renderApp('/settings/profile');

    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('name: must not be empty');

    answer = new Response('Bad Gateway', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
  });

  it('shows the e-mail read-only, the picture hint and a Change Password link for local accounts', async () => {
    signIn();
    renderApp('/settings/profile');

    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByText('PNG, JPG, or GIF up to 2MB. Recommended: 256x256px')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    expect(screen.queryByText('Google')).not.toBeInTheDocument();
    for (const name of ['Website', 'GitHub', 'Twitter'])
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('type', 'url');
  });

  it('shows the Google badge and no Change Password link for Google accounts', async () => {
    signIn({ provider: 'google' });
    renderApp('/settings/profile');

    expect(await screen.findByText('Google')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('offers the four genders or none, and Cancel goes to /', async () => {
    signIn();
    const { user, router } = renderApp('/settings/profile');

    const options = (await screen.findByRole('combobox', { name: 'Gender' })).querySelectorAll('option');
    expect([...options].map((option) => option.value)).toEqual([
      '',
      'male',
      'female',
      'other',
      'prefer_not_to_say',
    ]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('refuses a link that is not http(s) and a blank name, and sends nothing (profileUpdateSchema)', async () => {
    signIn();
    const api = stubApi({ 'PUT /api/users/profile': { user: buildUser() } });
    const { user } = renderApp('/settings/profile');

    await user.type(await screen.findByRole('textbox', { name: 'Website' }), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Website is not valid.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Website' }));
    await user.clear(screen.getByRole('textbox', { name: 'Full Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Full Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Full Name is required.')).toBeInTheDocument();
    expect(api.calls('PUT /api/users/profile')).toHaveLength(0);
  });
});
