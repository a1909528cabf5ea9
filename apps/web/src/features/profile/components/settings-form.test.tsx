import { DEFAULT_SETTINGS, type Settings } from '@namebourse/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUserTimeZone, userTimeZone } from '../../../lib/render-env.ts';
import { http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { UPDATE_SETTINGS_PATH } from '../api/update-settings.ts';
import { SettingsForm } from './settings-form.tsx';

const SAVE = `/api${UPDATE_SETTINGS_PATH}`;
const SETTINGS: Settings = { ...DEFAULT_SETTINGS, language: 'en-US', timeZone: 'Asia/Shanghai' };

afterEach(() => setUserTimeZone(null));

describe('settings form', { timeout: 20_000 }, () => {
  it('explains which e-mails each switch controls and offers the daily digest', () => {
    renderWithProviders(<SettingsForm settings={SETTINGS} />);
    expect(screen.getByRole('switch', { name: /Order payments/ })).toBeDefined();
    expect(
      screen.getByText('Payment due within 24 hours, order paid, refunded, or closed unpaid (violation)'),
    ).toBeDefined();
    expect(screen.getByRole('switch', { name: /Offers An offer received, countered or accepted/ })).toBeDefined();
    expect(screen.getByText(/account security notices .* are always e-mailed/)).toBeDefined();
    const digest = screen.getByRole('switch', { name: /Daily digest/ }) as HTMLInputElement;
    expect(digest.checked).toBe(false);
    expect(screen.getByText(/one e-mail a day at 08:00 in your time zone/)).toBeDefined();
  });

  it('saves the switches and the digest, and dates follow the saved time zone at once', async () => {
    server.use(http.post(SAVE, async ({ request }) => ok((await request.json()) as Settings)));
    const { user } = renderWithProviders(<SettingsForm settings={SETTINGS} />);
    await user.click(screen.getByRole('switch', { name: /Outbid/ }));
    await user.click(screen.getByRole('switch', { name: /Daily digest/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeDefined();
    const [saved] = requestsTo('POST', SAVE);
    expect(await saved?.json()).toEqual({
      ...SETTINGS,
      notifications: { ...SETTINGS.notifications, outbid: false },
      digest: true,
    });
    expect(userTimeZone()).toBe('Asia/Shanghai');
  });

  it('names each time zone with its offset from UTC, and finds one by city', async () => {
    server.use(http.post(SAVE, async ({ request }) => ok((await request.json()) as Settings)));
    const { user } = renderWithProviders(<SettingsForm settings={SETTINGS} />);
    const zone = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(zone.value).toBe('Asia/Shanghai (UTC+08:00)');
    // By its IANA name, underscore and all, although the list shows it with a space.
    await user.clear(zone);
    await user.type(zone, 'America/New_York');
    expect(await screen.findByRole('option', { name: /^America\/New York \(UTC-0[45]:00\)$/ })).toBeDefined();
    await user.clear(zone);
    await user.type(zone, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo (UTC+09:00)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeDefined();
    const [saved] = requestsTo('POST', SAVE);
    expect(await saved?.json()).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('speaks Chinese', () => {
    renderWithProviders(<SettingsForm settings={{ ...SETTINGS, language: 'zh-CN' }} />, { locale: 'zh-CN' });
    expect(screen.getByRole('switch', { name: /每日摘要/ })).toBeDefined();
    expect(screen.getByRole('switch', { name: /出售与结算/ })).toBeDefined();
  });
});
