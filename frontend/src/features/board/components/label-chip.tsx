import type { Label } from '@papan/shared';

/** Dark text on light colours, white on dark ones (WCAG relative luminance). */
export function labelTextColor(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const channels = [1, 3, 5].map((start) => parseInt(full.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.4 ? '#0f172a' : '#ffffff';
}

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
