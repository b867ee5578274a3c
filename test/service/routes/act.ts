/** The shape every action route shares: v1.1 POST, a token required, the common parameters. */
import { ALL_COMMON, type Answer, type Ctx } from '../http';
import type { Route } from '../router';

export const ACT_AUTH = 'An active access token must be used to act on comments, posts or sites.';

export const actRoute = (pattern: string, handle: (ctx: Ctx) => Answer): Route => ({
  method: 'POST',
  versions: ['1.1'],
  pattern,
  accepted: ALL_COMMON,
  auth: 'required',
  authMessage: ACT_AUTH,
  handle,
});
