/** The push channel's messages: a push or a delete of a note id, everything else refused with a reason. */
import * as assert from 'node:assert/strict';
import { parsePushMessage } from '../../../src/api';

describe('parsePushMessage', () => {
  it('reads a push with what the service says of the note, and a delete', () => {
    assert.deepEqual(
      parsePushMessage('{"action":"push","note_id":123,"user_id":45,"newest_note_time":1795458510,"newest_note_type":"comment"}'),
      { ok: true, message: { action: 'push', note_id: 123, user_id: 45, newest_note_time: 1795458510, newest_note_type: 'comment' } },
    );
    assert.deepEqual(parsePushMessage('{"action":"delete","note_id":123}'), { ok: true, message: { action: 'delete', note_id: 123 } });
  });

  it('keeps only the fields it knows, of the right type', () => {
    assert.deepEqual(parsePushMessage('{"action":"push","note_id":7,"user_id":"45","newest_note_type":3,"extra":true}'), {
      ok: true,
      message: { action: 'push', note_id: 7 },
    });
  });

  it('refuses binary frames, non-JSON, other shapes, other actions and bad note ids', () => {
    const reasons = [
      new Uint8Array([1]),
      'nope',
      'null',
      '[{"action":"push","note_id":1}]',
      '{"action":"refresh"}',
      '{"action":"push","note_id":0}',
      '{"action":"push","note_id":1.5}',
      '{"action":"delete","note_id":"12"}',
      `{"action":"${'x'.repeat(100)}","note_id":1}`,
    ].map((d) => {
      const r = parsePushMessage(d);
      assert.equal(r.ok, false);
      return (r as { reason: string }).reason;
    });
    assert.deepEqual(reasons, [
      'a binary frame',
      'not JSON',
      'not a JSON object',
      'not a JSON object',
      'an unknown action ("refresh")',
      'no note id (note_id 0)',
      'no note id (note_id 1.5)',
      'no note id (note_id "12")',
      `an unknown action ("${'x'.repeat(40)}…")`,
    ]);
  });
});
