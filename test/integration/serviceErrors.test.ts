/**
 * The spec's error rows arrive as ContentSiteError with the service's status, identifier and
 * message unchanged, a sentence for people, and never the token; out-of-range input is refused
 * before anything is sent.
 */
import * as assert from 'node:assert/strict';
import { ContentSiteClient, ContentSiteError, type ErrorKind } from '../../src/api';
import { SPECIAL_POSTS, type RunningService } from '../service';
import { serviceLifecycle } from './setup';

let svc: RunningService;
const clients: ContentSiteClient[] = [];
const client = (token?: string): ContentSiteClient => {
  const c = new ContentSiteClient({ baseUrl: svc.restUrl, token, retry: { maxTries: 2, minDelayMs: 1, maxDelayMs: 20 } });
  clients.push(c);
  return c;
};

interface Expected {
  kind: ErrorKind;
  status?: number;
  code?: string;
  serviceMessage?: string;
}

/** Awaits a rejection, checks it is a ContentSiteError with exactly these fields and no token. */
async function expectError(p: Promise<unknown>, expected: Expected, token?: string): Promise<ContentSiteError> {
  let caught: unknown;
  try {
    await p;
  } catch (err) {
    caught = err;
  }
  assert.ok(caught instanceof ContentSiteError, `expected a ContentSiteError, got ${String(caught)}`);
  assert.deepEqual(
    { kind: caught.kind, status: caught.status, code: caught.code, serviceMessage: caught.serviceMessage },
    { kind: expected.kind, status: expected.status, code: expected.code, serviceMessage: expected.serviceMessage },
  );
  assert.equal(caught.name, 'ContentSiteError');
  assert.ok(caught.userMessage.length > 10, 'a sentence for people');
  if (token) {
    for (const text of [caught.userMessage, caught.message, caught.request ?? '', caught.serviceMessage ?? '', caught.stack ?? '']) {
      assert.ok(!text.includes(token), `the token leaked into "${text}"`);
    }
  }
  return caught;
}

