import type { Locale, NotificationKey, VerificationScene } from '@namebourse/contract';

/**
 * Bilingual e-mail templates. Each template builds content blocks in the recipient's language;
 * one base layout turns them into a plain-text part and an HTML part (variables escaped).
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'muted'; text: string }
  | { kind: 'h2'; text: string }
  | { kind: 'link'; text: string; href: string };

interface Content {
  subject: string;
  heading: string;
  blocks: Block[];
}

export interface TemplateVars {
  'verification-code': {
    code: string;
    /** Minutes until the code expires. */
    minutes: number;
    /** What the code is for; adds a line naming the action. */
    scene?: VerificationScene | undefined;
  };
  'account-locked': {
    /** When sign-in opens again. */
    lockedUntil: Date;
    /** How long the lock lasts, in minutes. */
    minutes: number;
    /** Failed sign-ins (with a solved captcha) that led to it. */
    failures: number;
  };
  /**
   * Notices of the message centre (issue 18): one (`digest: false`) or the day's digest. Titles,
   * bodies and times come rendered in the reader's language and time zone (`timeZone` names it).
   */
  notification: {
    digest: boolean;
    items: { title: string; body: string; at: string; url?: string | undefined }[];
    /** How the times are written, e.g. 'Asia/Shanghai (UTC+08:00)'. */
    timeZone: string;
    /** The message centre. */
    centreUrl: string;
    /** The settings page (switches, digest, time zone). */
    settingsUrl: string;
    /** One link per category in the mail; none for security notices, which cannot be switched off. */
    unsubscribe: { category: NotificationKey; url: string }[];
  };
}
export type TemplateName = keyof TemplateVars;

/** Layout options shared by every template. */
export interface LayoutVars {
  /** Public site URL, linked in the footer when given. */
  siteUrl?: string | undefined;
}

const BRAND = 'NameBourse';

const SCENE_ACTIONS: Record<VerificationScene, Record<Locale, string>> = {
  REGISTER_BY_EMAIL: { 'zh-CN': '注册账户', 'en-US': 'create your account' },
  UPDATE_SECURITY_PHONE: { 'zh-CN': '修改安全手机', 'en-US': 'change your security phone' },
  UPDATE_CONTACT_PHONE: { 'zh-CN': '修改联系电话', 'en-US': 'change your contact phone' },
  MFA_BY_SECURITY_EMAIL: { 'zh-CN': '完成安全验证', 'en-US': 'complete a security check' },
  MFA_BY_SECURITY_PHONE: { 'zh-CN': '完成安全验证', 'en-US': 'complete a security check' },
  RETRIEVE_PASSWORD_BY_EMAIL: { 'zh-CN': '找回密码', 'en-US': 'reset your password' },
  UPDATE_BILLING_PHONE: { 'zh-CN': '修改账单电话', 'en-US': 'change your billing phone' },
};

/** A time for the reader: their language's format, in UTC (said so). */
function formatUtc(date: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    date,
  );
  return `${text} (UTC)`;
}

/** The six switches as the e-mails name them (the settings page says the same). */
export const CATEGORY_NAMES: Record<NotificationKey, Record<Locale, string>> = {
  outbid: { 'zh-CN': '出价被超过', 'en-US': 'Outbid' },
  auctionWon: { 'zh-CN': '竞得域名', 'en-US': 'Auctions won' },
  paymentDue: { 'zh-CN': '订单支付', 'en-US': 'Order payments' },
  delivery: { 'zh-CN': '交付与转出', 'en-US': 'Delivery and transfers out' },
  offers: { 'zh-CN': '报价', 'en-US': 'Offers' },
  selling: { 'zh-CN': '出售与结算', 'en-US': 'Selling and settlements' },
};

function notificationContent(locale: Locale, vars: TemplateVars['notification']): Content {
  const zh = locale === 'zh-CN';
  const first = vars.items[0];
  const subject = vars.digest
    ? zh
      ? `${BRAND} 每日通知摘要（${vars.items.length} 条）`
      : `Your ${BRAND} daily digest (${vars.items.length} notice${vars.items.length === 1 ? '' : 's'})`
    : `${first?.title ?? (zh ? '通知' : 'Notice')} - ${BRAND}`;
  const blocks: Block[] = [];
  if (vars.digest) {
    blocks.push({ kind: 'p', text: zh ? '以下是您过去一天的通知：' : 'Here are your notices of the past day:' });
  }
  for (const item of vars.items) {
    if (vars.digest) blocks.push({ kind: 'h2', text: item.title });
    blocks.push({ kind: 'p', text: item.body });
    blocks.push({ kind: 'muted', text: item.at });
    if (item.url) blocks.push({ kind: 'link', text: zh ? '查看详情' : 'View details', href: item.url });
  }
  blocks.push({ kind: 'link', text: zh ? '打开消息中心' : 'Open the message centre', href: vars.centreUrl });
  blocks.push({
    kind: 'muted',
    text: zh ? `邮件中的时间均为 ${vars.timeZone} 时间。` : `All times are in ${vars.timeZone}.`,
  });
  for (const { category, url } of vars.unsubscribe) {
    const name = CATEGORY_NAMES[category][locale];
    blocks.push({
      kind: 'link',
      text: zh ? `不再接收“${name}”邮件（无需登录）` : `Stop e-mails about “${name}” (no sign-in needed)`,
      href: url,
    });
  }
  blocks.push({
    kind: 'link',
    text: zh
      ? '在设置中管理邮件通知、每日摘要和时区'
      : 'Manage e-mail notifications, the daily digest and your time zone in Settings',
    href: vars.settingsUrl,
  });
  return {
    subject,
    heading: vars.digest ? (zh ? '每日通知摘要' : 'Your daily digest') : (first?.title ?? subject),
    blocks,
  };
}

