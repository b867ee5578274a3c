/**
 * The page the browser lands on after the authorize page redirects to the loopback server. The
 * token is in the URL fragment, which browsers never send to a server, so the page's script posts
 * the fragment (and the query, where a denial arrives) back to the same address as JSON, takes the
 * token out of the address bar, and shows what VS Code made of it.
 */
/** The JSON the page posts: `location.search` and `location.hash`, as they were. */
export interface PostedAnswer {
  query: string;
  fragment: string;
}

/** The JSON the server answers a post with; the page shows `message`. */
export interface AnswerReply {
  ok: boolean;
  message: string;
}

export function loopbackPage(nonce: string): string {
  const script = `(function () {
  var msg = document.getElementById('msg');
  var answer = { query: location.search, fragment: location.hash };
  if (!answer.query && !answer.fragment) { msg.textContent = 'This page receives the answer of a Content Site sign-in. Start the sign-in from VS Code.'; return; }
  history.replaceState(null, '', location.pathname);
  fetch(location.pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer) })
    .then(function (r) { return r.json(); })
    .then(function (v) { msg.textContent = v.message; document.body.dataset.result = v.ok ? 'signed-in' : 'refused'; })
    .catch(function () { msg.textContent = 'VS Code did not answer. Go back to VS Code and sign in again.'; document.body.dataset.result = 'failed'; });
})();`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Content Site sign-in</title>
<style nonce="${nonce}">body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;color:#1d2327}</style></head>
<body><h1>Content Site sign-in</h1><p id="msg">Handing the answer to VS Code…</p>
<script nonce="${nonce}">${script}</script></body></html>`;
}

/** Only the page's own script may run, talk only to this server, and load nothing else. */
export function loopbackPageCsp(nonce: string): string {
  return `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}
