import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser, type UpdateUserRequest } from '@sas/domain';
import { api } from '@/lib/api-client';
import { accountsQueryKey } from './list-users';

/**
 * PATCH /api/admin/users/{id} `{ role?, homes? }`: answers the account as
 * stored; 409 when it would leave no admin.
 */
export function updateUser(id: string, change: UpdateUserRequest): Promise<AdminUser> {
  return api.request(`/admin/users/${encodeURIComponent(id)}`, adminUserSchema, { method: 'PATCH', body: change });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateUserRequest }) => updateUser(id, change),
    onSuccess: (saved) => {
      // Both lists (with and without guests) show the saved account at once, then load afresh:
      // a role change can move an account into or out of the list without guests.
      queryClient.setQueriesData<AdminUser[]>({ queryKey: accountsQueryKey }, (list) =>
        list?.map((user) => (user.id === saved.id ? saved : user)),
      );
      return queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    },
  });
}
