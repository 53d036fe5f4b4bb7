import { OIDC_AUTH_ERRORS, type OidcAuthError } from '@papan/shared';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { buttonStyles } from '../../../components/ui/button-styles';
import { postLoginPath } from '../../../lib/auth-redirect';

export const OIDC_START_PATH = '/api/auth/oidc';

/**
 * The single sign-on button (docs/product.md, "Sign-in and registration"): a whole-page trip to the
 * OpenID provider, back at /auth/callback; named after OIDC_NAME. The page the visitor wanted goes
 * along as `returnTo` (the server keeps only this app's paths).
 */
export function SsoButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const returnTo = postLoginPath('MEMBER', location.state);
  const href =
    returnTo === '/' ? OIDC_START_PATH : `${OIDC_START_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <a href={href} className={buttonStyles('secondary', 'lg', 'w-full')}>
      <KeyRound aria-hidden="true" className="size-5" />
      {t('auth.sso.button', { name })}
    </a>
  );
}

/** `/login?error=oidc_…` (the single sign-on's refusals and its pending link) as a known reason, else null. */
export function oidcErrorOf(params: URLSearchParams): OidcAuthError | null {
  const error = params.get('error');
  return OIDC_AUTH_ERRORS.find((known) => known === error) ?? null;
}
