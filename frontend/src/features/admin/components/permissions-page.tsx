import { Crown, ShieldCheck, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';

/** The three roles and what each may do (docs/product.md, "Roles and permissions"). */
const ROLES = [
  {
    key: 'admin',
    Icon: ShieldCheck,
    items: [
      'admin.permissions.admin.dashboard',
      'admin.permissions.admin.users',
      'admin.permissions.admin.boards',
      'admin.permissions.admin.roles',
    ],
  },
  {
    key: 'owner',
    Icon: Crown,
    items: [
      'admin.permissions.owner.boards',
      'admin.permissions.owner.members',
      'admin.permissions.owner.content',
      'admin.permissions.owner.archive',
    ],
  },
  {
    key: 'member',
    Icon: User,
    items: [
      'admin.permissions.member.view',
      'admin.permissions.member.cards',
      'admin.permissions.member.comments',
      'admin.permissions.member.limits',
    ],
  },
] as const;

/** /admin/permissions: static text explaining the roles (docs/product.md, "Roles and permissions"). */
export function PermissionsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title={t('admin.permissions.title')} description={t('admin.permissions.description')} />
      {ROLES.map(({ key, Icon, items }) => (
        <Panel key={key}>
          <div className="flex items-start gap-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 className="text-lg font-semibold tracking-tight">{t(`admin.permissions.${key}.title`)}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t(`admin.permissions.${key}.summary`)}
              </p>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
                {items.map((item) => (
                  <li key={item}>{t(item)}</li>
                ))}
              </ul>
            </div>
          </div>
        </Panel>
      ))}
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.permissions.note')}</p>
    </div>
  );
}
