import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from './ui/button';

/**
 * Registers the service worker (the installable app: docs/product.md, "Offline") and, when a new
 * version has been deployed and downloaded, offers to reload into it. Nothing is reloaded without
 * the person's word: a change being typed must not be lost.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered', error),
  });
  if (!needRefresh) return null;
  return (
    <div
      role="alert"
      className="fixed bottom-4 left-4 z-50 flex max-w-sm items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
      <span className="flex-1 text-slate-800 dark:text-slate-100">{t('app.update.available')}</span>
      <Button size="sm" onClick={() => void updateServiceWorker(true)}>
        {t('app.update.reload')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
        {t('app.update.later')}
      </Button>
    </div>
  );
}
