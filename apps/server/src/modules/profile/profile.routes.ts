import {
  BillingInfoSchema,
  ContactInfoSchema,
  ProfileSchema,
  SaveBillingInfoRequestSchema,
  SaveContactInfoRequestSchema,
  SettingsSchema,
  UpdateProfileRequestSchema,
  UpdateSettingsRequestSchema,
} from '@namebourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import {
  getBillingInfo,
  getContactInfo,
  getProfile,
  getSettings,
  saveBillingInfo,
  saveContactInfo,
  updateProfile,
  updateSettings,
} from './profile.service.ts';

const tags = ['profile'];

/** Profile routes (registered under /api): contact information, billing address, profile, settings. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/account-manage/get-contact-info',
    {
      schema: {
        tags,
        summary: 'Contact information',
        description: 'Complete when first and last name, email and a verified phone are present.',
        response: { 200: okSchema(ContactInfoSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await getContactInfo(app, requireUser(request).id)),
  );

  app.post(
    '/account-manage/save-contact-info',
    {
      schema: {
        tags,
        summary: 'Save contact information',
        description:
          'A phone other than the stored verified one needs `verifyCode`: the code sent to it with scene ' +
          'UPDATE_CONTACT_PHONE. Errors: Verification.MobileInvalid, Verification.CodeInvalid, Request.Invalid.',
        body: SaveContactInfoRequestSchema,
        response: { 200: okSchema(ContactInfoSchema) },
      },
      config: { errors: ['Verification.MobileInvalid', 'Verification.CodeInvalid'], access: 'user' },
    },
    async (request) => ok(await saveContactInfo(app, requireUser(request).id, request.body, request.locale)),
  );

  app.get(
    '/account-manage/get-billing-info',
    {
      schema: { tags, summary: 'Billing address', response: { 200: okSchema(BillingInfoSchema) } },
      config: { access: 'user' },
    },
    async (request) => ok(await getBillingInfo(app, requireUser(request).id)),
  );

  app.post(
    '/account-manage/save-billing-info',
    {
      schema: {
        tags,
        summary: 'Save the billing address',
        description:
          'country: a region-data `c`; province: a `c` of its `s` (required when it has any). A new billing ' +
          'phone needs the code of scene UPDATE_BILLING_PHONE. Errors: Profile.PostalCodeInvalid, ' +
          'Profile.TaxIdInvalid, Verification.MobileInvalid, Verification.CodeInvalid, Request.Invalid.',
        body: SaveBillingInfoRequestSchema,
        response: { 200: okSchema(BillingInfoSchema) },
      },
      config: {
        errors: [
          'Profile.PostalCodeInvalid',
          'Profile.TaxIdInvalid',
          'Verification.MobileInvalid',
          'Verification.CodeInvalid',
        ],
        access: 'user',
      },
    },
    async (request) => ok(await saveBillingInfo(app, requireUser(request).id, request.body, request.locale)),
  );

  app.get(
    '/account-manage/get-profile',
    {
      schema: { tags, summary: 'Profile (account ID, nickname, email)', response: { 200: okSchema(ProfileSchema) } },
      config: { access: 'user' },
    },
    async (request) => ok(await getProfile(app, requireUser(request).id)),
  );

  app.post(
    '/account-manage/update-profile',
    {
      schema: {
        tags,
        summary: 'Change the nickname',
        body: UpdateProfileRequestSchema,
        response: { 200: okSchema(ProfileSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await updateProfile(app, requireUser(request).id, request.body)),
  );

  app.get(
    '/account-manage/get-settings',
    {
      schema: {
        tags,
        summary: 'Settings: language, time zone, notification preferences',
        response: { 200: okSchema(SettingsSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await getSettings(app, requireUser(request).id)),
  );

  app.post(
    '/account-manage/update-settings',
    {
      schema: {
        tags,
        summary: 'Update the settings',
        description: 'timeZone: an IANA time zone.',
        body: UpdateSettingsRequestSchema,
        response: { 200: okSchema(SettingsSchema) },
      },
      config: { access: 'user' },
    },
    async (request) => ok(await updateSettings(app, requireUser(request).id, request.body)),
  );
};
