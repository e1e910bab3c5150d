import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LimitReachedPanel } from './LimitReachedPanel';

function renderPanel(onClose: () => void) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={
            <LimitReachedPanel
              title="Kategorie-Limit erreicht"
              cancelLabel="Abbrechen"
              upgradeLabel="Upgrade auf Pro"
              onClose={onClose}
            >
              Du nutzt 1 von 1 verfügbaren Kategorien.
            </LimitReachedPanel>
          }
        />
        <Route path="/subscribe" element={<h1>Plans</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LimitReachedPanel', () => {
  it('shows the notice with its title and text', () => {
    renderPanel(vi.fn());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Kategorie-Limit erreicht');
    expect(alert).toHaveTextContent('Du nutzt 1 von 1 verfügbaren Kategorien.');
  });

  it('closes on cancel and stays on the page', () => {
    const onClose = vi.fn();
    renderPanel(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Plans' })).not.toBeInTheDocument();
  });

  it('closes and goes to /subscribe on upgrade', () => {
    const onClose = vi.fn();
    renderPanel(onClose);
    const upgrade = screen.getByRole('link', { name: 'Upgrade auf Pro' });
    expect(upgrade).toHaveAttribute('href', '/subscribe');
    fireEvent.click(upgrade);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Plans' })).toBeInTheDocument();
  });
});
