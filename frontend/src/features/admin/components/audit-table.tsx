import type { AuditEntryView } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { actionKey, isKnownAction } from './audit-filters';
import { bodyRow, cell, headCell, tableClass, tableFrame } from './table-styles';

const COLUMNS = ['at', 'actor', 'action', 'target', 'ip', 'details'] as const;

/** The audit rows, newest first, as the server answered them. */
export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={tableFrame}>
      <table className={tableClass}>
        <caption className="sr-only">{t('admin.audit.caption')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col" className={headCell}>
                {t(`admin.audit.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id} className={bodyRow}>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.resolvedLanguage)}</time>
              </td>
              <td className={cell}>
                {entry.actor ? (entry.actor.email ?? entry.actor._id) : t('admin.audit.nobody')}
              </td>
              <td className={cell}>
                <span className="font-medium">
                  {isKnownAction(entry.action) ? t(actionKey(entry.action)) : entry.action}
                </span>
                <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">
                  {entry.action}
                </span>
              </td>
              <td className={`${cell} font-mono text-xs`}>
                {entry.target ? `${entry.target.type} ${entry.target._id}` : '—'}
              </td>
              <td className={`${cell} font-mono text-xs`}>{entry.ip ?? '—'}</td>
              <td
                className={`${cell} max-w-xs font-mono text-xs break-all text-slate-600 dark:text-slate-300`}
              >
                {Object.keys(entry.details).length ? JSON.stringify(entry.details) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
