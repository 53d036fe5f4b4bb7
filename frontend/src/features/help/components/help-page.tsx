import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The five questions of the static FAQ, in order (docs/product.md,
 * "Help, What's new and Contact support").
 */
const QUESTIONS = ['whatIsKanban', 'createBoard', 'columns', 'inviteMembers', 'archiveCards'] as const;

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight">{t('help.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('help.subtitle')}</p>
      <div className="mt-8 flex flex-col gap-3">
        {QUESTIONS.map((question) => (
          <details
            key={question}
            className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md dark:border-slate-800 dark:bg-slate-900"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium [&::-webkit-details-marker]:hidden">
              {t(`help.faq.${question}.question`)}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-600 dark:text-slate-300">
              {t(`help.faq.${question}.answer`)}
            </p>
          </details>
        ))}
      </div>
    </div>
  );
}
