import type { Locale } from '@namebourse/contract';

/** Bilingual SMS texts (short: one SMS segment where possible). */
export interface SmsTemplateVars {
  'verification-code': { code: string; minutes: number };
}
export type SmsTemplateName = keyof SmsTemplateVars;

const SMS_TEMPLATES: { [N in SmsTemplateName]: (locale: Locale, vars: SmsTemplateVars[N]) => string } = {
  'verification-code': (locale, { code, minutes }) =>
    locale === 'zh-CN'
      ? `【NameBourse】您的验证码是${code}，${minutes}分钟内有效。请勿泄露给他人。`
      : `[NameBourse] Your verification code is ${code}. It expires in ${minutes} min. Do not share it.`,
};

export function renderSms<N extends SmsTemplateName>(name: N, locale: Locale, vars: SmsTemplateVars[N]): string {
  const build = SMS_TEMPLATES[name] as (locale: Locale, vars: SmsTemplateVars[N]) => string;
  return build(locale, vars);
}
