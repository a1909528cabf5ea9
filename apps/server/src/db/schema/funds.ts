import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Top-ups (spec §4 recharge: recharging → success / failed). */
export const recharges = pgTable(
  'recharges',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['card', 'alipay'] }).notNull(),
    status: text('status', { enum: ['recharging', 'success', 'failed'] }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's checkout session (or charge) id. */
    sessionId: text('session_id').notNull(),
    payUrl: text('pay_url'),
    cardId: text('card_id'),
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    /** Ends a `recharging` top-up the provider never answered (the sweeper fails it). */
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('recharges_session_uq').on(t.provider, t.sessionId),
    index('recharges_user_idx').on(t.userId, t.createdAt),
    index('recharges_open_idx').on(t.expiresAt).where(sql`${t.status} = 'recharging'`),
    check('recharges_amount_positive', sql`${t.amountCents} > 0 AND ${t.feeCents} >= 0`),
  ],
);

/** Webhook events received from payment providers: a replayed or duplicated event is applied once. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    sessionId: text('session_id'),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [uniqueIndex('payment_webhook_events_uq').on(t.provider, t.eventId)],
);

/**
 * The built-in sandbox payment provider's own state (adapters/payments): its checkout sessions,
 * saved cards and webhook deliveries. A real provider keeps these on its side.
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  merchantRef: text('merchant_ref').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  method: text('method').notNull(),
  description: text('description').notNull(),
  customerRef: text('customer_ref').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['open', 'processing', 'succeeded', 'failed', 'expired'] }).notNull(),
  cardToken: text('card_token'),
  failureReason: text('failure_reason'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    token: text('token').primaryKey(),
    customerRef: text('customer_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holder: text('holder').notNull(),
    /** The sandbox declines charges on this card when true (test card 4000 0000 0000 0002). */
    declines: integer('declines').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    detachedAt: ts('detached_at'),
  },
  (t) => [index('sandbox_cards_customer_idx').on(t.customerRef)],
);

/** Webhook deliveries the sandbox still owes (retried with back-off until acknowledged). */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    deliveredAt: ts('delivered_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sandbox_webhook_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`)],
);

/** Cards a user saved with the payment provider (we keep only the provider's token and display facts). */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holder: text('holder').notNull(),
    createdAt: ts('created_at').notNull(),
    removedAt: ts('removed_at'),
  },
  (t) => [
    index('bank_cards_user_idx').on(t.userId),
    uniqueIndex('bank_cards_token_uq').on(t.provider, t.providerToken),
  ],
);

/** Payees (spec §3): one per account per type; an approved one cannot be edited. */
export const payees = pgTable(
  'payees',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['wire', 'paypal'] }).notNull(),
    status: text('status', {
      enum: ['pending_review', 'needs_supplement', 'supplement_submitted', 'approved', 'rejected', 'revoked'],
    }).notNull(),
    name: text('name').notNull(),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    accountType: text('account_type', { enum: ['personal', 'business'] }),
    swiftCode: text('swift_code'),
    address: text('address'),
    businessRegistrationNumber: text('business_registration_number'),
    idNumber: text('id_number'),
    signatory: text('signatory'),
    paypalAccount: text('paypal_account'),
    reviewNote: text('review_note'),
    reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
    reviewedAt: ts('reviewed_at'),
    submittedAt: ts('submitted_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payees_user_type_uq').on(t.userId, t.type),
    index('payees_status_idx').on(t.status, t.submittedAt),
  ],
);

/** Uploaded agreement / certificate images (JPG or PNG), ≤ 4 per payee. Stored in the database. */
export const payeeFiles = pgTable(
  'payee_files',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until a payee is saved with it. */
    payeeId: text('payee_id').references(() => payees.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('payee_files_payee_idx').on(t.payeeId), index('payee_files_user_idx').on(t.userId)],
);

/** Settlements of earnings (spec §3/§4): in review → processing → success / failure. */
export const settlements = pgTable(
  'settlements',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    target: text('target', { enum: ['balance', 'wire'] }).notNull(),
    payeeId: text('payee_id').references(() => payees.id, { onDelete: 'set null' }),
    /** The payee as it was when applied for (name and masked account). */
    payeeLabel: text('payee_label'),
    note: text('note'),
    status: text('status', { enum: ['in_review', 'processing', 'success', 'failure'] }).notNull(),
    failureReason: text('failure_reason'),
    /** The bank's reference of a wire settlement, recorded when it is marked paid. */
    bankReference: text('bank_reference'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('settlements_user_idx').on(t.userId, t.createdAt),
    index('settlements_status_idx').on(t.status, t.createdAt),
    check('settlements_amounts', sql`${t.amountCents} > ${t.feeCents} AND ${t.feeCents} >= 0`),
  ],
);

export { bytea };
