import multipart from '@fastify/multipart';
import {
  CHAT_LIMITS,
  CHAT_VISITOR_TOKEN_HEADER,
  ChatAttachmentParamsSchema,
  ChatAttachmentSchema,
  ChatConversationParamsSchema,
  ChatConversationSchema,
  ChatHistoryQuerySchema,
  ChatHistorySchema,
  ChatMessageSchema,
  ChatReadRequestSchema,
  ChatReadStateSchema,
  ChatSendRequestSchema,
  ChatStartRequestSchema,
  ChatStartResultSchema,
  ChatVisitorAttachmentParamsSchema,
  ChatVisitorTokenQuerySchema,
  type ErrorCode,
  fieldMessage,
} from '@namebourse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { ok, okSchema } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { uploadError } from '../../platform/uploads.ts';
import { chatAgentRoutes } from './chat.agent.routes.ts';
import { ChatHub } from './chat.hub.ts';
import type { AttachmentRow } from './chat.repository.ts';
import {
  type ChatContext,
  type ChatViewer,
  createChatContext,
  getConversation,
  getHistory,
  listMyConversations,
  markRead,
  readAttachment,
  sendMessage,
  startConversation,
  uploadAttachment,
  viewerOf,
  visitorViewer,
} from './chat.service.ts';
import { chatSocketRoute } from './chat.socket.ts';

const tags = ['support'];
/** One image per request (field `file`), at most the attachment size; nothing else in the form. */
const UPLOAD_LIMITS = { fileSize: CHAT_LIMITS.attachmentMaxBytes, files: 1, fields: 1, parts: 2, fieldSize: 64 };
/** New conversations per client IP. */
export const CHAT_START_RATE_LIMIT = {
  max: CHAT_LIMITS.startRate.max,
  timeWindow: `${CHAT_LIMITS.startRate.windowSeconds / 60} minutes`,
} as const;

const CONVERSATION_ERRORS = ['Chat.ConversationNotFound'] as const satisfies readonly ErrorCode[];
const SEND_ERRORS = [
  'Chat.ConversationNotFound',
  'Chat.ConversationClosed',
  'Chat.NotClaimed',
  'Chat.AttachmentNotFound',
  'Chat.EmptyMessage',
  'Chat.TooManyMessages',
] as const satisfies readonly ErrorCode[];
const UPLOAD_ERRORS = [
  'Chat.ConversationNotFound',
  'Chat.ConversationClosed',
  'Chat.NotClaimed',
  'Chat.AttachmentType',
  'Chat.AttachmentTooLarge',
  'Chat.AttachmentUploadFailed',
] as const satisfies readonly ErrorCode[];
const VISITOR_ERRORS = ['Chat.VisitorTokenInvalid'] as const satisfies readonly ErrorCode[];

/** Reads the one image of the upload (field `file`); too large → Chat.AttachmentTooLarge. */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  const refuse = (err: unknown) => {
    if ((err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
      return new AppError('Chat.AttachmentTooLarge', { cause: err });
    }
    return uploadError(err, request.locale, 'Chat.AttachmentUploadFailed');
  };
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: UPLOAD_LIMITS });
  } catch (err) {
    throw refuse(err);
  }
  if (part?.fieldname !== 'file') {
    throw new AppError('Request.Invalid', { data: { fields: { file: fieldMessage('required', request.locale) } } });
  }
  try {
    const data = await part.toBuffer();
    return { fileName: part.filename, data };
  } catch (err) {
    throw refuse(err);
  }
}

/** Serves an image inline, never cached, never sniffed into something else. */
function sendImage(reply: FastifyReply, file: AttachmentRow) {
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_');
  return reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(file.data);
}

/** The visitor named by the token header (or, for image links, the query). */
function visitorOf(ctx: ChatContext, request: FastifyRequest, queryToken?: string): Promise<ChatViewer> {
  const header = request.headers[CHAT_VISITOR_TOKEN_HEADER];
  return visitorViewer(ctx, typeof header === 'string' ? header : queryToken);
}

