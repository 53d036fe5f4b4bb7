import { recoveryCodeSchema, totpCodeSchema, type LoginResult } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { finishTwoFactor } from '../api/finish-two-factor';
import { tooManyRequestsText } from './too-many-requests';

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (result: LoginResult) => void;
  /** Back to the first step (the challenge ended, or the person gives up). */
  onRestart: () => void;
}

/**
 * The second step of a sign-in of an account with two-factor sign-in (docs/product.md, "Sign-in
 * and registration"): the code of the authenticator app, or one of the recovery codes.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t, i18n } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [loading, setLoading] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || ended) return;
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setError(t(useRecovery ? 'auth.twoFactor.errors.recoveryFormat' : 'auth.twoFactor.errors.codeFormat'));
      return;
    }
    setError(null);
    setLoading(true);
    try {
      const factor = useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data };
      onSignedIn(await finishTwoFactor({ challenge, ...factor }));
    } catch (err) {
      const code = err instanceof ApiError ? (err.body as { code?: unknown } | null)?.code : null;
      if (code === 'two_factor_ended') setEnded(true);
      setError(
        tooManyRequestsText(err, t, i18n.language) ??
          t(
            code === 'two_factor_ended'
              ? 'auth.twoFactor.errors.ended'
              : code === 'two_factor_wrong'
                ? 'auth.twoFactor.errors.wrong'
                : 'auth.twoFactor.errors.failed',
          ),
      );
      setLoading(false);
    }
  }

  function switchMode() {
    setUseRecovery((current) => !current);
    setValue('');
    setError(null);
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t(useRecovery ? 'auth.twoFactor.recoveryIntro' : 'auth.twoFactor.intro')}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        label={t(useRecovery ? 'auth.twoFactor.recoveryCode' : 'auth.twoFactor.code')}
        name={useRecovery ? 'recoveryCode' : 'code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete={useRecovery ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        required
        maxLength={useRecovery ? 64 : 12}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        disabled={ended}
      />
      {ended ? (
        <Button type="button" size="lg" className="w-full" onClick={onRestart}>
          {t('auth.twoFactor.startOver')}
        </Button>
      ) : (
        <Button type="submit" size="lg" className="w-full" disabled={loading} loading={loading}>
          {loading ? t('auth.twoFactor.submitting') : t('auth.twoFactor.submit')}
        </Button>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={switchMode}
          className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
        >
          {t(useRecovery ? 'auth.twoFactor.useCode' : 'auth.twoFactor.useRecovery')}
        </button>
        <button
          type="button"
          onClick={onRestart}
          className="text-slate-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300"
        >
          {t('auth.twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}
