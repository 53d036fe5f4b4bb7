import escapeHtml from 'escape-html';
import type { GoogleAuthMessage } from '@papan/shared';

/**
 * The page the Google callback answers. helmet's CSP allows scripts from 'self' only, so the page
 * carries no inline script: its data sits in attributes and the small script below, served by the
 * backend at POPUP_SCRIPT_PATH, posts it to `window.opener` at APP_ORIGIN only and closes the popup.
 * Without an opener (a blocked popup, a new tab) it continues at /auth/callback?token=… instead.
 */
export const POPUP_SCRIPT_PATH = '/api/auth/google/popup.js';

export const POPUP_SCRIPT = `(function () {
  var el = document.getElementById('papan-google-auth');
  var message = JSON.parse(el.getAttribute('data-message'));
  var targetOrigin = el.getAttribute('data-target-origin');
  var fallback = el.getAttribute('data-fallback');
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, targetOrigin);
    window.close();
    return;
  }
  window.location.replace(fallback);
})();
`;

export interface PopupPage {
  message: GoogleAuthMessage;
  /** APP_ORIGIN: no other window may read the token. */
  targetOrigin: string;
  fallbackUrl: string;
}

export function renderPopupPage({ message, targetOrigin, fallbackUrl }: PopupPage): string {
  const data = escapeHtml(JSON.stringify(message));
  const fallback = escapeHtml(fallbackUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Papan</title>
</head>
<body>
<p id="papan-google-auth" data-message="${data}" data-target-origin="${escapeHtml(targetOrigin)}" data-fallback="${fallback}">Signing you in… <a href="${fallback}">Continue</a></p>
<script src="${POPUP_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
