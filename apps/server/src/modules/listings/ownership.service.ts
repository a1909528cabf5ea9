import { randomBytes } from 'node:crypto';
import { LISTING_RULES, type Locale, type Ownership } from '@namebourse/contract';
import type { Db } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { findDomain } from '../domains/domains.service.ts';
import { presentHeldHere, presentOwnership } from './ownership.presenter.ts';
import {
  findProof,
  insertProofIfAbsent,
  type ProofRow,
  updateProofIf,
  verifiedProofs,
} from './ownership.repository.ts';

/*
 * Ownership proofs of domains held elsewhere (issue 16). A user asks for a token per domain and
 * publishes it as a TXT record `_namebourse.<domain>` = `namebourse-verification=<token>`; a check
 * (the user's, or the sweeper's every LISTING_RULES.ownershipRecheckHours) asks real DNS: see
 * ownership.checks.ts.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The user's verified ownership proofs among `domains` (domain → verified at): external domains
 * may be listed only with one (issue 16).
 */
export async function verifiedOwnership(
  db: Db,
  userId: bigint,
  domains: readonly string[],
): Promise<Map<string, Date>> {
  if (domains.length === 0) return new Map();
  const rows = await verifiedProofs(db, userId, domains);
  return new Map(rows.map((r) => [r.domain, r.verifiedAt]));
}

/** A fresh proof token: 24 bytes from the CSPRNG, base64url (32 characters). */
export function newOwnershipToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A never-verified proof whose token is older than LISTING_RULES.ownershipTokenDays. */
function tokenExpired(row: ProofRow, now: Date): boolean {
  return (
    row.verifiedAt === null && now.getTime() - row.createdAt.getTime() >= LISTING_RULES.ownershipTokenDays * DAY_MS
  );
}

/**
 * The user's proof of `domain`, made on first ask (idempotent: one per user and domain). A token
 * never proven within LISTING_RULES.ownershipTokenDays is replaced (reason `token_expired`); a
 * token once verified stays, it is what the published record holds.
 */
export async function ensureProof(
  app: App,
  userId: bigint,
  domain: string,
): Promise<{ row: ProofRow; renewed: boolean }> {
  const now = app.platform.clock.now();
  const row =
    (await findProof(app.platform.db, userId, domain)) ??
    (await insertProofIfAbsent(app.platform.db, {
      userId,
      domain,
      token: newOwnershipToken(),
      status: 'pending',
      misses: 0,
      createdAt: now,
      updatedAt: now,
    }));
  if (!tokenExpired(row, now)) return { row, renewed: false };
  const renewed = await updateProofIf(app.platform.db, row, {
    token: newOwnershipToken(),
    status: 'pending',
    reason: 'token_expired',
    misses: 0,
    lastCheckedAt: null,
    nextCheckAt: null,
    createdAt: now,
    updatedAt: now,
  });
  if (renewed) return { row: renewed, renewed: true };
  // Renewed by a concurrent request: show what it wrote.
  return { row: (await findProof(app.platform.db, userId, domain)) ?? row, renewed: true };
}

/** The domain if the user holds it here (then no proof is needed). */
export async function heldHere(app: App, userId: bigint, domain: string) {
  const held = await findDomain(app.platform.db, domain);
  return held && held.userId === userId ? held : undefined;
}

/** GET /api/ownership/:domain: the TXT record to publish and the last check's result. */
export async function getOwnership(app: App, userId: bigint, domain: string, locale: Locale): Promise<Ownership> {
  const held = await heldHere(app, userId, domain);
  if (held) return presentHeldHere(domain, held.acquiredAt, locale);
  return presentOwnership((await ensureProof(app, userId, domain)).row, locale);
}
