/** A list failing with an auth error signs out, once per failure; a token that couldn't be read does not. */
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../../src/api';
import { TOKEN_UNAVAILABLE } from '../../../src/api/errors';
import { meansSignedOut, signOutOnUnauthorized, type Watched } from '../../../src/auth/signOutOnUnauthorized';
import type { LoadState } from '../../../src/models/loadState';

class FakeList implements Watched {
  state: LoadState = { kind: 'idle' };
  loadMoreError: ContentSiteError | undefined;
  private listeners: (() => void)[] = [];
  onDidChange(listener: () => void) {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  }
  set(state: LoadState, loadMoreError?: ContentSiteError): void {
    this.state = state;
    this.loadMoreError = loadMoreError;
    for (const l of this.listeners) l();
  }
}

const error = (kind: ContentSiteError['kind'], code?: string) => new ContentSiteError({ kind, code, userMessage: 'x' });

describe('Signing out when the service refuses the sign-in', () => {
  it('a 401 on a first load or on load-more signs out; other failures and successes do not', () => {
    const lists = [new FakeList(), new FakeList()];
    let signOuts = 0;
    const subscriptions = signOutOnUnauthorized({ handleUnauthorized: async () => void signOuts++ }, lists);
    lists[0].set({ kind: 'loading' });
    lists[0].set({ kind: 'error', error: error('network') });
    lists[1].set({ kind: 'loaded' }, error('rate_limited'));
    assert.equal(signOuts, 0);
    lists[0].set({ kind: 'error', error: error('auth', 'invalid_token') });
    lists[1].set({ kind: 'loaded' }, error('auth'));
    assert.equal(signOuts, 2);
    for (const s of subscriptions) s.dispose();
    lists[0].set({ kind: 'error', error: error('auth') });
    assert.equal(signOuts, 2, 'disposed: no more sign-outs');
  });
  it('a token source that failed (secret storage) is shown, never a reason to delete the stored sign-in', () => {
    const list = new FakeList();
    let signOuts = 0;
    signOutOnUnauthorized({ handleUnauthorized: async () => void signOuts++ }, [list]);
    list.set({ kind: 'error', error: error('auth', TOKEN_UNAVAILABLE) });
    assert.equal(signOuts, 0);
    assert.deepEqual(
      [meansSignedOut(error('auth', TOKEN_UNAVAILABLE)), meansSignedOut(error('auth', 'invalid_token')), meansSignedOut(undefined)],
      [false, true, false],
    );
  });
});
