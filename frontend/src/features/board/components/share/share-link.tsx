import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { fieldClass, labelClass } from '../../../../components/ui/field-styles';
import { useCopy } from '../../../../lib/use-copy';

/** The board's address, read-only, with Copy showing 'Copied!' for 2 seconds. */
export function ShareLink() {
  const { t } = useTranslation();
  const id = useId();
  const link = window.location.href;
  const { copied, copy } = useCopy(link, t('board.share.copyFailed'), 'link');

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {t('board.share.link')}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={link} className={`h-10 min-w-0 flex-1 ${fieldClass}`} />
        {/* First focus here, not in the field, which would show only the end of the address. */}
        <Button variant="secondary" onClick={() => void copy()} className="w-28 shrink-0" autoFocus>
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          <span aria-live="polite">{copied ? t('board.share.copied') : t('board.share.copy')}</span>
        </Button>
      </div>
    </div>
  );
}
