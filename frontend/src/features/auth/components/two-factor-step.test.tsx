import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { buildLoginResult } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const challenge = 'Ch4llenge_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const refused = (code: string, message: string) =>
  jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message, msg: message, code });

async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'tari@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('two-factor step of the sign-in', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const result = buildLoginResult({ name: 'Tari Two' });
    const api = stubApi({
      'POST /api/auth/login': { twoFactorRequired: true, challenge },
      'POST /api/auth/2fa': { ...result, twoFactorEnabled: true },
    });
    const { user, router } = renderApp('/login');
    await passwordStep(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(useSession.getState().session).toBeNull();
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: /Tari Two/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('POST /api/auth/2fa').map((c) => c.body)).toEqual([{ challenge, code: '123456' }]);
    expect(useSession.getState().session).toMatchObject({ token: result.token });
  });

  it('takes a recovery code instead, and checks its form before sending', async () => {
    const api = stubApi({
      'POST /api/auth/login': { twoFactorRequired: true, challenge },
      'POST /api/auth/2fa': buildLoginResult(),
    });
    const { user } = renderApp('/login');
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));

    await user.type(screen.getByLabelText('Recovery code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter one of your recovery codes, like abcde-fghij.',
    );
    expect(api.calls('POST /api/auth/2fa')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Recovery code'));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHIJ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(api.calls('POST /api/auth/2fa')).toHaveLength(1));
    expect(api.calls('POST /api/auth/2fa')[0].body).toEqual({ challenge, recoveryCode: 'abcdefghij' });
  });

  it('says a wrong code is wrong, and an ended challenge sends the person back to sign in again', async () => {
    let answers = 0;
    stubApi({
      'POST /api/auth/login': { twoFactorRequired: true, challenge },
      'POST /api/auth/2fa': () =>
        ++answers === 1
          ? refused('two_factor_wrong', 'That code is not right.')
          : refused('two_factor_ended', 'This sign-in has expired.'),
    });
    const { user } = renderApp('/login');
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right. Check your authenticator app',
    );

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(/This sign-in has expired or had too many wrong codes/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
