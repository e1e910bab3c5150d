import { PROMPT_MAX_TAGS } from '@promptlib/proto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithApp } from '../../../shared/testing/render-with-app';
import { TagsField } from './TagsField';

function Field({ initial = [], known = [] }: { initial?: string[]; known?: string[] }) {
  const [tags, setTags] = useState(initial);
  return <TagsField value={tags} onChange={setTags} known={known} />;
}

async function renderField(
  props: { initial?: string[]; known?: string[] } = {},
  language: 'en' | 'de' = 'en',
) {
  await renderWithApp(<Field {...props} />, language);
  // The label is "Tags" in both languages.
  const input = screen.getByRole('combobox', { name: 'Tags' });
  return { input, user: userEvent.setup() };
}

const chips = () =>
  Array.from(document.querySelectorAll('.MuiAutocomplete-tag')).map((chip) => chip.textContent);

describe('the tags field', () => {
  it('adds what was typed on Enter and on a comma, and empties the field for the next', async () => {
    const { input, user } = await renderField();
    await user.type(input, 'email{Enter}');
    await user.type(input, ' work ,drafts,');
    expect(chips()).toEqual(['email', 'work', 'drafts']);
    expect(input).toHaveValue('');
  });

  it('removes the last chip with Backspace in the empty field, and only there', async () => {
    const { input, user } = await renderField({ initial: ['email', 'work'] });
    await user.type(input, 'dr{Backspace}{Backspace}');
    expect(chips()).toEqual(['email', 'work']);
    await user.type(input, '{Backspace}');
    expect(chips()).toEqual(['email']);
  });

  it('removes any chip by its own delete button', async () => {
    const { user } = await renderField({ initial: ['email', 'work', 'drafts'] });
    const work = document.querySelectorAll('.MuiAutocomplete-tag')[1] as HTMLElement;
    await user.click(within(work).getByTestId('CancelIcon'));
    expect(chips()).toEqual(['email', 'drafts']);
  });

  it('adds three tags from a pasted "a, b, c"', async () => {
    const { input, user } = await renderField();
    await user.click(input);
    await user.paste('a, b, c');
    expect(chips()).toEqual(['a', 'b', 'c']);
    expect(input).toHaveValue('');
  });

  it('merges a tag given twice in any case, and takes the spelling the user already has', async () => {
    const { input, user } = await renderField({ known: ['Email'] });
    await user.type(input, 'EMAIL{Enter}email,eMail{Enter}');
    expect(chips()).toEqual(['Email']);
  });

  it('offers the user’s own tags as the user types, and adds the one chosen', async () => {
    const { input, user } = await renderField({ known: ['Email', 'Work'] });
    await user.type(input, 'em');
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    expect(chips()).toEqual(['Email']);
  });

  it('keeps a tag that breaks a rule in the field and says why, in the user’s language', async () => {
    const long = 'x'.repeat(41);
    const { input, user } = await renderField();
    await user.type(input, `ok,${long}{Enter}`);
    expect(chips()).toEqual(['ok']);
    expect(input).toHaveValue(long);
    expect(input).toHaveAccessibleDescription('Tag must be at most 40 characters long');
    await user.clear(input);
    await user.type(input, 'short{Enter}');
    expect(chips()).toEqual(['ok', 'short']);
    expect(input).not.toHaveAccessibleDescription('Tag must be at most 40 characters long');
  });

  it(`takes no more than ${PROMPT_MAX_TAGS} tags, in German too`, async () => {
    const full = Array.from({ length: PROMPT_MAX_TAGS }, (_, n) => `t${n}`);
    const { input, user } = await renderField({ initial: full }, 'de');
    await user.type(input, 'one more{Enter}');
    expect(chips()).toHaveLength(PROMPT_MAX_TAGS);
    expect(input).toHaveAccessibleDescription('Ein Prompt kann höchstens 20 Tags haben');
  });
});
