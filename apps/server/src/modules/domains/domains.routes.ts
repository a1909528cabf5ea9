import {
  DomainBatchBodySchema,
  DomainBatchResultSchema,
  DomainDetailSchema,
  DomainGroupCreateSchema,
  DomainGroupParamsSchema,
  DomainGroupSchema,
  DomainGroupsSchema,
  DomainGroupUpdateSchema,
  DomainNameParamsSchema,
  DomainSettingsBodySchema,
  MyDomainSchema,
  MyDomainsPageSchema,
  MyDomainsQuerySchema,
  TransferLockBodySchema,
  TransferLockResultSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthUser, requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { runBatch } from './domains.batch.ts';
import { requestLock } from './domains.lock.ts';
import {
  createGroup,
  deleteMyGroup,
  getMyDomain,
  listMyDomains,
  listMyGroups,
  updateDomainSettings,
  updateMyGroup,
} from './domains.service.ts';

const tags = ['domains'];
const onDomain = { owner: 'domain', id: 'name' } as const;
const onGroup = { owner: 'domain-group', id: 'groupId' } as const;

/**
 * My domains (API.md Domains), registered under /api: the list and one domain, settings (group,
 * notes), groups, the transfer lock and batch actions. Transfers, renewal and redemption are in
 * domains.transfer.routes.ts. `renewOne` is the renewal service the batch calls per domain.
 */
export function domainRoutes(options: {
  /** Renews one domain for the user (the renewal service): the batch's `renew`. */
  renew: (user: AuthUser, name: string, years: number) => Promise<unknown>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/domains',
      {
        schema: {
          tags,
          summary: 'My domains',
          description:
            'Domains held by the signed-in user. Filters: `keyword` (part of the name), `status`, `tld`, `groupId` ' +
            '(or `none`), `expiringWithinDays`, `lock`; `sort`; paging.',
          querystring: MyDomainsQuerySchema,
          response: { 200: okSchema(MyDomainsPageSchema) },
        },
        config: { access: 'user' },
      },
      async (request) => ok(await listMyDomains(app, requireUser(request).id, request.query)),
    );

    app.get(
      '/domain-groups',
      {
        schema: { tags, summary: 'My domain groups', response: { 200: okSchema(DomainGroupsSchema) } },
        config: { access: 'user' },
      },
      async (request) => ok(await listMyGroups(app, requireUser(request).id)),
    );

    app.post(
      '/domain-groups',
      {
        schema: {
          tags,
          summary: 'Create a domain group',
          description:
            'Domain.GroupNameTaken for a name the user already has (any case); Domain.GroupsLimit at the cap.',
          body: DomainGroupCreateSchema,
          response: { 200: okSchema(DomainGroupSchema) },
        },
        config: { access: 'user', errors: ['Domain.GroupNameTaken', 'Domain.GroupsLimit'] },
      },
      async (request) => ok(await createGroup(app, requireUser(request).id, request.body)),
    );

    app.post(
      '/domain-groups/:groupId',
      {
        schema: {
          tags,
          summary: 'Rename or describe a domain group',
          params: DomainGroupParamsSchema,
          body: DomainGroupUpdateSchema,
          response: { 200: okSchema(DomainGroupSchema) },
        },
        config: { access: onGroup, errors: ['Domain.GroupNotFound', 'Domain.GroupNameTaken'] },
      },
      async (request) => ok(await updateMyGroup(app, requireUser(request).id, request.params.groupId, request.body)),
    );

    app.delete(
      '/domain-groups/:groupId',
      {
        schema: {
          tags,
          summary: 'Delete a domain group',
          description: 'Its domains become ungrouped.',
          params: DomainGroupParamsSchema,
          response: { 200: okSchema(z.object({ deleted: z.literal(true) })) },
        },
        config: { access: onGroup, errors: ['Domain.GroupNotFound'] },
      },
      async (request) => ok(await deleteMyGroup(app, requireUser(request).id, request.params.groupId)),
    );

    app.post(
      '/domains/batch',
      {
        schema: {
          tags,
          summary: 'Batch action on many domains',
          description:
            '`lock`, `unlock`, `group` (`groupId`, null to ungroup) or `renew` (`years`) on up to 500 of my domains; ' +
            'each succeeds or fails on its own: `{ succeeded: [names], failed: [{ name, code, message }] }`.',
          body: DomainBatchBodySchema,
          response: { 200: okSchema(DomainBatchResultSchema) },
        },
        config: { access: 'user', errors: ['Domain.GroupNotFound'] },
      },
      async (request) => {
        const user = requireUser(request);
        return ok(
          await runBatch(app, user, request.body, request.locale, (name, years) => options.renew(user, name, years)),
        );
      },
    );

    app.get(
      '/domains/:name',
      {
        schema: {
          tags,
          summary: 'One of my domains',
          description:
            'With its registry status (RDAP) and its recent registrar operations. Domain.NotFound when not mine.',
          params: DomainNameParamsSchema,
          response: { 200: okSchema(DomainDetailSchema) },
        },
        config: { access: onDomain, errors: ['Domain.NotFound'] },
      },
      async (request) => ok(await getMyDomain(app, requireUser(request).id, request.params.name)),
    );

    app.post(
      '/domains/:name/settings',
      {
        schema: {
          tags,
          summary: 'Group and notes of a domain',
          params: DomainNameParamsSchema,
          body: DomainSettingsBodySchema,
          response: { 200: okSchema(MyDomainSchema) },
        },
        config: { access: onDomain, errors: ['Domain.NotFound', 'Domain.GroupNotFound'] },
      },
      async (request) =>
        ok(await updateDomainSettings(app, requireUser(request).id, request.params.name, request.body)),
    );

    app.post(
      '/domains/:name/transfer-lock',
      {
        schema: {
          tags,
          summary: 'Turn the transfer lock on or off',
          description:
            'Asynchronous: answers `opening` (unlocking) or `closing` (locking); the registrar result makes it `open` ' +
            'or `closed` later. Domain.TransferLockFailed with `data.reason` (renewal_period, redemption_period, ' +
            'transferring_out, in_progress, already). Locking a listed domain delists it.',
          params: DomainNameParamsSchema,
          body: TransferLockBodySchema,
          response: { 200: okSchema(TransferLockResultSchema) },
        },
        config: { access: onDomain, errors: ['Domain.NotFound', 'Domain.TransferLockFailed'] },
      },
      async (request) => ok(await requestLock(app, requireUser(request), request.params.name, request.body.locked)),
    );
  };
}
