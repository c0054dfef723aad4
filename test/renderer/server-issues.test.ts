import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src-renderer/api/api-error';
import { hasIssuesOutside, issuesOfRefusal, placeBatchUrlIssues, refusalMessage } from '../../src-renderer/forms/server-issues';

describe('placing an engine refusal on the form', () => {
  it('keeps the field paths the engine gave', () => {
    const error = new ApiError(400, 'Bad Request', 'BAD_REQUEST', [{ path: ['limit'], message: 'Too small' }]);
    expect(issuesOfRefusal(error, { prefix: [], formatIndex: { json: 1 } })).toEqual([{ path: ['limit'], message: 'Too small' }]);
  });

  it('puts a JSON schema the engine cannot compile on the json format\'s schema field, under the crawl\'s scrape options', () => {
    const error = new ApiError(400, 'Invalid JSON schema: schema is invalid: data/properties/a/type must be equal to one of the allowed values', 'BAD_REQUEST');
    expect(issuesOfRefusal(error, { prefix: [], formatIndex: { json: 1 } })).toEqual([{ path: ['formats', 1, 'schema'], message: error.message }]);
    expect(issuesOfRefusal(error, { prefix: ['scrapeOptions'], formatIndex: { changeTracking: 2 } })).toEqual([
      { path: ['scrapeOptions', 'formats', 2, 'schema'], message: error.message },
    ]);
  });

  it('puts a missing language model on the field that asked for one', () => {
    const json = new ApiError(400, 'The json format with only a prompt needs a language model, and none is configured.', 'LLM_NOT_CONFIGURED');
    const change = new ApiError(400, 'Change tracking in json mode without a schema needs a language model.', 'LLM_NOT_CONFIGURED');
    const places = { prefix: [], formatIndex: { json: 0, changeTracking: 1 } };
    expect(issuesOfRefusal(json, places)[0].path).toEqual(['formats', 0, 'prompt']);
    expect(issuesOfRefusal(change, places)[0].path).toEqual(['formats', 1, 'schema']);
  });

  it('leaves a refusal about no particular field to the message above the form', () => {
    const error = new ApiError(400, 'This request needs a browser (actions), but no Chromium or Chrome was found.', 'BROWSER_UNAVAILABLE');
    expect(issuesOfRefusal(error, { prefix: [], formatIndex: {} })).toEqual([]);
    expect(refusalMessage(error, [])).toBe(`BROWSER_UNAVAILABLE: ${error.message}`);
    expect(refusalMessage(error, [{ path: ['formats', 0, 'schema'], message: 'x' }])).toContain('see the highlighted field');
  });

  it('names the line of the URL list a refused batch URL came from', () => {
    const issues = placeBatchUrlIssues(
      [{ path: ['urls', 1], message: 'Invalid URL: ftp://x (URL uses unsupported protocol)' }, { path: ['maxConcurrency'], message: 'Too small' }],
      [2, 5, 6],
    );
    expect(issues).toEqual([
      { path: ['urls'], message: 'Line 5: Invalid URL: ftp://x (URL uses unsupported protocol)' },
      { path: ['maxConcurrency'], message: 'Too small' },
    ]);
  });

  it('tells whether an issue sits in the options panel', () => {
    expect(hasIssuesOutside([{ path: ['url'], message: 'x' }], ['url'])).toBe(false);
    expect(hasIssuesOutside([{ path: ['formats', 1, 'schema'], message: 'x' }], ['url'])).toBe(true);
  });
});
