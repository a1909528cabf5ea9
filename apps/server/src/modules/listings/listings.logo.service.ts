import { randomInt } from 'node:crypto';
import {
  fieldMessage,
  LISTING_RULES,
  type ListingStatus,
  type Locale,
  type LogoBody,
  type LogoResult,
  type LogoStyle,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { inspectLogoImage } from './listings.logo.image.ts';
import { LOGO_HEIGHT, LOGO_WIDTH, renderLogoSvg } from './listings.logo.ts';
import { presentLogo } from './listings.presenter.ts';
import type { ListingRow, LogoRef } from './listings.repository.ts';
import { changePresentation, requireMyListing } from './listings.service.ts';
import { findStoredLogo, insertLogo, pruneLogos, spendAiToken } from './listings-logo.repository.ts';

/**
 * Listing logos (issue 16, spec §3, §5, §9): generated SVGs in four styles and uploaded JPG/PNG
 * images, stored as listing_logos rows (never changed once written, so served as immutable) and
 * put on the listing through changePresentation — directly before approval, as a modification in
 * review after it (the approved logo stays on sale meanwhile). A listing keeps only the logos
 * something shows (the live one, the one in review) and its 'AI' ones; the rest are deleted.
 *
 * The 'AI' style spends the listing's generation token (LISTING_RULES.aiTokensPerListing per
 * listing): every 'AI' generation is stored and spends one, so there is no free 'AI' preview; the
 * count is raised by a conditional update in the same transaction as the logo row, so two
 * concurrent generations never both take the last token.
 */

/** Statuses whose logo can no longer change: sold or being sold, or no longer on the shelf. */
const LOCKED: readonly ListingStatus[] = ['sold', 'selling', 'expired', 'off_shelf'];

function assertEditable(listing: ListingRow): void {
  if (LOCKED.includes(listing.status as ListingStatus)) throw new AppError('Listing.NotEditable');
}

function tokensLeft(listing: ListingRow): number {
  return Math.max(0, LISTING_RULES.aiTokensPerListing - listing.aiTokensUsed);
}

/**
 * Puts the new logo on the listing (changePresentation) and deletes the listing's logos nothing
 * shows any more (the live one, the one in review and 'AI' ones stay).
 */
async function putOnListing(
  tx: Tx,
  listing: ListingRow,
  logo: LogoRef,
  now: Date,
  listRefusal: AppError | null,
): Promise<ListingRow> {
  const updated = await changePresentation(tx, listing, { logoId: logo.id }, now, listRefusal);
  const pending = (updated.pendingChanges as { logoId?: string } | null)?.logoId;
  const keep = [logo.id, ...(updated.logoId !== null ? [updated.logoId] : []), ...(pending ? [BigInt(pending)] : [])];
  await pruneLogos(tx, listing.id, keep);
  return updated;
}

function result(listing: ListingRow, logo: LogoRef | null, svg: string | null): LogoResult {
  return {
    logo: logo ? presentLogo(logo) : null,
    svg,
    aiTokensLeft: tokensLeft(listing),
    status: listing.status as ListingStatus,
  };
}

/** What a generated logo was made from (stored with it, so it can be made again). */
function optionsOf(body: LogoBody, seed: number | undefined) {
  return {
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.foreground !== undefined ? { foreground: body.foreground.toLowerCase() } : {}),
    ...(body.background !== undefined ? { background: body.background.toLowerCase() } : {}),
    ...(body.font !== undefined ? { font: body.font } : {}),
    ...(body.icon !== undefined ? { icon: body.icon } : {}),
    ...(seed !== undefined ? { seed } : {}),
  };
}

/**
 * POST /api/listings/:listingId/logo (JSON): renders the logo; `preview` only returns the SVG
 * (refused for 'AI', whose every generation spends the token); otherwise stores it and puts it on
 * the listing. An 'AI' logo without a seed gets a random one.
 */
