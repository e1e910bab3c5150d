import type { CheckoutSession, CheckoutStatus, Done, SubscriptionPlan } from '@promptlib/proto';
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
    getSubscriptionPlan: build.query<SubscriptionPlan, void>({
      query: () => '/subscription',
      providesTags: ['Subscription'],
    }),
    changePlan: build.mutation<SubscriptionPlan, { priceId: string }>({
      query: (body) => ({ url: '/subscription/plan', method: 'POST', body }),
      invalidatesTags: (_plan, error) => (error ? [] : ['Subscription']),
    }),
    // Answered once the limits read renewing again: reading them now shows it.
    resumeSubscription: build.mutation<Done, void>({
      query: () => ({ url: '/subscription/resume', method: 'POST' }),
      invalidatesTags: (_done, error) => (error ? [] : ['Limits', 'User']),
    }),
  }),
});

export const {
  useCreateSubscriptionMutation,
  useLazyGetCheckoutStatusQuery,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useGetSubscriptionPlanQuery,
  useChangePlanMutation,
} = billingApi;
