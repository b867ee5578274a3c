// Whether a package's licence lets it ship inside this GPL-2.0-or-later extension. The VSIX is one
// work: whatever is bundled into it must be under a licence the GPL lets us combine with. Every id
// below is compatible with GPL-3.0-or-later (which GPL-2.0-or-later code may be taken under), so any
// mix of them is too; that is why GPL-2.0-only (incompatible with Apache-2.0 and GPL-3) is not here.
// An id that is missing is not cleared: add it only once its compatibility is checked (the FSF's
// list: https://www.gnu.org/licenses/license-list.html). Node's standard library only.

export const GPL_COMPATIBLE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'GPL-2.0-or-later',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'ISC',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'MIT',
  'MIT-0',
  'Unlicense',
  'Zlib',
]);

/**
 * Reads an SPDX licence expression ("MIT", "(MIT OR Apache-2.0)", "BSD-3-Clause AND ISC",
 * "GPL-2.0-or-later WITH Classpath-exception-2.0") and says whether it is GPL-compatible: one
 * compatible choice of an OR is enough, every part of an AND must be; an exception only adds
 * permissions, so the licence it qualifies decides.
 * @param {unknown} expression the `license` field of package-lock.json (undefined when the package gives none)
 * @returns {boolean}
 */
export function gplCompatible(expression) {
  if (typeof expression !== 'string') return false;
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];
  // or := and ('OR' and)* ; and := term ('AND' term)* ; term := '(' or ')' | id ['WITH' id]
  const or = () => {
    let ok = and();
    while (peek() === 'OR') {
      next();
      ok = and() || ok;
    }
    return ok;
  };
  const and = () => {
    let ok = term();
    while (peek() === 'AND') {
      next();
      ok = term() && ok;
    }
    return ok;
  };
  const term = () => {
    const token = next();
    if (token === '(') {
      const ok = or();
      if (next() !== ')') throw new SyntaxError('unbalanced parentheses');
      return ok;
    }
    if (token === undefined || token === ')' || token === 'OR' || token === 'AND' || token === 'WITH') throw new SyntaxError('no licence');
    if (peek() === 'WITH') {
      next();
      if (next() === undefined) throw new SyntaxError('no exception after WITH');
    }
    return GPL_COMPATIBLE.has(token);
  };
  try {
    const ok = or();
    return ok && at === tokens.length;
  } catch {
    return false;
  }
}
