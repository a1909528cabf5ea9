import Box, { type BoxProps } from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Identifiers (order, top-up, settlement and invoice numbers, lot ids, account numbers, API key ids) in a
 * monospace face, so 'O26112480331804' does not read as '026112…' in the UI font: every id the UI shows goes
 * through IdText.
 */
// Each face here draws its zero slashed or dotted (SF Mono, Menlo, Consolas, DejaVu Sans Mono); Liberation Mono
// and Courier, whose zero is a plain oval like an O, are left to the generic fallback.
export const ID_FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace';

/** The look of an id, for a slot that is not an IdText (a table cell, a field's value). */
export const idTextSx = {
  fontFamily: ID_FONT_FAMILY,
  // Same-width figures, a zero with a slash or dot where the face has one, no ligatures.
  fontVariantNumeric: 'tabular-nums slashed-zero',
  fontVariantLigatures: 'none',
  letterSpacing: 0,
} as const;

export interface IdTextProps extends Omit<BoxProps, 'children'> {
  /** The id as the server wrote it. Optional so that IdText can be a <Trans> component (the id comes inside). */
  children?: ReactNode;
  /** Let a long id break anywhere in a narrow column (it never breaks by default). */
  wrap?: boolean;
}

/** An id in the id face; left untranslated by browser translation. */
export function IdText({ children, wrap = false, sx, ...rest }: IdTextProps) {
  return (
    <Box
      component="span"
      translate="no"
      data-id-text=""
      // The id face last: a typography step in `sx` sets only the size.
      sx={[
        wrap ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' },
        ...(Array.isArray(sx) ? sx : [sx]),
        idTextSx,
      ]}
      {...rest}
    >
      {children}
    </Box>
  );
}