const TEMPLATES: { [N in TemplateName]: (locale: Locale, vars: TemplateVars[N]) => Content } = {
  notification: notificationContent,
  'account-locked': (locale, { lockedUntil, minutes, failures }) => {
    const until = formatUtc(lockedUntil, locale);
    if (locale === 'zh-CN') {
      return {
        subject: `${BRAND} 账户已被锁定`,
        heading: '您的账户已被锁定',
        blocks: [
          {
            kind: 'p',
            text: `您的账户在短时间内出现 ${failures} 次密码错误的登录尝试，为保护账户安全，登录已暂停 ${minutes} 分钟，至 ${until} 后恢复。`,
          },
          { kind: 'p', text: '如需立即恢复登录，请使用“找回密码”重新设置密码，设置成功后锁定即解除。' },
          {
            kind: 'muted',
            text: '如果这些尝试不是您本人所为，说明有人可能在猜测您的密码：建议修改密码并开启多因素验证。',
          },
        ],
      };
    }
    return {
      subject: `Your ${BRAND} account has been locked`,
      heading: 'Your account has been locked',
      blocks: [
        {
          kind: 'p',
          text: `There were ${failures} sign-in attempts with a wrong password on your account in a short time. To protect it, sign-in is paused for ${minutes} minutes, until ${until}.`,
        },
        { kind: 'p', text: 'To sign in sooner, reset your password with "Forgot password"; that lifts the lock.' },
        {
          kind: 'muted',
          text: 'If these attempts were not yours, someone may be guessing your password: change it and turn on multi-factor verification.',
        },
      ],
    };
  },
  'verification-code': (locale, { code, minutes, scene }) => {
    if (locale === 'zh-CN') {
      return {
        subject: `${BRAND} 验证码`,
        heading: '您的验证码',
        blocks: [
          { kind: 'p', text: scene ? `您正在${SCENE_ACTIONS[scene]['zh-CN']}，验证码为：` : '您的验证码为：' },
          { kind: 'code', text: code },
          {
            kind: 'p',
            text: `验证码 ${minutes} 分钟内有效。请勿将验证码告诉任何人，${BRAND} 工作人员不会向您索要验证码。`,
          },
          { kind: 'muted', text: '如果这不是您本人的操作，请忽略本邮件，您的账户不会有任何变化。' },
        ],
      };
    }
    return {
      subject: `Your ${BRAND} verification code`,
      heading: 'Your verification code',
      blocks: [
        {
          kind: 'p',
          text: scene ? `Use this code to ${SCENE_ACTIONS[scene]['en-US']}:` : 'Your verification code is:',
        },
        { kind: 'code', text: code },
        {
          kind: 'p',
          text: `The code expires in ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it: ${BRAND} staff will never ask you for it.`,
        },
        {
          kind: 'muted',
          text: 'If you did not request this code, ignore this e-mail; nothing changes on your account.',
        },
      ],
    };
  },
};

const FOOTER: Record<Locale, string> = {
  'zh-CN': `此邮件由 ${BRAND} 系统自动发送，请勿直接回复。`,
  'en-US': `This message was sent automatically by ${BRAND}. Please do not reply.`,
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Only http(s) links go into a mail (a stored link is a console path made absolute by the caller). */
function safeHref(href: string): string {
  return /^https?:\/\//i.test(href) ? href : '#';
}

function layoutText(content: Content, locale: Locale, layout: LayoutVars): string {
  const lines = [content.heading, ''];
  for (const block of content.blocks) {
    if (block.kind === 'link') lines.push(`${block.text}: ${block.href}`, '');
    else lines.push(block.kind === 'code' ? `    ${block.text}` : block.text, '');
  }
  lines.push('—', FOOTER[locale]);
  if (layout.siteUrl) lines.push(layout.siteUrl);
  return `${lines.join('\n')}\n`;
}

function layoutHtml(content: Content, locale: Locale, layout: LayoutVars): string {
  const body = content.blocks
    .map((block) => {
      const text = escapeHtml(block.text);
      if (block.kind === 'code') {
        return `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Consolas,Menlo,monospace;color:#111827">${text}</p>`;
      }
      if (block.kind === 'muted') return `<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${text}</p>`;
      if (block.kind === 'h2') return `<h2 style="margin:24px 0 8px;font-size:16px;color:#111827">${text}</h2>`;
      if (block.kind === 'link') {
        return `<p style="margin:12px 0;font-size:14px"><a href="${escapeHtml(safeHref(block.href))}" style="color:#1d4ed8">${text}</a></p>`;
      }
      return `<p style="margin:0 0 12px;font-size:15px;line-height:1.6;color:#1f2937">${text}</p>`;
    })
    .join('\n');
  const site = layout.siteUrl
    ? ` <a href="${escapeHtml(layout.siteUrl)}" style="color:#6b7280">${escapeHtml(layout.siteUrl)}</a>`
    : '';
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:700;color:#1d4ed8">${BRAND}</td></tr>
<tr><td style="padding:28px 32px">
<h1 style="margin:0 0 16px;font-size:20px;color:#111827">${escapeHtml(content.heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(FOOTER[locale])}${site}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** Renders a template in the given language: subject, plain text and HTML. */
export function renderTemplate<N extends TemplateName>(
  name: N,
  locale: Locale,
  vars: TemplateVars[N],
  layout: LayoutVars = {},
): RenderedMail {
  const build = TEMPLATES[name] as (locale: Locale, vars: TemplateVars[N]) => Content;
  const content = build(locale, vars);
  return {
    subject: content.subject,
    text: layoutText(content, locale, layout),
    html: layoutHtml(content, locale, layout),
  };
}
