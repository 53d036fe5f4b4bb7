import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { buildUser, signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const setup = { secret, otpauthUrl: `otpauth://totp/Papan:ada%40example.com?secret=${secret}&issuer=Papan` };
const codes = Array.from({ length: 10 }, (_, i) => `abcd${'abcdefghij'[i]}-klmno`);

describe('Settings › two-factor sign-in', () => {
  it('sets up: QR code and key, a code turns it on, the recovery codes are shown once', async () => {
    signIn();
    let enabled = false;
    const api = stubApi({
      'GET /api/sessions': [],
      'GET /api/users/me': () => ({ ...buildUser(), twoFactorEnabled: enabled }),
      'POST /api/account/2fa/setup': setup,
      'POST /api/account/2fa/enable': () => {
        enabled = true;
        return { recoveryCodes: codes };
      },
    });
    const { user } = renderApp('/settings/security');

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(api.calls('POST /api/account/2fa/enable')).toHaveLength(0);

    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(api.calls('POST /api/account/2fa/enable').map((c) => c.body)).toEqual([{ code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with the password and a code, and says which one was wrong', async () => {
    signIn({ provider: 'local' });
    let enabled = true;
    let attempts = 0;
    const api = stubApi({
      'GET /api/sessions': [],
      'GET /api/users/me': () => ({ ...buildUser(), twoFactorEnabled: enabled }),
      'DELETE /api/account/2fa': () => {
        if (++attempts === 1) return errorResponse(400, 'password: is incorrect');
        enabled = false;
        return { message: 'Two-factor sign-in is off.' };
      },
    });
    const { user } = renderApp('/settings/security');

    await user.type(await screen.findByLabelText('Password'), 'wrong-password');
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password is not correct.');

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(api.calls('DELETE /api/account/2fa').map((c) => c.body)[1]).toEqual({
      password: 'wrong-password',
      code: '123456',
    });
  });

  it('asks no password of an account that has none (single sign-on, Google)', async () => {
    signIn({ provider: 'oidc' });
    stubApi({
      'GET /api/sessions': [],
      'GET /api/users/me': { ...buildUser({ provider: 'oidc' }), twoFactorEnabled: true },
    });
    renderApp('/settings/security');
    expect(await screen.findByLabelText('Code from your app')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