/**
 * The customer-service chat (registered under /api; issue 18): conversations and messages over HTTP for
 * signed-in users and agents (/support/conversations/…), the same for visitors by their token
 * (/support/visitor/…), the agents' queue (/admin/support/…) and the WebSocket (/support/chat).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  const ctx = createChatContext(app);
  const hub = new ChatHub(ctx);
  hub.start();
  app.addHook('onClose', async () => hub.stop());
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(chatSocketRoute, { ctx, hub });
  await app.register(chatAgentRoutes, { ctx });

  // ---- Signed-in users (and agents, on any conversation) ----

  app.post(
    '/support/conversations',
    {
      schema: {
        tags,
        summary: 'Start a customer-service chat (or resume my open one)',
        description:
          'A signed-in user gets their conversation that is not closed yet, or a new one. A visitor gives `email` ' +
          '(+ `name`) and gets a new conversation and `visitorToken`, returned only now: it authenticates the ' +
          '/support/visitor/… routes and the WebSocket. Outside the support hours (Mon–Fri 9:30–18:30 UTC+8) ' +
          'the conversation is `offline`: the reply goes by e-mail. An optional first `message` is stored with it.',
        body: ChatStartRequestSchema,
        response: { 200: okSchema(ChatStartResultSchema) },
      },
      config: {
        access: 'public',
        errors: ['Chat.EmailRequired', 'Chat.EmptyMessage', 'Chat.TooManyMessages'],
        ...routeRateLimit(CHAT_START_RATE_LIMIT),
      },
    },
    async (request) => ok(await startConversation(ctx, request.user, request.body, { locale: request.locale })),
  );

  app.get(
    '/support/conversations',
    {
      schema: {
        tags,
        summary: 'My customer-service conversations (transcripts kept), newest first',
        response: { 200: okSchema(z.object({ items: z.array(ChatConversationSchema) })) },
      },
      config: { access: 'user' },
    },
    async (request) => ok({ items: await listMyConversations(ctx, requireUser(request)) }),
  );

  app.get(
    '/support/conversations/:conversationId',
    {
      schema: {
        tags,
        summary: 'One conversation (its user, or support staff)',
        params: ChatConversationParamsSchema,
        response: { 200: okSchema(ChatConversationSchema) },
      },
      config: { access: { owner: 'support-conversation' }, errors: CONVERSATION_ERRORS },
    },
    async (request) => ok(await getConversation(ctx, viewerOf(requireUser(request)), request.params.conversationId)),
  );

  app.get(
    '/support/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        summary: 'Messages of a conversation, oldest first',
        description:
          '`afterId`: exactly the messages after it (a reconnect); `beforeId`: an older page; neither: the latest ' +
          'page. Chat.ConversationNotFound for anyone but its user and support staff.',
        params: ChatConversationParamsSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: okSchema(ChatHistorySchema) },
      },
      config: { access: { owner: 'support-conversation' }, errors: CONVERSATION_ERRORS },
    },
    async (request) =>
      ok(await getHistory(ctx, viewerOf(requireUser(request)), request.params.conversationId, request.query)),
  );

  app.post(
    '/support/conversations/:conversationId/messages',
    {
      schema: {
        tags,
        summary: 'Send a message',
        description:
          'Stored, then pushed to every open chat window. The same `clientId` again answers the message stored ' +
          'the first time. Agents send only in conversations they claimed (Chat.NotClaimed). Users are limited ' +
          `to ${CHAT_LIMITS.sendRate.max} messages a minute (Chat.TooManyMessages).`,
        params: ChatConversationParamsSchema,
        body: ChatSendRequestSchema,
        response: { 200: okSchema(ChatMessageSchema) },
      },
      config: { access: { owner: 'support-conversation' }, errors: SEND_ERRORS },
    },
    async (request) =>
      ok(await sendMessage(ctx, viewerOf(requireUser(request)), request.params.conversationId, request.body)),
  );

  app.post(
    '/support/conversations/:conversationId/read',
    {
      schema: {
        tags,
        summary: 'Mark messages read up to one (read receipts)',
        params: ChatConversationParamsSchema,
        body: ChatReadRequestSchema,
        response: { 200: okSchema(ChatReadStateSchema) },
      },
      config: { access: { owner: 'support-conversation' }, errors: ['Chat.ConversationNotFound', 'Chat.NotClaimed'] },
    },
    async (request) =>
      ok(await markRead(ctx, viewerOf(requireUser(request)), request.params.conversationId, request.body.upToId)),
  );

  app.post(
    '/support/conversations/:conversationId/attachments',
    {
      schema: {
        tags,
        summary: 'Upload an image for a message (multipart, field `file`)',
        description:
          `JPG or PNG (checked by the file's own bytes, not its name), at most ${CHAT_LIMITS.attachmentMaxBytes / 1024 / 1024} MB. ` +
          'Send a message with its attachmentId to show it.',
        params: ChatConversationParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(ChatAttachmentSchema) },
      },
      config: { access: { owner: 'support-conversation' }, errors: UPLOAD_ERRORS, idempotency: false },
    },
    async (request) =>
      ok(
        await uploadAttachment(ctx, viewerOf(requireUser(request)), request.params.conversationId, () =>
          readUpload(request),
        ),
      ),
  );

  app.get(
    '/support/conversations/:conversationId/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'An image of a conversation (its user and support staff only)',
        params: ChatAttachmentParamsSchema,
      },
      config: {
        access: { owner: 'support-conversation', id: 'conversationId' },
        errors: ['Chat.ConversationNotFound', 'Chat.AttachmentNotFound'],
        produces: { type: 'image/*', description: 'The image (JPEG or PNG) as uploaded' },
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await readAttachment(
          ctx,
          viewerOf(requireUser(request)),
          request.params.conversationId,
          request.params.attachmentId,
        ),
      ),
  );

  // ---- Visitors (by the token from POST /support/conversations) ----

  const visitorConversation = async (request: FastifyRequest) => {
    const viewer = await visitorOf(ctx, request);
    if (viewer.kind !== 'visitor') throw new AppError('Chat.VisitorTokenInvalid');
    return { viewer, id: viewer.conversationId.toString() };
  };

  app.get(
    '/support/visitor/conversation',
    {
      schema: {
        tags,
        summary: "A visitor's conversation (header x-support-token)",
        response: { 200: okSchema(ChatConversationSchema) },
      },
      config: { access: 'public', errors: VISITOR_ERRORS },
    },
    async (request) => {
      const { viewer, id } = await visitorConversation(request);
      return ok(await getConversation(ctx, viewer, id));
    },
  );

  app.get(
    '/support/visitor/messages',
    {
      schema: {
        tags,
        summary: "A visitor's messages, oldest first (header x-support-token)",
        querystring: ChatHistoryQuerySchema,
        response: { 200: okSchema(ChatHistorySchema) },
      },
      config: { access: 'public', errors: VISITOR_ERRORS },
    },
    async (request) => {
      const { viewer, id } = await visitorConversation(request);
      return ok(await getHistory(ctx, viewer, id, request.query));
    },
  );

  app.post(
    '/support/visitor/messages',
    {
      schema: {
        tags,
        summary: 'A visitor sends a message (header x-support-token)',
        body: ChatSendRequestSchema,
        response: { 200: okSchema(ChatMessageSchema) },
      },
      config: { access: 'public', errors: [...VISITOR_ERRORS, ...SEND_ERRORS] },
    },
    async (request) => {
      const { viewer, id } = await visitorConversation(request);
      return ok(await sendMessage(ctx, viewer, id, request.body));
    },
  );

  app.post(
    '/support/visitor/read',
    {
      schema: {
        tags,
        summary: 'A visitor marks messages read (header x-support-token)',
        body: ChatReadRequestSchema,
        response: { 200: okSchema(ChatReadStateSchema) },
      },
      config: { access: 'public', errors: [...VISITOR_ERRORS, 'Chat.ConversationNotFound'] },
    },
    async (request) => {
      const { viewer, id } = await visitorConversation(request);
      return ok(await markRead(ctx, viewer, id, request.body.upToId));
    },
  );

  app.post(
    '/support/visitor/attachments',
    {
      schema: {
        tags,
        summary: 'A visitor uploads an image (multipart, field `file`; header x-support-token)',
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(ChatAttachmentSchema) },
      },
      config: { access: 'public', errors: [...VISITOR_ERRORS, ...UPLOAD_ERRORS], idempotency: false },
    },
    async (request) => {
      const { viewer, id } = await visitorConversation(request);
      return ok(await uploadAttachment(ctx, viewer, id, () => readUpload(request)));
    },
  );

  app.get(
    '/support/visitor/attachments/:attachmentId',
    {
      // The URL may carry the visitor's token: no per-request info lines (they log the URL).
      logLevel: 'warn',
      schema: {
        tags,
        summary: "An image of a visitor's conversation (header x-support-token, or ?token=)",
        params: ChatVisitorAttachmentParamsSchema,
        querystring: ChatVisitorTokenQuerySchema,
      },
      config: {
        access: 'public',
        errors: [...VISITOR_ERRORS, 'Chat.ConversationNotFound', 'Chat.AttachmentNotFound'],
        produces: { type: 'image/*', description: 'The image (JPEG or PNG) as uploaded' },
      },
    },
    async (request, reply) => {
      const viewer = await visitorOf(ctx, request, request.query.token);
      if (viewer.kind !== 'visitor') throw new AppError('Chat.VisitorTokenInvalid');
      return sendImage(
        reply,
        await readAttachment(ctx, viewer, viewer.conversationId.toString(), request.params.attachmentId),
      );
    },
  );
};
