import type { PixelCrop } from 'react-image-crop';

/**
 * The largest side of the exported picture; the recommended size is 256x256 (docs/product.md,
 * "Validation").
 */
const MAX_OUTPUT_PX = 512;
/** The picture is exported as PNG at quality 0.95 (docs/product.md, "Validation"). */
const PNG_QUALITY = 0.95;

/**
 * Draws the part of `image` under `crop` (measured on the displayed image) onto `canvas`, at the
 * image's own resolution, up to MAX_OUTPUT_PX. Returns false when the browser cannot draw.
 */
export function drawCrop(
  image: HTMLImageElement,
  canvas: HTMLCanvasElement,
  crop: PixelCrop,
  maxSide = MAX_OUTPUT_PX,
): boolean {
  const context = canvas.getContext('2d');
  if (!context || !image.width || !crop.width || !crop.height) return false;
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const sourceWidth = crop.width * scaleX;
  const sourceHeight = crop.height * scaleY;
  const scale = Math.min(1, maxSide / Math.max(sourceWidth, sourceHeight));
  canvas.width = Math.max(1, Math.round(sourceWidth * scale));
  canvas.height = Math.max(1, Math.round(sourceHeight * scale));
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    crop.x * scaleX,
    crop.y * scaleY,
    sourceWidth,
    sourceHeight,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  return true;
}

/** The cropped picture as a PNG file's bytes. */
export function exportCrop(image: HTMLImageElement, crop: PixelCrop): Promise<Blob> {
  const canvas = document.createElement('canvas');
  if (!drawCrop(image, canvas, crop)) return Promise.reject(new Error('Canvas is not available'));
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not export the picture'))),
      'image/png',
      PNG_QUALITY,
    ),
  );
}
