import {
  AdminAnnouncementSchema,
  AdminAnnouncementsQuerySchema,
  AnnouncementIdParamsSchema,
  AnnouncementInputSchema,
  AnnouncementPublishSchema,
  AnnouncementSchema,
  AnnouncementSlugParamsSchema,
  AnnouncementSummarySchema,
  AnnouncementsQuerySchema,
  pageSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { registerSitemapSection } from '../../platform/sitemap.ts';
import {
  announcementsSitemapSection,
  createAnnouncement,
  getAdminAnnouncement,
  getPublishedAnnouncement,
  listAdminAnnouncements,
  listPublishedAnnouncements,
  publishAnnouncement,
  registerAnnouncementSweeper,
  updateAnnouncement,
  withdrawAnnouncement,
} from './announcements.service.ts';

const adminTags = ['admin'];
const publicTags = ['support'];
/** Support staff (and admins, who hold every role). */
const editors = { access: { operator: ['support' as const] } };

/** The operators' side (paths under /admin/announcements), never cached. */
const adminAnnouncementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/announcements',
    {
      schema: {
        tags: adminTags,
        summary: 'Announcements (every status)',
        description:
          'Drafts, scheduled, published and withdrawn announcements, the latest change first; `status` filters, ' +
          '`q` matches a title or the slug. Roles: support, admin.',
        querystring: AdminAnnouncementsQuerySchema,
        response: { 200: okSchema(pageSchema(AdminAnnouncementSchema)) },
      },
      config: editors,
    },
    async (request) => ok(await listAdminAnnouncements(app, request.query)),
  );

  app.post(
    '/admin/announcements',
    {
      schema: {
        tags: adminTags,
        summary: 'Write an announcement (a draft)',
        description:
          'Titles, summaries and Markdown bodies in both languages. The slug (its address, ' +
          '/help-center/blog/<slug>) is made from the English title when not given, with -2, -3 … when taken; a ' +
          'slug given that another announcement uses answers Announcement.SlugTaken (409). Audited. Roles: support, admin.',
        body: AnnouncementInputSchema,
        response: { 200: okSchema(AdminAnnouncementSchema) },
      },
      config: { ...editors, errors: ['Announcement.SlugTaken'] },
    },
    async (request) => ok(await createAnnouncement(app, requireUser(request), request.body)),
  );

  app.get(
    '/admin/announcements/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'One announcement',
        description: 'Announcement.NotFound (404). Roles: support, admin.',
        params: AnnouncementIdParamsSchema,
        response: { 200: okSchema(AdminAnnouncementSchema) },
      },
      config: { ...editors, errors: ['Announcement.NotFound'] },
    },
    async (request) => ok(await getAdminAnnouncement(app, BigInt(request.params.id))),
  );

  app.post(
    '/admin/announcements/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Edit an announcement',
        description:
          'Replaces the texts (and the slug when given) in any status; a published one stays published with the ' +
          'new text. Errors: Announcement.NotFound, Announcement.SlugTaken. Audited. Roles: support, admin.',
        params: AnnouncementIdParamsSchema,
        body: AnnouncementInputSchema,
        response: { 200: okSchema(AdminAnnouncementSchema) },
      },
      config: { ...editors, errors: ['Announcement.NotFound', 'Announcement.SlugTaken'] },
    },
    async (request) => ok(await updateAnnouncement(app, requireUser(request), BigInt(request.params.id), request.body)),
  );

  app.post(
    '/admin/announcements/:id/publish',
    {
      schema: {
        tags: adminTags,
        summary: 'Publish now, or schedule',
        description:
          'Without `publishAt`, or with a time not in the future: published now. With a later time: scheduled, ' +
          'and published by the sweeper at that time (a scheduled one may be moved to another time). From draft, ' +
          'scheduled or withdrawn; Announcement.InvalidTransition (409) for a published one. Audited. Roles: ' +
          'support, admin.',
        params: AnnouncementIdParamsSchema,
        body: AnnouncementPublishSchema,
        response: { 200: okSchema(AdminAnnouncementSchema) },
      },
      config: { ...editors, errors: ['Announcement.NotFound', 'Announcement.InvalidTransition'] },
    },
    async (request) =>
      ok(await publishAnnouncement(app, requireUser(request), BigInt(request.params.id), request.body)),
  );

  app.post(
    '/admin/announcements/:id/withdraw',
    {
      schema: {
        tags: adminTags,
        summary: 'Withdraw an announcement',
        description:
          'A published (or scheduled) announcement leaves the help centre, the home page and the sitemap; it may ' +
          'be published again. Announcement.InvalidTransition (409) for a draft or a withdrawn one. Audited. ' +
          'Roles: support, admin.',
        params: AnnouncementIdParamsSchema,
        response: { 200: okSchema(AdminAnnouncementSchema) },
      },
      config: { ...editors, errors: ['Announcement.NotFound', 'Announcement.InvalidTransition'] },
    },
    async (request) => ok(await withdrawAnnouncement(app, requireUser(request), BigInt(request.params.id))),
  );
};

/**
 * Help-centre announcements (registered under /api): operators write, publish, schedule and withdraw them under
 * /admin/announcements; visitors read the published ones under /announcements. The sweeper publishes scheduled
 * ones at their time; the sitemap lists the published ones.
 */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAnnouncementSweeper(app);
  registerSitemapSection(app, announcementsSitemapSection(app));

  await app.register(adminAnnouncementsRoutes);

  app.get(
    '/announcements',
    {
      schema: {
        tags: publicTags,
        summary: 'Published announcements',
        description: 'Newest first, both languages (titles and summaries; no bodies). No sign-in.',
        querystring: AnnouncementsQuerySchema,
        response: { 200: okSchema(pageSchema(AnnouncementSummarySchema)) },
      },
      config: { access: 'public' },
    },
    async (request) => ok(await listPublishedAnnouncements(app, request.query)),
  );

  app.get(
    '/announcements/:slug',
    {
      schema: {
        tags: publicTags,
        summary: 'One published announcement',
        description:
          'Its Markdown in both languages, as written. Announcement.NotFound (404) unless published. No sign-in.',
        params: AnnouncementSlugParamsSchema,
        response: { 200: okSchema(AnnouncementSchema) },
      },
      config: { access: 'public', errors: ['Announcement.NotFound'] },
    },
    async (request) => ok(await getPublishedAnnouncement(app, request.params.slug)),
  );
};
