// The third-party notices the VSIX ships (dist/THIRD-PARTY-NOTICES.txt, written by scripts/build.mjs):
// for every package whose code is in a built file, its name, version and licence id from
// package-lock.json and its licence text from node_modules, so that what ships carries the licences
// it must. Which packages is read from what esbuild bundled (its metafile), not from the dependency
// list: a dependency that is never imported does not ship, and a transitive one that is, does. A
// package that may not ship in a GPL-2.0-or-later extension, or whose licence is unknown or has no
// text, stops the build with its name. Node's standard library only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gplCompatible } from './gplCompatible.mjs';

/** LICENSE, LICENCE.md, license.txt, LICENSE-MIT.txt, COPYING, NOTICE (Apache-2.0 asks that it be passed on). */
const LICENCE_FILE = /^(licen[cs]e|copying|notice)(?![a-z])/i;

/** The files each built .js file was made from (esbuild's metafile; its paths are relative to the build's directory). */
export function shippedInputs(metafile) {
  return Object.entries(metafile.outputs)
    .filter(([file]) => /\.m?js$/.test(file))
    .flatMap(([, output]) => Object.keys(output.inputs));
}

/**
 * The package a file belongs to: `../main/node_modules/htmlparser2/node_modules/entities/lib/x.js` →
 * key `node_modules/htmlparser2/node_modules/entities` (package-lock.json's key for it) and its folder;
 * undefined for the project's own files.
 */
export function packageOf(file) {
  const parts = file.replace(/\\/g, '/').split('/');
  let at = parts.indexOf('node_modules');
  if (at < 0) return undefined;
  const start = at;
  let end = at;
  while (parts[at] === 'node_modules' && at + 1 < parts.length) {
    end = at + (parts[at + 1].startsWith('@') ? 3 : 2);
    at = end;
  }
  return { key: parts.slice(start, end).join('/'), dir: parts.slice(0, end).join('/') };
}

function licenceTexts(dir) {
  let names;
  try {
    names = readdirSync(dir).filter((name) => LICENCE_FILE.test(name) && statSync(join(dir, name)).isFile());
  } catch {
    return [];
  }
  return names.sort().map((name) => readFileSync(join(dir, name), 'utf8').trim());
}

/**
 * @param {{ files: string[], lock: { packages: Record<string, { name?: string, version?: string, license?: unknown }> }, cwd: string }} f
 *   files: every file that ships, as the metafile names it (relative to cwd) or copied from node_modules.
 * @returns {{ text: string, packages: { name: string, version: string, license: string }[] }}
 * @throws {Error} naming every package that cannot ship, and why.
 */
export function thirdPartyNotices({ files, lock, cwd }) {
  const found = new Map();
  for (const file of files) {
    const pkg = packageOf(file);
    if (pkg && !found.has(pkg.key)) found.set(pkg.key, resolve(cwd, pkg.dir));
  }
  const problems = [];
  const packages = [];
  for (const [key, dir] of found) {
    const entry = lock.packages?.[key];
    const name = entry?.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!entry) {
      problems.push(`${name} (${key}) is bundled but package-lock.json has no entry for it`);
      continue;
    }
    const label = `${name} ${entry.version}`;
    if (typeof entry.license !== 'string' || entry.license.trim() === '')
      problems.push(`${label} gives no licence in package-lock.json (unknown: it cannot be cleared)`);
    else if (!gplCompatible(entry.license))
      problems.push(
        `${label} is under ${entry.license}, which is not among the GPL-compatible licences (scripts/notices/gplCompatible.mjs)`,
      );
    const texts = licenceTexts(dir);
    if (texts.length === 0) problems.push(`${label} has no licence file (LICENSE, COPYING, …) in ${dir}`);
    packages.push({ name, version: entry.version, license: entry.license, texts });
  }
  if (problems.length > 0)
    throw new Error(`The build bundles code that may not ship in this GPL-2.0-or-later extension:\n  ${problems.join(';\n  ')}.`);
  packages.sort((a, b) => (a.name === b.name ? a.version.localeCompare(b.version) : a.name < b.name ? -1 : 1));
  const rule = '='.repeat(80);
  const text = [
    'Third-party software in Content Site for VS Code',
    '',
    'Content Site is licensed under the GNU General Public License, version 2 or (at your option)',
    'any later version (see LICENSE). The files it ships hold code of the packages below; each one',
    'is listed with its version and licence, followed by its licence text as the package gives it.',
    '',
    ...packages.map((p) => `  ${p.name} ${p.version} (${p.license})`),
    '',
    ...packages.flatMap((p) => [rule, `${p.name} ${p.version} (${p.license})`, rule, '', p.texts.join('\n\n'), '']),
  ].join('\n');
  return { text, packages: packages.map(({ name, version, license }) => ({ name, version, license })) };
}
