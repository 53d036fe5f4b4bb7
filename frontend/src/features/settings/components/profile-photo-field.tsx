import { Camera } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { CropDialog } from './crop-dialog';

export interface CroppedPicture {
  blob: Blob;
  /** A data: address of the same picture, for the preview. */
  url: string;
}

interface ProfilePhotoFieldProps {
  name: string;
  currentSrc: string | null;
  picture: CroppedPicture | null;
  onPicked: (picture: CroppedPicture) => void;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(blob);
  });
}

/** The round picture, a button to choose a new one, and the crop dialog for it. */
export function ProfilePhotoField({ name, currentSrc, picture, onPicked }: ProfilePhotoFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a cancelled crop.
    event.target.value = '';
    if (!file) return;
    try {
      setSource(await readAsDataUrl(file));
    } catch (error) {
      console.error('Failed to read the chosen picture', error);
    }
  }

  async function handleCropped(blob: Blob) {
    setSource(null);
    onPicked({ blob, url: await readAsDataUrl(blob) });
  }

  return (
    <div className="flex items-center gap-5">
      <Avatar name={name} src={picture?.url ?? currentSrc} size="xl" />
      <div className="flex flex-col items-start gap-2">
        <span className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('settings.profile.photo.label')}
        </span>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          aria-label={t('settings.profile.photo.choose')}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => void handleFile(event)}
        />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" className="size-4" />
          {t('settings.profile.photo.choose')}
        </Button>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('settings.profile.photo.hint')}</p>
      </div>
      {source && (
        <CropDialog
          src={source}
          onCancel={() => setSource(null)}
          onApply={(blob) => void handleCropped(blob)}
        />
      )}
    </div>
  );
}
