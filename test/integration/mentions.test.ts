import * as assert from 'node:assert/strict';
import { MentionSource } from '../../src/models/mentionSource';
import { restRequests, useClientAndService } from './setup';

const { svc, client } = useClientAndService();

describe('Mention suggestions', () => {
  const source = (token: string, site: string | undefined, signedIn = true) => {
    const api = client(token);
    const logged: string[] = [];
    return {
      logged,
      s: new MentionSource({ client: () => api, site: () => site, signedIn: () => signedIn, debounceMs: 20, log: (m) => logged.push(m) }),
    };
  };

  it("suggests the chosen site's writers for the letters typed, and caches the answer", async () => {
    const { s } = source('cs-demo-token', 'demo.example.blog');
    assert.deepEqual(
      (await s.suggest('e')).map((u) => u.user_login),
      ['ed'],
    );
    assert.deepEqual(
      (await s.suggest('e')).map((u) => u.user_login),
      ['ed'],
    );
    assert.deepEqual((await s.suggest('')).map((u) => u.user_login).sort(), ['ann', 'demo', 'ed']);
    assert.equal(restRequests(svc()).length, 2, 'the repeated letters came from the cache');
    assert.match(restRequests(svc())[0].path, /image_size=64/);
  });

  it('asks once for letters typed quickly (debounced)', async () => {
    const { s } = source('cs-demo-token', 'demo.example.blog');
    const [a, b] = await Promise.all([s.suggest('a'), s.suggest('an')]);
    assert.deepEqual([a.length, b.map((u) => u.user_login)], [0, ['ann']]);
    assert.equal(restRequests(svc()).length, 1);
  });

  it('stays quiet when refused (a private blog): one log line, no more requests for that site', async () => {
    const { s, logged } = source('cs-ed-token', 'private.example.blog');
    assert.deepEqual(await s.suggest('d'), []);
    assert.deepEqual(await s.suggest('de'), []);
    assert.equal(restRequests(svc()).length, 1);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /private site/);
  });

  it('asks nothing when signed out or with no site chosen', async () => {
    assert.deepEqual(await source('cs-demo-token', 'demo.example.blog', false).s.suggest('e'), []);
    assert.deepEqual(await source('cs-demo-token', undefined).s.suggest('e'), []);
    assert.equal(restRequests(svc()).length, 0);
  });
});
