import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ERROR_CATALOGUE,
  FEED_FILE_MAX_BYTES,
  FEED_IMPORT_TRANSITIONS,
  type FeedImport,
  type FeedReport,
  type FeedsQuery,
  FIELD_MESSAGES,
  type FieldMessageKey,
  fieldMessage,
  isErrorCode,
  type Locale,
  type Page,
  parseLotsCsv,
  splitCsv,
} from '@namebourse/contract';
import type { Tx } from '../../db/open-database.ts';
import type { App } from '../../platform/app-context.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { pageOf, windowOf } from '../../platform/paging.ts';
import type { AfterCommit, Sweeper } from '../../platform/sweeper.ts';
import { assertTransition } from '../../platform/transitions.ts';
import { getUserByEmail, getUsersByIds } from '../account/account.service.ts';
import { createLots } from '../auctions/auctions.lots.ts';
import { type Actor, recordAudit } from './audit.service.ts';
import {
  claimDueFeedImports,
  claimStaleRunningImports,
  type FeedImportRow,
  findFeedImport,
  findFeedImportBySha,
  insertFeedImportIfNew,
  listFeedImports,
  lockFeedImport,
  updateFeedImportIfStatus,
} from './feeds.repository.ts';

/**
 * Scheduled lot feeds (issue 18): a partner's CSV file (the lot form's columns, parsed by the contract's
 * parseLotsCsv), uploaded in the console or dropped in FEED_DROP_DIR, is imported at its set time by the
 * sweeper. The same file (by content) is imported once. Each row becomes a lot through the auctions
 * module's createLots, unless its domain is already in an open lot or earlier in the file (a duplicate),
 * or the row is refused (its field and message); the report keeps all three.
 */

/** The app: imports create lots through the auctions module, which takes the whole app. */
type FeedsApp = App;
type Operator = Exclude<Actor, 'system'>;

/** The report as stored: messages as keys, so each reader gets them in their language. */
interface StoredRefusal {
  line: number;
  domain: string | null;
  field: string | null;
  code: string;
  key?: FieldMessageKey;
  params?: Record<string, string | number>;
}
interface StoredReport {
  created: FeedReport['created'];
  duplicates: FeedReport['duplicates'];
  refused: StoredRefusal[];
}

const ENTITY = 'feed_import';
/** An import still running this long after its time was cut off (its instance stopped): it is marked failed. */
export const FEED_STALE_MS = 60 * 60 * 1000;

function presentReport(report: StoredReport | null, locale: Locale): FeedReport | null {
  if (!report) return null;
  return {
    created: report.created,
    duplicates: report.duplicates,
    refused: report.refused.map((r) => ({
      line: r.line,
      domain: r.domain,
      field: r.field,
      code: r.code,
      message: r.key
        ? fieldMessage(r.key, locale, r.params)
        : isErrorCode(r.code)
          ? ERROR_CATALOGUE[r.code][locale]
          : r.code,
    })),
  };
}

function presentFeedImport(row: Omit<FeedImportRow, 'content'>, createdBy: string | null, locale: Locale): FeedImport {
  return {
    id: String(row.id),
    fileName: row.fileName,
    source: row.source,
    sha256: row.sha256,
    status: row.status,
    scheduledAt: row.scheduledAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    createdBy,
    report: presentReport(row.report as StoredReport | null, locale),
  };
}

async function present(app: FeedsApp, rows: Omit<FeedImportRow, 'content'>[], locale: Locale): Promise<FeedImport[]> {
  const users = await getUsersByIds(
    app,
    rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])),
  );
  return rows.map((row) =>
    presentFeedImport(
      row,
      row.createdBy === null ? null : (users.get(row.createdBy.toString())?.accountNo ?? `#${row.createdBy}`),
      locale,
    ),
  );
}

/** GET /api/admin/feeds: newest first, with status and report. */
export async function listFeeds(app: FeedsApp, query: FeedsQuery, locale: Locale): Promise<Page<FeedImport>> {
  const { items, total } = await listFeedImports(app.platform.db, { status: query.status }, windowOf(query));
  return pageOf(query, { items: await present(app, items, locale), total });
}

/** The file's text: UTF-8 (a BOM is fine), within the size limit, not empty; Feed.FileInvalid otherwise. */
function textOf(data: Buffer): string {
  if (data.length === 0 || data.length > FEED_FILE_MAX_BYTES) throw new AppError('Feed.FileInvalid');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AppError('Feed.FileInvalid');
  }
  if (text.includes('\u0000') || text.trim() === '') throw new AppError('Feed.FileInvalid');
  return text;
}

