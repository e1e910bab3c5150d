import { assistants, handOverUrl, MAX_HANDOVER_URL_LENGTH, type Assistant } from './assistants';

const byId = (id: string) => assistants.find((assistant) => assistant.id === id)!;

describe('the assistants a prompt opens in', () => {
  it('lists ChatGPT, Claude, Gemini and Perplexity, each with a https home and a text slot where it takes one', () => {
    expect(assistants.map((assistant) => assistant.name)).toEqual([
      'ChatGPT',
      'Claude',
      'Gemini',
      'Perplexity',
    ]);
    expect(new Set(assistants.map((assistant) => assistant.id)).size).toBe(assistants.length);
    for (const assistant of assistants) {
      expect(new URL(assistant.home).protocol).toBe('https:');
      if (assistant.link !== null) {
        expect(assistant.link.split('{prompt}')).toHaveLength(2);
        expect(new URL(assistant.link).protocol).toBe('https:');
      }
    }
  });

  it('hands the text over in the address, encoded, so it arrives exactly', () => {
    const text = 'Tone: casual & short?\n#1 100% {{not a blank}} ü';
    const url = handOverUrl(byId('chatgpt'), text)!;
    expect(url.startsWith('https://chatgpt.com/?q=')).toBe(true);
    expect(new URL(url).searchParams.get('q')).toBe(text);
    expect(new URL(handOverUrl(byId('perplexity'), text)!).searchParams.get('q')).toBe(text);
    expect(new URL(handOverUrl(byId('claude'), text)!).pathname).toBe('/new');
  });

  it('answers null for an assistant that takes no text by address', () => {
    expect(handOverUrl(byId('gemini'), 'short')).toBeNull();
  });

  it('answers null once the address would reach 8,000 characters', () => {
    const assistant: Assistant = {
      id: 'x',
      name: 'X',
      link: 'https://x.example/?q={prompt}',
      home: 'https://x.example/',
    };
    const room = MAX_HANDOVER_URL_LENGTH - 'https://x.example/?q='.length;
    expect(handOverUrl(assistant, 'a'.repeat(room - 1))).toHaveLength(MAX_HANDOVER_URL_LENGTH - 1);
    expect(handOverUrl(assistant, 'a'.repeat(room))).toBeNull();
    // Encoding counts: 2,000 characters that each encode to 6 are too long.
    expect(handOverUrl(assistant, 'ü'.repeat(2_000))).toBeNull();
  });
});
