import { GENDERS, LIMITS, profileUpdateSchema, TIMINGS, type Gender, type SocialLinks } from '@papan/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { serverMessage } from '../../../lib/api-client';
import { fieldIssues, firstIssueText } from '../../../lib/field-issues';
import { useSession, type Session } from '../../../lib/session';
import { updateProfile } from '../api/update-profile';
import { ProfilePhotoField, type CroppedPicture } from './profile-photo-field';
import { SocialLinksFields } from './social-links-fields';

type Message = { tone: 'success' | 'error'; text: string };

/** Profile tab (docs/product.md, "Settings"; "Validation"): picture, name, e-mail, gender, social links. */
export function ProfileTab() {
  const session = useSession((state) => state.session);
  // The settings page shows this tab only with a session.
  return session ? <ProfileForm session={session} /> : null;
}

function ProfileForm({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateUser = useSession((state) => state.updateUser);
  const [name, setName] = useState(session.name);
  const [gender, setGender] = useState<Gender | ''>(session.gender ?? '');
  const [links, setLinks] = useState<SocialLinks>(session.socialLinks ?? {});
  const [picture, setPicture] = useState<CroppedPicture | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const isGoogle = session.provider === 'google';

  // The outcome of a save stays 4 seconds (docs/product.md, "Settings").
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), TIMINGS.profileMessageMs);
    return () => clearTimeout(timer);
  }, [message]);

  /** The server's rules (@papan/shared): a name that is not blank, links that are http(s) or empty. */
  function validate(): string | null {
    const issues = fieldIssues(profileUpdateSchema, { name, gender, socialLinks: links });
    return firstIssueText(
      issues,
      {
        name: t('settings.profile.name'),
        'socialLinks.website': t('settings.profile.social.website'),
        'socialLinks.github': t('settings.profile.social.github'),
        'socialLinks.twitter': t('settings.profile.social.twitter'),
      },
      t,
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const invalid = validate();
    if (invalid) {
      setMessage({ tone: 'error', text: invalid });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      const { user, token } = await updateProfile({
        name: name.trim(),
        gender,
        socialLinks: links,
        profilePicture: picture?.blob,
      });
      updateUser({ ...user, ...(token ? { token } : {}) });
      setPicture(null);
      setMessage({ tone: 'success', text: t('settings.profile.saved') });
    } catch (err) {
      setMessage({ tone: 'error', text: serverMessage(err) ?? t('settings.profile.saveFailed') });
    } finally {
      setSaving(false);
    }
  }

  const genderOptions = [
    { value: '', label: t('settings.profile.genders.unspecified') },
    ...GENDERS.map((value) => ({ value, label: t(`settings.profile.genders.${value}`) })),
  ];

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-6">
      <Panel title={t('settings.profile.title')} description={t('settings.profile.description')}>
        <div className="flex flex-col gap-5">
          <ProfilePhotoField
            name={name || session.name}
            currentSrc={session.profilePictureUrl || session.avatarUrl}
            picture={picture}
            onPicked={setPicture}
          />
          <TextField
            label={t('settings.profile.name')}
            name="name"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <div className="flex flex-col gap-2">
            <TextField
              label={t('settings.profile.email')}
              type="email"
              value={session.email}
              readOnly
              labelAddon={isGoogle && <Badge tone="sky">{t('settings.profile.googleBadge')}</Badge>}
              hint={isGoogle ? t('settings.profile.emailGoogleHint') : t('settings.profile.emailHint')}
            />
            {!isGoogle && (
              <Link
                to="/settings/security"
                className="self-start rounded text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
              >
                {t('settings.profile.changePassword')}
              </Link>
            )}
          </div>
          <SelectField
            label={t('settings.profile.gender')}
            value={gender}
            onChange={(event) => setGender(event.target.value as Gender | '')}
            options={genderOptions}
          />
        </div>
      </Panel>
      <SocialLinksFields links={links} onChange={setLinks} />
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void navigate('/')}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={saving} loading={saving}>
          {saving ? t('settings.profile.saving') : t('settings.profile.save')}
        </Button>
      </div>
    </form>
  );
}
