import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { buttonStyles } from '../../../components/ui/button-styles';

interface AuthOutcomeProps {
  tone: 'error' | 'success';
  text: string;
  /** Where to go next, and the link's words. */
  to: string;
  link: string;
  hint?: string;
}

/** The end of an e-mailed link's page: what happened, and the one link to follow. */
export function AuthOutcome({ tone, text, to, link, hint }: AuthOutcomeProps) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone={tone}>{text}</Alert>
      {hint && <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p>}
      <Link to={to} className={buttonStyles('primary', 'lg', 'w-full')}>
        {link}
      </Link>
    </div>
  );
}
