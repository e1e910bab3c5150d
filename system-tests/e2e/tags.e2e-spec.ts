import { eventually } from '@promptlib/platform/testing';
import type { Prompt, TagSummary } from '@promptlib/proto';
import type { Locator, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../support/browser';
import { sharedBrowserSuite } from '../support/browser-suite';
import { listPrompts, newLibraryUser, promptBody, type LibraryUser } from '../support/library-api';
import type { GatewayAddress } from '../support/stack';

describe('tags in a real browser', () => {
  const suite = sharedBrowserSuite();
  let gateway: GatewayAddress;

  beforeAll(() => {
    gateway = suite.gateway();
  });

  async function createTagged(user: LibraryUser, title: string, tags: string[]): Promise<Prompt> {
    const res = await user.client.post<Prompt>('/api/prompts', { ...promptBody({ title }), tags });
    if (res.status !== 201)
      throw new Error(`prompt creation failed with ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const tagsOf = async (user: LibraryUser) => (await user.client.get<TagSummary[]>('/api/tags')).body;
  const cardTitles = async (page: Page) => (await page.locator('article h3').allInnerTexts()).sort();
  const cardOf = (page: Page, title: string) =>
    page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const cardTags = (card: Locator) =>
    card.getByRole('list', { name: 'Tags' }).getByRole('button').allInnerTexts();
  const chips = (dialog: Locator) => dialog.locator('.MuiAutocomplete-tag').allInnerTexts();
  const tagsSection = (page: Page) => page.getByRole('region', { name: 'Tags' });
  /** A tag's entry in the sidebar, named by the tag and its count. */
  const sidebarTag = (page: Page, name: string) =>
    tagsSection(page).getByRole('button', { name: new RegExp(`^${name}\\s*\\d+$`) });

  it('adds tags by keyboard, shows them on the card, and filters by a card’s tag and the sidebar’s', async () => {
    const user = await newLibraryUser(gateway.url, 'tags');
    await createTagged(user, 'Standup notes', ['Work']);
    const { page } = await suite.dashboard(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();

    await page.locator('#new-prompt-button').click();
    const dialog = page.getByRole('dialog', { name: 'Create New Prompt' });
    await dialog.getByLabel('Title').fill('Newsletter');
    await dialog.getByLabel('Content').fill('Write the monthly newsletter.');
    const tags = dialog.getByRole('combobox', { name: 'Tags' });
    await tags.click();
    await tags.pressSequentially('Email');
    await tags.press('Enter');
    await tags.pressSequentially('drafts,later');
    await tags.press('Enter');
    expect(await chips(dialog)).toEqual(['Email', 'drafts', 'later']);
    await tags.press('Backspace');
    // Typed in another case, a tag the user has takes its spelling.
    await tags.pressSequentially('WORK,');
    expect(await chips(dialog)).toEqual(['Email', 'drafts', 'Work']);
    expect(await tags.inputValue()).toBe('');
    await tags.pressSequentially('x'.repeat(41));
    await tags.press('Enter');
    await dialog.getByText('Tag must be at most 40 characters long').waitFor();
    await tags.fill('');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Prompt' }).click();
    await dialog.waitFor({ state: 'detached' });

    const created = (await listPrompts(user)).find((prompt) => prompt.title === 'Newsletter');
    expect(created?.tags).toEqual(['Email', 'drafts', 'Work']);
    const card = cardOf(page, 'Newsletter');
    expect(await cardTags(card)).toEqual(['Email', 'drafts', 'Work']);

    // From a card: the list narrows to the tag, shown above it until cleared.
    await card.getByRole('button', { name: 'Show prompts tagged "Email"' }).click();
    const active = page.getByRole('button', { name: 'Tag: Email, clear this filter' });
    await active.waitFor();
    expect(
      await cardOf(page, 'Newsletter')
        .getByRole('button', { name: 'Show prompts tagged "Email"' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByRole('heading', { name: 'Standup notes' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Newsletter' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Newsletter']);
    await active.click();
    await page.getByRole('heading', { name: 'Standup notes' }).waitFor();

    // From the sidebar, with the counts of the user's tags.
    await sidebarTag(page, 'Work').waitFor();
    expect(await sidebarTag(page, 'Work').innerText()).toMatch(/^Work\s*2$/);
    await sidebarTag(page, 'drafts').click();
    await page.getByRole('heading', { name: 'Standup notes' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Newsletter' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Newsletter']);
    expect(await sidebarTag(page, 'drafts').getAttribute('aria-pressed')).toBe('true');
    await sidebarTag(page, 'Work').click();
    await page.getByRole('heading', { name: 'Standup notes' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Newsletter', 'Standup notes']);
    // Combined with the favourites, of which there are none.
    await page.getByRole('button', { name: /Favorites/ }).click();
    await page.getByText('No prompt here is tagged "Work".').waitFor();
    await page.getByRole('button', { name: /All Prompts/ }).click();
    await page.getByRole('heading', { name: 'Standup notes' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('renames a tag, merges one into another, and deletes one, from the sidebar', async () => {
    const user = await newLibraryUser(gateway.url, 'tagsedit');
    await createTagged(user, 'Newsletter', ['Email', 'Work']);
    await createTagged(user, 'Reply to a customer', ['mail']);
    await createTagged(user, 'Standup notes', ['Work']);
    const { page } = await suite.dashboard(user);
    await page.getByRole('button', { name: /All Prompts/ }).click();

    await tagsSection(page).getByRole('button', { name: 'Actions for tag "mail"' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Tag' });
    await rename.getByText('"mail" is on 1 prompt. The new name replaces it there.').waitFor();
    await rename.getByLabel('New name').fill('Replies');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('"mail" is now "Replies" on 1 prompt.').waitFor();
    await sidebarTag(page, 'Replies').waitFor();
    expect(await cardTags(cardOf(page, 'Reply to a customer'))).toEqual(['Replies']);

    // A name the user already has, in any case: the dialog says the two merge, into that spelling.
    await sidebarTag(page, 'Replies').click();
    await tagsSection(page).getByRole('button', { name: 'Actions for tag "Replies"' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await rename.getByLabel('New name').fill('EMAIL');
    await rename
      .getByText('You already have the tag "Email": "Replies" will be merged into it on every prompt.')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await rename.getByRole('button', { name: 'Merge' }).click();
    await page.getByText('"Replies" was merged into "Email" on 1 prompt.').waitFor();
    // The list followed its tag into the merge.
    await page.getByRole('button', { name: 'Tag: Email, clear this filter' }).waitFor();
    await page.getByRole('heading', { name: 'Newsletter' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Newsletter', 'Reply to a customer']);
    expect(await cardTags(cardOf(page, 'Reply to a customer'))).toEqual(['Email']);
    await sidebarTag(page, 'Replies').waitFor({ state: 'detached' });

    await sidebarTag(page, 'Work').click();
    await tagsSection(page).getByRole('button', { name: 'Actions for tag "Work"' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Tag' });
    await remove
      .getByText('Remove the tag "Work" from the 2 prompts that carry it? The prompts themselves stay.')
      .waitFor();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Removed "Work" from 2 prompts.').waitFor();
    await sidebarTag(page, 'Work').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Tag: / }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Standup notes' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Newsletter', 'Reply to a customer', 'Standup notes']);
    expect(await cardTags(cardOf(page, 'Newsletter'))).toEqual(['Email']);
    expect(await tagsOf(user)).toEqual([{ name: 'Email', count: 2 }]);
  });

  it('finds prompts by #tag in the palette, a tag found before it is typed whole, typing fast', async () => {
    const user = await newLibraryUser(gateway.url, 'tagspal');
    await createTagged(user, 'Standup notes', ['Work']);
    const weekly = await createTagged(user, 'Weekly report', ['Work', 'Reports']);
    await createTagged(user, 'Quarterly report', []);
    await createTagged(user, 'Workshop agenda', ['Workshops']);
    const { page } = await suite.dashboard(user);

    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const options = async () => (await palette.getByRole('option').locator('.title').allInnerTexts()).sort();
    /** The titles the palette settles on: the server is asked once typing pauses. */
    const settled = (titles: string[]) =>
      eventually(options, (shown) => JSON.stringify(shown) === JSON.stringify(titles));
    await page.keyboard.press('Control+K');
    const field = palette.getByRole('combobox', { name: 'Search prompts and actions' });
    await field.waitFor();
    // Typed without a pause: the first answers may be for the shorter tag, never for none.
    await page.keyboard.type('#wor', { delay: 0 });
    await palette.getByText('Prompts tagged #Work').waitFor();
    await palette.getByRole('option', { name: /Weekly report/ }).waitFor();
    expect(await settled(['Standup notes', 'Weekly report'])).toEqual(['Standup notes', 'Weekly report']);
    await page.keyboard.type('ks', { delay: 0 });
    await palette.getByText('Prompts tagged #Workshops').waitFor();
    await palette.getByRole('option', { name: /Workshop agenda/ }).waitFor();
    expect(await settled(['Workshop agenda'])).toEqual(['Workshop agenda']);

    // With words: the tag's prompts holding them; two tags: the prompts carrying both.
    await field.fill('#work report');
    await palette.getByRole('option', { name: /Standup notes/ }).waitFor({ state: 'detached' });
    expect(await settled(['Weekly report'])).toEqual(['Weekly report']);
    await field.fill('#reports #WORK');
    await palette.getByText('Prompts tagged #Reports #Work').waitFor();
    expect(await settled(['Weekly report'])).toEqual(['Weekly report']);
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(weekly.content);

    await page.keyboard.press('Control+K');
    await page.keyboard.type('#nothing', { delay: 0 });
    await palette.getByText('You have no tag “nothing”.').waitFor();
    expect(await palette.getByRole('option').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('keeps cards and the sidebar within a phone in German, long tags cut short', async () => {
    const user = await newLibraryUser(gateway.url, 'tagsde');
    const long = 'Eine sehr lange Markierung für Berichte';
    await createTagged(user, 'Wochenbericht', [long, 'Arbeit', 'Entwürfe', 'Später', 'Team']);
    const { page } = await suite.dashboard(user, {
      locale: 'de-DE',
      viewport: { width: 375, height: 740 },
      phone: true,
    });

    const card = cardOf(page, 'Wochenbericht');
    await card.getByRole('button', { name: `Prompts mit dem Tag „${long}“ zeigen` }).waitFor();
    expect(await card.getByRole('list', { name: 'Tags' }).getByText('+2').count()).toBe(1);
    const cardBox = (await card.boundingBox())!;
    const chip = (await card
      .getByRole('button', { name: `Prompts mit dem Tag „${long}“ zeigen` })
      .boundingBox())!;
    expect(chip.x + chip.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Kategorien und Tags anzeigen' }).tap();
    const section = tagsSection(page);
    await section.getByRole('heading', { name: 'Tags' }).waitFor();
    await sidebarTag(page, 'Arbeit').tap();
    await page.getByRole('button', { name: 'Tag: Arbeit, diesen Filter aufheben' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
