import { baseApi } from '../../api/base-api';

export type CheckoutSession = { url: string };
export type CheckoutStatus = { success: boolean };

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
