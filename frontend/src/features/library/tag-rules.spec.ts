import { PROMPT_MAX_TAGS, validationMessages } from '@promptlib/proto';
import { createTestI18n } from '../../shared/testing/render-with-app';
import { addTags, mergeTarget, serverTagProblem, splitTags, tagProblemText } from './tag-rules';

const many = (count: number) => Array.from({ length: count }, (_, n) => `tag ${n}`);

describe('a tag', () => {
  it('is read from typed or pasted text at each comma or line break, trimmed', () => {
    expect(splitTags(' a, b ,c ')).toEqual(['a', 'b', 'c']);
    expect(splitTags('one\ntwo\r\n, ,three,')).toEqual(['one', 'two', 'three']);
    expect(splitTags('   ')).toEqual([]);
  });
});

describe('adding tags to a prompt', () => {
  it('adds them in order', () => {
    expect(addTags(['a'], ['b', 'c'], [])).toEqual({ tags: ['a', 'b', 'c'], rejected: [], problem: null });
  });

  it('merges a tag already in the field, whatever its case, into the spelling there', () => {
    expect(addTags(['Email'], ['EMAIL', 'email', 'work', 'Work'], []).tags).toEqual(['Email', 'work']);
  });

  it('takes the spelling the user already has for a tag typed in another case', () => {
    expect(addTags([], ['EMAIL', 'new'], ['Email', 'Work']).tags).toEqual(['Email', 'new']);
  });

  it('rejects a tag that breaks a rule, names the first rule broken, and adds the rest', () => {
    const long = 'x'.repeat(41);
    expect(addTags([], ['ok', long, 'fine'], [])).toEqual({
      tags: ['ok', 'fine'],
      rejected: [long],
      problem: 'tagMax',
    });
  });

  it(`stops at ${PROMPT_MAX_TAGS} tags, keeping the ones over for the user to choose from`, () => {
    const added = addTags(many(PROMPT_MAX_TAGS - 1), ['last', 'over', 'TAG 0'], []);
    expect(added.tags).toHaveLength(PROMPT_MAX_TAGS);
    expect(added.tags.at(-1)).toBe('last');
    // A duplicate is merged, not refused, even at the limit.
    expect(added).toMatchObject({ rejected: ['over'], problem: 'tooManyTags' });
  });
});

describe('renaming a tag', () => {
  const tags = [
    { name: 'Email', count: 3 },
    { name: 'Work', count: 1 },
  ];

  it('merges into another tag the user has, whatever its case', () => {
    expect(mergeTarget(tags, 'Work', ' email ')).toEqual({ name: 'Email', count: 3 });
    expect(mergeTarget(tags, 'Work', 'Mail')).toBeUndefined();
  });

  it('is no merge when only the tag’s own case changes', () => {
    expect(mergeTarget(tags, 'Work', 'WORK')).toBeUndefined();
  });
});

describe('what is wrong with tags, in the user’s language', () => {
  it('says it in English as the server does, and in German', async () => {
    const { t } = await createTestI18n('en');
    expect(tagProblemText(t, 'tagMin')).toBe(validationMessages.tagMin);
    expect(tagProblemText(t, 'tagMax')).toBe(validationMessages.tagMax);
    expect(tagProblemText(t, 'tagComma')).toBe(validationMessages.tagComma);
    expect(tagProblemText(t, 'tooManyTags')).toBe(validationMessages.tooManyTags);
    expect(tagProblemText(t, 'controlCharacters')).toBe('Tag must not contain control characters');

    const german = (await createTestI18n('de')).t;
    expect(tagProblemText(german, 'tagMax')).toBe('Ein Tag darf höchstens 40 Zeichen lang sein');
    expect(tagProblemText(german, 'tooManyTags')).toBe('Ein Prompt kann höchstens 20 Tags haben');
  });

  it('reads a refused tag from the field and rule the server names', () => {
    const failure = (field: string, rule: string) => ({
      status: 400,
      message: '',
      code: 'VALIDATION_FAILED',
      rules: { [field]: rule },
    });
    expect(serverTagProblem(failure('tags', 'tooLong'), ['tag', 'tags'])).toBe('tooManyTags');
    expect(serverTagProblem(failure('tag', 'tooLong'), ['tag', 'tags'])).toBe('tagMax');
    expect(serverTagProblem(failure('tag', 'tooShort'), ['tag', 'tags'])).toBe('tagMin');
    expect(serverTagProblem(failure('tag', 'invalid'), ['tag', 'tags'])).toBe('tagComma');
    expect(serverTagProblem(failure('name', 'controlCharacters'), ['name'])).toBe('controlCharacters');
    expect(serverTagProblem(failure('title', 'tooLong'), ['tag', 'tags'])).toBeNull();
    expect(serverTagProblem({ status: 'FETCH_ERROR', message: '' }, ['tag'])).toBeNull();
  });
});
