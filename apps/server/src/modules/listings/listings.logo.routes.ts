import multipart from '@fastify/multipart';
import {
  fieldMessage,
  LISTING_RULES,
  ListingParamsSchema,
  LOGO_ICONS,
  LogoBodySchema,
  LogoResultSchema,
  rowIdText,
} from '@namebourse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasRole, requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { uploadError as platformUploadError } from '../../platform/uploads.ts';
import { generateLogo, readLogoFile, uploadLogo } from './listings.logo.service.ts';

const tags = ['listings'];
/** One file per request (field `file`), at most the logo size; nothing else in the form. */
const UPLOAD_LIMITS = { fileSize: LISTING_RULES.logoMaxBytes, files: 1, fields: 1, parts: 2, fieldSize: 64 };

/** What a served SVG may do: nothing but draw itself (no script, no outside resource). */
export const LOGO_SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
/** Logo rows never change: a year, immutable. */
const IMMUTABLE = 'max-age=31536000, immutable';

/** The multipart parser's refusals as contract errors (an upload cut off: Listing.UploadFailed). */
const uploadError = (err: unknown, locale: FastifyRequest['locale']) =>
  platformUploadError(err, locale, 'Listing.UploadFailed');

/** Reads the one file of the upload (field `file`). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: UPLOAD_LIMITS });
  } catch (err) {
    throw uploadError(err, request.locale);
  }
  if (part?.fieldname !== 'file') {
    throw new AppError('Request.Invalid', { data: { fields: { file: fieldMessage('required', request.locale) } } });
  }
  try {
    return await part.toBuffer();
  } catch (err) {
    throw uploadError(err, request.locale);
  }
}

/**
 * Listing logos (registered under /api; issue 16, spec §3, §5, §9): generate or upload a listing's
 * logo, and serve stored logos. Multipart is registered in this plugin only, for the upload.
 */
export const listingLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  app.post(
    '/listings/:listingId/logo',
    {
      schema: {
        tags,
        summary: "Generate or upload the listing's logo",
        description:
          'JSON: a generated SVG logo in one of four styles — `text` (a wordmark), `icon_text` (an icon from ' +
          `the bundled set: ${LOGO_ICONS.join(', ')}), \`badge\` (a pill with the initials and the name) or ` +
          '`ai` (a richer generative composition from `seed` and the domain: gradient palette, layered shapes, ' +
          'a monogram and the wordmark) — from the domain (or `text`), colours `#rrggbb`, a font and an icon. ' +
          '`preview: true` only returns `svg` and stores nothing (not for `ai`). Every `ai` generation spends ' +
          `one of the listing's ${LISTING_RULES.aiTokensPerListing} 'AI' token(s) (Listing.AiTokenSpent when none ` +
          'is left); without a seed a random one is used. Or multipart/form-data with the image as field `file`: ' +
          `a JPG or PNG (decided by its bytes) of at most ${LISTING_RULES.logoMaxBytes / 1024} KB and ` +
          `${LISTING_RULES.logoMaxPixels} px on each side. The stored logo is set at once on a listing not yet ` +
          'approved; on an approved one it waits in review (modification_review) while the approved logo stays ' +
          'on sale. Sold, selling, expired and off-shelf listings refuse (Listing.NotEditable). Errors: ' +
          'Request.Invalid, Listing.NotFound, Listing.NotEditable, Listing.AiTokenSpent, Request.PayloadTooLarge, ' +
          'Request.UnsupportedMediaType, Listing.LogoInvalid (too many pixels, or an image that does not decode), ' +
          'Listing.UploadFailed.',
        params: ListingParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        // Nullish: a multipart request has no JSON body (Fastify validates it as null); the handler reads its file.
        body: LogoBodySchema.nullish(),
        response: { 200: okSchema(LogoResultSchema) },
      },
      config: {
        access: { owner: 'listing', id: 'listingId' },
        errors: [
          'Listing.NotFound',
          'Listing.NotEditable',
          'Listing.AiTokenSpent',
          'Listing.InvalidTransition',
          'Request.PayloadTooLarge',
          'Request.UnsupportedMediaType',
          'Listing.LogoInvalid',
          'Listing.UploadFailed',
        ],
      },
    },
    async (request) => {
      const user = requireUser(request);
      const listingId = BigInt(request.params.listingId);
      if (request.isMultipart()) return ok(await uploadLogo(app, user.id, listingId, await readUpload(request)));
      if (!request.body) {
        throw new AppError('Request.Invalid', {
          data: { fields: { style: fieldMessage('required', request.locale) } },
        });
      }
      return ok(await generateLogo(app, user.id, listingId, request.body, request.locale));
    },
  );

  app.get(
    '/listing-logos/:logoId',
    {
      schema: {
        tags,
        summary: 'A stored listing logo (SVG or image)',
        description:
          'The logo itself: a generated SVG (image/svg+xml, served with a Content-Security-Policy that lets it ' +
          'do nothing but draw) or the uploaded image (image/png, image/jpeg). Logos never change, so answers ' +
          'are cacheable for a year. Served when it is the live logo of a listing on the market or being sold; ' +
          'otherwise (a logo waiting in review, an old one) only to its seller and to operators who review ' +
          'listings. File.NotFound for anything else, like an unknown id.',
        params: z.object({ logoId: rowIdText() }),
      },
      config: {
        access: 'public',
        errors: ['File.NotFound'],
        produces: { type: 'image/*', description: 'The logo: image/svg+xml, image/png or image/jpeg' },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const file = await readLogoFile(
        app,
        { userId: user?.id ?? null, isReviewer: hasRole(user, ['support']) },
        BigInt(request.params.logoId),
      );
      reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `${file.isPublic ? 'public' : 'private'}, ${IMMUTABLE}`)
        .header('content-disposition', 'inline');
      if (file.contentType === 'image/svg+xml') reply.header('content-security-policy', LOGO_SVG_CSP);
      return reply.send(file.body);
    },
  );
};