describe('ContentSiteError from the service', () => {
  serviceLifecycle((started) => (svc = started), clients);

  describe("the spec's error rows for restore", () => {
    const rows: Array<{
      title: string;
      token: string;
      site: number | string;
      post: number;
      status: number;
      code: string;
      message: string;
      userMessage: string;
    }> = [
      {
        title: 'a non-member on a public site',
        token: 'cs-ed-token',
        site: 'selfhosted.example.org',
        post: 491,
        status: 403,
        code: 'unauthorized',
        message: 'User cannot restore trashed posts',
        userMessage:
          "You can't restore posts on selfhosted.example.org: your role can't restore trashed posts. Ask an editor or administrator.",
      },
      {
        title: 'a post published by a contributor',
        token: 'cs-demo-token',
        site: 2001,
        post: SPECIAL_POSTS.contributorPublished,
        status: 403,
        code: 'unauthorized',
        message: 'Assigned author cannot publish post.',
        userMessage: "You can't restore this post on 2001: its author isn't allowed to publish it. Ask an editor to change the author.",
      },
      {
        title: 'a private site the user is not a member of',
        token: 'cs-ed-token',
        site: 'private.example.blog',
        post: 300,
        status: 403,
        code: 'unauthorized',
        message: 'User cannot access this private blog.',
        userMessage:
          "You can't access private.example.blog: it is a private site and your account is not a member. Ask an administrator to invite you.",
      },
      {
        title: 'a restricted site',
        token: 'cs-demo-token',
        site: 2003,
        post: 400,
        status: 403,
        code: 'unauthorized',
        message: 'User cannot access this restricted blog',
        userMessage: "You can't access 2003: access to it is restricted. Ask an administrator to add you.",
      },
      {
        title: 'SEO data while SEO tools are off',
        token: 'cs-demo-token',
        site: 2004,
        post: SPECIAL_POSTS.seo,
        status: 403,
        code: 'unauthorized',
        message: 'SEO tools are not enabled for this site.',
        userMessage:
          "You can't restore this post on 2004: SEO tools are not enabled for the site. Enable them in the site's settings or remove the post's SEO data.",
      },
      {
        title: 'an attachment of a disallowed file type',
        token: 'cs-demo-token',
        site: 2001,
        post: SPECIAL_POSTS.badFileType,
        status: 403,
        code: 'invalid_input',
        message: 'Invalid file type.',
        userMessage: "You can't restore this item on 2001: its file type is not allowed.",
      },
      {
        title: 'a post type the API does not list',
        token: 'cs-demo-token',
        site: 2001,
        post: SPECIAL_POSTS.unlistedType,
        status: 400,
        code: 'invalid_field',
        message: 'Invalid API FIELD',
        userMessage: 'The request named a field the service does not know. Update the extension or report the problem.',
      },
      {
        title: "an author restoring someone else's post",
        token: 'cs-ann-token',
        site: 2001,
        post: 200,
        status: 403,
        code: 'unauthorized',
        message: 'User cannot delete post',
        userMessage: "You can't restore this post on 2001: you may only restore posts you can delete, such as your own.",
      },
      {
        title: 'a contributor (cannot delete posts)',
        token: 'cs-con-token',
        site: 2001,
        post: 200,
        status: 403,
        code: 'unauthorized',
        message: 'User cannot delete posts',
        userMessage: "You can't restore this on 2001: your role can't delete posts of this type.",
      },
      {
        title: 'a subscriber (cannot edit posts)',
        token: 'cs-sub-token',
        site: 2001,
        post: 200,
        status: 403,
        code: 'unauthorized',
        message: 'User cannot edit posts',
        userMessage: "You can't restore this on 2001: your role can't edit posts of this type.",
      },
    ];
    for (const row of rows) {
      it(`${row.status} ${row.message} (${row.title})`, async () => {
        const e = await expectError(
          client(row.token).posts.restore(row.site, row.post),
          { kind: 'api', status: row.status, code: row.code, serviceMessage: row.message },
          row.token,
        );
        assert.equal(e.userMessage, row.userMessage);
        assert.equal(svc.requests.length, 1);
        assert.equal(svc.world().posts.get(row.post)!.status, 'trash', 'the post stays in the trash');
      });
    }

    it('an author may restore her own post (the control case)', async () => {
      const post = await client('cs-ann-token').posts.restore(2001, SPECIAL_POSTS.annOwn);
      assert.deepEqual([post.ID, post.status], [SPECIAL_POSTS.annOwn, 'draft']);
    });

    it('a post that does not exist is unknown_post', async () => {
      const e = await expectError(
        client('cs-demo-token').posts.restore(2001, 99999),
        { kind: 'api', status: 404, code: 'unknown_post', serviceMessage: 'Unknown post' },
        'cs-demo-token',
      );
      assert.equal(e.userMessage, 'That post no longer exists on 2001. Refresh the list.');
    });
  });

  describe("the spec's error rows for users/suggest and notifications/read", () => {
    it('403 invalid_query "Missing or invalid site id."', async () => {
      const e = await expectError(
        client('cs-demo-token').users.suggest({ site_id: 999999 }),
        { kind: 'api', status: 403, code: 'invalid_query', serviceMessage: 'Missing or invalid site id.' },
        'cs-demo-token',
      );
      assert.equal(e.userMessage, 'Choose a site first: the service did not recognise the site for mentions.');
    });

    it('403 unauthorized "User cannot access this private blog."', async () => {
      const e = await expectError(
        client('cs-ed-token').users.suggest({ site_id: 2002 }),
        { kind: 'api', status: 403, code: 'unauthorized', serviceMessage: 'User cannot access this private blog.' },
        'cs-ed-token',
      );
      assert.match(e.userMessage, /^You can't access 2002: it is a private site/);
    });

    it('403 unauthorized "User cannot access this restricted blog"', async () => {
      await expectError(
        client('cs-demo-token').users.suggest({ site: 'restricted.example.blog' }),
        { kind: 'api', status: 403, code: 'unauthorized', serviceMessage: 'User cannot access this restricted blog' },
        'cs-demo-token',
      );
    });

    it('404 unknown_user "User does not exist." for a subscriber', async () => {
      const e = await expectError(
        client('cs-sub-token').users.suggest({ site_id: 2001 }),
        { kind: 'api', status: 404, code: 'unknown_user', serviceMessage: 'User does not exist.' },
        'cs-sub-token',
      );
      assert.equal(e.userMessage, 'Your account no longer exists on the service. Sign out and sign in with another account.');
    });

    it('404 not_found "Not a valid URL." for a note of another user; nothing changes', async () => {
      await expectError(
        client('cs-demo-token').notifications.markRead({ 60000: 1, 60500: 1 }),
        { kind: 'api', status: 404, code: 'not_found', serviceMessage: 'Not a valid URL.' },
        'cs-demo-token',
      );
      assert.equal(svc.world().notes.find((n) => n.id === 60000)!.unread, 1);
    });

    it('403 authorization_required without a token is kind auth', async () => {
      const e = await expectError(client(undefined).notifications.markRead({ 60000: 1 }), {
        kind: 'auth',
        status: 403,
        code: 'authorization_required',
        serviceMessage: 'An active access token must be used to retrieve notifications.',
      });
      assert.equal(e.userMessage, 'Sign in to see and change your notifications.');
      assert.equal(svc.requests[0].authorized, false);
    });
  });

  describe('invalid_token', () => {
    for (const token of ['cs-expired-token', 'cs-revoked-token', 'cs-nobody-token']) {
      it(`${token} → kind auth, 401 invalid_token, and the token appears nowhere`, async () => {
        const e = await expectError(
          client(token).me(),
          { kind: 'auth', status: 401, code: 'invalid_token', serviceMessage: 'The OAuth2 token is invalid.' },
          token,
        );
        assert.equal(e.userMessage, 'Your sign-in has expired or was revoked. Sign in again.');
        assert.equal(svc.requests[0].authorized, true);
      });
    }

    it('an expired token on an endpoint that takes a site is kind auth too', async () => {
      await expectError(
        client('cs-expired-token').posts.restore(2001, 200),
        { kind: 'auth', status: 401, code: 'invalid_token', serviceMessage: 'The OAuth2 token is invalid.' },
        'cs-expired-token',
      );
      assert.equal(svc.world().posts.get(200)!.status, 'trash');
    });
  });

  describe('invalid_input is thrown before any request', () => {
    const cases: Array<[string, (c: ContentSiteClient) => Promise<unknown>, RegExp]> = [
      ['reader.following number 41', (c) => c.reader.following({ number: 41 }), /number must be a whole number from 1 to 40 \(got 41\)/],
      ['reader.following number 0', (c) => c.reader.following({ number: 0 }), /from 1 to 40/],
      ['reader.freshlyPressed number 41', (c) => c.reader.freshlyPressed({ number: 41 }), /from 1 to 40/],
      [
        'users.suggest image_size 0',
        (c) => c.users.suggest({ site_id: 2001, image_size: 0 }),
        /image_size must be a whole number from 1 to 2048 \(got 0\)/,
      ],
      [
        'users.suggest image_size 2049',
        (c) => c.users.suggest({ site_id: 2001, image_size: 2049 }),
        /image_size must be a whole number from 1 to 2048 \(got 2049\)/,
      ],
      ['users.suggest without a site', (c) => c.users.suggest({}), /site_id or site/],
      [
        'notifications.list number 100',
        (c) => c.notifications.list({ number: 100 }),
        /number must be a whole number from 1 to 99 \(got 100\)/,
      ],
      ['notifications.list unread and read', (c) => c.notifications.list({ unread: true, read: true }), /not both/],
      ['notifications.markRead with a zero count', (c) => c.notifications.markRead({ 60000: 0 }), /non-zero/],
      ['posts.trashed number 101', (c) => c.posts.trashed(2001, { number: 101 }), /from 1 to 100/],
      ['posts.restoreMany with no ids', (c) => c.posts.restoreMany(2001, []), /at least one post/],
      ['sites.get with a bad site', (c) => c.sites.get('not a site'), /numeric site ID or a domain/],
      ['insights.get with an empty slug', (c) => c.insights.get(''), /slug must not be empty/],
    ];
    for (const [title, call, message] of cases) {
      it(title, async () => {
        const before = svc.requests.length;
        const e = await expectError(call(client('cs-demo-token')), { kind: 'invalid_input' }, 'cs-demo-token');
        assert.match(e.userMessage, message);
        assert.equal(svc.requests.length, before, 'svc.requests gained no entry');
      });
    }

    it('refused input arrives as a rejected promise, never a synchronous throw (callers use .catch)', async () => {
      const api = client('cs-demo-token');
      const calls: Array<() => Promise<unknown>> = [
        () => api.reader.following({ number: 41 }),
        () => api.notifications.list({ number: 100 }),
        () => api.posts.trashed(2001, { number: 101 }),
        () => api.sites.get('not a site'),
        () => api.users.suggest({ site_id: 2001, image_size: 0 }),
      ];
      for (const call of calls) {
        let p: Promise<unknown> | undefined;
        assert.doesNotThrow(() => {
          p = call();
        });
        assert.ok(p instanceof Promise);
        const kind = await p.then(
          () => 'resolved',
          (e: unknown) => (e instanceof ContentSiteError ? e.kind : 'other'),
        );
        assert.equal(kind, 'invalid_input');
      }
      assert.equal(svc.requests.length, 0);
    });
  });
});
