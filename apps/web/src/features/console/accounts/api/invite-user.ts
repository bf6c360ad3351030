import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser, type InviteUserRequest } from '@sas/domain';
import { api } from '@/lib/api-client';
import { accountsQueryKey } from './list-users';

/**
 * POST /api/admin/users/invite `{ email, role, homes? }`: 201 with the
 * account, the link e-mailed through the outbox. 400 for an unknown home,
 * 409 for an admin's e-mail, with the server's message.
 */
export function inviteUser(request: InviteUserRequest): Promise<AdminUser> {
  return api.request('/admin/users/invite', adminUserSchema, { method: 'POST', body: request });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
