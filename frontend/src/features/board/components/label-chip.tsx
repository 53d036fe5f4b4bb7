import type { Label } from '@papan/shared';

/** Dark text or white on a label colour, whichever reads better (WCAG contrast). */
export function labelTextColor(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const channels = [1, 3, 5].map((start) => parseInt(full.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Whichever text has the higher WCAG contrast on it: every preset colour reaches 4.5:1 this way.
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (DARK_LUMINANCE + 0.05);
  return onDark >= onWhite ? DARK_TEXT : '#ffffff';
}

const DARK_TEXT = '#0f172a';
/** The relative luminance of DARK_TEXT. */
const DARK_LUMINANCE = 0.0083;

/** A label's colour and name (label chips: docs/product.md, "Card detail"). */
export function LabelChip({
  label,
  size = 'sm',
}: {
  label: Pick<Label, 'name' | 'color'>;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      style={{ backgroundColor: label.color, color: labelTextColor(label.color) }}
      className={`inline-flex max-w-full items-center truncate rounded-md font-semibold ${size === 'sm' ? 'px-2 py-0.5 text-[11px]' : 'px-2.5 py-1 text-xs'}`}
    >
      {label.name}
    </span>
  );
}
