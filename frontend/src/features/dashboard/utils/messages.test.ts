import { describe, expect, it } from 'vitest';
import { answerKeyErrorMessage, bulkDeleteMessage, listErrorMessage } from './messages';

describe('bulk delete messages', () => {
  it('says nothing when all went well', () => {
    expect(bulkDeleteMessage(3, 0)).toBeNull();
  });
  it('reports partial failure', () => {
    expect(bulkDeleteMessage(2, 1)).toBe('2 worksheets deleted successfully, but 1 failed.');
  });
  it('reports total failure', () => {
    expect(bulkDeleteMessage(0, 2)).toBe('Failed to delete 2 worksheets.');
  });
});

describe('answer key errors', () => {
  it('joins error and details', () => {
    expect(answerKeyErrorMessage('Compilation failed', 'line 3: undefined command')).toBe(
      'Could not generate answer key: Compilation failed: line 3: undefined command',
    );
  });
  it('leaves out missing details', () => {
    expect(answerKeyErrorMessage('Server busy')).toBe('Could not generate answer key: Server busy');
  });
});

describe('list errors', () => {
  it("use the spec's words", () => {
    expect(listErrorMessage('Request failed with status 500')).toBe('Could not fetch your saved worksheets. Request failed with status 500');
  });
});
