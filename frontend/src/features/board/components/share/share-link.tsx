import { TIMINGS } from '@papan/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button';
import { fieldClass, labelClass } from '../../../../components/ui/field-styles';

/** The board's address, read-only, with Copy showing 'Copied!' for 2 seconds. */
export function ShareLink() {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const link = window.location.href;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.copiedFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch (error) {
      console.error('Failed to copy the link', error);
      toast.error(t('board.share.copyFailed'));
    }
  }

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
