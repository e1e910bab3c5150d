/**
 * The prompts a new account may start from, in the user's language: one plain, two with blanks
 * (one of them a choice), so the first copy shows what a template does.
 */
export type ExamplePrompt = { title: string; content: string };

const EXAMPLES: Record<'en' | 'de', ExamplePrompt[]> = {
  en: [
    {
      title: 'Summarize a text',
      content:
        'Summarize the text below in three bullet points. Keep names, numbers and dates exactly as they are.\n\n{{text}}',
    },
    {
      title: 'Reply to an email',
      content:
        'Write a {{tone:friendly|formal}} reply to {{name}} about {{topic}}. Keep it under 120 words and end with a clear next step.',
    },
    {
      title: 'Code review',
      content:
        'Review the code I paste next for bugs, unclear names and missing tests. List what you find, most important first, each with a suggested fix.',
    },
  ],
  de: [
    {
      title: 'Text zusammenfassen',
      content:
        'Fasse den folgenden Text in drei Stichpunkten zusammen. Namen, Zahlen und Daten bleiben genau so, wie sie sind.\n\n{{Text}}',
    },
    {
      title: 'Auf eine E-Mail antworten',
      content:
        'Schreibe eine {{Ton:freundliche|förmliche}} Antwort an {{Name}} zum Thema {{Thema}}. Höchstens 120 Wörter, mit einem klaren nächsten Schritt am Ende.',
    },
    {
      title: 'Code-Review',
      content:
        'Prüfe den Code, den ich gleich einfüge, auf Fehler, unklare Namen und fehlende Tests. Liste die Funde auf, das Wichtigste zuerst, jeweils mit einem Vorschlag zur Behebung.',
    },
  ],
};

/** The examples in the language the app shows, English where it has none. */
export function examplePrompts(language: string | undefined): ExamplePrompt[] {
  return language?.startsWith('de') ? EXAMPLES.de : EXAMPLES.en;
}
