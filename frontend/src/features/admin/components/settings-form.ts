import {
  GOVERNANCE_LIMITS,
  instanceSettingsSchema,
  type InstanceSettings,
  type InstanceSettingsInput,
  type RegistrationMode,
} from '@papan/shared';

/** The settings form's fields as the inputs hold them. */
export interface SettingsForm {
  registration: RegistrationMode;
  /** One domain a line (commas and spaces separate too). */
  domains: string;
  /** Empty: no announcement. */
  announcementText: string;
  announcementLevel: 'info' | 'warning';
  requireTwoFactorForAdmins: boolean;
}

export function toForm(settings: InstanceSettings): SettingsForm {
  return {
    registration: settings.registration,
    domains: settings.allowedEmailDomains.join('\n'),
    announcementText: settings.announcement?.text ?? '',
    announcementLevel: settings.announcement?.level ?? 'info',
    requireTwoFactorForAdmins: settings.requireTwoFactorForAdmins,
  };
}

/** Which field is wrong, for the form to name; null when the settings can be sent. */
export type SettingsProblem = 'domains' | 'tooManyDomains' | 'announcementTooLong' | null;

/**
 * The body of PUT /api/admin/settings, checked with the schema the server checks it with; or the
 * field to name.
 */
export function fromForm(
  form: SettingsForm,
): { input: InstanceSettingsInput } | { problem: SettingsProblem } {
  const allowedEmailDomains = form.domains
    .split(/[\s,]+/)
    .map((d) => d.trim().replace(/^@/, ''))
    .filter(Boolean);
  if (allowedEmailDomains.length > GOVERNANCE_LIMITS.allowedDomains) return { problem: 'tooManyDomains' };
  const text = form.announcementText.trim();
  if (text.length > GOVERNANCE_LIMITS.announcement) return { problem: 'announcementTooLong' };
  const parsed = instanceSettingsSchema.safeParse({
    registration: form.registration,
    allowedEmailDomains,
    announcement: text ? { text, level: form.announcementLevel } : null,
    requireTwoFactorForAdmins: form.requireTwoFactorForAdmins,
  });
  if (!parsed.success) return { problem: 'domains' };
  return { input: parsed.data };
}
