import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { errorResponse, jsonResponse } from '../../../testing/fetch-stub';
import { buildUser } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const settings = (registration: 'open' | 'invite' | 'closed') => ({
  registration,
  announcement: null,
  sso: { enabled: false, name: '' },
  google: { enabled: false },
});

describe('RegisterPage and the registration policy', () => {
  it('closed: says so and offers no form', async () => {
    stubApi({ 'GET /api/settings/public': settings('closed') });
    renderApp('/register');
    expect(await screen.findByText(/Registration is closed on this server/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('invite only: says who may register and keeps the form', async () => {
    stubApi({ 'GET /api/settings/public': settings('invite') });
    renderApp('/register');
    expect(await screen.findByText(/Registration is by invitation only/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it("an administrator's invitation link: the address filled in, the token sent, even when closed", async () => {
    const api = stubApi({
      'GET /api/settings/public': settings('closed'),
      'POST /api/auth/register': () =>
        jsonResponse(201, { message: 'Registration successful', user: buildUser() }),
    });
    const { user } = renderApp('/register?invite=abc_DEF-123&email=guest%40example.org');
    expect(await screen.findByText(/You were invited/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('guest@example.org');
    await user.type(screen.getByLabelText('Full Name'), 'Guest');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/Registration successful/)).toBeInTheDocument();
    expect(api.calls('POST /api/auth/register')[0].body).toMatchObject({
      email: 'guest@example.org',
      inviteToken: 'abc_DEF-123',
    });
  });

  it("says the server's refusal in the reader's words", async () => {
    stubApi({
      'GET /api/settings/public': settings('open'),
      'POST /api/auth/register': (_: StubRequest) =>
        errorResponse(403, 'Registration is closed on this server.', { code: 'registration_closed' }),
    });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Full Name'), 'Late');
    await user.type(screen.getByLabelText('Email'), 'late@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Ask an administrator for an invitation/);
  });
});
