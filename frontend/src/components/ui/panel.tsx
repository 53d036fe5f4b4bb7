import type { ReactNode } from 'react';

interface PanelProps {
  title?: string;
  description?: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** A titled card that groups one part of a screen (a settings section, a list). */
export function Panel({ title, description, tone = 'default', children }: PanelProps) {
  const border =
    tone === 'danger' ? 'border-red-200 dark:border-red-900/60' : 'border-slate-200 dark:border-slate-800';
  return (
    <section className={`rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${border}`}>
      {title && <h2 className="text-lg font-semibold tracking-tight">{title}</h2>}
      {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      <div className={title || description ? 'mt-5' : ''}>{children}</div>
    </section>
  );
}
