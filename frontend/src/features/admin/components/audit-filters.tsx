import { AUDIT_ACTIONS, type AuditAction } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { AuditFilters } from '../api/get-audit';

type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${Underscored<B>}` : S;

/** The translation key of an action's name: dots are i18next's separators, so they become `_`. */
export const actionKey = (action: AuditAction) =>
  `admin.audit.actions.${action.replace(/\./g, '_')}` as `admin.audit.actions.${Underscored<AuditAction>}`;

/** Whether the server's action is one this browser has words for. */
export const isKnownAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

interface AuditFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}

/** Filters of the audit page: action, actor id, first and last day. */
export function AuditFilterBar({ filters, onChange }: AuditFiltersProps) {
  const { t } = useTranslation();
  const set = (key: keyof AuditFilters) => (value: string) => onChange({ ...filters, [key]: value });
  const options = [
    { value: '', label: t('admin.audit.anyAction') },
    ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(actionKey(action)) })),
  ];
  return (
    <form
      role="search"
      aria-label={t('admin.audit.filters')}
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <SelectField
        label={t('admin.audit.action')}
        options={options}
        value={filters.action}
        onChange={(event) => set('action')(event.target.value)}
      />
      <TextField
        label={t('admin.audit.actorId')}
        placeholder={t('admin.audit.actorIdPlaceholder')}
        value={filters.actorId}
        onChange={(event) => set('actorId')(event.target.value)}
      />
      <TextField
        label={t('admin.audit.from')}
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => set('from')(event.target.value)}
      />
      <TextField
        label={t('admin.audit.to')}
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => set('to')(event.target.value)}
      />
    </form>
  );
}
