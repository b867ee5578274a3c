import * as assert from 'node:assert/strict';
import { closestName, termMentions, termSlotAt, termText } from '../../../src/writing/frontMatterTerms';

const file = (front: string) => `---\n${front}\n---\nBody with categories: not these.\n`;

describe("A post file's categories and tags", () => {
  it('names each category and tag where the front matter writes it: a flow list, a block list, a comma-separated text', () => {
    const text = file(['title: T', 'categories: [News, "Travel notes"]', 'tags:', '  - cats', '  - 2026', 'x: 1'].join('\n'));
    assert.deepEqual(termMentions(text), [
      { kind: 'categories', name: 'News', line: 2, start: 13, end: 17 },
      { kind: 'categories', name: 'Travel notes', line: 2, start: 20, end: 32 },
      { kind: 'tags', name: 'cats', line: 4, start: 4, end: 8 },
      { kind: 'tags', name: '2026', line: 5, start: 4, end: 8 },
    ]);
    assert.deepEqual(termMentions(file('categories: News,  Travel , News')), [
      { kind: 'categories', name: 'News', line: 1, start: 12, end: 16 },
      { kind: 'categories', name: 'Travel', line: 1, start: 19, end: 25 },
      { kind: 'categories', name: 'News', line: 1, start: 28, end: 32 },
    ]);
  });

  it('names nothing in front matter that is not valid YAML, in the body, or without front matter', () => {
    assert.deepEqual(termMentions(file('categories: [News')), []);
    assert.deepEqual(termMentions('categories: [News]\n'), []);
    assert.deepEqual(termMentions(file('title: x')), []);
  });

  it('finds the name being typed in each form, and what a completion replaces', () => {
    const text = file(['categories: [News, Tra', 'tags: wri', 'categories2: x', 'tags:', '  - ca', 'title: T'].join('\n'));
    assert.deepEqual(termSlotAt(text, 1, 22), { kind: 'categories', typed: 'Tra', line: 1, start: 19, end: 22, inFlow: true });
    assert.deepEqual(termSlotAt(text, 1, 14), { kind: 'categories', typed: 'N', line: 1, start: 13, end: 17, inFlow: true });
    assert.deepEqual(termSlotAt(text, 2, 9), { kind: 'tags', typed: 'wri', line: 2, start: 6, end: 9, inFlow: false });
    assert.deepEqual(termSlotAt(text, 5, 6), { kind: 'tags', typed: 'ca', line: 5, start: 4, end: 6, inFlow: false });
    assert.equal(termSlotAt(text, 3, 14), undefined, 'another key');
    assert.equal(termSlotAt(text, 6, 7), undefined, 'title');
    assert.equal(termSlotAt(text, 8, 25), undefined, 'the body');
    assert.equal(termSlotAt(text, 1, 5), undefined, 'on the key itself');
  });

  it('a block list item belongs to the key above it, past comments and blank lines', () => {
    const text = file(['tags:', '  # mine', '', '  - x', 'title: T', '  - y'].join('\n'));
    assert.equal(termSlotAt(text, 4, 5)?.kind, 'tags');
    assert.equal(termSlotAt(text, 6, 5), undefined);
  });

  it('writes a name as YAML that reads back as itself', () => {
    assert.equal(termText('News', true), 'News');
    assert.equal(termText('Travel notes', false), 'Travel notes');
    assert.equal(termText('A, B', true), '"A, B"');
    assert.equal(termText('C#', false), 'C#');
    assert.equal(termText('#1', false), '"#1"');
    assert.equal(termText('key: value', false), '"key: value"');
    assert.equal(termText('- dash', false), '"- dash"');
  });

  it('the closest known name is a slip of a few letters, never a different word', () => {
    assert.equal(closestName('Travl', ['News', 'Travel', 'Tech']), 'Travel');
    assert.equal(closestName('news', ['News']), 'News');
    assert.equal(closestName('Cooking', ['News', 'Travel']), undefined);
    assert.equal(closestName('ab', ['xy']), undefined);
  });
});
