import * as assert from 'node:assert/strict';
import { siteSummary } from '../../../src/models/siteSummary';

describe('siteSummary', () => {
  it('says name and tagline, address, posts, language, visibility, connection and ID', () => {
    assert.deepEqual(
      siteSummary({
        ID: 2004,
        name: 'Self-Hosted Garden',
        description: 'A connected self-hosted site',
        URL: 'https://selfhosted.example.org',
        post_count: 1,
        lang: 'en',
        is_private: false,
        jetpack: true,
      }),
      [
        'Self-Hosted Garden: A connected self-hosted site',
        'https://selfhosted.example.org',
        '1 published post · language en · public · self-hosted, connected',
        'ID 2004',
      ],
    );
  });
  it('copes with a site that says little', () => {
    assert.deepEqual(siteSummary({ ID: 7, is_private: true }), ['Site 7', 'private', 'ID 7']);
  });
});
