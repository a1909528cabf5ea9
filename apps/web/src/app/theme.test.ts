import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import type { StatusTone } from '../components/status-chip.tsx';
import { theme } from './theme.ts';

const TONES = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const satisfies StatusTone[];

/** WCAG AA for normal-size text (chip labels are 11.5–13 px). */
const AA = 4.5;

describe('theme palette contrast', () => {
  it.each(TONES)(
    '%s: a filled chip’s text on its colour, and the colour as text on paper and page, pass AA',
    (tone) => {
      const { main, contrastText } = theme.palette[tone];
      expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA);
      expect(getContrastRatio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(AA);
      expect(getContrastRatio(main, theme.palette.background.default)).toBeGreaterThanOrEqual(AA);
    },
  );

  it('secondary text passes AA on paper and on the page background', () => {
    const { text, background } = theme.palette;
    expect(getContrastRatio(text.secondary, background.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(text.secondary, background.default)).toBeGreaterThanOrEqual(AA);
  });
});
