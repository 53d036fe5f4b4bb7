import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getAttachmentBlob } from '../api/get-attachment-blob';

/**
 * An attachment's image (a thumbnail, a cover) for an `<img>`: the bytes are read with the
 * Authorization header (no `src` can send it) and kept in the query cache, so a card face and the
 * open card share one read. `ref` goes on the `<img>`, rendered once `loaded`; it gets its own
 * object URL, revoked when it goes away.
 */
export function useAttachmentImage(url: string) {
  const ref = useRef<HTMLImageElement>(null);
  const { data } = useQuery({
    queryKey: ['board', 'attachment-image', url],
    queryFn: ({ signal }) => getAttachmentBlob(url, signal),
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    const image = ref.current;
    if (!data || !image) return;
    const objectUrl = URL.createObjectURL(data);
    image.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return { ref, loaded: data !== undefined };
}
