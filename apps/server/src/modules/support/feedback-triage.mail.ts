import type { Locale } from '@namebourse/contract';

/**
 * The e-mail that carries an operator's reply to a contact-us message, in the language the message was written in:
 * a subject naming the message's number, a greeting, the reply, then the original message quoted. Plain text and
 * HTML (every variable escaped).
 */
export interface FeedbackReplyMail {
  subject: string;
  text: string;
  html: string;
}

export interface FeedbackReplyMailVars {
  feedbackNo: string;
  name: string;
  sentAt: Date;
  original: string;
  reply: string;
  siteUrl?: string | undefined;
}

const BRAND = 'NameBourse';

const TEXTS: Record<
  Locale,
  {
    subject: (no: string) => string;
    greeting: (name: string) => string;
    intro: (date: string, no: string) => string;
    yourMessage: string;
    footer: string;
  }
> = {
  'zh-CN': {
    subject: (no) => `${BRAND} 客服回复：您的留言 ${no}`,
    greeting: (name) => `${name}，您好：`,
    intro: (date, no) => `感谢您联系 ${BRAND}。关于您于 ${date} 提交的留言（编号 ${no}），我们的回复如下：`,
    yourMessage: '您的留言：',
    footer: `如需进一步帮助，请直接回复本邮件或在帮助中心联系我们。— ${BRAND} 客服团队`,
  },
  'en-US': {
    subject: (no) => `${BRAND} support: a reply to your message ${no}`,
    greeting: (name) => `Hello ${name},`,
    intro: (date, no) =>
      `Thank you for contacting ${BRAND}. Here is our reply to the message you sent on ${date} (${no}):`,
    yourMessage: 'Your message:',
    footer: `If you need more help, reply to this e-mail or contact us from the help centre. — The ${BRAND} support team`,
  },
};

function formatDate(date: Date, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    date,
  );
  return `${text} UTC`;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Paragraphs of plain text as HTML: escaped, line breaks kept. */
function htmlParagraphs(text: string, style: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p style="${style}">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
}

export function renderFeedbackReplyMail(locale: Locale, vars: FeedbackReplyMailVars): FeedbackReplyMail {
  const t = TEXTS[locale];
  const date = formatDate(vars.sentAt, locale);
  const subject = t.subject(vars.feedbackNo);
  const quoted = vars.original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [
    t.greeting(vars.name),
    '',
    t.intro(date, vars.feedbackNo),
    '',
    vars.reply,
    '',
    t.yourMessage,
    quoted,
    '',
    '—',
    t.footer,
    ...(vars.siteUrl ? [vars.siteUrl] : []),
    '',
  ].join('\n');
  const p = 'margin:0 0 12px;font-size:15px;line-height:1.6;color:#1f2937';
  const site = vars.siteUrl
    ? ` <a href="${escapeHtml(vars.siteUrl)}" style="color:#6b7280">${escapeHtml(vars.siteUrl)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb;font-size:20px;font-weight:700;color:#1d4ed8">${BRAND}</td></tr>
<tr><td style="padding:28px 32px">
<p style="${p}">${escapeHtml(t.greeting(vars.name))}</p>
<p style="${p}">${escapeHtml(t.intro(date, vars.feedbackNo))}</p>
${htmlParagraphs(vars.reply, p)}
<p style="margin:20px 0 6px;font-size:13px;color:#6b7280">${escapeHtml(t.yourMessage)}</p>
<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #d1d5db;color:#4b5563;font-size:14px">${escapeHtml(vars.original).replaceAll('\n', '<br>')}</blockquote>
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(t.footer)}${site}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}
