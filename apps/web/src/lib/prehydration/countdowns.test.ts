import { readFileSync } from 'node:fs';
import { ThemeProvider } from '@mui/material/styles';
import type { Locale } from '@namebourse/contract';
import { screen } from '@testing-library/react';
import { act, createElement, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { CountdownText, type CountdownTextProps } from '../../components/auction/countdown-text.tsx';
import { LiveCountdown, type LiveCountdownProps } from '../../components/auction/live-countdown.tsx';
import i18n from '../i18n.ts';
import { renderWithProviders } from '../testing/index.ts';
import { startCountdowns } from './countdowns.ts';

const T0 = Date.parse('2026-03-07T10:00:00.000Z');
/** The server's clock runs 10 minutes ahead of the device's: the script must count on the server's. */
const OFFSET_MS = 10 * 60_000;
const serverNow = () => Date.now() + OFFSET_MS;
const iso = (ms: number) => new Date(ms).toISOString();

interface SpanOptions {
  /** Seconds from T0 on the server's clock to the end. */
  endsIn: number;
  withDays?: string;
  ended?: string;
  /** What the server rendered (data-seconds-left); `endsIn` by default. */
  rendered?: number;
}

/** A countdown as CountdownText writes it (with its icon), the texts in English unless told. */
function span({ endsIn, withDays = '{d}d {t}', ended = 'Ended', rendered = endsIn }: SpanOptions): string {
  return (
    `<span role="timer" data-seconds-left="${rendered}" data-urgency="normal" data-ends-at="${iso(T0 + endsIn * 1000)}"` +
    ` data-tone="lot" data-with-days="${withDays}" data-ended="${ended}">` +
    `<svg data-icon="timer"></svg><span data-countdown-text="">server text</span></span>`
  );
}

function mount(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const timers = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('[role="timer"]')];
const textOf = (timer: HTMLElement) => timer.querySelector('[data-countdown-text]')?.textContent;
const shown = (timer: HTMLElement) => ({
  text: textOf(timer),
  secondsLeft: timer.dataset.secondsLeft,
  urgency: timer.dataset.urgency,
});

beforeEach(() => {
  // The device's clock; the server's is OFFSET_MS ahead.
  vi.useFakeTimers({ now: T0 - OFFSET_MS, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('startCountdowns', () => {
  it('writes the time left on the server clock at once, in the page language, with days or without', () => {
    const root = mount(
      span({ endsIn: 2 * 86_400 + 3 * 3_600 + 12 * 60 + 45 }) +
        span({ endsIn: 2 * 86_400 + 3 * 3_600 + 12 * 60 + 45, withDays: '{d}天 {t}', ended: '已结束' }) +
        span({ endsIn: 86_399 }),
    );
    startCountdowns(root, serverNow, () => {});
    expect(timers(root).map(shown)).toEqual([
      { text: '2d 03:12:45', secondsLeft: '184365', urgency: 'normal' },
      { text: '2天 03:12:45', secondsLeft: '184365', urgency: 'normal' },
      { text: '23:59:59', secondsLeft: '86399', urgency: 'soon' },
    ]);
  });

  it('ticks once a second, replacing the text only (the icon and the text node stay)', () => {
    const root = mount(span({ endsIn: 90 }));
    const [timer] = timers(root) as [HTMLElement];
    const icon = timer.querySelector('svg');
    const node = timer.querySelector('[data-countdown-text]')?.firstChild;
    startCountdowns(root, serverNow, () => {});
    expect(textOf(timer)).toBe('00:01:30');
    vi.advanceTimersByTime(999);
    expect(textOf(timer)).toBe('00:01:30');
    vi.advanceTimersByTime(1);
    expect(textOf(timer)).toBe('00:01:29');
    vi.advanceTimersByTime(29_000);
    expect(shown(timer)).toEqual({ text: '00:01:00', secondsLeft: '60', urgency: 'critical' });
    expect(timer.querySelector('svg')).toBe(icon);
    expect(timer.querySelector('[data-countdown-text]')?.firstChild).toBe(node);
  });

  it('changes the urgency at one day, one hour and five minutes', () => {
    const root = mount(span({ endsIn: 86_401 }) + span({ endsIn: 3_601 }) + span({ endsIn: 301 }));
    startCountdowns(root, serverNow, () => {});
    const urgencies = () => timers(root).map((timer) => timer.dataset.urgency);
    expect(urgencies()).toEqual(['normal', 'soon', 'urgent']);
    vi.advanceTimersByTime(1000); // 86 400, 3 600, 300 left
    expect(urgencies()).toEqual(['normal', 'soon', 'critical']);
    vi.advanceTimersByTime(1000); // 86 399, 3 599, 299 left
    expect(urgencies()).toEqual(['soon', 'urgent', 'critical']);
    expect(timers(root).map(textOf)).toEqual(['23:59:59', '00:59:59', '00:04:59']);
    expect(textOf(timers(root)[0] as HTMLElement)).not.toContain('d');
  });

  it('shows the ended text at zero, in the page language', () => {
    const root = mount(span({ endsIn: 2 }) + span({ endsIn: 2, withDays: '{d}天 {t}', ended: '已结束' }));
    startCountdowns(root, serverNow, () => {});
    vi.advanceTimersByTime(2000);
    expect(timers(root).map(shown)).toEqual([
      { text: 'Ended', secondsLeft: '0', urgency: 'ended' },
      { text: '已结束', secondsLeft: '0', urgency: 'ended' },
    ]);
  });

  it('reports the first countdown to reach zero, once', () => {
    const root = mount(span({ endsIn: 0 }) + span({ endsIn: 2 }) + span({ endsIn: 4 }));
    const onElapsed = vi.fn();
    startCountdowns(root, serverNow, onElapsed);
    vi.advanceTimersByTime(1000);
    expect(onElapsed).not.toHaveBeenCalled(); // the one rendered at zero had not been running
    vi.advanceTimersByTime(1000);
    expect(onElapsed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it('reports a countdown the server rendered running that is already over, after returning', async () => {
    const root = mount(span({ endsIn: -5, rendered: 30 }));
    const onElapsed = vi.fn();
    const stop = startCountdowns(root, serverNow, () => onElapsed(stop));
    expect(onElapsed).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(onElapsed).toHaveBeenCalledTimes(1);
    expect(onElapsed).toHaveBeenCalledWith(stop);
    expect(textOf(timers(root)[0] as HTMLElement)).toBe('Ended');
  });

  it('stops writing and reporting when stopped', () => {
    const root = mount(span({ endsIn: 3 }));
    const onElapsed = vi.fn();
    const stop = startCountdowns(root, serverNow, onElapsed);
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(shown(timers(root)[0] as HTMLElement)).toEqual({ text: '00:00:02', secondsLeft: '2', urgency: 'critical' });
    expect(onElapsed).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves countdowns without a readable end alone', () => {
    const root = mount(span({ endsIn: 10 }).replace(/data-ends-at="[^"]*"/, 'data-ends-at="soon"'));
    startCountdowns(root, serverNow, () => {});
    expect(textOf(timers(root)[0] as HTMLElement)).toBe('server text');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('startCountdowns reads what CountdownText writes', () => {
  /** A countdown with the app's theme and texts. */
  function tree(locale: Locale, countdown: ReactElement) {
    void i18n.changeLanguage(locale); // bundled resources: synchronous
    return createElement(ThemeProvider, { theme }, createElement(I18nextProvider, { i18n }, countdown));
  }

  /** The page as the server renders it (`props.now`: the server's clock at the render). */
  const serverRender = (locale: Locale, props: LiveCountdownProps) =>
    renderToString(tree(locale, createElement(LiveCountdown, props)));

  const END = T0 + (2 * 86_400 + 5) * 1000;
  const cases: [Locale, LiveCountdownProps][] = [
    ['en-US', { endsAt: iso(END), now: T0, icon: true }],
    ['zh-CN', { endsAt: iso(END), now: T0, icon: true }],
    ['en-US', { endsAt: iso(END), now: T0, tone: 'deadline', endedText: 'Offer expired' }],
    ['zh-CN', { endsAt: iso(END), now: T0, tone: 'deadline', endedText: '报价已过期', icon: true }],
  ];

  it.each(cases)('writes the same page as the server would render later (%s)', (locale, props) => {
    const root = mount(serverRender(locale, props));
    let nowMs = T0;
    startCountdowns(
      root,
      () => nowMs,
      () => {},
    );
    // Past each threshold: days to under a day, an hour, five minutes, the end.
    for (const left of [2 * 86_400 + 4, 86_400, 86_399, 3_599, 300, 299, 1, 0]) {
      nowMs = END - left * 1000;
      vi.advanceTimersByTime(1000);
      expect(root.innerHTML, `${left} s left`).toBe(serverRender(locale, { ...props, now: nowMs }));
    }
  });

  it('colours each urgency as the tone says, following the attribute the script writes', () => {
    const colour = (color: string) => {
      const probe = document.createElement('span');
      probe.style.color = color;
      document.body.append(probe);
      return getComputedStyle(probe).color;
    };
    const { error, warning, text } = theme.palette;
    const expected: Record<'lot' | 'deadline', Record<string, string>> = {
      lot: {
        critical: error.main,
        urgent: warning.main,
        soon: text.primary,
        normal: text.secondary,
        ended: text.secondary,
      },
      deadline: {
        critical: error.main,
        urgent: error.main,
        soon: warning.dark,
        normal: text.primary,
        ended: text.secondary,
      },
    };
    vi.useRealTimers(); // React's scheduler
    for (const tone of ['lot', 'deadline'] as const) {
      const props: CountdownTextProps = { seconds: 100_000, endsAt: iso(T0), tone };
      const { unmount } = renderWithProviders(createElement(CountdownText, props));
      const timer = screen.getByRole('timer');
      for (const [urgency, color] of Object.entries(expected[tone])) {
        timer.dataset.urgency = urgency;
        expect(getComputedStyle(timer).color, `${tone} ${urgency}`).toBe(colour(color));
      }
      unmount();
      // React's own renders: the same colours, as before the attribute.
      for (const [seconds, urgency] of [
        [10, 'critical'],
        [1_000, 'urgent'],
        [10_000, 'soon'],
        [100_000, 'normal'],
        [0, 'ended'],
      ] as const) {
        const own = renderWithProviders(createElement(CountdownText, { ...props, seconds }));
        expect(getComputedStyle(screen.getByRole('timer')).color, `${tone} ${seconds} s`).toBe(
          colour(expected[tone][urgency] ?? ''),
        );
        own.unmount();
      }
    }
  });

  const HANDOVERS: [string, Partial<LiveCountdownProps>, ReturnType<typeof shown>][] = [
    ['a second later', { now: T0 + 20_000 }, { text: '00:59:45', secondsLeft: '3585', urgency: 'urgent' }],
    // Back to the server's render's urgency: React's attribute has not changed since, yet the page's has.
    [
      'the lot extended by an hour',
      { now: T0 + 20_000, endsAt: iso(T0 + 7_205_000) },
      { text: '01:59:45', secondsLeft: '7185', urgency: 'soon' },
    ],
  ];

  it.each(HANDOVERS)(
    'hands over to React without a hydration mismatch; React then writes its own (%s)',
    async (_, next, expected) => {
      vi.useRealTimers(); // React's scheduler
      const props: LiveCountdownProps = { endsAt: iso(T0 + 3_605_000), now: T0, icon: true };
      const container = mount(serverRender('zh-CN', props));
      const timer = container.querySelector<HTMLElement>('[role="timer"]') as HTMLElement;
      expect(timer.dataset.urgency).toBe('soon');
      const stop = startCountdowns(
        container,
        () => T0 + 10_000,
        () => {},
      );
      expect(shown(timer)).toEqual({ text: '00:59:55', secondsLeft: '3595', urgency: 'urgent' });
      stop();

      const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      try {
        const root = await act(async () =>
          hydrateRoot(container, tree('zh-CN', createElement(LiveCountdown, props)), {
            onRecoverableError: (error) => errors.push(error),
          }),
        );
        expect(errors).toEqual([]);
        // The first render (the server's moment) keeps what the script wrote.
        expect(shown(timer)).toEqual({ text: '00:59:55', secondsLeft: '3595', urgency: 'urgent' });
        await act(async () => root.render(tree('zh-CN', createElement(LiveCountdown, { ...props, ...next }))));
        expect(container.querySelector('[role="timer"]')).toBe(timer);
        expect(shown(timer)).toEqual(expected);
        expect(errors).toEqual([]);
        await act(async () => root.unmount());
      } finally {
        consoleError.mockRestore();
        Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
      }
    },
  );
});

describe('the starter script stays small', () => {
  it('imports nothing but the pure countdown arithmetic (and types)', () => {
    // Every static import and re-export, side-effect imports too; `import type` is erased from the bundle.
    const imports = (file: string) =>
      [
        ...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(
          /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm,
        ),
      ]
        .filter((match) => !match[1])
        .map((match) => match[2]);
    expect(imports('./countdowns.ts')).toEqual(['../../components/auction/countdown.ts']);
    expect(imports('../../components/auction/countdown.ts')).toEqual([]);
  });
});
