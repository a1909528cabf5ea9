import {
  ALWAYS_EMAILED,
  DIGEST_LOCAL_HOUR,
  EMAIL_RETRY_DELAYS_MINUTES,
  type EmailCategory,
  emailCategoryOf,
  type NotificationKey,
  type Settings,
  type UnsubscribeInfo,
} from '@namebourse/contract';
import { renderTemplate } from '../../adapters/mail/templates.ts';
import type { DbOrTx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import type { AfterCommit } from '../../platform/sweeper.ts';
import { getUserById } from '../account/account.service.ts';
import { markDigestSent, readSettings, setNotificationPreference } from '../profile/profile.service.ts';
import {
  claimDueDigestUsers,
  claimPendingEmails,
  lockDueDigestRows,
  type MailRow,
  scheduleEmailRetry,
  setEmailStatus,
} from './messages.repository.ts';
import { renderMessage } from './messages.templates.ts';
import { nextLocalHour, offsetLabel, safeTimeZone, zonedParts } from './messages.time.ts';
import { readUnsubscribeToken, signUnsubscribeToken } from './messages.unsubscribe-token.ts';

/**
 * E-mail of the message centre's notices (issue 18). `notify` marks a notice of an e-mailed kind
 * `pending`; the sweeper below decides each one by the user's settings as they are then:
 * - its switch is off → `skipped` (it stays in the message centre);
 * - the daily digest is on → `digest`, due at the next 08:00 of the user's time zone (`emailed_at`);
 * - otherwise → `sent` and e-mailed once the batch has committed; a failed send is tried again after
 *   1, 5 and 30 minutes (`pending` again, `emailed_at` = the next try), then `failed`.
 * Security notices (restrictions) are always e-mailed at once. The digest sweeper sends each user
 * one e-mail with their due `digest` notices and marks them `sent`. Rows are claimed FOR UPDATE SKIP
 * LOCKED and leave the due set in the same transaction, so two sweeps (or instances) send one e-mail.
 */

type MailApp = Pick<App, 'platform' | 'log'>;

/** The web's message centre and settings pages. */
const CENTRE_PATH = '/console/message/list';
const SETTINGS_PATH = '/console/user/info';
const UNSUBSCRIBE_PAGE = '/notifications/unsubscribe';
const UNSUBSCRIBE_API = '/api/notifications/unsubscribe';

function siteBase(app: MailApp): string {
  const { publicUrl, port } = app.platform.config;
  return (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
}

function attemptsOf(row: MailRow): number {
  const params = row.params as Record<string, unknown> | null;
  const n = params?._emailAttempts;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
}

/** The user's switch for a category (security notices have none: always on). */
function isSwitchedOn(settings: Settings, category: EmailCategory): boolean {
  return category === ALWAYS_EMAILED || settings.notifications[category];
}

interface Outgoing {
  userId: bigint;
  rows: MailRow[];
  settings: Settings;
  digest: boolean;
}

/**
 * Sends one e-mail (one notice, or a digest) after the sweep committed it as `sent`; a failure (of the
 * send or anything before it) schedules another try, or marks the rows `failed` after the last one.
 */
async function deliver(app: MailApp, outgoing: Outgoing): Promise<void> {
  const { db, clock } = app.platform;
  try {
    await composeAndSend(app, outgoing);
  } catch (err) {
    const ids = outgoing.rows.map((row) => row.id);
    const attempts = Math.max(...outgoing.rows.map(attemptsOf)) + 1;
    const delay = EMAIL_RETRY_DELAYS_MINUTES[attempts - 1];
    app.log.warn({ err, userId: String(outgoing.userId), attempts }, 'notification e-mail failed');
    if (delay === undefined) {
      await setEmailStatus(db, ids, 'failed', null);
      return;
    }
    const next = new Date(clock.now().getTime() + delay * 60_000);
    await scheduleEmailRetry(db, ids, outgoing.digest ? 'digest' : 'pending', attempts, next);
  }
}

/** Renders the e-mail in the user's language and time zone and sends it (throws when the send fails). */
async function composeAndSend(app: MailApp, outgoing: Outgoing): Promise<void> {
  const { db, clock, config } = app.platform;
  const ids = outgoing.rows.map((row) => row.id);
  const user = await getUserById(app, outgoing.userId);
  if (!user?.email) {
    await setEmailStatus(db, ids, 'skipped', null);
    return;
  }
  const base = siteBase(app);
  const timeZone = safeTimeZone(outgoing.settings.timeZone);
  const locale = outgoing.settings.language;
  const reader = { locale, timezoneOffsetMinutes: 0, timeZone };
  const categories = [
    ...new Set(
      outgoing.rows
        .map((row) => emailCategoryOf(row.kind))
        .filter((c): c is NotificationKey => c !== null && c !== ALWAYS_EMAILED),
    ),
  ];
  const unsubscribe = categories.map((category) => {
    const token = encodeURIComponent(signUnsubscribeToken(config.appSecret, outgoing.userId, category));
    return {
      category,
      url: `${base}${UNSUBSCRIBE_PAGE}?token=${token}`,
      oneClick: `${base}${UNSUBSCRIBE_API}?token=${token}`,
    };
  });
  const now = clock.now();
  const mail = renderTemplate(
    'notification',
    locale,
    {
      digest: outgoing.digest,
      items: outgoing.rows.map((row) => {
        const { title, body } = renderMessage(row.kind, row.params, reader);
        const zoned = zonedParts(row.createdAt, timeZone);
        const two = (n: number) => String(n).padStart(2, '0');
        return {
          title,
          body,
          at: `${zoned.year}-${two(zoned.month)}-${two(zoned.day)} ${two(zoned.hour)}:${two(zoned.minute)}`,
          url: row.link?.startsWith('/') ? `${base}${row.link}` : undefined,
        };
      }),
      timeZone: `${timeZone} (${offsetLabel(now, timeZone)})`,
      centreUrl: `${base}${CENTRE_PATH}`,
      settingsUrl: `${base}${SETTINGS_PATH}`,
      unsubscribe: unsubscribe.map(({ category, url }) => ({ category, url })),
    },
    { siteUrl: base },
  );
  // RFC 8058 one-click unsubscribe, for a mail of one category (a digest links each category in its body).
  const oneClick = unsubscribe.length === 1 ? unsubscribe[0] : undefined;
  await app.platform.mailer.send({
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(oneClick
      ? {
          headers: {
            'List-Unsubscribe': `<${oneClick.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  });
}

/** Decides one pending notice inside the sweep's transaction; the e-mail itself goes out after commit. */
export async function decideEmail(app: MailApp, tx: DbOrTx, row: MailRow, now: Date): Promise<AfterCommit | undefined> {
  const category = emailCategoryOf(row.kind);
  if (category === null) {
    await setEmailStatus(tx, [row.id], 'skipped', null);
    return undefined;
  }
  const settings = await readSettings(tx, row.userId);
  if (!isSwitchedOn(settings, category)) {
    await setEmailStatus(tx, [row.id], 'skipped', null);
    return undefined;
  }
  if (settings.digest && category !== ALWAYS_EMAILED) {
    await setEmailStatus(tx, [row.id], 'digest', nextLocalHour(now, settings.timeZone, DIGEST_LOCAL_HOUR));
    return undefined;
  }
  await setEmailStatus(tx, [row.id], 'sent', now);
  return () => deliver(app, { userId: row.userId, rows: [row], settings, digest: false });
}

/** Sends one user's due digest: one e-mail with every due `digest` notice whose switch is still on. */
export async function sendDigest(
  app: MailApp,
  tx: DbOrTx,
  userId: bigint,
  now: Date,
): Promise<AfterCommit | undefined> {
  const rows = await lockDueDigestRows(tx, userId, now);
  if (rows.length === 0) return undefined;
  const settings = await readSettings(tx, userId);
  const keep = rows.filter((row) => {
    const category = emailCategoryOf(row.kind);
    return category !== null && isSwitchedOn(settings, category);
  });
  const dropped = rows.filter((row) => !keep.includes(row));
  await setEmailStatus(
    tx,
    dropped.map((row) => row.id),
    'skipped',
    null,
  );
  if (keep.length === 0) return undefined;
  await setEmailStatus(
    tx,
    keep.map((row) => row.id),
    'sent',
    now,
  );
  await markDigestSent(tx, userId, now);
  return () => deliver(app, { userId, rows: keep, settings, digest: true });
}

/** The two sweepers: single e-mails, then digests. */
export function registerMailSweepers(app: App): void {
  app.platform.sweeper.register<MailRow>({
    name: 'messages.email',
    batchSize: 50,
    claim: (tx, now, limit) => claimPendingEmails(tx, now, limit),
    apply: async (tx, row, now) => decideEmail(app, tx, row, now),
  });
  app.platform.sweeper.register<{ userId: bigint }>({
    name: 'messages.digest',
    batchSize: 50,
    claim: (tx, now, limit) => claimDueDigestUsers(tx, now, limit),
    apply: async (tx, { userId }, now) => sendDigest(app, tx, userId, now),
  });
}

// ---- Unsubscribe (GET/POST /api/notifications/unsubscribe, no sign-in) ----

function tokenOrThrow(app: MailApp, token: string | undefined): { userId: bigint; category: NotificationKey } {
  const read = token ? readUnsubscribeToken(app.platform.config.appSecret, token) : null;
  if (!read) throw new AppError('Notification.UnsubscribeLinkInvalid');
  return read;
}

/** `a***@example.com`: enough to recognise one's own address, not to learn someone else's. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

async function infoOf(
  app: MailApp,
  userId: bigint,
  category: NotificationKey,
  settings: Settings,
): Promise<UnsubscribeInfo> {
  const user = await getUserById(app, userId);
  if (!user) throw new AppError('Notification.UnsubscribeLinkInvalid');
  return { category, email: maskEmail(user.email), subscribed: settings.notifications[category] };
}

/** What the link would switch off (changes nothing). */
export async function describeUnsubscribe(app: MailApp, token: string | undefined): Promise<UnsubscribeInfo> {
  const { userId, category } = tokenOrThrow(app, token);
  return infoOf(app, userId, category, await readSettings(app.platform.db, userId));
}

/** Switches the link's category off (again is fine: the answer is the same). */
export async function applyUnsubscribe(app: MailApp, token: string | undefined): Promise<UnsubscribeInfo> {
  const { userId, category } = tokenOrThrow(app, token);
  if (!(await getUserById(app, userId))) throw new AppError('Notification.UnsubscribeLinkInvalid');
  const settings = await setNotificationPreference(app, userId, category, false);
  return infoOf(app, userId, category, settings);
}
