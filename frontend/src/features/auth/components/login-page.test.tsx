import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { buildLoginResult } from '../../../testing/factories';
import { errorResponse, jsonResponse, sentBody, stubFetch } from '../../../testing/fetch-stub';
import { adminStubRoutes, renderApp } from '../../../testing/render-app';

// The page also asks GET /api/auth/providers (whether to show the Google button); these are the form's calls.
const posts = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.filter(([, init]) => init?.method === 'POST');
const firstPost = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.findIndex(([, init]) => init?.method === 'POST');

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  const submit = await screen.findByRole('button', { name: 'Login' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(submit);
}

describe('LoginPage', () => {
  it('says both fields are needed and sends nothing when they are empty', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, buildLoginResult()));
    const { user } = renderApp('/login');

    await fillAndSubmit(user, '', '');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email dan password tidak boleh kosong.');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows "Masuk..." on a disabled button while logging in, then opens the home screen', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = renderApp('/login');

    await fillAndSubmit(user, 'ada@example.com', 'correct horse');

    expect(screen.getByRole('button', { name: 'Masuk...' })).toBeDisabled();
    expect(sentBody(fetchMock, firstPost(fetchMock))).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    answer(jsonResponse(200, buildLoginResult({ name: 'Ada Lovelace' })));
    expect(await screen.findByRole('heading', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().session?.email).toBe('ada@example.com');
  });

  it('sends an ADMIN to /admin', async () => {
    stubFetch(() => jsonResponse(200, buildLoginResult({ role: 'ADMIN' })));
    const { user, router } = renderApp('/login', { adminRoutes: adminStubRoutes });

    await fillAndSubmit(user, 'root@example.com', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('returns to the page that required the login', async () => {
    stubFetch(() => jsonResponse(200, buildLoginResult()));
    const { user, router } = renderApp('/whats-new');

    await fillAndSubmit(user, 'ada@example.com', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/whats-new'));
  });

  it("shows the server's msg when the login is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => errorResponse(401, 'Invalid email or password', { msg: 'Email atau password salah.' }));
    const { user, router } = renderApp('/login');

    await fillAndSubmit(user, 'ada@example.com', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email atau password salah.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to the generic message when the server gives no msg', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'ada@example.com', 'whatever1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login gagal. Silakan periksa kredensial Anda.',
    );
  });

  it('refuses an address the server would refuse, without sending it (loginSchema)', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, buildLoginResult()));
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'ada@example', 'correct horse');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(posts(fetchMock)).toHaveLength(0);
  });
});
