import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { buildUser, signIn } from '../../../testing/factories';
import { errorResponse, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';

const MESSAGE = 'Please verify your email address. We sent a link to ada@example.com.';
const banner = (name = 'Email verification') => screen.findByRole('region', { name });
const noBanner = () =>
  expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
const unverifiedMe = () => buildUser({ emailVerified: false });

describe('VerifyEmailBanner', () => {
  it('asks an unverified user to verify, naming the address', async () => {
    signIn({ emailVerified: false });
    stubApi({ 'GET /api/auth/me': unverifiedMe });
    renderApp('/projects');

    expect(await banner()).toHaveTextContent(MESSAGE);
  });

  it('is not there for a verified user, who is not asked about either', async () => {
    signIn({ emailVerified: true });
    const api = stubApi();
    renderApp('/projects');

    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    noBanner();
    expect(api.calls('GET /api/auth/me')).toHaveLength(0);
  });

  it('sends a new link in the interface language and says so', async () => {
    await act(() => testI18n.changeLanguage('id'));
    signIn({ emailVerified: false });
    const api = stubApi({
      'GET /api/auth/me': unverifiedMe,
      'POST /api/auth/resend-verification': jsonResponse(202, { message: 'Sent' }),
    });
    const { user } = renderApp('/projects');

    await user.click(within(await banner('Verifikasi email')).getByRole('button', { name: 'Kirim ulang' }));

    expect(
      await screen.findByText('Kami telah mengirim tautan verifikasi baru ke ada@example.com.'),
    ).toBeVisible();
    expect(api.calls('POST /api/auth/resend-verification')[0]?.body).toEqual({ language: 'id' });
  });

  it('disappears when the server answers that the address is already verified (409)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ emailVerified: false });
    stubApi({
      'GET /api/auth/me': unverifiedMe,
      'POST /api/auth/resend-verification': errorResponse(409, 'Email is already verified'),
    });
    const { user } = renderApp('/projects');

    await user.click(within(await banner()).getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('Your email address is already verified.')).toBeVisible();
    noBanner();
    expect(useSession.getState().session?.emailVerified).toBe(true);
  });

  it('says how long to wait when asked too often (429)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ emailVerified: false });
    const tooMany = errorResponse(429, 'Too many attempts. Please try again later.');
    tooMany.headers.set('Retry-After', '30');
    stubApi({ 'GET /api/auth/me': unverifiedMe, 'POST /api/auth/resend-verification': tooMany });
    const { user } = renderApp('/projects');

    await user.click(within(await banner()).getByRole('button', { name: 'Resend' }));

    expect(await screen.findByText('Too many requests. Please try again in 30 seconds.')).toBeVisible();
    expect(within(await banner()).getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('goes away when the window regains focus after the link was opened in another tab', async () => {
    signIn({ emailVerified: false });
    let verified = false;
    const api = stubApi({ 'GET /api/auth/me': () => buildUser({ emailVerified: verified }) });
    renderApp('/projects');
    await banner();
    await vi.waitFor(() => expect(api.calls('GET /api/auth/me')).toHaveLength(1));

    verified = true;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });

    await vi.waitFor(noBanner);
    expect(useSession.getState().session?.emailVerified).toBe(true);
  });

  it('asks the server about a session stored before addresses were verified', async () => {
    const { emailVerified: _unknown, ...older } = signIn();
    useSession.setState({ session: older as typeof older & { emailVerified: boolean } });
    const api = stubApi({ 'GET /api/auth/me': unverifiedMe });
    renderApp('/projects');

    expect(await banner()).toHaveTextContent(MESSAGE);
    expect(api.calls('GET /api/auth/me')).toHaveLength(1);
  });
});
