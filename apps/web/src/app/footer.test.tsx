import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { Footer, ShortFooter } from './shell/footer';
import { PAGE_WIDTHS } from '../components/page-widths';
import { footerVariant, footerYear, isChromeless, pageWidth } from './shell/footer-rules';
import { render } from './test-render';

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

  async function mount(element: React.ReactNode) {
    const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
    return render(<RouterProvider router={router} />);
  }

  it('prints 2025 on the full footer and the current year on the short one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-15T10:00:00'));

    const full = await mount(<Footer />);
    expect(full.container.textContent).toContain('2025');
    expect(full.container.textContent).not.toContain('2030');
    expect(full.container.querySelector('a[href="mailto:service@namebourse.com"]')).not.toBeNull();
    expect(full.container.querySelector('a[href="mailto:business@namebourse.com"]')).not.toBeNull();
    expect(full.container.querySelectorAll('svg[role="img"]')).toHaveLength(2);
    const hrefs = [...full.container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
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

    const short = await mount(<ShortFooter />);
    expect(short.container.textContent).toContain('2030');
    expect(short.container.querySelectorAll('a')).toHaveLength(0);
    short.unmount();
  });
});
