import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { FullPageSpinner } from '../../../components/ui/spinner';

/** Loading and failure of a board list, shared by home, projects and archived. */
export function BoardListState({ isLoading, error }: { isLoading: boolean; error: string | null }) {
  const { t } = useTranslation();
  if (isLoading) return <FullPageSpinner label={t('common.loading')} />;
  return error ? <Alert tone="error">{error}</Alert> : null;
}
