/** trap=1: the notes the service folds into another come back with empty subjects; the client drops them. */
import * as assert from 'node:assert/strict';
import { ContentSiteClient } from '../../../src/api';
import { hasEmptySubject } from '../../../src/api/notificationShape';
import { loadSchemas } from '../../../src/api/schemasLoad';

const api = new ContentSiteClient({ baseUrl: 'http://127.0.0.1:9/rest', token: 'unused' });
const page = (notes: unknown[]) => ({ number: notes.length, last_seen_time: 1, notes });
const note = (id: number, subject: unknown) => ({
  id,
  unread: 0,
  timestamp: 1763630000 + id,
  note_hash: `h${id}`,
  ...(subject === undefined ? {} : { subject }),
});

describe('trap: notes with empty subjects', () => {
  // The client loads its schemas before it reads an answer (Transport.send): so does this.
  before(() => loadSchemas());

  const body = page([
    note(1, { html: '<b>Ann</b> and 2 others liked <i>Hello</i>' }),
    note(2, {}),
    note(3, [{ text: 'Ed mentioned you' }]),
    note(4, []),
    note(5, { html: '<b> </b>', text: '  ', icon: 'https://gravatar.example/avatar/a' }),
    note(6, [{ text: ' ', ranges: [] }]),
    note(7, undefined),
  ]);

  it('with trap, the list keeps only notes that have something in their subject (a note without a subject field stays)', () => {
    const result = api.notifications.listRequest({ trap: true }).parse(body);
    assert.deepEqual(
      result.notes.map((n) => n.id),
      [1, 3, 7],
    );
    assert.equal(result.notes[0].subjectText, 'Ann and 2 others liked Hello');
  });

  it('without trap, nothing is dropped', () => {
    const result = api.notifications.listRequest({}).parse(body);
    assert.deepEqual(
      result.notes.map((n) => n.id),
      [1, 2, 3, 4, 5, 6, 7],
    );
  });

  it('hasEmptySubject: empty object, no blocks, blank text and blank HTML are empty; an absent subject is not', () => {
    assert.equal(hasEmptySubject({ subject: {} }), true);
    assert.equal(hasEmptySubject({ subject: [] }), true);
    assert.equal(hasEmptySubject({ subject: { html: '<b>&nbsp;</b>' } }), true);
    assert.equal(hasEmptySubject({ subject: [{ text: '' }, { text: '  ' }] }), true);
    assert.equal(hasEmptySubject({ subject: undefined }), false);
    assert.equal(hasEmptySubject({ subject: { text: 'x' } }), false);
    assert.equal(hasEmptySubject({ subject: { html: '<i>x</i>' } }), false);
    assert.equal(hasEmptySubject({ subject: [{ text: '' }, { text: 'y' }] }), false);
  });
});
