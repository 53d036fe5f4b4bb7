import { MailExclamationPoint } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { mailLanguage } from '../api/mail-language';
import { resendVerification } from '../api/resend-verification';
import { useFreshVerification } from '../hooks/use-fresh-verification';
import { tooManyRequestsText } from './too-many-requests';

/**
 * Above every signed-in screen (docs/product.md, "Navigation and the top bar") until the address is
 * verified, with a way to get a new link.
 */
export function VerifyEmailBanner() {
  const { t, i18n } = useTranslation();
  const email = useSession((state) => state.session?.email);
  const unverified = useSession((state) => state.session?.emailVerified === false);
  const updateUser = useSession((state) => state.updateUser);
  const [sending, setSending] = useState(false);
  useFreshVerification();

  if (!email || !unverified) return null;

  async function resend() {
    setSending(true);
    try {
      await resendVerification({ language: mailLanguage(i18n.resolvedLanguage) });
      toast.success(t('auth.verifyBanner.sent', { email }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.success(t('auth.verifyBanner.alreadyVerified'));
        updateUser({ emailVerified: true });
      } else {
        toast.error(tooManyRequestsText(error, t, i18n.resolvedLanguage) ?? t('auth.verifyBanner.failed'));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <div
      role="region"
      aria-label={t('auth.verifyBanner.label')}
      className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8">
        <MailExclamationPoint
          aria-hidden="true"
          className="size-5 shrink-0 text-amber-600 dark:text-amber-300"
        />
        <p className="min-w-0 flex-1 text-sm break-words">
          <Trans
            i18nKey="auth.verifyBanner.message"
            values={{ email }}
            components={{ b: <strong className="font-semibold" /> }}
          />
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void resend()}
          disabled={sending}
          loading={sending}
        >
          {sending ? t('auth.verifyBanner.resending') : t('auth.verifyBanner.resend')}
        </Button>
      </div>
    </div>
  );
}
