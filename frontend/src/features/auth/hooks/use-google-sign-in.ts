import { GOOGLE_AUTH_SUCCESS, UI, type LoginResult } from '@papan/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { postLoginPath } from '../../../lib/auth-redirect';
import { useSession } from '../../../lib/session';

export const GOOGLE_START_PATH = '/api/auth/google';
const POPUP_NAME = 'papan-google-sign-in';

/** The popup this page opened; kept outside the component so /login ↔ /register keeps listening to it. */
let openedPopup: Window | null = null;

/**
 * The popup's message: `{type: 'GOOGLE_AUTH_SUCCESS', token, user}`, or one with a token
 * (docs/api.md, "Google sign-in"); `{type, twoFactorRequired, challenge}` is read by readChallenge.
 */
function readMessage(data: unknown): { token: string; user: LoginResult | null } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, token, user } = data as { type?: unknown; token?: unknown; user?: unknown };
  if (typeof token !== 'string' || !token) return null;
  const hasUser = type === GOOGLE_AUTH_SUCCESS && typeof user === 'object' && user !== null;
  return { token, user: hasUser ? ({ ...(user as LoginResult), token } as LoginResult) : null };
}

/** The popup's message for an account with two-factor sign-in: its challenge, else null. */
function readChallenge(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, twoFactorRequired, challenge } = data as Record<string, unknown>;
  const valid = type === GOOGLE_AUTH_SUCCESS && twoFactorRequired === true && typeof challenge === 'string';
  return valid && challenge ? challenge : null;
}

/** 600×700, centred over the current window (docs/product.md, "Sign-in and registration"). */
function popupFeatures(): string {
  const { width, height } = UI.googlePopup;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/**
 * Google sign-in through a popup. While mounted, `message` events are read only from the popup this
 * page opened, at one of the allowed origins (docs/product.md, "Validation"), and only when they
 * carry a token; everything else (another window or frame posting the same shape) is ignored.
 * Answers the function that opens the popup.
 */
export function useGoogleSignIn(allowedOrigins: readonly string[]): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useSession((state) => state.login);
  const loginWithToken = useSession((state) => state.loginWithToken);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (!openedPopup || event.source !== openedPopup) return;
      if (!allowedOrigins.includes(event.origin)) return;
      const challenge = readChallenge(event.data);
      if (challenge) {
        // The code step of /login finishes the sign-in (docs/api.md, "Two-factor sign-in").
        const state = { ...(location.state as object | null), twoFactorChallenge: challenge };
        void navigate('/login', { replace: true, state });
        return;
      }
      const message = readMessage(event.data);
      if (!message) return;
      let role: LoginResult['role'] | undefined;
      if (message.user) {
        login(message.user);
        role = message.user.role;
      } else if (loginWithToken(message.token)) {
        role = useSession.getState().session?.role;
      }
      if (role) void navigate(postLoginPath(role, location.state), { replace: true });
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [allowedOrigins, login, loginWithToken, navigate, location.state]);

  return () => {
    const popup = window.open(GOOGLE_START_PATH, POPUP_NAME, popupFeatures());
    openedPopup = popup;
    // A blocked popup: the whole page goes through Google and comes back at /auth/callback?token=…
    if (!popup) window.location.assign(GOOGLE_START_PATH);
    else popup.focus();
  };
}
