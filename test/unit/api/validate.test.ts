import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../../src/api/errors';
import { encodeForm } from '../../../src/api/encode';
import { scrub } from '../../../src/api/request';
import { backoffMs, retryAfterMs } from '../../../src/api/retryPolicy';
import { intInRange, isoDate, oneOf, postIds, site } from '../../../src/api/validate';

const refused = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof ContentSiteError && e.kind === 'invalid_input' && pattern.test(e.userMessage));

describe('input rules', () => {
  it('accepts site IDs and domains and refuses anything else', () => {
    assert.equal(site(2001), '2001');
    assert.equal(site('Demo.Example.Blog'), 'demo.example.blog');
    refused(() => site('not a site'), /numeric site ID or a domain/);
    refused(() => site('0'), /numeric site ID/);
    refused(() => site('../etc'), /domain/);
    refused(() => site(''), /domain/);
  });

  it('checks ranges and names the parameter', () => {
    intInRange('number', 40, 1, 40);
    refused(() => intInRange('number', 41, 1, 40), /number must be a whole number from 1 to 40/);
    refused(() => intInRange('image_size', 0, 1, 2048), /image_size .* 1 to 2048/);
    refused(() => intInRange('number', 2.5, 1, 99), /whole number/);
  });

  it('checks enums, ISO dates and post ids', () => {
    oneOf('order', 'ASC', ['DESC', 'ASC']);
    refused(() => oneOf('order', 'asc', ['DESC', 'ASC']), /order must be one of DESC, ASC/);
    isoDate('before', '2026-11-22T10:00:00Z');
    isoDate('after', '2026-11-22');
    refused(() => isoDate('before', 'yesterday'), /ISO 8601/);
    refused(() => isoDate('before', '2026-13-45'), /ISO 8601/);
    refused(() => postIds([]), /post_ids is empty/);
    refused(() => postIds([5, -1]), /positive whole number/);
  });
});

describe('request encoding', () => {
  it('encodes counts and post_ids the way the service reads them', () => {
    assert.equal(decodeURIComponent(encodeForm({ counts: { 12: 1, 13: -1 } })), 'counts[12]=1&counts[13]=-1');
    assert.equal(decodeURIComponent(encodeForm({ post_ids: [5, 6] })), 'post_ids[]=5&post_ids[]=6');
  });

  it('scrubs tokens from logged paths', () => {
    const out = scrub('http://127.0.0.1:1/oauth2/token-info?client_id=1&token=s3cr3t', ['token']);
    assert.equal(out, '/oauth2/token-info?client_id=1&token=[redacted]');
    assert.ok(!out.includes('s3cr3t'));
  });
});

describe('retry timing', () => {
  it('grows exponentially with jitter and caps at the maximum', () => {
    const s = { maxTries: 3, minDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(
      backoffMs(1, s, () => 0),
      50,
    );
    assert.equal(
      backoffMs(1, s, () => 1),
      100,
    );
    assert.equal(
      backoffMs(3, s, () => 1),
      400,
    );
    assert.equal(
      backoffMs(10, s, () => 1),
      1000,
    );
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    assert.equal(retryAfterMs('2'), 2000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(retryAfterMs('soon'), undefined);
  });
});
