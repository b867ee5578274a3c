import { z } from 'zod';
import { lenientArray } from './common';
import { rawNotificationSchema } from './notification';

/** GET /v1.1/notifications/$id: `{notes: [note]}`. */
export const oneNoteSchema = z.object({ notes: lenientArray(rawNotificationSchema) }).passthrough();
