import * as assert from 'node:assert/strict';
import { fresh, until } from './harness';

describe('Live notes in the extension host', () => {
  it('signed in, the view says Live; another user comments on the demo post and the note is in the list, with no poll', async () => {
    const { svc, api } = await fresh();
    await api.auth.signInWithToken('cs-demo-token');
    const view = api.views.notifications.view;
    await until('the view to say Live', () => /\bLive\b/.test(String(view.description ?? '')));
    const upgrades = svc.requests.filter((r) => r.upgrade && r.status === 101);
    assert.equal(upgrades.length, 1, 'one socket for the window');
    const { note_id } = await svc.push.comment({ by: 'ed', post: 100, content: 'Seen from the extension host.' });
    await until('the pushed note in the list', () => api.models.notifications.get(note_id));
    await api.auth.signOut();
    await until('the socket closed on sign-out', () => svc.push.state().sockets.length === 0);
    assert.ok(!/\bLive\b/.test(String(view.description ?? '')), 'signed out, the view no longer says Live');
  });
});
