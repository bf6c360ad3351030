import type { UserRole } from '@sas/domain';

export const roleLabels: Record<UserRole, string> = {
  guest: 'Guest',
  owner: 'Owner',
  staff: 'Staff',
  admin: 'Administrator',
  cleaner: 'Cleaner',
};
