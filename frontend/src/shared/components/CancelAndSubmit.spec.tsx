import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { CancelAndSubmit } from './CancelAndSubmit';

const labels = { cancelLabel: 'Cancel', submitLabel: 'Rename', busyLabel: 'Renaming…' };

describe('CancelAndSubmit', () => {
  it('cancels, and submits its form', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <CancelAndSubmit submitting={false} onCancel={onCancel} {...labels} />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while the form is sent, says so and lets neither button be pressed', () => {
    render(<CancelAndSubmit submitting onCancel={vi.fn()} {...labels} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Renaming…' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
  });
});
