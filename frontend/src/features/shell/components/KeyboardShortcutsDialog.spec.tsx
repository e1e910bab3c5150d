import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../shared/testing/render-with-app';
import { KeyboardShortcutsDialog, usesCommandKey } from './KeyboardShortcutsDialog';

describe('KeyboardShortcutsDialog', () => {
  it('takes ⌘ on Apple’s systems and Ctrl elsewhere', () => {
    expect(usesCommandKey('MacIntel')).toBe(true);
    expect(usesCommandKey('iPhone')).toBe(true);
    expect(usesCommandKey('Win32')).toBe(false);
    expect(usesCommandKey('Linux x86_64')).toBe(false);
  });

  it('lists keys pressed together with +, and alternatives with /', async () => {
    await renderWithApp(<KeyboardShortcutsDialog onClose={vi.fn()} />);
    const row = (name: string) => screen.getByRole('row', { name });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(row('Edit the prompt Shift + Enter')).toBeInTheDocument();
    expect(row('Choose a prompt or action ↑ / ↓')).toBeInTheDocument();
  });
});
