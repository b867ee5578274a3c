import { z } from 'zod';
import { listedNotificationSchema } from './notification';

/** GET /v1.1/notifications/$id: `{notes: [note]}`. */
export const oneNoteSchema = z.object({ notes: z.array(listedNotificationSchema) }).passthrough();
