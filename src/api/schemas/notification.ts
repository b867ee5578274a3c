import { z } from 'zod';
import { intLike, lenientArray } from './common';

/** Block shape of real notes: a span of text with ranges (links, users, posts) and media. */
export const rangeSchema = z
  .object({
    type: z.string().optional(),
    indices: z.tuple([z.number(), z.number()]),
    url: z.string().optional(),
    id: intLike.optional(),
    site_id: intLike.optional(),
    post_id: intLike.optional(),
  })
  .passthrough();

export const mediaSchema = z
  .object({
    type: z.string().optional(),
    indices: z.tuple([z.number(), z.number()]).optional(),
    url: z.string(),
    width: intLike.optional(),
    height: intLike.optional(),
  })
  .passthrough();

export const blockSchema = z
  .object({
    text: z.string().optional(),
    ranges: z.array(rangeSchema).optional(),
    media: z.array(mediaSchema).optional(),
    actions: z.unknown().optional(),
    meta: z.unknown().optional(),
    type: z.string().optional(),
  })
  .passthrough();

const action = z.object({ type: z.string().optional(), params: z.unknown().optional() }).passthrough();

export const templateItemSchema = z
  .object({
    icon: z.string().optional(),
    icon_width: intLike.optional(),
    icon_height: intLike.optional(),
    header: z.string().optional(),
    header_text: z.string().optional(),
    header_link: z.string().optional(),
    html: z.string().optional(),
    action: z.union([action, z.array(action)]).optional(),
    objects: z.unknown().optional(),
  })
  .passthrough();

export const templateBodySchema = z
  .object({
    template: z.enum(['single-line-list', 'multi-line-list', 'big-badge']),
    header: z.string().optional(),
    header_text: z.string().optional(),
    header_link: z.string().optional(),
    html: z.string().optional(),
    badge: z.string().optional(),
    badge_width: intLike.optional(),
    badge_height: intLike.optional(),
    footer: z.string().optional(),
    footer_text: z.string().optional(),
    footer_link: z.string().optional(),
    items: z.array(templateItemSchema).optional(),
    actions: z.unknown().optional(),
    objects: z.unknown().optional(),
  })
  .passthrough();

export const subjectSchema = z
  .object({
    icon: z.string().optional(),
    noticon: z.string().optional(),
    status: z.string().optional(),
    html: z.string().optional(),
    text: z.string().optional(),
  })
  .passthrough();

/** Unix seconds, or an ISO 8601 string some payloads carry instead. */
const timestamp = z.union([
  z.number(),
  z.string().regex(/^\d+$/).transform(Number),
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'not a date')
    .transform((s) => Math.floor(Date.parse(s) / 1000)),
]);

const noteHash = z.union([z.string(), z.number()]);

export const rawNotificationSchema = z
  .object({
    id: intLike,
    unread: z.union([intLike, z.boolean()]).optional(),
    read: z.union([intLike, z.boolean()]).optional(),
    noticon: z.string().optional(),
    type: z.string().optional(),
    timestamp: timestamp.optional(),
    date: z.string().optional(),
    subject: z.union([subjectSchema, z.array(blockSchema)]).optional(),
    snippet: z.string().optional(),
    /** The block shape's heading: what the note is about (a post, a comment), as text blocks with ranges. */
    header: z.array(blockSchema).optional(),
    /** The block shape's short title ("1 Like", "New Comment"). */
    title: z.string().optional(),
    body: z.union([templateBodySchema, z.array(blockSchema), z.object({}).passthrough()]).optional(),
    status: z
      .object({ approval_status: z.string().optional(), undo_status: intLike.optional(), i_replied: z.boolean().optional() })
      .passthrough()
      .optional(),
    meta: z.unknown().optional(),
    note_hash: noteHash.optional(),
  })
  .passthrough();

export const notificationsListSchema = z
  .object({
    number: intLike.optional(),
    last_seen_time: intLike.optional(),
    notes: lenientArray(rawNotificationSchema),
  })
  .passthrough();

export const markReadSchema = z.object({ success: z.boolean(), updated: z.array(intLike).optional() }).passthrough();
export const seenSchema = z.object({ last_seen_time: intLike.optional(), success: z.boolean().optional() }).passthrough();

export type Range = z.infer<typeof rangeSchema>;
export type Media = z.infer<typeof mediaSchema>;
export type Block = z.infer<typeof blockSchema>;
export type TemplateBody = z.infer<typeof templateBodySchema>;
export type TemplateItem = z.infer<typeof templateItemSchema>;
export type Subject = z.infer<typeof subjectSchema>;
export type RawNotification = z.infer<typeof rawNotificationSchema>;
