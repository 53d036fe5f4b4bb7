import escapeHtml from 'escape-html';
import { GOOGLE_AUTH_SUCCESS } from '@papan/shared';

/**
 * The page the Google callback answers. helmet's CSP allows scripts from 'self' only, so the page
 * carries no inline script: its data sits in attributes and the small script below, served by the
 * backend at POPUP_SCRIPT_PATH, does the rest. The page holds a one-time code, never a session
 * token (docs/api.md, "Google sign-in"). In the popup, the script exchanges the code (this browser
 * holds the sign-in's state cookie), posts `{type: 'GOOGLE_AUTH_SUCCESS', token, user}` (or, for an
 * account with two-factor sign-in, `{type, twoFactorRequired: true, challenge}`) to `window.opener`
 * at APP_ORIGIN only and closes the popup. Without an opener (a blocked popup, a
 * new tab) it continues at /auth/callback?token=<code>, where the app exchanges the code.
 */
export const POPUP_SCRIPT_PATH = '/api/auth/google/popup.js';
export const EXCHANGE_PATH = '/api/auth/google/exchange';

export const POPUP_SCRIPT = `(function () {
  var el = document.getElementById('papan-google-auth');
  var code = el.getAttribute('data-code');
  var targetOrigin = el.getAttribute('data-target-origin');
  var fallback = el.getAttribute('data-fallback');
  var failure = el.getAttribute('data-failure');
  if (!window.opener || window.opener.closed) {
    window.location.replace(fallback);
    return;
  }
  fetch('${EXCHANGE_PATH}', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: code })
  })
    .then(function (res) {
      if (!res.ok) throw new Error('exchange failed: ' + res.status);
      return res.json();
    })
    .then(function (result) {
      if (result.twoFactorRequired) {
        window.opener.postMessage({ type: '${GOOGLE_AUTH_SUCCESS}', twoFactorRequired: true, challenge: result.challenge }, targetOrigin);
        window.close();
        return;
      }
      var user = Object.assign({}, result);
      delete user.token;
      window.opener.postMessage({ type: '${GOOGLE_AUTH_SUCCESS}', token: result.token, user: user }, targetOrigin);
      window.close();
    })
    .catch(function () {
      window.location.replace(failure);
    });
})();
`;

export interface PopupPage {
  /** The one-time code of this sign-in. */
  code: string;
  /** APP_ORIGIN: no other window may read the token. */
  targetOrigin: string;
  fallbackUrl: string;
  failureUrl: string;
}

export function renderPopupPage({ code, targetOrigin, fallbackUrl, failureUrl }: PopupPage): string {
  const fallback = escapeHtml(fallbackUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Papan</title>
</head>
<body>
<p id="papan-google-auth" data-code="${escapeHtml(code)}" data-target-origin="${escapeHtml(targetOrigin)}" data-fallback="${fallback}" data-failure="${escapeHtml(failureUrl)}">Signing you in… <a href="${fallback}">Continue</a></p>
<script src="${POPUP_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
