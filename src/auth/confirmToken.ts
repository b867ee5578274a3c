/**
 * A token is accepted only when the service confirms it belongs to our client (token-info) and
 * names the user (me). Both go through the api module.
 */
import type { ContentSiteClient } from '../api';
import { ContentSiteError } from '../api/errors';
import type { StoredSession } from './sessionRecord';

/** A sign-in refused, with the sentence to show. */
export class SignInError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'SignInError';
  }
}

export async function confirmToken(
  createClient: (token?: string) => ContentSiteClient,
  token: string,
  options: { clientId?: string; expiresIn?: number; nowMs?: number },
): Promise<StoredSession> {
  try {
    if (options.clientId) {
      const info = await createClient().tokenInfo(options.clientId, token);
      if (info.client_id !== options.clientId) {
        throw new SignInError('The sign-in was refused: the token belongs to another application.');
      }
    }
    const me = await createClient(token).me();
    return {
      token,
      expiresAt: options.expiresIn ? (options.nowMs ?? Date.now()) + options.expiresIn * 1000 : undefined,
      user: { ID: me.ID, login: me.username, display_name: me.display_name ?? me.username, avatar_URL: me.avatar_URL },
    };
  } catch (err) {
    if (err instanceof SignInError) throw err;
    if (err instanceof ContentSiteError) {
      if (err.kind === 'auth' || err.code === 'invalid_token' || err.code === 'invalid_client') {
        throw new SignInError('The sign-in was refused: the service did not accept the token for this application.');
      }
      throw new SignInError(`The sign-in could not be confirmed: ${err.userMessage}`);
    }
    throw err;
  }
}
