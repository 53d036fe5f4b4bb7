import type { ReactNode } from 'react';
import { useAttachmentImage } from '../hooks/use-attachment-image';

/** An attachment's picture (a thumbnail, a cover), or `fallback` until its bytes are read. */
export function AttachmentImage({ url, fallback = null }: { url: string; fallback?: ReactNode }) {
  const { ref, loaded } = useAttachmentImage(url);
  if (!loaded) return fallback;
  return <img ref={ref} alt="" className="size-full object-cover" />;
}