const cleanName = (name: string) =>
  name
    .replace(/[\\/]/g, '_')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .slice(0, 200) || 'feed.csv';

interface NewFeed {
  fileName: string;
  data: Buffer;
  source: 'upload' | 'folder';
  /** Default (and anything earlier): now. */
  scheduledAt?: Date | undefined;
}

/**
 * Schedules a file's import. The same content again → Feed.AlreadyImported (409, data: its import's id),
 * unless that import was cancelled or failed: then it is scheduled again (lots it created are duplicates
 * the second time). Audited.
 */
export async function scheduleFeed(app: FeedsApp, actor: Actor, input: NewFeed, locale: Locale): Promise<FeedImport> {
  const row = await app.platform.db.transaction((tx) => scheduleIn(tx, app.platform.clock.now(), actor, input));
  const [presented] = await present(app, [row], locale);
  return presented as FeedImport;
}

/** scheduleFeed's work inside the caller's transaction (the folder sweeper's). */
async function scheduleIn(tx: Tx, now: Date, actor: Actor, input: NewFeed): Promise<FeedImportRow> {
  const content = textOf(input.data);
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  const scheduledAt = input.scheduledAt && input.scheduledAt > now ? input.scheduledAt : now;
  const fileName = cleanName(input.fileName);
  const createdBy = actor === 'system' ? null : actor.id;
  const inserted = await insertFeedImportIfNew(tx, {
    fileName,
    source: input.source,
    content,
    sha256,
    scheduledAt,
    status: 'scheduled',
    report: null,
    createdBy,
    createdAt: now,
    finishedAt: null,
  });
  const audit = (row: FeedImportRow, fromStatus: 'cancelled' | 'failed' | null) =>
    recordAudit(tx, {
      entityType: ENTITY,
      entityId: String(row.id),
      action: 'schedule',
      fromStatus,
      toStatus: 'scheduled',
      reason: `${fileName} @ ${scheduledAt.toISOString()}`,
      actor,
      now,
    });
  if (inserted) {
    await audit(inserted, null);
    return inserted;
  }
  const known = await findFeedImportBySha(tx, sha256);
  if (known?.status !== 'cancelled' && known?.status !== 'failed') {
    throw new AppError('Feed.AlreadyImported', { data: { id: known ? String(known.id) : null } });
  }
  assertTransition(FEED_IMPORT_TRANSITIONS, known.status, 'scheduled', 'Feed.AlreadyImported');
  const again = await updateFeedImportIfStatus(tx, known.id, known.status, {
    status: 'scheduled',
    scheduledAt,
    fileName,
    source: input.source,
    createdBy,
  });
  if (!again) throw new AppError('Feed.AlreadyImported', { data: { id: String(known.id) } });
  await audit(again, known.status);
  return again;
}

/** POST /api/admin/feeds/:id/cancel: only while scheduled (Feed.NotCancellable otherwise). Audited. */
export async function cancelFeed(app: FeedsApp, operator: Operator, id: bigint, locale: Locale): Promise<FeedImport> {
  const { db, clock } = app.platform;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await lockFeedImport(tx, id);
    if (!current) throw new AppError('Feed.NotFound');
    assertTransition(FEED_IMPORT_TRANSITIONS, current.status, 'cancelled', 'Feed.NotCancellable');
    const updated = await updateFeedImportIfStatus(tx, id, current.status, { status: 'cancelled' });
    if (!updated) throw new AppError('Feed.NotCancellable');
    await recordAudit(tx, {
      entityType: ENTITY,
      entityId: String(id),
      action: 'cancel',
      fromStatus: current.status,
      toStatus: 'cancelled',
      actor: operator,
      now,
    });
    return updated;
  });
  const [presented] = await present(app, [row], locale);
  return presented as FeedImport;
}

/** The domain column's text on each line (for rows the parser refused or found twice). */
function domainsByLine(text: string): Map<number, string> {
  const records = splitCsv(text);
  const header = records[0]?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  const at = header.includes('domain') ? header.indexOf('domain') : 0;
  return new Map(records.map((r) => [r.line, (r.fields[at] ?? '').trim().toLowerCase()]));
}

function refusalOf(err: unknown, line: number, domain: string): StoredRefusal {
  if (isAppError(err)) {
    const fields = (err.data as { fields?: Record<string, string> } | null)?.fields ?? {};
    const first = Object.keys(fields)[0];
    return {
      line,
      domain,
      field: first ? (first.split('.').pop() ?? first) : null,
      code: err.code,
    };
  }
  return { line, domain, field: null, code: 'Feed.ImportFailed' };
}

