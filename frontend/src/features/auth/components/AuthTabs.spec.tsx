import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AuthTabs } from './AuthTabs';

function Harness() {
  const [value, setValue] = useState<'login' | 'register'>('login');
  return (
    <AuthTabs
      idPrefix="t"
      label="Sign in or register"
      value={value}
      onChange={setValue}
      tabs={[
        { value: 'login', label: 'Login' },
        { value: 'register', label: 'Register' },
      ]}
    />
  );
}

describe('AuthTabs', () => {
  it('marks the selected tab and keeps only it in the tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sign in or register' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('tabindex', '-1');
  });

  it('moves with the arrow keys, wrapping around, and focuses the new tab', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Login' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Register' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects on click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  });
});
