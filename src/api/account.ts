import { parseWith } from './decode';
import type { CallOptions, Transport } from './request';
import { schemas } from './schemasLoad';
import type { Me, TokenInfo } from './schemas/users';
import { nonEmpty } from './validate';

export class AccountApi {
  constructor(private readonly t: Transport) {}

  /** GET /v1.1/me: the signed-in user. */
  async me(opts: CallOptions = {}): Promise<Me> {
    const body = await this.t.send({ method: 'GET', version: '1.1', path: '/me', signal: opts.signal });
    return parseWith(schemas().meSchema, body, { request: 'GET /v1.1/me' });
  }

  /** GET /oauth2/token-info: confirms a token belongs to this client. The token never reaches a log. */
  async tokenInfo(clientId: string, token: string, opts: CallOptions = {}): Promise<TokenInfo> {
    nonEmpty('client_id', clientId);
    nonEmpty('token', token);
    const body = await this.t.send({
      method: 'GET',
      version: null,
      path: '/oauth2/token-info',
      query: { client_id: clientId, token },
      secretQuery: ['token'],
      authenticate: false,
      signal: opts.signal,
    });
    return parseWith(schemas().tokenInfoSchema, body, { request: 'GET /oauth2/token-info' });
  }
}
