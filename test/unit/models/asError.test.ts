/**
 * Which failed writes may have been applied (outcomeUnknown), decided on the errors the decoder
 * really makes of the service's answers: a 5xx (JSON or a gateway's HTML page) is unknown, a 4xx
 * and a 429 are refusals.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../../src/api';
import { decodeResponse } from '../../../src/api/decode';
import { outcomeUnknown, unknownBecause } from '../../../src/models/asError';
import { loadSchemas } from '../../../src/api/schemasLoad';

const ctx = { request: 'POST /v1.1/notifications/read' };

function decoded(status: number, body: string, contentType = 'application/json'): ContentSiteError {
  try {
    decodeResponse({ status, headers: { 'content-type': contentType }, text: body }, ctx);
  } catch (err) {
    if (err instanceof ContentSiteError) return err;
    throw err;
  }
  throw new Error(`HTTP ${status} decoded as a success`);
}

describe('outcomeUnknown: a failed write the service may have applied', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  it('a 5xx, JSON or an HTML error page, is unknown: the service failed, it did not say the write was not applied', () => {
    for (const status of [500, 502, 503, 504]) {
      const json = decoded(status, JSON.stringify({ error: 'internal_error', message: 'An internal error occurred.' }));
      assert.equal(outcomeUnknown(json), true, `JSON ${status}`);
      assert.equal(unknownBecause(json), `the service answered with an error (HTTP ${status})`);
      const html = decoded(status, '<!DOCTYPE html><html><body><h1>Error</h1></body></html>', 'text/html; charset=utf-8');
      assert.equal(outcomeUnknown(html), true, `HTML ${status}`);
    }
  });

  it('a refusal (4xx, 401, 429) is known: nothing was applied', () => {
    for (const [status, error] of [
      [400, 'invalid_input'],
      [401, 'invalid_token'],
      [403, 'unauthorized'],
      [404, 'unknown_comment'],
      [409, 'comment_duplicate'],
      [429, 'rate_limit_exceeded'],
    ] as const)
      assert.equal(outcomeUnknown(decoded(status, JSON.stringify({ error, message: 'No.' }))), false, `${status}`);
  });

  it('a lost, late, unreadable or cancelled answer is unknown, each with its own reason', () => {
    for (const [kind, why] of [
      ['network', "the service's answer was lost"],
      ['timeout', 'the service did not answer in time'],
      ['bad_response', "the service's answer could not be read"],
      ['cancelled', 'the request was cancelled after it was sent'],
    ] as const) {
      const err = new ContentSiteError({ kind, userMessage: 'x' });
      assert.equal(outcomeUnknown(err), true, kind);
      assert.equal(unknownBecause(err), why);
    }
    assert.equal(outcomeUnknown(new ContentSiteError({ kind: 'invalid_input', userMessage: 'x' })), false);
  });
});
