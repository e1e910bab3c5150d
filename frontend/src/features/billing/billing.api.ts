import type { CheckoutSession, CheckoutStatus, Done } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createSubscription: build.mutation<CheckoutSession, { priceId: string }>({
      query: (body) => ({ url: '/create-subscription', method: 'POST', body }),
    }),
    getCheckoutStatus: build.query<CheckoutStatus, string>({
      query: (sessionId) => `/checkout-session/${encodeURIComponent(sessionId)}`,
    }),
    // The page reloads after a cancel, so no cache needs invalidating here.
    cancelSubscription: build.mutation<Done, void>({
      query: () => ({ url: '/subscription/cancel', method: 'POST' }),
    }),
  }),
});

export const { useCreateSubscriptionMutation, useLazyGetCheckoutStatusQuery, useCancelSubscriptionMutation } =
  billingApi;
