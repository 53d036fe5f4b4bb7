import { TIMINGS } from '@papan/shared';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import ReactCrop, {
  centerCrop,
  convertToPixelCrop,
  makeAspectCrop,
  type Crop,
  type PixelCrop,
} from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { drawCrop, exportCrop } from './crop-image';

/** The first crop is a centred square of 90% of the width (docs/product.md, "Validation"). */
const INITIAL_CROP_PERCENT = 90;

interface CropDialogProps {
  src: string;
  onCancel: () => void;
  onApply: (blob: Blob) => void;
}

/**
 * A square crop with a round preview (docs/product.md, "Settings"). react-image-crop moves the
 * selection with the arrow keys by 1 px, 10 px with Shift and 100 px with Ctrl or Command — the
 * product's nudge steps.
 */
export function CropDialog({ src, onCancel, onApply }: CropDialogProps) {
  const { t } = useTranslation();
  const image = useRef<HTMLImageElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const [crop, setCrop] = useState<Crop>();
  const [completed, setCompleted] = useState<PixelCrop>();
  const [failed, setFailed] = useState(false);
  const handle = (position: 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw') =>
    t('settings.profile.photo.cropHandle', { position: t(`settings.profile.photo.cropHandles.${position}`) });
  // react-image-crop's own labels are English.
  const ariaLabels = {
    cropArea: t('settings.profile.photo.cropArea'),
    nDragHandle: handle('n'),
    neDragHandle: handle('ne'),
    eDragHandle: handle('e'),
    seDragHandle: handle('se'),
    sDragHandle: handle('s'),
    swDragHandle: handle('sw'),
    wDragHandle: handle('w'),
    nwDragHandle: handle('nw'),
  };

  function handleImageLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { width, height } = event.currentTarget;
    const initial = centerCrop(
      makeAspectCrop({ unit: '%', width: INITIAL_CROP_PERCENT }, 1, width, height),
      width,
      height,
    );
    setCrop(initial);
    setCompleted(convertToPixelCrop(initial, width, height));
  }

  // The preview follows the crop at most every 100 ms (docs/product.md, "Limits and timings").
  useEffect(() => {
    if (!completed) return;
    const timer = setTimeout(() => {
      if (image.current && preview.current) drawCrop(image.current, preview.current, completed, 192);
    }, TIMINGS.cropPreviewDebounceMs);
    return () => clearTimeout(timer);
  }, [completed]);

  async function apply() {
    if (!image.current || !completed) return;
    try {
      onApply(await exportCrop(image.current, completed));
    } catch (error) {
      console.error('Failed to crop the picture', error);
      setFailed(true);
    }
  }

  return (
    <Dialog
      title={t('settings.profile.photo.cropTitle')}
      description={t('settings.profile.photo.cropHint')}
      onClose={onCancel}
      size="lg"
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 justify-center rounded-xl bg-slate-100 p-2 dark:bg-slate-950">
          <ReactCrop
            crop={crop}
            onChange={(_pixels, percent) => setCrop(percent)}
            onComplete={(pixels) => setCompleted(pixels)}
            aspect={1}
            ariaLabels={ariaLabels}
            circularCrop
            keepSelection
            minWidth={32}
            className="max-h-[50vh]"
          >
            <img
              ref={image}
              src={src}
              alt={t('settings.profile.photo.cropImageAlt')}
              onLoad={handleImageLoad}
              className="max-h-[50vh] w-auto"
            />
          </ReactCrop>
        </div>
        <div className="flex flex-col items-center gap-2 sm:w-36">
          <canvas
            ref={preview}
            aria-label={t('settings.profile.photo.preview')}
            role="img"
            className="size-28 rounded-full border border-slate-200 bg-slate-100 object-cover dark:border-slate-700 dark:bg-slate-800"
          />
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t('settings.profile.photo.preview')}
          </span>
        </div>
      </div>
      {failed && (
        <div className="mt-4">
          <Alert tone="error">{t('settings.profile.photo.cropFailed')}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void apply()} disabled={!completed}>
          {t('settings.profile.photo.apply')}
        </Button>
      </div>
    </Dialog>
  );
}
