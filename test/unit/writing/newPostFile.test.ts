/**
 * New post files (src/writing/newPostFile.ts) on a real disk: created under posts/, never through a
 * symbolic link at that name (dangling or not), never when posts/ itself leads out of the folder.
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostFile } from '../../../src/writing/newPostFile';

describe('A new post file', () => {
  let base: string;
  let root: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'cs-newfile-'));
    root = join(base, 'workspace');
    mkdirSync(root);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('is made under posts/ (made too), then -2 when the name is taken; an existing file is never touched', async () => {
    const first = await createPostFile(root, 'first-light', 'one');
    assert.equal(first, join(root, 'posts', 'first-light.md'));
    const second = await createPostFile(root, 'first-light', 'two');
    assert.equal(second, join(root, 'posts', 'first-light-2.md'));
    assert.deepEqual([readFileSync(first, 'utf8'), readFileSync(second, 'utf8')], ['one', 'two']);
  });

  it('a dangling symbolic link at posts/<slug>.md is not written through: the next free name is used', async () => {
    mkdirSync(join(root, 'posts'));
    const target = join(base, 'outside', 'planted.md');
    symlinkSync(target, join(root, 'posts', 'hello.md'));
    const made = await createPostFile(root, 'hello', 'text');
    assert.equal(made, join(root, 'posts', 'hello-2.md'));
    assert.equal(existsSync(target), false, 'nothing was written outside');
    assert.equal(readlinkSync(join(root, 'posts', 'hello.md')), target, 'the link is left as it was');
  });

  it('posts/ that is a link out of the folder is refused with a sentence', async () => {
    mkdirSync(join(base, 'elsewhere'));
    symlinkSync(join(base, 'elsewhere'), join(root, 'posts'));
    await assert.rejects(createPostFile(root, 'hello', 'text'), /leads outside the workspace folder/);
    assert.equal(existsSync(join(base, 'elsewhere', 'hello.md')), false);
  });

  it('a name that cannot be made says which and why', async () => {
    writeFileSync(join(root, 'posts'), 'a file, not a folder');
    await assert.rejects(createPostFile(root, 'hello', 'text'), /could not be made \(EEXIST\)|could not be made \(ENOTDIR\)/);
  });
});
