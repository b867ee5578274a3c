/** The one SecretStorage record of a signed-in user: token, expiry and who it belongs to. */
import { z } from 'zod';

export const SESSION_SECRET_KEY = 'contentSite.session';

const sessionSchema = z.object({
  token: z.string().min(1),
  expiresAt: z.number().optional(),
  user: z.object({
    ID: z.number(),
    login: z.string(),
    display_name: z.string(),
    avatar_URL: z.string().optional(),
  }),
});

export type StoredSession = z.infer<typeof sessionSchema>;

export function parseSession(text: string | undefined): StoredSession | undefined {
  if (!text) return undefined;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function serializeSession(session: StoredSession): string {
  return JSON.stringify(session);
}

export function isExpired(session: StoredSession, nowMs = Date.now()): boolean {
  return session.expiresAt !== undefined && session.expiresAt <= nowMs;
}
