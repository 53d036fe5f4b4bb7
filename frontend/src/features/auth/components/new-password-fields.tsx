import { LIMITS } from '@papan/shared';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';

interface NewPasswordFieldsProps {
  labels: { password: string; confirmPassword: string };
  values: { password: string; confirmPassword: string };
  onChange: (field: 'password' | 'confirmPassword') => (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A new password and its confirmation, with the length rules (registration, password reset). */
export function NewPasswordFields({ labels, values, onChange }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        hint={t('auth.register.passwordHint', { count: LIMITS.minPasswordLength })}
        required
        minLength={LIMITS.minPasswordLength}
        maxLength={LIMITS.password}
        value={values.password}
        onChange={onChange('password')}
      />
      <TextField
        label={labels.confirmPassword}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        maxLength={LIMITS.password}
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
      />
    </>
  );
}
