/**
 * What the Retry row says when a refresh failed, for failures the client really meets against the
 * reference service: its label and its hover say the sentence for people and, where there was an
 * answer, its HTTP status in words; never a library code (`UND_ERR_SOCKET`), the service's error
 * identifier or the client's `kind`. Built on the bench's stand-in for the vscode module, and the
 * hover read as VS Code renders it (test/unit/views/hover.ts).
 */
import '../../scripts/bench/vscodeStub';
import * as assert from 'node:assert/strict';
import { ContentSiteError } from '../../src/api';
import { ErrorNode } from '../../src/views/common/messageNode';
import { renderHover } from '../unit/views/hover';
import { useClientAndService } from './setup';

const { svc, client } = useClientAndService();

/** The failure of loading the tags with `fault` on every request. */
async function failure(fault: string, extra: Parameters<typeof client>[1] = {}): Promise<ContentSiteError> {
  svc().queueFault({ path: '/rest/', count: 100, fault });
  try {
    await client('cs-demo-token', extra).reader.tags();
  } catch (err) {
    assert.ok(err instanceof ContentSiteError);
    return err;
  }
  assert.fail('expected the request to fail');
}

const KINDS = ['api', 'auth', 'network', 'timeout', 'rate_limited', 'bad_response', 'invalid_input', 'cancelled'];

function assertForPeople(said: string, err: ContentSiteError): void {
  assert.doesNotMatch(said, /UND_ERR|ECONN|EPIPE|ETIMEDOUT|E[A-Z]{4,}/, said);
  for (const kind of KINDS) assert.ok(!new RegExp(`\\b${kind}\\b`).test(said), `"${kind}" in: ${said}`);
  if (err.code) assert.ok(!said.includes(err.code), `the code "${err.code}" in: ${said}`);
}

describe('the Retry row says what happened in words', () => {
  const cases: Array<[fault: string, status: string | undefined, extra?: Parameters<typeof client>[1]]> = [
    ['reset', undefined],
    ['status=503', 'HTTP 503 Service Unavailable'],
    ['status=500', 'HTTP 500 Internal Server Error'],
    ['html=502', 'HTTP 502 Bad Gateway'],
    ['ratelimit=120', 'HTTP 429 Too Many Requests'],
    ['status=404', 'HTTP 404 Not Found'],
    ['latency=1500', undefined, { timeouts: { headersMs: 100 }, retry: { maxTries: 1 } }],
  ];
  for (const [fault, status, extra] of cases)
    it(`${fault}: the sentence for people${status ? ` and "${status}"` : ''}, no code`, async () => {
      const err = await failure(fault, extra);
      const row = new ErrorNode(err);
      const hover = renderHover(row.tooltip as never);
      assert.equal(row.label, `Retry — ${err.userMessage}`);
      assert.ok(hover.text.includes(err.userMessage), hover.text);
      assert.ok(hover.text.includes('Click to try again.'), hover.text);
      if (status) assert.ok(hover.text.includes(status), `"${status}" in: ${hover.text}`);
      else assert.doesNotMatch(hover.text, /HTTP/);
      assertForPeople(`${String(row.label)}\n${String(row.description ?? '')}\n${hover.text}`, err);
      assert.deepEqual([hover.images, hover.links, hover.icons], [[], [], []]);
    });

  it("the service's own words in the sentence read as text", async () => {
    const err = new ContentSiteError({
      kind: 'api',
      status: 400,
      code: 'bad_thing',
      serviceMessage: '![x](https://tracker.example/p.png) [run](command:x)',
      userMessage: 'The service refused the request: ![x](https://tracker.example/p.png) [run](command:x)',
    });
    const hover = renderHover(new ErrorNode(err).tooltip as never);
    assert.deepEqual([hover.images, hover.links], [[], []]);
    assert.ok(hover.text.includes(err.userMessage), hover.text);
    assertForPeople(hover.text, err);
  });
});
