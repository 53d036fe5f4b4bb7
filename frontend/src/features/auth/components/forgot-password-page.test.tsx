import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { errorResponse, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';

const NEUTRAL = 'If an account exists for that address, we have sent a link to reset its password.';
const accepted = () =>
  jsonResponse(202, { message: 'If that address has an account, a link is on its way.' });

async function ask(user: ReturnType<typeof renderApp>['user'], email: string, submit = 'Send reset link') {
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  await user.click(await screen.findByRole('button', { name: submit }));
}

describe('ForgotPasswordPage', () => {
  it('is reached from the login page', async () => {
    stubApi({ 'GET /api/auth/providers': { google: false, allowedOrigins: [] } });
    const { user, router } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('asks for a link in the interface language and shows the same neutral confirmation for any address', async () => {
    const api = stubApi({ 'POST /api/auth/forgot-password': accepted });
    const { user } = renderApp('/forgot-password');

    await ask(user, '  ada@example.com ');

    expect(await screen.findByRole('status')).toHaveTextContent(NEUTRAL);
    expect(api.calls('POST /api/auth/forgot-password')[0]?.body).toEqual({
      email: 'ada@example.com',
      language: 'en',
    });
    // The screen does not repeat the server's words, which could differ for known and unknown addresses.
    expect(screen.queryByText(/a link is on its way/)).not.toBeInTheDocument();
  });

  it('sends language "id" from the Indonesian interface', async () => {
    await act(() => testI18n.changeLanguage('id'));
    const api = stubApi({ 'POST /api/auth/forgot-password': accepted });
    const { user } = renderApp('/forgot-password');

    await ask(user, 'ada@example.com', 'Kirim tautan atur ulang');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Jika ada akun dengan alamat tersebut, kami telah mengirim tautan untuk mengatur ulang kata sandinya.',
    );
    expect(api.calls('POST /api/auth/forgot-password')[0]?.body).toMatchObject({ language: 'id' });
  });

  it('says the address is needed and sends nothing when it is empty', async () => {
    const api = stubApi({ 'POST /api/auth/forgot-password': accepted });
    const { user } = renderApp('/forgot-password');

    await ask(user, '');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(api.calls('POST /api/auth/forgot-password')).toHaveLength(0);
  });

  it('says how long to wait when asked too often (429 with Retry-After)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tooMany = errorResponse(429, 'Too many attempts. Please try again later.');
    tooMany.headers.set('Retry-After', '240');
    stubApi({ 'POST /api/auth/forgot-password': tooMany });
    const { user } = renderApp('/forgot-password');

    await ask(user, 'ada@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 4 minutes.',
    );
    expect(screen.queryByText(NEUTRAL)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('says the link could not be sent when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'POST /api/auth/forgot-password': errorResponse(500, 'boom') });
    const { user } = renderApp('/forgot-password');

    await ask(user, 'ada@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not send the link. Please try again.',
    );
  });

  it('refuses an address the server would refuse, without sending it (forgotPasswordSchema)', async () => {
    const api = stubApi({ 'POST /api/auth/forgot-password': accepted });
    const { user } = renderApp('/forgot-password');

    await ask(user, 'ada@example');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(api.calls('POST /api/auth/forgot-password')).toHaveLength(0);
  });
});