/**
 * Imports one file: rows the parser refuses are reported with their field and message; a domain already
 * in an open lot (Auction.LotExists) or earlier in the file is a duplicate; a lot that would have ended is
 * refused (lotEnded); every other row becomes a lot through createLots, one lot at a time so one bad row
 * never stops the others.
 */
async function importRows(app: FeedsApp, actor: Operator, content: string): Promise<StoredReport> {
  const now = app.platform.clock.now();
  const parsed = parseLotsCsv(content);
  const domains = domainsByLine(content);
  const report: StoredReport = { created: [], duplicates: [], refused: [] };
  const refusedLines = new Set<number>();
  for (const error of parsed.errors) {
    if (refusedLines.has(error.line)) continue;
    refusedLines.add(error.line);
    const domain = domains.get(error.line) || null;
    if (error.message === 'lotDuplicate' && domain) {
      report.duplicates.push({ line: error.line, domain, reason: 'in_file' });
      continue;
    }
    report.refused.push({
      line: error.line,
      domain,
      field: error.field ?? null,
      code: 'Request.Invalid',
      key: Object.hasOwn(FIELD_MESSAGES, error.message) ? error.message : 'invalid',
      ...(error.params ? { params: error.params } : {}),
    });
  }
  for (const [index, lot] of parsed.lots.entries()) {
    const line = parsed.lines[index] as number;
    if (Date.parse(lot.endsAt) <= now.getTime()) {
      report.refused.push({ line, domain: lot.domain, field: 'endsAt', code: 'Request.Invalid', key: 'lotEnded' });
      continue;
    }
    try {
      const { created } = await createLots(app, actor, [lot]);
      for (const c of created) report.created.push({ line, domain: c.domain, auctionId: c.auctionId });
    } catch (err) {
      if (isAppError(err) && err.code === 'Auction.LotExists') {
        report.duplicates.push({ line, domain: lot.domain, reason: 'open_lot' });
      } else if (isAppError(err)) {
        report.refused.push(refusalOf(err, line, lot.domain));
      } else {
        throw err;
      }
    }
  }
  report.refused.sort((a, b) => a.line - b.line);
  report.duplicates.sort((a, b) => a.line - b.line);
  return report;
}

/** Who a file is imported as: its uploader, or for a folder drop the operator of ADMIN_EMAIL. */
async function importerOf(app: FeedsApp, row: FeedImportRow): Promise<Operator | undefined> {
  if (row.createdBy !== null) {
    const user = (await getUsersByIds(app, [row.createdBy])).get(row.createdBy.toString());
    return user ? { id: user.id, role: user.role } : undefined;
  }
  const email = app.platform.config.admin?.email;
  const admin = email ? await getUserByEmail(app, email) : undefined;
  return admin?.role === 'admin' ? { id: admin.id, role: admin.role } : undefined;
}

/** Runs a claimed import (after the claim committed: createLots opens its own transactions). */
export async function runFeedImport(app: FeedsApp, id: bigint): Promise<void> {
  const { db, clock } = app.platform;
  const row = await findFeedImport(db, id);
  if (row?.status !== 'running') return;
  let report: StoredReport;
  let status: 'done' | 'failed' = 'done';
  const importer = await importerOf(app, row);
  if (!importer) {
    status = 'failed';
    report = {
      created: [],
      duplicates: [],
      refused: [{ line: 0, domain: null, field: null, code: 'Feed.NoImporter' }],
    };
  } else {
    try {
      report = await importRows(app, importer, row.content);
    } catch (err) {
      status = 'failed';
      report = { created: [], duplicates: [], refused: [refusalOf(err, 0, '')] };
    }
  }
  const now = clock.now();
  assertTransition(FEED_IMPORT_TRANSITIONS, 'running', status, 'Feed.NotCancellable');
  await db.transaction(async (tx) => {
    const finished = await updateFeedImportIfStatus(tx, id, 'running', { status, report, finishedAt: now });
    if (!finished) return;
    await recordAudit(tx, {
      entityType: ENTITY,
      entityId: String(id),
      action: 'import',
      fromStatus: 'running',
      toStatus: status,
      reason: `created ${report.created.length}, duplicates ${report.duplicates.length}, refused ${report.refused.length}`,
      actor: 'system',
      now,
    });
  });
}

/** A file in the drop folder waiting to be scheduled. */
interface DroppedFile {
  name: string;
  path: string;
}

