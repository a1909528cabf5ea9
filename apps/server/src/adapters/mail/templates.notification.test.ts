import { describe, expect, it } from 'vitest';
import { renderTemplate } from './templates.ts';

const VARS = {
  digest: false,
  items: [
    {
      title: 'You have been outbid <b>',
      body: 'The price of <script>alert(1)</script>.com is now $125.00',
      at: '2026-01-04 19:00',
      url: 'javascript:alert(1)',
    },
  ],
  timeZone: 'America/New_York (UTC-05:00)',
  centreUrl: 'https://namebourse.example/console/message/list',
  settingsUrl: 'https://namebourse.example/console/user/info',
  unsubscribe: [{ category: 'outbid' as const, url: 'https://namebourse.example/notifications/unsubscribe?token=a"b' }],
};

describe('notification e-mail layout', () => {
  it('escapes every value and links only http(s) addresses', () => {
    const mail = renderTemplate('notification', 'en-US', VARS);
    expect(mail.subject).toBe('You have been outbid <b> - NameBourse');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('href="https://namebourse.example/notifications/unsubscribe?token=a&quot;b"');
    expect(mail.text).toContain('Stop e-mails about “Outbid” (no sign-in needed): https://namebourse.example/');
    expect(mail.text).toContain('All times are in America/New_York (UTC-05:00).');
  });

  it('a digest lists each notice under its title, in Chinese too', () => {
    const mail = renderTemplate('notification', 'zh-CN', {
      ...VARS,
      digest: true,
      items: [
        VARS.items[0] as (typeof VARS.items)[number],
        { title: '恭喜您竞得域名', body: '请在 2026-01-05 08:00 前完成支付', at: '2026-01-05 08:00' },
      ],
      unsubscribe: [],
    });
    expect(mail.subject).toBe('NameBourse 每日通知摘要（2 条）');
    expect(mail.html).toContain('<h2 style="margin:24px 0 8px;font-size:16px;color:#111827">恭喜您竞得域名</h2>');
    expect(mail.text).toContain('邮件中的时间均为 America/New_York (UTC-05:00) 时间。');
    expect(mail.text).not.toContain('不再接收');
  });
});
