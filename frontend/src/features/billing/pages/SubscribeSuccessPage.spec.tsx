import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../shared/testing/render-with-app';
import { attachToaster } from '../../../shared/toasts/toast-bus';
import { SubscribeSuccessPage } from './SubscribeSuccessPage';

let detach: () => void;

beforeEach(() => {
  detach = attachToaster(() => undefined);
});

afterEach(() => {
  detach();
  vi.unstubAllGlobals();
});

describe('SubscribeSuccessPage', () => {
  it('tells a user who already had Pro that this second payment was refunded', async () => {
    stubApi((_method, path) =>
      path === '/api/checkout-session/cs_test_second'
        ? { body: { success: true, refunded: true } }
        : undefined,
    );
    await renderWithApp(<SubscribeSuccessPage />, 'en', '/subscribe/success?session_id=cs_test_second');
    expect(
      await screen.findByText(
        'You already had Pro: this second payment was refunded and its subscription cancelled, so you are charged once.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of a refund for a first payment', async () => {
    stubApi((_method, path) =>
      path === '/api/checkout-session/cs_test_first' ? { body: { success: true } } : undefined,
    );
    await renderWithApp(<SubscribeSuccessPage />, 'en', '/subscribe/success?session_id=cs_test_first');
    expect(await screen.findByText('Subscription Successful!')).toBeInTheDocument();
    expect(screen.queryByText(/refunded/)).not.toBeInTheDocument();
  });
});
