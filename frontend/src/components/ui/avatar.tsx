import { useState } from 'react';

interface AvatarProps {
  name: string;
  /** A picture; the initials stay when there is none or it fails to load. */
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

const sizes = {
  xs: 'size-6 text-[10px]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-14 text-lg',
  xl: 'size-24 text-2xl',
};

/** A round picture or initials; decorative, since the name is always shown or spoken beside it. */
export function Avatar({ name, src, size = 'sm' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initials = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        aria-hidden="true"
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-700 ${sizes[size]}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200 ${sizes[size]}`}
    >
      {initials || '?'}
    </span>
  );
}
