import type { RegistrationMode } from '@papan/shared';
import { Info, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The three refusals of the registration policy, as the server's `code` names them. */
export const REGISTRATION_REFUSALS = [
  'registration_closed',
  'registration_invite_only',
  'registration_domain_refused',
] as const;

/** What the register page says of the policy: nothing when open or when the visitor holds an invitation. */
export function RegistrationNotice({
  mode,
  invited,
}: {
  mode: RegistrationMode | undefined;
  invited: boolean;
}) {
  const { t } = useTranslation();
  if (invited) {
    return <Note icon="info">{t('auth.register.policy.invited')}</Note>;
  }
  if (mode === 'closed') return <Note icon="lock">{t('auth.register.policy.closed')}</Note>;
  if (mode === 'invite') return <Note icon="info">{t('auth.register.policy.inviteOnly')}</Note>;
  return null;
}

function Note({ icon, children }: { icon: 'info' | 'lock'; children: string }) {
  const Icon = icon === 'lock' ? Lock : Info;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2.5 text-sm text-indigo-900 dark:border-indigo-900/60 dark:bg-indigo-950/40 dark:text-indigo-100"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </div>
  );
}
