import { screen } from '@testing-library/react';
import { Trans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/testing/index.ts';
import { IdText } from './id-text.tsx';

describe('IdText', () => {
  it('shows an id in a monospace face, with figures of one width, untranslated', () => {
    renderWithProviders(<IdText>O26112480331804</IdText>);
    const id = screen.getByText('O26112480331804');
    const style = getComputedStyle(id);
    expect(style.fontFamily).toMatch(/monospace$/);
    expect(style.fontFamily).toContain('ui-monospace');
    expect(style.fontVariantNumeric).toContain('tabular-nums');
    expect(id.getAttribute('translate')).toBe('no');
  });

  it('marks the id inside a translated label, in both languages', () => {
    const label = (
      <Trans
        ns="orders"
        i18nKey="focus.title"
        values={{ orderId: 'O26112480331804' }}
        components={{ id: <IdText /> }}
      />
    );
    const { unmount } = renderWithProviders(<p data-testid="label">{label}</p>);
    expect(screen.getByTestId('label').textContent).toBe('Order O26112480331804');
    expect(getComputedStyle(screen.getByText('O26112480331804')).fontFamily).toContain('monospace');
    unmount();

    renderWithProviders(<p data-testid="label">{label}</p>, { locale: 'zh-CN' });
    expect(screen.getByTestId('label').textContent).toBe('订单 O26112480331804');
    expect(screen.getByText('O26112480331804').getAttribute('translate')).toBe('no');
  });
});
