import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { fieldClass } from '../../../../../components/ui/field-styles';
import { useCopy } from '../../../../../lib/use-copy';

/** A new webhook's signing secret: shown once, with Copy. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { copied, copy } = useCopy(secret, t('board.share.copyFailed'), 'secret');

  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-500/40 dark:bg-amber-500/10">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('board.share.webhooks.secret')}
      </label>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('board.share.webhooks.secretOnce')}</p>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={secret}
          className={`h-10 min-w-0 flex-1 font-mono text-xs ${fieldClass}`}
        />
        <Button variant="secondary" onClick={() => void copy()} className="w-28 shrink-0">
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          <span aria-live="polite">{copied ? t('board.share.copied') : t('board.share.copy')}</span>
        </Button>
      </div>
      <Button variant="ghost" size="sm" onClick={onDone} className="self-end">
        {t('board.share.webhooks.secretDone')}
      </Button>
    </div>
  );
}
