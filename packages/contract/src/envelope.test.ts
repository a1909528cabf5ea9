import { describe, expect, it } from 'vitest';
import { rowIdSchema } from './envelope.ts';

describe('rowIdSchema', () => {
  it('takes ids that fit a bigint and refuses the rest with the field message, never a throw', () => {
    const schema = rowIdSchema();
    expect(schema.safeParse('9223372036854775807').success).toBe(true);
    for (const bad of ['9223372036854775808', '9999999999999999999', '1.5', 'NaN', '', '../', "' OR 1=1--"]) {
      const parsed = schema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message, bad).toBe('choice');
    }
  });
});
