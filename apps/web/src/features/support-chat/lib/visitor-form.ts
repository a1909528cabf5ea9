import { ChatStartRequestSchema } from '@namebourse/contract';
import type { z } from 'zod';

/** A visitor starts a chat with a name and an e-mail (the reply goes there outside the support hours). */
export const VisitorStartSchema = ChatStartRequestSchema.pick({ name: true, email: true }).required();
export type VisitorStartInput = z.input<typeof VisitorStartSchema>;
export type VisitorStart = z.output<typeof VisitorStartSchema>;
export const VISITOR_FIELDS = ['name', 'email'] as const;
