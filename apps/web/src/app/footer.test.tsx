import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_WIDTHS } from '../components/page-widths.ts';
import { renderWithProviders } from '../lib/testing/index.ts';
import { Footer, ShortFooter } from './shell/footer.tsx';
import { footerVariant, footerYear, isChromeless, pageWidth } from './shell/footer-rules.ts';

describe('footer rules (spec §2, §9)', () => {
  it('uses the short footer on login, register, verify and find-password only', () => {
    for (const path of ['/account/login', '/account/register', '/account/verify', '/account/find-password']) {
      expect(footerVariant(path)).toBe('short');
      expect(footerVariant(`${path}/`)).toBe('short');
    }
    for (const path of ['/', '/sale', '/account', '/account/login-help', '/console/user/info', '/help-center/']) {
      expect(footerVariant(path)).toBe('full');
    }
  });

  it('leaves the top bar and footer off the sandbox payment provider pages only', () => {
    expect(isChromeless('/pay/sandbox/S123')).toBe(true);
    for (const path of ['/', '/console/fund/recharge', '/console/fund/recharge/result', '/payments', '/help-center/']) {
      expect(isChromeless(path)).toBe(false);
    }
  });

  it('gives the top bar and footer the width of the page they frame', () => {
    expect(pageWidth('/sale')).toBe(PAGE_WIDTHS.sale);
    expect(pageWidth('/sale/')).toBe(PAGE_WIDTHS.sale);
    expect(pageWidth('/sale/123')).toBe(PAGE_WIDTHS.site);
    expect(pageWidth('/console/auction/list')).toBe(PAGE_WIDTHS.console);
    expect(pageWidth('/admin/deliveries')).toBe(PAGE_WIDTHS.operator);
    for (const path of ['/', '/help-center', '/consoles', '/administration'])
      expect(pageWidth(path)).toBe(PAGE_WIDTHS.site);
  });

  it('fixes the full footer year at 2025 and takes the short footer year from the date', () => {
    expect(footerYear('full', new Date('2031-06-01T00:00:00Z'))).toBe(2025);
    expect(footerYear('full')).toBe(2025);
    expect(footerYear('short', new Date('2031-06-01T12:00:00'))).toBe(2031);
  });
});

describe('footer rendering', () => {
  afterEach(() => vi.useRealTimers());

  it('prints 2025 on the full footer and the current year on the short one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-15T10:00:00'));

    const full = renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo', { name: 'Site footer' });
    expect(footer.textContent).toContain('2025');
    expect(footer.textContent).not.toContain('2030');
    expect(within(footer).getByRole('link', { name: 'service@namebourse.com' }).getAttribute('href')).toBe(
      'mailto:service@namebourse.com',
    );
    expect(within(footer).getByRole('link', { name: 'business@namebourse.com' }).getAttribute('href')).toBe(
      'mailto:business@namebourse.com',
    );
    expect(within(footer).getAllByRole('img')).toHaveLength(2);
    within(footer).getByRole('img', { name: 'Visa card' });
    within(footer).getByRole('img', { name: 'Alipay' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/about-us',
        '/help-center/docs/agreement/service%20agreement',
        '/help-center/docs/intro/zfaq/FAQ',
        '/help-center/blog',
        '/contact-us',
      ]),
    );
    full.unmount();

    renderWithProviders(<ShortFooter />);
    const short = screen.getByRole('contentinfo', { name: 'Site footer' });
    expect(short.textContent).toContain('2030');
    expect(within(short).queryAllByRole('link')).toHaveLength(0);
  });
});
