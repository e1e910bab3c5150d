import type { CheckoutSession, CheckoutStatus } from '@promptlib/proto';
import { baseApi } from '../../api/base-api';

const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createSubscription: build.mutation<CheckoutSession, { priceId: string }>({
      query: (body) => ({ url: '/create-subscription', method: 'POST', body }),
    }),
    getCheckoutStatus: build.query<CheckoutStatus, string>({
      query: (sessionId) => `/checkout-session/${encodeURIComponent(sessionId)}`,
    }),
  }),
});

export const { useCreateSubscriptionMutation, useLazyGetCheckoutStatusQuery } = billingApi;
