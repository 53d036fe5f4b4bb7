import { LABEL_PRESET_COLORS } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { labelTextColor } from './label-chip';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((s) => parseInt(hex.slice(s, s + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('labelTextColor', () => {
  it.each(LABEL_PRESET_COLORS)('reads at 4.5:1 or better on %s', (color) => {
    expect(contrast(color, labelTextColor(color))).toBeGreaterThanOrEqual(4.5);
  });

  it('puts dark text on the default Bug red and white on navy', () => {
    expect(labelTextColor('#eb5a46')).toBe('#0f172a');
    expect(labelTextColor('#344563')).toBe('#ffffff');
  });
});
