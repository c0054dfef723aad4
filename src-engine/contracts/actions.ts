import { z } from 'zod';
import { viewportSchema } from './formats.js';

const waitAction = z
  .strictObject({
    type: z.literal('wait'),
    milliseconds: z.int().positive().optional(),
    selector: z.string().min(1).optional(),
  })
  .refine((a) => (a.milliseconds === undefined) !== (a.selector === undefined), {
    message: "Either 'milliseconds' or 'selector' must be provided, but not both.",
  });

export const PDF_PAGE_FORMATS = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger'] as const;

export const actionSchema = z.discriminatedUnion('type', [
  waitAction,
  z.strictObject({ type: z.literal('click'), selector: z.string().min(1), all: z.boolean().default(false) }),
  z.strictObject({
    type: z.literal('screenshot'),
    fullPage: z.boolean().default(false),
    quality: z.int().min(1).max(100).optional(),
    viewport: viewportSchema.optional(),
  }),
  z.strictObject({ type: z.literal('write'), text: z.string() }),
  z.strictObject({ type: z.literal('press'), key: z.string().min(1) }),
  z.strictObject({
    type: z.literal('scroll'),
    direction: z.enum(['up', 'down']).default('down'),
    selector: z.string().min(1).optional(),
  }),
  z.strictObject({ type: z.literal('scrape') }),
  z.strictObject({ type: z.literal('executeJavascript'), script: z.string().min(1) }),
  z.strictObject({
    type: z.literal('pdf'),
    landscape: z.boolean().default(false),
    scale: z.number().positive().max(2).default(1),
    format: z.enum(PDF_PAGE_FORMATS).default('Letter'),
  }),
]);

export const actionsSchema = z.array(actionSchema).max(50, 'Number of actions cannot exceed 50');

export type Action = z.output<typeof actionSchema>;
export type ActionType = Action['type'];
