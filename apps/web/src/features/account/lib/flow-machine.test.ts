import { describe, expect, it } from 'vitest';
import {
  formatMinutes,
  initialRegister,
  initialReset,
  initialVerification,
  RESET_WINDOW_MS,
  registerReducer,
  resetReducer,
  secondsLeft,
  verificationReducer,
} from './flow-machine.ts';

describe('verificationReducer', () => {
  it('walks email → captcha → code', () => {
    let state = initialVerification();
    state = verificationReducer(state, { type: 'emailSubmitted', email: ' a@b.co ' });
    expect(state).toMatchObject({ step: 'captcha', email: 'a@b.co', captchaParam: null, captchaRound: 1 });
    state = verificationReducer(state, { type: 'captchaPassed', param: 'p1' });
    expect(state).toMatchObject({ step: 'code', captchaParam: 'p1' });
  });

  it('ignores an empty e-mail and a captcha outside its step', () => {
    const start = initialVerification();
    expect(verificationReducer(start, { type: 'emailSubmitted', email: '  ' })).toBe(start);
    expect(verificationReducer(start, { type: 'captchaPassed', param: 'p' })).toBe(start);
  });

  it('asks for a fresh captcha when the server refuses it', () => {
    let state = verificationReducer(initialVerification(), { type: 'emailSubmitted', email: 'a@b.co' });
    state = verificationReducer(state, { type: 'captchaPassed', param: 'p1' });
    state = verificationReducer(state, { type: 'captchaRejected' });
    expect(state).toMatchObject({ step: 'captcha', captchaParam: null, captchaRound: 2 });
  });

  it('goes back to the e-mail and forgets the captcha', () => {
    let state = verificationReducer(initialVerification(), { type: 'emailSubmitted', email: 'a@b.co' });
    state = verificationReducer(state, { type: 'captchaPassed', param: 'p1' });
    state = verificationReducer(state, { type: 'editEmail' });
    expect(state).toMatchObject({ step: 'email', email: 'a@b.co', captchaParam: null });
  });
});

function verified() {
  let state = initialRegister();
  state = registerReducer(state, { type: 'verification', event: { type: 'emailSubmitted', email: 'a@b.co' } });
  return registerReducer(state, { type: 'verification', event: { type: 'captchaPassed', param: 'p' } });
}

describe('registerReducer', () => {
  it('moves to the password stage only with a code on the code step', () => {
    expect(registerReducer(initialRegister(), { type: 'codeEntered', code: '123456' }).stage).toBe('verify');
    const state = registerReducer(verified(), { type: 'codeEntered', code: '123456' });
    expect(state).toMatchObject({ stage: 'password', verifyCode: '123456' });
    expect(registerReducer(state, { type: 'registered' }).stage).toBe('done');
  });

  it('returns to the code on a rejected code and to the e-mail when it is registered', () => {
    const password = registerReducer(verified(), { type: 'codeEntered', code: '123456' });
    const code = registerReducer(password, { type: 'codeRejected' });
    expect(code).toMatchObject({ stage: 'verify', verifyCode: '', verification: { step: 'code' } });
    const email = registerReducer(password, { type: 'emailRejected' });
    expect(email).toMatchObject({ stage: 'verify', verification: { step: 'email', captchaParam: null } });
  });

  it('does not register twice or leave the done stage', () => {
    const done = registerReducer(registerReducer(verified(), { type: 'codeEntered', code: '1' }), {
      type: 'registered',
    });
    expect(registerReducer(done, { type: 'codeRejected' })).toBe(done);
    expect(registerReducer(verified(), { type: 'registered' }).stage).toBe('verify');
  });
});

describe('resetReducer', () => {
  it('opens a 5-minute window with the token and ends it with success', () => {
    let state = initialReset('a@b.co');
    state = resetReducer(state, { type: 'tokenIssued', resetToken: 't', now: 1000 });
    expect(state).toMatchObject({ stage: 'reset', resetToken: 't', expiresAt: 1000 + RESET_WINDOW_MS });
    state = resetReducer(state, { type: 'reset' });
    expect(state).toMatchObject({ stage: 'done', resetToken: null });
  });

  it('goes back to step 1 with the notice when the window expires', () => {
    let state = initialReset();
    state = resetReducer(state, { type: 'verification', event: { type: 'emailSubmitted', email: 'a@b.co' } });
    state = resetReducer(state, { type: 'verification', event: { type: 'captchaPassed', param: 'p' } });
    state = resetReducer(state, { type: 'tokenIssued', resetToken: 't', now: 0 });
    state = resetReducer(state, { type: 'expired' });
    expect(state).toMatchObject({
      stage: 'verify',
      notice: 'expired',
      resetToken: null,
      verification: { step: 'captcha', email: 'a@b.co', captchaParam: null },
    });
  });
});

describe('countdown helpers', () => {
  it('counts whole seconds and formats m:ss', () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(1000, 5000)).toBe(0);
    expect(formatMinutes(300)).toBe('5:00');
    expect(formatMinutes(59)).toBe('0:59');
  });
});
