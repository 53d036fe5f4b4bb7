import { TIMINGS, UI } from '@papan/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Suspense, useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import { FullPageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';
import { useTheme } from '../lib/theme';

// The toast geometry (docs/product.md, "Limits and timings"), read by index.css and
// react-toastify's own variables.
const toastGeometry = {
  '--toastify-toast-width': `${UI.toastWidthPx}px`,
  '--papan-toast-gap': `${UI.toastGapPx}px`,
} as CSSProperties;
const swipeThresholdPercent = Math.round((UI.toastSwipeThresholdPx / UI.toastWidthPx) * 100);

interface AppProvidersProps {
  children: ReactNode;
  /** The app makes one; each test makes its own, so no answer leaks from one test into the next. */
  queryClient: QueryClient;
}

/**
 * What every screen relies on: the read cache, translations loaded (Suspense) and the toast area
 * (docs/product.md, "Navigation and the top bar"; "Limits and timings").
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  useForgetReadsOnSignOut(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* No text while the translations themselves are loading. */}
      <Suspense fallback={<FullPageSpinner />}>
        {children}
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  );
}

/** One user's boards or notifications must never show, even briefly, to the next one to sign in. */
function useForgetReadsOnSignOut(queryClient: QueryClient) {
  useEffect(
    () =>
      useSession.subscribe(({ session }, previous) => {
        if (previous.session && session?._id !== previous.session._id) queryClient.clear();
      }),
    [queryClient],
  );
}

/** react-toastify names its area and close buttons in English; these names are translated. */
function Toasts() {
  const { t } = useTranslation();
  const theme = useTheme((state) => state.theme);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TIMINGS.toastMs}
      limit={UI.toastLimit}
      draggablePercent={swipeThresholdPercent}
      theme={theme}
      style={toastGeometry}
      aria-label={t('common.toasts')}
      closeButton={({ closeToast }) => (
        <button
          type="button"
          aria-label={t('common.close')}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(true);
          }}
          className={`Toastify__close-button Toastify__close-button--${theme}`}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    />
  );
}
