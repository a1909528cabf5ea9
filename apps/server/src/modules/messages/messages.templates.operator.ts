import type { Locale, MessageKind } from '@namebourse/contract';
import type { Template } from './messages.template-types.ts';

/**
 * Messages of the operator console and customer service (issue 18). Params by kind (all optional):
 * - account_restricted: scopes (comma-separated RESTRICTION_SCOPES), reason, until (ISO; absent = until lifted)
 * - account_restriction_lifted: reason
 * - support_reply: conversationId, excerpt (the first characters of the agent's reply)
 */
type Kinds = 'account_restricted' | 'account_restriction_lifted' | 'support_reply';

const SCOPE_NAMES: Record<Locale, Record<string, string>> = {
  'zh-CN': { bid: '竞价', buy: '购买', list: '上架出售', settle: '结算', api: 'API 访问', signin: '登录' },
  'en-US': {
    bid: 'bidding',
    buy: 'buying',
    list: 'listing for sale',
    settle: 'settlement',
    api: 'API access',
    signin: 'signing in',
  },
};

function scopes(locale: Locale, value: string): string {
  const names = value
    .split(',')
    .filter(Boolean)
    .map((scope) => SCOPE_NAMES[locale][scope] ?? scope);
  return names.join(locale === 'zh-CN' ? '、' : ', ');
}

export const OPERATOR_TEMPLATES: Record<Kinds & MessageKind, Record<Locale, Template>> = {
  account_restricted: {
    'zh-CN': (f) => ({
      title: '您的账户受限，部分功能不可用',
      body: `受限功能：${scopes('zh-CN', f.s('scopes'))}。原因：${f.s('reason')}。${f.opt('until', (v) => `限制将于 ${f.time('until') || v} 解除。`)}如有疑问，请联系客服。`,
    }),
    'en-US': (f) => ({
      title: 'Your account is restricted with limited functionality',
      body: `Restricted: ${scopes('en-US', f.s('scopes'))}. Reason: ${f.s('reason')}.${f.opt('until', (v) => ` The restriction ends ${f.time('until') || v}.`)} Contact customer service if you have questions.`,
    }),
  },
  account_restriction_lifted: {
    'zh-CN': (f) => ({
      title: '账户限制已解除',
      body: `您的账户已恢复全部功能。${f.opt('reason', (v) => `说明：${v}`)}`,
    }),
    'en-US': (f) => ({
      title: 'The restriction on your account is lifted',
      body: `Every function of your account is available again.${f.opt('reason', (v) => ` Note: ${v}`)}`,
    }),
  },
  support_reply: {
    'zh-CN': (f) => ({
      title: '客服回复了您的留言',
      body: `${f.opt('excerpt', (v) => `“${v}”`)}打开客服对话可查看完整回复。`,
    }),
    'en-US': (f) => ({
      title: 'Customer service replied to your message',
      body: `${f.opt('excerpt', (v) => `"${v}" `)}Open the chat to read the whole reply.`,
    }),
  },
};
