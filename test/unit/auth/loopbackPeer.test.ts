/** Who may talk to the loopback sign-in server: only this computer. */
import * as assert from 'node:assert/strict';
import { isLoopbackAddress, listenProblem, loopbackPortProblem } from '../../../src/auth/loopbackServer';
import { SETTINGS } from '../../../src/settings';

const DEFAULT_LOOPBACK_PORT = SETTINGS.loopbackPort.default;

describe("The loopback server's peer check", () => {
  it('accepts 127.0.0.0/8, ::1 and their IPv4-mapped forms', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '127.255.255.255', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      assert.equal(isLoopbackAddress(a), true, a);
  });
  it('refuses every other peer, and a socket with no address', () => {
    for (const a of [
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:192.0.2.2',
      'fe80::1',
      '::',
      '0.0.0.0',
      '128.0.0.1',
      '127.0.0.256',
      '127.0.0',
      '1127.0.0.1',
      '::ffff:10.127.0.1',
      '',
      undefined,
    ]) {
      assert.equal(isLoopbackAddress(a), false, String(a));
    }
  });
  it('the port setting: 0 (any free port) to 65535; the default is a fixed port that can be registered', () => {
    assert.equal(DEFAULT_LOOPBACK_PORT, 27183);
    for (const p of [0, 1024, DEFAULT_LOOPBACK_PORT, 65535]) assert.equal(loopbackPortProblem(p), undefined, String(p));
    for (const p of [-1, 65536, 27183.5, '27183', null])
      assert.match(
        loopbackPortProblem(p) ?? '',
        /^The setting contentSite\.oauth\.loopbackPort must be a whole number from 0 to 65535 \(got /,
        String(p),
      );
  });
});

describe('a port the loopback server cannot listen on reads in words', () => {
  it('names the port and the setting, never the system error code', () => {
    const fail = (code: string | undefined, message: string) => Object.assign(new Error(message), { code });
    for (const err of [
      fail('EADDRINUSE', 'listen EADDRINUSE: address already in use 127.0.0.1:27183'),
      fail('EACCES', 'listen EACCES: permission denied 127.0.0.1:27183'),
      fail('EADDRNOTAVAIL', 'listen EADDRNOTAVAIL: address not available 127.0.0.1:27183'),
      fail(undefined, 'listen EINVAL: invalid argument'),
    ]) {
      const said = listenProblem(err, 27183);
      assert.match(said, /27183/);
      assert.match(said, /contentSite\.oauth\.loopbackPort/);
      assert.doesNotMatch(said, /E[A-Z]{4,}/, said);
    }
  });
});