export async function generateLogo(
  app: App,
  userId: bigint,
  listingId: bigint,
  body: LogoBody,
  locale: Locale,
): Promise<LogoResult> {
  const { db, clock } = app.platform;
  const style: LogoStyle = body.style;
  if (body.preview) {
    if (style === 'ai') {
      throw new AppError('Request.Invalid', { data: { fields: { preview: fieldMessage('invalid', locale) } } });
    }
    const listing = await requireMyListing(db, userId, listingId);
    assertEditable(listing);
    return result(listing, null, renderLogoSvg({ ...body, domain: listing.domain }));
  }
  const now = clock.now();
  const seed = style === 'ai' ? (body.seed ?? randomInt(0, 2 ** 31 - 1)) : undefined;
  // Read before the transaction: putting a logo on a refused listing sends it back to review (listing again).
  const listRefusal = await app.platform.restrictions.refusal(userId, 'list');
  return db.transaction(async (tx) => {
    let listing = await requireMyListing(tx, userId, listingId, { forUpdate: true });
    assertEditable(listing);
    if (style === 'ai') {
      const spent = await spendAiToken(tx, listing.id, LISTING_RULES.aiTokensPerListing, now);
      if (!spent) throw new AppError('Listing.AiTokenSpent');
      listing = spent;
    }
    const svg = renderLogoSvg({ ...body, domain: listing.domain, seed });
    const logo = await insertLogo(tx, {
      listingId: listing.id,
      userId,
      kind: 'generated',
      style,
      options: optionsOf(body, seed),
      svg,
      mime: 'image/svg+xml',
      width: LOGO_WIDTH,
      height: LOGO_HEIGHT,
      bytes: Buffer.byteLength(svg),
      createdAt: now,
    });
    if (style === 'ai') {
      await recordAudit(tx, {
        entityType: 'listing',
        entityId: listing.id.toString(),
        action: 'logo_ai_token',
        fromStatus: listing.status,
        toStatus: listing.status,
        actor: { id: userId, role: 'user' },
        now,
      });
    }
    return result(await putOnListing(tx, listing, logo, now, listRefusal), logo, null);
  });
}

/**
 * POST /api/listings/:listingId/logo (multipart `file`): a JPG or PNG checked by its bytes
 * (inspectLogoImage), stored and put on the listing like a generated one.
 */
export async function uploadLogo(app: App, userId: bigint, listingId: bigint, data: Buffer): Promise<LogoResult> {
  const { db, clock } = app.platform;
  const image = inspectLogoImage(data);
  const now = clock.now();
  // Read before the transaction: putting a logo on a refused listing sends it back to review (listing again).
  const listRefusal = await app.platform.restrictions.refusal(userId, 'list');
  return db.transaction(async (tx) => {
    const listing = await requireMyListing(tx, userId, listingId, { forUpdate: true });
    assertEditable(listing);
    const logo = await insertLogo(tx, {
      listingId: listing.id,
      userId,
      kind: 'upload',
      style: null,
      options: {},
      image: data,
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      createdAt: now,
    });
    return result(await putOnListing(tx, listing, logo, now, listRefusal), logo, null);
  });
}

/** Who is asking for a logo file: a visitor, a user, or an operator who reviews listings. */
export interface LogoViewer {
  userId: bigint | null;
  isReviewer: boolean;
}

export interface LogoFile {
  contentType: string;
  body: string | Buffer;
  /** Anyone may load it (the live logo of a listing on the market): shared caches may keep it. */
  isPublic: boolean;
}

/**
 * GET /api/listing-logos/:logoId: the stored SVG or image. Logo ids are sequential, so a logo is
 * served only when it is the live logo of a listing on the market or being sold (on_sale,
 * modification_review, selling), or to the seller who made it, or to an operator who reviews
 * listings (a logo waiting in review). Anything else is File.NotFound, like an unknown id.
 */
export async function readLogoFile(app: App, viewer: LogoViewer, logoId: bigint): Promise<LogoFile> {
  const logo = await findStoredLogo(app.platform.db, logoId);
  if (!logo) throw new AppError('File.NotFound');
  if (!logo.isPublic && !viewer.isReviewer && viewer.userId !== logo.userId) throw new AppError('File.NotFound');
  const body = logo.kind === 'generated' ? logo.svg : logo.image;
  if (body === null) throw new AppError('File.NotFound');
  return { contentType: logo.mime, body, isPublic: logo.isPublic };
}
