import { z } from 'zod';

export const viewportSchema = z.strictObject({
  width: z.int().positive().max(7680),
  height: z.int().positive().max(4320),
});

export const screenshotFormatSchema = z.object({
  type: z.literal('screenshot'),
  fullPage: z.boolean().default(false),
  quality: z.int().min(1).max(100).optional(),
  viewport: viewportSchema.optional(),
});

export const jsonFormatSchema = z.strictObject({
  type: z.literal('json'),
  schema: z.any().optional(),
  prompt: z.string().max(10000).optional(),
});

export const changeTrackingFormatSchema = z.strictObject({
  type: z.literal('changeTracking'),
  prompt: z.string().max(10000).optional(),
  schema: z.any().optional(),
  modes: z.array(z.enum(['json', 'git-diff'])).default([]),
  tag: z.string().nullable().default(null),
});

export const SIMPLE_FORMATS = ['markdown', 'html', 'rawHtml', 'links', 'summary'] as const;
export type SimpleFormatName = (typeof SIMPLE_FORMATS)[number];

const simpleFormatSchema = z.strictObject({ type: z.enum(SIMPLE_FORMATS) });

/** One entry of `formats`: a bare name or an object with `type`; names become `{type}`. */
export const formatEntrySchema = z.preprocess(
  (value) => (typeof value === 'string' ? { type: value } : value),
  z.discriminatedUnion('type', [simpleFormatSchema, jsonFormatSchema, changeTrackingFormatSchema, screenshotFormatSchema]),
);

export const formatsSchema = z
  .array(formatEntrySchema)
  .superRefine((formats, ctx) => {
    if (formats.filter((f) => f.type === 'screenshot').length > 1) {
      ctx.addIssue({ code: 'custom', message: 'You may only specify one screenshot format' });
    }
    if (formats.some((f) => f.type === 'changeTracking') && !formats.some((f) => f.type === 'markdown')) {
      ctx.addIssue({
        code: 'custom',
        message: 'The changeTracking format requires the markdown format to be specified as well',
      });
    }
  });

export type ScreenshotFormat = z.output<typeof screenshotFormatSchema>;
export type JsonFormat = z.output<typeof jsonFormatSchema>;
export type ChangeTrackingFormat = z.output<typeof changeTrackingFormatSchema>;
export type FormatEntry = z.output<typeof formatEntrySchema>;
export type FormatName = FormatEntry['type'];
