import { act, screen } from '@testing-library/react';
import { TIMINGS } from '@papan/shared';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/factories';
import { errorResponse, jsonResponse, sentBody, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

// The page also asks GET /api/auth/providers (whether to show the Google button); these are the form's calls.
const posts = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.filter(([, init]) => init?.method === 'POST');
const firstPost = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.findIndex(([, init]) => init?.method === 'POST');

type User = ReturnType<typeof renderApp>['user'];

async function fillForm(user: User, password: string, confirmation: string) {
  await user.type(await screen.findByLabelText('Full Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

const registered = () =>
  jsonResponse(201, { message: 'User registered successfully', user: buildUser({ name: 'Ada Lovelace' }) });

describe('RegisterPage', () => {
  it('says the passwords do not match and sends nothing', async () => {
    const fetchMock = stubFetch(registered);
    const { user } = renderApp('/register');

    await fillForm(user, 'correct horse', 'correct hoarse');

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('registers, says a verification link was sent, keeps the button disabled and goes to /login after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch(registered);
    const { user, router } = renderApp('/register', { advanceTimers: vi.advanceTimersByTime });

    await fillForm(user, 'correct horse', 'correct horse');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Registration successful! Redirecting to login... We sent a link to ada@example.com to verify your email address.',
    );
    expect(sentBody(fetchMock, firstPost(fetchMock))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse',
      language: 'en',
    });
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.registerRedirectMs - 100));
    expect(router.state.location.pathname).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows "Creating account..." while the call is on its way', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const { user } = renderApp('/register');

    await fillForm(user, 'correct horse', 'correct horse');

    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });

  it("shows the server's message, e.g. for an e-mail already registered", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => errorResponse(409, 'Email is already registered'));
    const { user } = renderApp('/register');

    await fillForm(user, 'correct horse', 'correct horse');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email is already registered');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('falls back to the generic message when the answer has none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => new Response('Bad Gateway', { status: 502 }));
    const { user } = renderApp('/register');

    await fillForm(user, 'correct horse', 'correct horse');

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during registration.');
  });

  it('refuses an address the browser lets through but the server would not, without sending it (registerSchema)', async () => {
    const fetchMock = stubFetch(registered);
    const { user } = renderApp('/register');

    await user.type(await screen.findByLabelText('Full Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(posts(fetchMock)).toHaveLength(0);
  });
});
