import { TIMINGS } from '@papan/shared';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';

/**
 * Copies `text` to the clipboard; `copied` stays true for TIMINGS.copiedFeedbackMs (the button
 * says "Copied!"). A refused clipboard shows `failedMessage` and, when `logAs` names it, logs why.
 */
export function useCopy(text: string, failedMessage: string, logAs?: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.copiedFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      if (logAs) console.error(`Failed to copy the ${logAs}`, error);
      toast.error(failedMessage);
    }
  }
  return { copied, copy };
}
