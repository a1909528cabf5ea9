import { FUNDS_LIMITS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { enginesFor } from '../../../test/helpers.ts';
import { bindAuthenticatorFor, totpAt } from '../security/security.test-support.ts';
import { PAYEE_UPLOADS_PER_DAY } from './payees.service.ts';
import {
  advance,
  fundsSuite,
  GIF,
  JPEG,
  messagesOf,
  PNG,
  paypalPayee,
  reviewPayee,
  type SignedIn,
  savePayee,
  signIn,
  upload,
  uploadPng,
  wirePayee,
} from './payees.test-support.ts';

const DAY_MS = 24 * 3600 * 1000;

describe.each(enginesFor('app'))('payees (%s)', (engine) => {
  const { t, finance } = fundsSuite(engine);

  const list = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/funds/payees', headers });
    expect(res.statusCode).toBe(200);
    return res.json().data.items as Record<string, unknown>[];
  };
  const revoke = (headers: Record<string, string>, payeeId: string) =>
    t.app.inject({ method: 'POST', url: `/api/funds/payees/${payeeId}/revoke`, headers, payload: {} });
  const adminPayees = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/payees${query}`, headers });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/funds/payees' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('Account.Unauthorized');
  });

  it('creates a wire payee pending review (about 3 days), masked, and edits it in place: one per type', async () => {
    const { headers } = await signIn(t);
    expect(await list(headers)).toEqual([]);

    const created = await savePayee(t, headers, wirePayee());
    expect(created.statusCode).toBe(200);
    const payee = created.json().data;
    expect(payee).toMatchObject({
      type: 'wire',
      status: 'pending_review',
      name: 'Zhang San Trading Co',
      bankName: 'Bank of China',
      accountNumber: '****6789',
      accountType: 'business',
      swiftCode: 'BKCHCNBJ',
      paypalAccount: null,
      canEdit: true,
      reviewNote: null,
      files: [],
      submittedAt: t.clock.now().toISOString(),
    });
    expect(payee.reviewDueAt).toBe(
      new Date(t.clock.now().getTime() + FUNDS_LIMITS.payeeReviewDays * DAY_MS).toISOString(),
    );
    expect(JSON.stringify(payee)).not.toContain('CN00123456789');

    // Saving the same type again edits that payee (still pending, same id).
    await advance(t, 60, []);
    const edited = await savePayee(t, headers, wirePayee({ bankName: 'ICBC', accountNumber: 'CN00999988887777' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      payeeId: payee.payeeId,
      status: 'pending_review',
      bankName: 'ICBC',
      accountNumber: '****7777',
      submittedAt: payee.submittedAt,
    });

    // A PayPal payee is the second (and last) one.
    const paypal = await savePayee(t, headers, paypalPayee());
    expect(paypal.json().data).toMatchObject({ type: 'paypal', status: 'pending_review', bankName: null });
    const items = await list(headers);
    expect(items.map((p) => p.type)).toEqual(['paypal', 'wire']);
    expect(items.find((p) => p.type === 'wire')).toMatchObject({ bankName: 'ICBC', accountNumber: '****7777' });
  });

  it('refuses each invalid field with a localised message (English and Chinese)', async () => {
    const en = await signIn(t);
    const zh = await signIn(t, 'user', 'zh-CN');
    const fieldsOf = async (who: SignedIn, body: Record<string, unknown>) => {
      const res = await savePayee(t, who.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('Request.Invalid');
      return res.json().data.fields as Record<string, string>;
    };

    expect(await fieldsOf(en, wirePayee({ name: '张三' }))).toEqual({
      name: "Please use English or Pinyin (letters, digits, spaces and . , & ' ( ) -)",
    });
    expect((await fieldsOf(zh, wirePayee({ name: '张三' }))).name).toBe(
      "请使用英文或拼音（字母、数字、空格及 . , & ' ( ) -）",
    );
    expect(await fieldsOf(en, wirePayee({ accountNumber: 'cn-0012 3456' }))).toEqual({
      accountNumber: 'Invalid account number: use capital letters A–Z and digits 0–9 only, without spaces or symbols',
    });
    expect((await fieldsOf(zh, wirePayee({ accountNumber: 'ab12cd34' }))).accountNumber).toBe(
      '银行账号格式不正确：只能包含大写字母 A–Z 和数字 0–9，不含空格或符号',
    );
    expect(await fieldsOf(en, wirePayee({ address: 'Too short' }))).toEqual({
      address: 'Too short (at least 10 characters)',
    });
    expect(await fieldsOf(en, wirePayee({ address: 'A'.repeat(121) }))).toEqual({
      address: 'Too long (at most 120 characters)',
    });
    expect((await fieldsOf(zh, wirePayee({ address: 'A'.repeat(121) }))).address).toBe('内容过长（最多 120 个字符）');
    expect(await fieldsOf(en, wirePayee({ swiftCode: 'BKCH' }))).toEqual({
      swiftCode:
        'Invalid SWIFT code: 8 or 11 capital letters and digits, the first 6 letters (e.g. BKCHCNBJ or BKCHCNBJ300)',
    });
    expect(await fieldsOf(en, wirePayee({ idNumber: undefined }))).toEqual({ idNumber: 'This field is required' });
    expect(await fieldsOf(en, wirePayee({ signatory: '李四' }))).toHaveProperty('signatory');
    expect(await fieldsOf(en, wirePayee({ accountType: 'joint' }))).toEqual({
      accountType: 'Please choose one of the options',
    });
    expect(await fieldsOf(en, paypalPayee({ paypalAccount: 'not-an-email' }))).toEqual({
      paypalAccount: 'Please enter a valid email address',
    });
    expect((await fieldsOf(zh, paypalPayee({ paypalAccount: 'x@' }))).paypalAccount).toBe('请输入有效的邮箱地址');
    // Boundaries that pass: a 10-character and a 120-character address.
    expect((await savePayee(t, en.headers, wirePayee({ address: 'A'.repeat(10) }))).statusCode).toBe(200);
    expect((await savePayee(t, en.headers, wirePayee({ address: 'A'.repeat(120) }))).statusCode).toBe(200);
    // Nothing invalid was stored.
    expect(await list(zh.headers)).toEqual([]);
  });

  it('uploads JPG and PNG images checked by their bytes, serves them to the owner and operators only', async () => {
    const owner = await signIn(t);
    const jpg = await upload(t, owner.headers, { fileName: 'agreement.jpg', contentType: 'image/jpeg', data: JPEG });
    expect(jpg.statusCode).toBe(200);
    expect(jpg.json().data).toMatchObject({
      fileName: 'agreement.jpg',
      contentType: 'image/jpeg',
      sizeBytes: JPEG.length,
    });
    const png = await upload(t, owner.headers, { fileName: 'licence.png', contentType: 'image/png', data: PNG });
    expect(png.statusCode).toBe(200);
    const pngFile = png.json().data;
    expect(pngFile.url).toBe(`/api/funds/payees/files/${pngFile.fileId}`);

    const image = await t.app.inject({ method: 'GET', url: pngFile.url, headers: owner.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const stranger = await signIn(t);
    const refused = await t.app.inject({ method: 'GET', url: pngFile.url, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('File.NotFound');
    const support = await signIn(t, 'support');
    expect((await t.app.inject({ method: 'GET', url: pngFile.url, headers: support.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pngFile.url, headers: finance.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pngFile.url })).statusCode).toBe(401);
  });

  it('refuses a GIF, a text file named .png, an oversized image, and a request without a file', async () => {
    const { headers } = await signIn(t);
    const gif = await upload(t, headers, { fileName: 'a.gif', contentType: 'image/gif', data: GIF });
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({ code: 'File.UnsupportedFormat', message: 'Unsupported file format' });
    // A GIF declared as PNG is refused by its bytes.
    const disguisedGif = await upload(t, headers, { fileName: 'a.png', contentType: 'image/png', data: GIF });
    expect(disguisedGif.json().code).toBe('File.UnsupportedFormat');
    const text = await upload(t, headers, {
      fileName: 'notes.png',
      contentType: 'image/png',
      data: Buffer.from('just some text, not an image'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('File.UnsupportedFormat');
    // A real PNG declared as something else is refused too (both must say JPG or PNG).
    const pdfDeclared = await upload(t, headers, { fileName: 'x.pdf', contentType: 'application/pdf', data: PNG });
    expect(pdfDeclared.json().code).toBe('File.UnsupportedFormat');

    const big = Buffer.concat([PNG, Buffer.alloc(FUNDS_LIMITS.payeeFileMaxBytes)]);
    const tooLarge = await upload(
      t,
      { ...headers, 'accept-language': 'zh-CN' },
      {
        fileName: 'big.png',
        contentType: 'image/png',
        data: big,
      },
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'File.TooLarge', message: '文件大小超出限制' });

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/funds/payees/files',
      headers,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json().code).toBe('Request.UnsupportedMediaType');
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/funds/payees/files',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--x--\r\n'),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().data.fields).toEqual({ file: 'This field is required' });
  });

  it('attaches up to four images, refuses a fifth and foreign files, replaces the set on edit', async () => {
    const owner = await signIn(t);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await uploadPng(t, owner.headers));

    const five = await savePayee(t, owner.headers, wirePayee({ fileIds: ids }));
    expect(five.statusCode).toBe(400);
    expect(five.json().code).toBe('Request.Invalid');
    expect(five.json().data.fields).toHaveProperty('fileIds');

    const other = await signIn(t);
    const foreign = await uploadPng(t, other.headers);
    const withForeign = await savePayee(t, owner.headers, wirePayee({ fileIds: [ids[0], foreign] }));
    expect(withForeign.statusCode).toBe(400);
    expect(withForeign.json().data.fields).toEqual({
      fileIds: 'An uploaded file was not found or has expired. Please upload it again',
    });

    const four = await savePayee(t, owner.headers, wirePayee({ fileIds: ids.slice(0, 4) }));
    expect(four.statusCode).toBe(200);
    expect(
      four
        .json()
        .data.files.map((f: { fileId: string }) => f.fileId)
        .sort(),
    ).toEqual(ids.slice(0, 4).sort());

    // The PayPal payee cannot take the wire payee's files.
    const stolen = await savePayee(t, owner.headers, paypalPayee({ fileIds: [ids[0]] }));
    expect(stolen.json().data.fields).toHaveProperty('fileIds');

    // An edit with a new set: two kept, one added, two dropped (and deleted).
    const edited = await savePayee(t, owner.headers, wirePayee({ fileIds: [ids[0], ids[1], ids[4]] }));
    expect(edited.statusCode).toBe(200);
    expect(
      edited
        .json()
        .data.files.map((f: { fileId: string }) => f.fileId)
        .sort(),
    ).toEqual([ids[0], ids[1], ids[4]].sort());
    const dropped = await t.app.inject({
      method: 'GET',
      url: `/api/funds/payees/files/${ids[2]}`,
      headers: owner.headers,
    });
    expect(dropped.statusCode).toBe(404);
  });

  it('purges uploads never attached after a day, keeping attached ones', async () => {
    const owner = await signIn(t);
    const attached = await uploadPng(t, owner.headers);
    const loose = await uploadPng(t, owner.headers);
    expect((await savePayee(t, owner.headers, paypalPayee({ fileIds: [attached] }))).statusCode).toBe(200);
    const get = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/funds/payees/files/${id}`, headers: owner.headers });

    await advance(t, 23 * 3600, [owner]);
    await t.app.platform.sweeper.runOnce();
    expect((await get(loose)).statusCode).toBe(200);
    await advance(t, 3600 + 1, [owner]);
    const swept = await t.app.platform.sweeper.runOnce();
    expect(swept.advanced).toContainEqual({ sweeper: 'funds.payee-uploads.purge', count: expect.any(Number) });
    expect((await get(loose)).statusCode).toBe(404);
    expect((await get(attached)).statusCode).toBe(200);
  });

  it('goes through review: supplement, supplement submitted, reject, resubmit, approve; approved is locked', async () => {
    const owner = await signIn(t);
    const saved = await savePayee(t, owner.headers, wirePayee());
    const payeeId = saved.json().data.payeeId as string;

    // Ask for a supplement (a reason is required).
    const noReason = await reviewPayee(t, finance.headers, payeeId, { action: 'supplement' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.fields).toEqual({ reason: 'This field is required' });
    await advance(t, 3600, [owner, finance]);
    const supplement = await reviewPayee(t, finance.headers, payeeId, {
      action: 'supplement',
      reason: 'Please upload the business licence',
    });
    expect(supplement.statusCode).toBe(200);
    expect(supplement.json().data).toMatchObject({ status: 'needs_supplement', reviewDueAt: null });
    let mine = (await list(owner.headers))[0];
    expect(mine).toMatchObject({ status: 'needs_supplement', reviewNote: 'Please upload the business licence' });
    const asked = await messagesOf(t, owner.user.id, 'payee_needs_supplement');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.params).toMatchObject({ reason: 'Please upload the business licence', payeeId });
    expect(asked[0]?.link).toBe('/console/fund/payees');

    // Supplementing moves it to supplement submitted (a new review clock).
    await advance(t, 3600, [owner, finance]);
    const fileId = await uploadPng(t, owner.headers);
    const supplied = await savePayee(t, owner.headers, wirePayee({ fileIds: [fileId] }));
    expect(supplied.json().data).toMatchObject({
      status: 'supplement_submitted',
      submittedAt: t.clock.now().toISOString(),
      reviewDueAt: new Date(t.clock.now().getTime() + 3 * DAY_MS).toISOString(),
    });
    // Editing again while it waits keeps it there.
    const again = await savePayee(t, owner.headers, wirePayee({ fileIds: [fileId], signatory: 'Wang Wu' }));
    expect(again.json().data).toMatchObject({ status: 'supplement_submitted', signatory: 'Wang Wu' });

    // Reject with a reason: the owner is told why.
    const rejected = await reviewPayee(t, finance.headers, payeeId, { action: 'reject', reason: 'Name mismatch' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reviewNote: 'Name mismatch' });
    expect((await messagesOf(t, owner.user.id, 'payee_rejected'))[0]?.params).toMatchObject({
      reason: 'Name mismatch',
    });
    // Illegal moves from rejected: 409.
    for (const action of ['approve', 'supplement', 'reject']) {
      const res = await reviewPayee(t, finance.headers, payeeId, { action, reason: 'x' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('Payee.InvalidTransition');
    }

    // Resubmitting puts it back in review.
    const resubmitted = await savePayee(t, owner.headers, wirePayee({ fileIds: [fileId], name: 'Zhang San' }));
    expect(resubmitted.json().data).toMatchObject({ status: 'pending_review', reviewNote: null, name: 'Zhang San' });

    const approved = await reviewPayee(t, finance.headers, payeeId, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', canEdit: false, reviewDueAt: null });
    expect(await messagesOf(t, owner.user.id, 'payee_approved')).toHaveLength(1);

    const locked = await savePayee(t, owner.headers, wirePayee({ bankName: 'Other Bank' }));
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'Funds.PayeeLocked', message: 'An approved payee cannot be edited' });
    expect((await reviewPayee(t, finance.headers, payeeId, { action: 'approve' })).json().code).toBe(
      'Payee.InvalidTransition',
    );
    mine = (await list(owner.headers))[0];
    expect(mine).toMatchObject({ status: 'approved', name: 'Zhang San', bankName: 'Bank of China' });

    // The history records every step with who did it.
    const detail = approved.json().data;
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
      'approve',
      'resubmit',
      'reject',
      'edit',
      'supplement',
      'request_supplement',
      'submit',
    ]);
    expect(detail.history[0]).toMatchObject({
      fromStatus: 'pending_review',
      toStatus: 'approved',
      actor: finance.user.accountNo,
      actorRole: 'finance',
    });
    expect(detail.history.at(-1)).toMatchObject({
      actor: owner.user.accountNo,
      actorRole: 'user',
      toStatus: 'pending_review',
    });
  });

  it('revokes (withdraws) and resubmits; a revoked payee cannot be revoked again; unknown or foreign payees are 404', async () => {
    const owner = await signIn(t);
    const payeeId = (await savePayee(t, owner.headers, paypalPayee())).json().data.payeeId as string;
    expect((await reviewPayee(t, finance.headers, payeeId, { action: 'approve' })).statusCode).toBe(200);

    const stranger = await signIn(t);
    const foreign = await revoke(stranger.headers, payeeId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('Funds.PayeeNotFound');
    expect((await revoke(owner.headers, 'P-nope')).json().code).toBe('Funds.PayeeNotFound');

    const revoked = await revoke(owner.headers, payeeId);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ status: 'revoked', canEdit: true });
    const twice = await revoke(owner.headers, payeeId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('Payee.InvalidTransition');
    // An operator cannot decide on a revoked payee.
    expect((await reviewPayee(t, finance.headers, payeeId, { action: 'approve' })).statusCode).toBe(409);

    await advance(t, 60, [owner]);
    const resubmitted = await savePayee(t, owner.headers, paypalPayee({ paypalAccount: 'new@example.com' }));
    expect(resubmitted.json().data).toMatchObject({
      payeeId,
      status: 'pending_review',
      paypalAccount: 'new@example.com',
      submittedAt: t.clock.now().toISOString(),
    });
    // A payee still in review can be withdrawn too.
    expect((await revoke(owner.headers, payeeId)).json().data.status).toBe('revoked');
  });

  it('lets finance and admins review, not users or support; the queue is oldest first with owner and full account', async () => {
    const owner = await signIn(t);
    const user = await signIn(t);
    const support = await signIn(t, 'support');
    const admin = await signIn(t, 'admin');
    const payeeId = (await savePayee(t, owner.headers, wirePayee({ accountNumber: 'QUEUE0001234' }))).json().data
      .payeeId as string;

    for (const who of [user, support]) {
      const listed = await adminPayees(who.headers);
      expect(listed.statusCode).toBe(403);
      expect(listed.json().code).toBe('Account.Forbidden');
      const decided = await reviewPayee(t, who.headers, payeeId, { action: 'approve' });
      expect(decided.statusCode).toBe(403);
      expect(decided.json().code).toBe('Account.Forbidden');
    }
    expect((await adminPayees({})).statusCode).toBe(401);

    const queue = await adminPayees(finance.headers, '?pageSize=100');
    expect(queue.statusCode).toBe(200);
    const page = queue.json().data;
    const statuses = new Set(page.items.map((p: { status: string }) => p.status));
    expect([...statuses].every((s) => s === 'pending_review' || s === 'supplement_submitted')).toBe(true);
    const submitted = page.items.map((p: { submittedAt: string }) => p.submittedAt);
    expect(submitted).toEqual([...submitted].sort());
    const entry = page.items.find((p: { payeeId: string }) => p.payeeId === payeeId);
    expect(entry).toMatchObject({
      accountNo: owner.user.accountNo,
      email: owner.email,
      accountNumber: '****1234',
      accountNumberFull: 'QUEUE0001234',
      status: 'pending_review',
    });
    expect(entry.history).toHaveLength(1);

    const approvedByAdmin = await reviewPayee(t, admin.headers, payeeId, { action: 'approve' });
    expect(approvedByAdmin.statusCode).toBe(200);
    const afterQueue = (await adminPayees(finance.headers, '?pageSize=100')).json().data;
    expect(afterQueue.items.some((p: { payeeId: string }) => p.payeeId === payeeId)).toBe(false);
    const approvedOnly = (await adminPayees(finance.headers, '?status=approved&pageSize=100')).json().data;
    expect(approvedOnly.items.some((p: { payeeId: string }) => p.payeeId === payeeId)).toBe(true);
    expect(approvedOnly.items.every((p: { status: string }) => p.status === 'approved')).toBe(true);
    const all = (await adminPayees(finance.headers, '?queue=all&pageSize=1')).json().data;
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThan(1);
    expect((await reviewPayee(t, finance.headers, 'P-missing', { action: 'approve' })).json().code).toBe(
      'Funds.PayeeNotFound',
    );

    // Four eyes: a finance reviewer cannot approve their own payee; another reviewer can.
    const own = (await savePayee(t, finance.headers, paypalPayee())).json().data.payeeId as string;
    const self = await reviewPayee(t, finance.headers, own, { action: 'approve' });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('Account.Forbidden');
    expect((await reviewPayee(t, admin.headers, own, { action: 'approve' })).json().data.status).toBe('approved');
  });

  it('caps unattached uploads per day', async () => {
    const { headers } = await signIn(t);
    for (let i = 0; i < PAYEE_UPLOADS_PER_DAY; i++) await uploadPng(t, headers);
    const capped = await upload(t, headers, { fileName: 'one-more.png', contentType: 'image/png', data: PNG });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('Request.TooManyRequests');
  });

  it('asks a user with an authenticator for MFA before saving or revoking a payee', async () => {
    const owner = await signIn(t);
    const secret = await bindAuthenticatorFor(t, owner.headers);

    const asked = await savePayee(t, owner.headers, paypalPayee());
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe('Account.Mfa.Required');
    expect(await list(owner.headers)).toEqual([]);
    const challengeId = asked.json().data.challengeId as string;
    const saved = await savePayee(
      t,
      owner.headers,
      paypalPayee({
        mfaVerification: { challengeId, factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }] },
      }),
    );
    expect(saved.statusCode).toBe(200);
    t.clock.advance(30);

    const payeeId = saved.json().data.payeeId as string;
    const revokeAsked = await revoke(owner.headers, payeeId);
    expect(revokeAsked.json().code).toBe('Account.Mfa.Required');
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/funds/payees/${payeeId}/revoke`,
      headers: owner.headers,
      payload: {
        mfaVerification: {
          challengeId: revokeAsked.json().data.challengeId,
          factors: [{ method: 'AUTHENTICATOR', token: await totpAt(t, secret) }],
        },
      },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
  });
});
