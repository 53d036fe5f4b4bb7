import { LIMITS, type SocialLinks } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';

const FIELDS = ['website', 'github', 'twitter'] as const;

/** Optional website, GitHub and Twitter addresses (URL inputs: docs/product.md, "Validation"). */
export function SocialLinksFields({
  links,
  onChange,
}: {
  links: SocialLinks;
  onChange: (links: SocialLinks) => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={t('settings.profile.social.title')} description={t('settings.profile.social.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`settings.profile.social.${field}`)}
            type="url"
            name={field}
            inputMode="url"
            maxLength={LIMITS.url}
            placeholder={t(`settings.profile.social.${field}Placeholder`)}
            value={links[field] ?? ''}
            onChange={(event) => onChange({ ...links, [field]: event.target.value })}
            className={field === 'website' ? 'sm:col-span-2' : ''}
          />
        ))}
      </div>
    </Panel>
  );
}