/** `20261128T0200_partner.csv` → 2026-11-28 02:00 UTC; undefined when the name does not start with a time. */
export function scheduledAtFromName(name: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})[_-]/.exec(name);
  if (!m) return undefined;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])));
  return Number.isNaN(at.getTime()) || at.getUTCMonth() !== Number(m[2]) - 1 ? undefined : at;
}

async function moveTo(dir: string, sub: 'processed' | 'rejected', file: DroppedFile): Promise<void> {
  await mkdir(join(dir, sub), { recursive: true });
  await rename(file.path, join(dir, sub, `${Date.now()}-${file.name}`));
}

/**
 * The sweeper's two handlers: `feeds.folder` schedules each new `.csv` file of the drop folder once it has
 * stood still between two sweeps (a file still being copied in is left alone), its time from a
 * `YYYYMMDDTHHMM_` name prefix, else now, and moves it to `processed/` once recorded (a file
 * that is not a readable CSV goes to `rejected/`); `feeds.import` runs due imports (scheduled → running in
 * the claiming transaction, so one instance runs each; the import itself after the commit); `feeds.interrupted`
 * marks failed an import still running an hour after its time (its instance stopped mid-way; the lots it
 * created stay, and the same file can be uploaded again).
 */
export function registerFeedSweepers(app: FeedsApp, sweeper: Sweeper, dropDir: string | undefined): void {
  if (dropDir) {
    /** Each waiting file's size and time as last seen (per instance). */
    const settling = new Map<string, { size: number; mtimeMs: number }>();
    sweeper.register<DroppedFile>({
      name: 'feeds.folder',
      batchSize: 20,
      claim: async (_tx, _now, limit) => {
        let names: string[];
        try {
          names = await readdir(dropDir);
        } catch {
          return [];
        }
        const files: DroppedFile[] = [];
        const present = new Set<string>();
        for (const name of names.sort()) {
          if (files.length >= limit) break;
          if (name.startsWith('.') || !name.toLowerCase().endsWith('.csv')) continue;
          const path = join(dropDir, name);
          const info = await stat(path).catch(() => undefined);
          if (!info?.isFile()) continue;
          present.add(name);
          // A file still being copied in changes between two looks: take it once it has stood still.
          const seen = settling.get(name);
          settling.set(name, { size: info.size, mtimeMs: info.mtimeMs });
          if (seen && seen.size === info.size && seen.mtimeMs === info.mtimeMs) files.push({ name, path });
        }
        for (const name of settling.keys()) if (!present.has(name)) settling.delete(name);
        return files;
      },
      apply: async (tx, file, now): Promise<AfterCommit> => {
        const data = await readFile(file.path);
        try {
          await scheduleIn(tx, now, 'system', {
            fileName: file.name,
            data,
            source: 'folder',
            scheduledAt: scheduledAtFromName(file.name),
          });
        } catch (err) {
          // Already imported: it is processed all the same; unreadable: set aside.
          if (isAppError(err) && err.code === 'Feed.FileInvalid') return () => moveTo(dropDir, 'rejected', file);
          if (!(isAppError(err) && err.code === 'Feed.AlreadyImported')) throw err;
        }
        return () => moveTo(dropDir, 'processed', file);
      },
    });
  }
  sweeper.register<FeedImportRow>({
    name: 'feeds.interrupted',
    batchSize: 20,
    claim: (tx, now, limit) => claimStaleRunningImports(tx, new Date(now.getTime() - FEED_STALE_MS), limit),
    apply: async (tx, row, now) => {
      assertTransition(FEED_IMPORT_TRANSITIONS, row.status, 'failed', 'Feed.NotCancellable');
      const report: StoredReport = {
        created: [],
        duplicates: [],
        refused: [{ line: 0, domain: null, field: null, code: 'Feed.ImportFailed' }],
      };
      const failed = await updateFeedImportIfStatus(tx, row.id, 'running', {
        status: 'failed',
        report,
        finishedAt: now,
      });
      if (!failed) return;
      await recordAudit(tx, {
        entityType: ENTITY,
        entityId: String(row.id),
        action: 'import',
        fromStatus: 'running',
        toStatus: 'failed',
        reason: 'interrupted',
        actor: 'system',
        now,
      });
    },
  });
  sweeper.register<FeedImportRow>({
    name: 'feeds.import',
    batchSize: 5,
    claim: claimDueFeedImports,
    apply: async (tx, row): Promise<AfterCommit | undefined> => {
      assertTransition(FEED_IMPORT_TRANSITIONS, row.status, 'running', 'Feed.NotCancellable');
      const running = await updateFeedImportIfStatus(tx, row.id, 'scheduled', { status: 'running' });
      return running ? () => runFeedImport(app, row.id) : undefined;
    },
  });
}
