import type { User } from '@promptlib/proto';
import { useGetCurrentUserQuery } from '../auth.api';

export type CurrentUser = { user: User | null; isLoading: boolean };

export function useCurrentUser(): CurrentUser {
  const { data, isLoading } = useGetCurrentUserQuery();
  return { user: data ?? null, isLoading };
}
