import type { Locale } from '@namebourse/contract';
import { escapeHtml } from '../../adapters/mail/templates.ts';
import { getContactInfo } from '../profile/profile.service.ts';
import type { DomainsApp } from './domains.operations.ts';

/**
 * The transfer code by e-mail (domains.transfer.ts issues it), in the reader's language: the
 * only copy besides the one answer that shows it (we keep its hash only).
 */
export function renderTransferCodeMail(
  locale: Locale,
  vars: { domain: string; code: string; expiresAt: Date; siteUrl?: string | undefined },
): { subject: string; text: string; html: string } {
  const until = `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(vars.expiresAt)} (UTC)`;
  const zh = locale === 'zh-CN';
  const subject = zh ? `${vars.domain} 的转移码` : `Transfer code for ${vars.domain}`;
  const intro = zh
    ? `您为 ${vars.domain} 申请的转移码如下：`
    : `Here is the transfer code you requested for ${vars.domain}:`;
  const validity = zh
    ? `有效期至 ${until}。此前的转移码已失效。`
    : `It is valid until ${until}. Any earlier code no longer works.`;
  const warning = zh
    ? '请把它只交给新的注册商。如果这不是您本人的操作，请立即登录并取消转出。'
    : 'Give it only to the new registrar. If you did not ask for it, sign in and cancel the transfer at once.';
  const footer = zh
    ? '此邮件由 NameBourse 系统自动发送，请勿直接回复。'
    : 'This message was sent automatically by NameBourse. Please do not reply.';
  const text = `${subject}\n\n${intro}\n\n    ${vars.code}\n\n${validity}\n\n${warning}\n\n—\n${footer}\n${vars.siteUrl ?? ''}`;
  const p = (s: string, style = 'margin:0 0 12px;font-size:15px;line-height:1.6;color:#1f2937') =>
    `<p style="${style}">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif">
<h1 style="font-size:20px;color:#111827">${escapeHtml(subject)}</h1>
${p(intro)}
${p(vars.code, 'margin:24px 0;font-size:24px;font-weight:700;letter-spacing:2px;font-family:Consolas,Menlo,monospace;color:#111827')}
${p(validity)}
${p(warning, 'margin:16px 0 0;font-size:13px;color:#6b7280')}
${p(footer, 'margin:24px 0 0;font-size:12px;color:#6b7280')}
</body></html>
`;
  return { subject, text, html };
}

/** E-mails the code after commit; a failure is logged (without the code), the user has it on screen. */
export async function mailTransferCode(
  app: DomainsApp,
  userId: bigint,
  domain: string,
  code: string,
  expiresAt: Date,
  locale: Locale,
): Promise<void> {
  try {
    const { email } = await getContactInfo(app, userId);
    if (!email) return;
    const mail = renderTransferCodeMail(locale, { domain, code, expiresAt, siteUrl: app.platform.config.publicUrl });
    await app.platform.mailer.send({ to: email, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (err) {
    app.log.warn(
      { err: { message: err instanceof Error ? err.message : String(err) }, domain },
      'transfer code mail not sent',
    );
  }
}
